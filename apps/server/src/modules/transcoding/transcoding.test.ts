import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type TranscodingConfig } from '../../config';
import { generateClip, loopClip, storeVideo, waitFor } from '../../test/media';
import { createTestApp, type TestContext } from '../../test/test-app';

function transcodingConfig(overrides: Partial<TranscodingConfig> = {}): TranscodingConfig {
  return {
    ...loadConfig({ NODE_ENV: 'test' }).transcoding,
    workDir: fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-transcode-')),
    heartbeatSeconds: 1,
    staleSeconds: 3,
    pollSeconds: 1,
    retryDelaySeconds: 1,
    preset: 'ultrafast',
    ...overrides,
  };
}

describe('transcoding with the ffmpeg worker', () => {
  let ctx: TestContext;
  let admin: string;
  let clipDir: string;
  let clip: string;

  const read = async (key: string) =>
    Buffer.from(await ctx.app.storage.driver.readFirstBytes({ bucket: ctx.app.storage.videosBucket, key }, 4 << 20));
  const list = async (prefix: string) =>
    (await ctx.app.storage.driver.list({ bucket: ctx.app.storage.videosBucket, prefix, maxKeys: 1000 })).contents.map(
      (o) => o.key,
    );
  const submit = async (videoIds: string[], queue = 'default') => {
    const response = await ctx.call('POST', '/api/transcoding/jobs/submit', {
      token: admin,
      body: { videoIds, queue },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.data.jobs as { id: string; status: string }[];
  };
  const video = async (id: string) =>
    (
      await ctx.database.query<{
        transcoding_status: string;
        endpoints: string[];
        duration_seconds: number;
        job_id: string;
      }>('SELECT transcoding_status, endpoints, duration_seconds, job_id FROM videos WHERE id = $1', [id])
    )[0]!;
  const jobStatus = async (jobId: string) => (await ctx.app.transcoding.service.jobState(jobId))?.status;

  // what the server logs at warn and above: a failed transcode's detail goes here, not on the screen
  let log = '';
  beforeAll(async () => {
    const logStream = new PassThrough();
    logStream.on('data', (chunk: Buffer) => (log += chunk.toString()));
    ctx = await createTestApp({ transcoding: transcodingConfig(), logLevel: 'warn' }, { worker: true, logStream });
    admin = await ctx.sessionFor('SUPER_ADMIN');
    clipDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-clips-'));
    clip = generateClip({ seconds: 5, width: 1280, height: 720, dir: clipDir });
  });
  afterAll(async () => {
    await ctx?.close();
    fs.rmSync(clipDir, { recursive: true, force: true });
  });

  it('transcodes a 5-second clip into an HLS ladder with thumbnails, a poster and its duration', async () => {
    const { videoId } = await storeVideo(ctx, clip, { name: 'Benzene Resonance.mp4' });
    const [job] = await submit([videoId]);
    // Submitting wakes the idle worker at once, so the job may already be running.
    expect(['SUBMITTED', 'PROGRESSING']).toContain(job!.status);
    expect(['SUBMITTED', 'PROGRESSING']).toContain((await video(videoId)).transcoding_status);

    await waitFor('the job to complete', async () => (await jobStatus(job!.id)) === 'COMPLETE');
    const done = await video(videoId);
    expect(done.transcoding_status).toBe('COMPLETE');
    expect(done.job_id).toBe(job!.id);
    expect(done.duration_seconds).toBeGreaterThan(4.9);
    expect(done.duration_seconds).toBeLessThan(5.2);

    const [master, poster, ...thumbnails] = done.endpoints;
    expect(master).toMatch(
      new RegExp(`^subjects/subj-organic-chemistry/transcoded/${videoId}/${job!.id}/master\\.m3u8$`),
    );
    const masterText = (await read(master!)).toString();
    // A 720p source: 720p, 480p and 360p, never 1080p.
    expect(masterText.match(/#EXT-X-STREAM-INF/g)).toHaveLength(3);
    expect(masterText).toContain('RESOLUTION=1280x720');
    expect(masterText).toContain('RESOLUTION=854x480');
    expect(masterText).toContain('RESOLUTION=640x360');
    expect(masterText).not.toContain('x1080');
    const prefix = master!.replace(/master\.m3u8$/, '');
    for (const variant of masterText.split('\n').filter((line) => line.endsWith('.m3u8'))) {
      const playlist = (await read(`${prefix}${variant}`)).toString();
      expect(playlist).toContain('#EXT-X-ENDLIST');
      expect(Number(/#EXT-X-TARGETDURATION:(\d+)/.exec(playlist)?.[1])).toBeLessThanOrEqual(6);
      const segments = playlist.split('\n').filter((line) => line.endsWith('.ts'));
      expect(segments.length).toBeGreaterThanOrEqual(1);
      const total = [...playlist.matchAll(/#EXTINF:([\d.]+)/g)].reduce((sum, m) => sum + Number(m[1]), 0);
      expect(total).toBeGreaterThan(4.8);
      for (const segment of segments) {
        const bytes = await read(`${prefix}${variant.replace(/index\.m3u8$/, '')}${segment}`);
        expect(bytes[0]).toBe(0x47); // MPEG-TS sync byte
      }
    }
    expect(thumbnails.length).toBeGreaterThanOrEqual(3);
    expect(thumbnails.length).toBeLessThanOrEqual(5);
    for (const key of [poster!, ...thumbnails]) {
      const bytes = await read(key);
      expect([bytes[0], bytes[1]]).toEqual([0xff, 0xd8]); // JPEG
    }

    // The finished list shows it with the spec's row fields.
    const finished = await ctx.call('GET', '/api/transcoding/jobs/finished?environment=test', { token: admin });
    const row = finished.body.data.Jobs.find((r: { id: string }) => r.id === job!.id);
    expect(row).toMatchObject({
      fileName: 'Benzene Resonance.mp4',
      videoId,
      completion: 100,
      uploader: 'Test Uploader',
      status: 'COMPLETE',
      queue: 'default',
    });
    expect(row.transcodingSpeed).toBeGreaterThan(0);
    expect(row.startDate).toMatch(/^\d{2}-\d{2}-\d{4}$/);
    expect(row.endTime).toMatch(/^\d{1,2}:\d{2} [AP]M$/);

    // Playback: the video URL has an HLS address that serves the playlists and redirects segments.
    const url = await ctx.call('GET', `/api/file-explorer-service/cloud/videos/${videoId}/url`, { token: admin });
    expect(url.status).toBe(200);
    const hlsUrl = url.body.data.hlsUrl as string;
    expect(hlsUrl).toMatch(/^\/media\/hls\/.+\/master\.m3u8$/);
    expect(url.body.data.thumbnailUrls.length).toBe(thumbnails.length);
    const served = await ctx.app.inject({ method: 'GET', url: hlsUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toContain('mpegurl');
    expect(served.body).toBe(masterText);
    const base = hlsUrl.replace(/master\.m3u8$/, '');
    const variantPlaylist = await ctx.app.inject({ method: 'GET', url: `${base}v0/index.m3u8` });
    expect(variantPlaylist.statusCode).toBe(200);
    const segment = await ctx.app.inject({ method: 'GET', url: `${base}v0/seg_000.ts` });
    expect(segment.statusCode).toBe(302);
    const escape = await ctx.app.inject({ method: 'GET', url: `${base}..%2F..%2Fother%2Fmaster.m3u8` });
    expect(escape.statusCode).toBe(404);
    const forged = await ctx.app.inject({ method: 'GET', url: hlsUrl.replace(/\.([^./]+)\/master/, '.AAAA/master') });
    expect(forged.statusCode).toBe(403);

    // Submitting again makes a new job; when it finishes, the old outputs are removed.
    const [again] = await submit([videoId], 'reserved');
    await waitFor('the re-transcode to complete', async () => (await jobStatus(again!.id)) === 'COMPLETE');
    // The old outputs go just after the new result is recorded.
    await waitFor('the old outputs to be removed', async () => (await list(prefix)).length === 0, 10_000);
    expect((await video(videoId)).endpoints[0]).toContain(again!.id);
  }, 120_000);

  it('ends a file ffmpeg cannot read in ERROR, with its reason on the errored list', async () => {
    const broken = path.join(clipDir, 'broken.mp4');
    const bytes = Buffer.alloc(64 * 1024, 0x2e);
    bytes.write('\u0000\u0000\u0000\u0020ftypisom', 0, 'latin1');
    fs.writeFileSync(broken, bytes);
    const { videoId } = await storeVideo(ctx, broken, { name: 'Corrupt Lecture.mp4' });
    const [job] = await submit([videoId]);
    await waitFor('the job to fail', async () => (await jobStatus(job!.id)) === 'ERROR');
    expect((await video(videoId)).transcoding_status).toBe('ERROR');
    const errored = await ctx.call('GET', '/api/transcoding/jobs/errored?environment=test', { token: admin });
    const row = errored.body.data.Jobs.find((r: { id: string }) => r.id === job!.id);
    // a sentence staff can act on; ffmpeg's words and the file's place go to the log
    expect(row.errorMessage).toBe('The uploaded file could not be read as a video. Upload it again.');
    await waitFor('the failure in the log', async () => log.includes(job!.id), 5000);
    const logged = log.split('\n').find((line) => line.includes(job!.id) && line.includes('transcode failed'));
    expect(JSON.parse(logged!)).toMatchObject({
      jobId: job!.id,
      videoId,
      reason: row.errorMessage,
      detail: expect.stringMatching(/Corrupt Lecture\.mp4: Invalid data/),
    });
    // It is offered for re-transcoding.
    const again = await ctx.call('GET', '/api/file-explorer-service/cloud/videos/to-be-transcoded/re-transcode', {
      token: admin,
    });
    expect(again.body.data.Jobs.map((r: { videoId: string }) => r.videoId)).toContain(videoId);
    const counts = await ctx.call('GET', '/api/transcoding/counts?environment=test', { token: admin });
    expect(counts.body.data.errored).toBeGreaterThanOrEqual(1);
  }, 60_000);

  it('ends a video whose file is gone in ERROR, saying so in a sentence (no path, no ffmpeg output)', async () => {
    const { videoId, key } = await storeVideo(ctx, clip, { name: 'Chapter Summary.mp4' });
    await ctx.app.storage.driver.delete({ bucket: ctx.app.storage.videosBucket, key });
    const [job] = await submit([videoId]);
    await waitFor('the job to fail', async () => (await jobStatus(job!.id)) === 'ERROR');
    const errored = await ctx.call('GET', '/api/transcoding/jobs/errored?environment=test', { token: admin });
    const row = errored.body.data.Jobs.find((r: { id: string }) => r.id === job!.id);
    expect(row.errorMessage).toBe('The uploaded file is no longer in storage. Upload it again.');
    await waitFor('the failure in the log', async () => log.includes(job!.id), 5000);
    expect(log).toMatch(/Chapter Summary\.mp4: No such file or directory/);
  }, 60_000);

  it('cancels a running job: ffmpeg stops, partial outputs go, the job is CANCELED', async () => {
    const long = loopClip(clip, 24);
    const { videoId, key } = await storeVideo(ctx, long, { name: 'Long Lecture.mp4' });
    const [job] = await submit([videoId]);
    const worker = ctx.app.transcoding.worker!;
    const pid = await waitFor('ffmpeg to start', async () =>
      worker.runningJobs().includes(job!.id) ? worker.runningPids()[0] : undefined,
    );
    await waitFor('progress to be reported', async () => {
      const rows = await ctx.database.query<{ progress: number }>('SELECT progress FROM transcode_jobs WHERE id = $1', [
        job!.id,
      ]);
      return Number(rows[0]?.progress) > 0;
    });
    const running = await ctx.call('GET', '/api/transcoding/jobs/running?environment=test', { token: admin });
    expect(running.body.data.Jobs.map((r: { id: string }) => r.id)).toContain(job!.id);

    const cancelled = await ctx.call('POST', '/api/transcoding/jobs/cancel', {
      token: admin,
      body: { jobIds: [job!.id] },
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.jobs[0].status).toBe('CANCELED');
    await waitFor(
      'ffmpeg to be gone',
      async () => {
        try {
          process.kill(pid!, 0);
          return false;
        } catch {
          return true;
        }
      },
      10_000,
    );
    await waitFor('the run to end', async () => !worker.runningJobs().includes(job!.id), 10_000);
    expect(await jobStatus(job!.id)).toBe('CANCELED');
    expect((await video(videoId)).transcoding_status).toBe('CANCELED');
    const folder = key.slice(0, key.lastIndexOf('/') + 1);
    expect(await list(`${folder}transcoded/${videoId}/`)).toEqual([]);
    expect(fs.readdirSync(ctx.config.transcoding.workDir)).toEqual([]);

    // An ended job cannot be cancelled again.
    const twice = await ctx.call('POST', '/api/transcoding/jobs/cancel', { token: admin, body: { jobIds: [job!.id] } });
    expect(twice.status).toBe(409);
  }, 120_000);
});
