import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ffmpegArgs, parseProbe } from '../../apps/server/src/transcoder/ffmpeg-command';
import { resolveFfmpegPath, runFfmpeg } from '../../apps/server/src/transcoder/ffmpeg-transcoder';
import { outputPrefixFor } from '../../apps/server/src/transcoder/transcoder';
import { signIn, type Session } from '../lib/client';
import { cpuSeconds } from '../lib/cpu';
import type { BenchRow } from '../report';

/**
 * The transcode figures: a generated 60-second 1080p clip (testsrc and a sine tone) uploaded and
 * registered through the API, submitted with POST /api/transcoding/jobs/submit and waited for until
 * COMPLETE (the queue, the inline worker, ffmpeg, storing the outputs); against the same ffmpeg
 * command (ffmpeg-command.ts: the same probe, preset and arguments) run directly, in the same run.
 */

export const CLIP_SECONDS = 60;
/** the server's x264 preset: the bench starts the console with TRANSCODE_PRESET set to it */
export const TRANSCODE_PRESET = process.env.TRANSCODE_PRESET || 'veryfast';
const PLACE = {
  subjectId: 'subj-organic-chemistry',
  unitId: 'subj-organic-chemistry-u1',
  topicId: 'subj-organic-chemistry-u1-t1',
};
const UPLOADS = '/api/file-explorer-service/cloud/uploads';

async function ffmpeg(ffmpegPath: string, args: string[]): Promise<void> {
  const result = await runFfmpeg(ffmpegPath, args);
  if (result.code !== 0) throw new Error(`ffmpeg ${args.slice(0, 6).join(' ')}...: ${result.stderr.slice(-400)}`);
}

/** Uploads a file through the upload API (start, PUT the bytes or the parts, complete) and registers it. */
async function uploadAndRegister(s: Session, file: string, seconds: number): Promise<{ videoId: string; key: string }> {
  const data = fs.readFileSync(file);
  const fileName = path.basename(file);
  const absolute = (url: string) => (url.startsWith('/') ? `${s.baseUrl}${url}` : url);
  const put = async (url: string, bytes: Buffer, headers: Record<string, string>) => {
    const res = await fetch(absolute(url), {
      method: 'PUT',
      headers: { 'content-type': 'application/octet-stream', ...headers },
      body: new Uint8Array(bytes),
    });
    if (res.status !== 200) throw new Error(`PUT ${url.split('?')[0]}: ${res.status} ${await res.text()}`);
    return res.headers.get('etag') ?? '';
  };
  const upload = await s.ok<{
    uploadId: string;
    key: string;
    mode: 'single' | 'multipart';
    url?: string;
    headers: Record<string, string>;
    partSize: number;
    partCount: number;
  }>('POST', UPLOADS, { target: { type: 'subject', ...PLACE }, fileName, size: data.length, contentType: 'video/mp4' });
  let parts: { partNumber: number; etag: string }[] | undefined;
  if (upload.mode === 'single') {
    await put(upload.url!, data, upload.headers);
  } else {
    parts = [];
    const numbers = Array.from({ length: upload.partCount }, (_, i) => i + 1);
    for (let i = 0; i < numbers.length; i += 50) {
      const signed = await s.ok<{
        parts: { partNumber: number; url: string; size: number }[];
        headers: Record<string, string>;
      }>('POST', `${UPLOADS}/${upload.uploadId}/parts`, { partNumbers: numbers.slice(i, i + 50) });
      for (const part of signed.parts) {
        const from = (part.partNumber - 1) * upload.partSize;
        parts.push({
          partNumber: part.partNumber,
          etag: await put(part.url, data.subarray(from, from + part.size), signed.headers),
        });
      }
    }
  }
  await s.ok('POST', `${UPLOADS}/${upload.uploadId}/complete`, parts ? { parts } : {});
  const registered = await s.ok<{ videos: { videoId: string }[] }>(
    'PUT',
    '/api/file-explorer-service/cloud/uploadfiles',
    {
      ...PLACE,
      uploadFilesDtoList: [{ file: fileName, size: data.length, awsKey: upload.key, videoDurationInSecond: seconds }],
    },
  );
  return { videoId: registered.videos[0]!.videoId, key: upload.key };
}

/** The bucket of videos (the bench's console runs with the default S3_BUCKET, local driver). */
const BUCKET = 'lectern';

export async function transcodeSection(
  server: { baseUrl: string; pid: number; dataDir: string },
  log: (line: string) => void,
): Promise<BenchRow[]> {
  const { baseUrl, pid: serverPid } = server;
  const storageDir = path.join(server.dataDir, 'storage');
  const ffmpegPath = resolveFfmpegPath(process.env.FFMPEG_PATH);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-bench-transcode-'));
  try {
    // 10 s of colour bars with a counter and a tone, played six times over without re-encoding
    const piece = path.join(work, 'piece.mp4');
    const clip = path.join(work, 'bench-1080p.mp4');
    const generated = performance.now();
    await ffmpeg(ffmpegPath, [
      '-hide_banner', '-nostdin', '-loglevel', 'error', '-y',
      '-f', 'lavfi', '-i', 'testsrc=size=1920x1080:rate=25',
      '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000',
      '-t', String(CLIP_SECONDS / 6),
      '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', piece,
    ]); // prettier-ignore
    await ffmpeg(ffmpegPath, [
      '-hide_banner',
      '-nostdin',
      '-loglevel',
      'error',
      '-y',
      '-stream_loop',
      '5',
      '-i',
      piece,
      '-c',
      'copy',
      clip,
    ]);
    log(`transcode: clip generated in ${((performance.now() - generated) / 1000).toFixed(0)} s`);

    // ffmpeg directly: the probe the transcoder makes, then the same command (ffmpeg-command.ts)
    const probe = parseProbe((await runFfmpeg(ffmpegPath, ['-hide_banner', '-nostdin', '-i', clip])).stderr);
    if (!probe) throw new Error('the generated clip could not be probed');
    const outDir = path.join(work, 'direct');
    fs.mkdirSync(outDir);
    const args = ffmpegArgs({ input: clip, outDir, probe, preset: TRANSCODE_PRESET, progress: true });
    let directSpeed: number | null = null;
    const idleCpuBefore = cpuSeconds(serverPid);
    const t0 = performance.now();
    const direct = await runFfmpeg(ffmpegPath, args, {
      onLine: (line) => {
        const [name, value = ''] = line.split('=');
        if (name === 'speed' && Number.isFinite(Number.parseFloat(value))) directSpeed = Number.parseFloat(value);
      },
    });
    const directSeconds = (performance.now() - t0) / 1000;
    const idleServerCpu = cpuSeconds(serverPid) - idleCpuBefore;
    if (direct.code !== 0) throw new Error(`ffmpeg (direct) failed: ${direct.stderr.slice(-400)}`);
    log(`transcode: ffmpeg directly ${directSeconds.toFixed(1)} s`);

    // the pipeline: upload, register, submit, wait for COMPLETE
    const admin = await signIn(baseUrl, '9000000001', 'SUPER_ADMIN');
    const { videoId, key } = await uploadAndRegister(admin, clip, CLIP_SECONDS);
    const videoStatus = async () => {
      const videos = await admin.ok<{ videoId: string; transcodingStatus: string }[]>(
        'POST',
        '/api/file-explorer-service/cloud/getvideos',
        PLACE,
      );
      return videos.find((v) => v.videoId === videoId)?.transcodingStatus ?? 'missing';
    };
    const serverCpu = () => cpuSeconds(serverPid);
    const cpuBefore = serverCpu();
    const t1 = performance.now();
    const submitted = await admin.ok<{ jobs: { id: string }[] }>('POST', '/api/transcoding/jobs/submit', {
      videoIds: [videoId],
      queue: 'default',
    });
    let status = '';
    const deadline = Date.now() + 10 * 60_000;
    // Asking the API is not free (a signed call the server answers from its database, on the cores
    // ffmpeg uses): watch the storage folder until the outputs arrive, then ask every 100 ms.
    const jobId = submitted.jobs[0]!.id;
    const master = path.join(
      storageDir,
      BUCKET,
      ...outputPrefixFor(key, videoId, jobId).split('/').filter(Boolean),
      'master.m3u8',
    );
    for (let asked = Date.now(); !fs.existsSync(master) && Date.now() < deadline;) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      // a failed transcode stores nothing: ask now and then
      if (Date.now() - asked > 10_000) {
        asked = Date.now();
        if (['ERROR', 'CANCELED'].includes(await videoStatus())) break;
      }
    }
    for (;;) {
      status = await videoStatus();
      if (status === 'COMPLETE' || status === 'ERROR' || status === 'CANCELED') break;
      if (Date.now() > deadline) throw new Error(`the transcode did not finish in 10 minutes (${status})`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const pipelineSeconds = (performance.now() - t1) / 1000;
    const serverCpuSeconds = serverCpu() - cpuBefore;
    if (status !== 'COMPLETE') throw new Error(`the transcode ended ${status}`);
    const finished = await admin.ok<{ Jobs: { id: string; transcodingSpeed: number | null }[] }>(
      'GET',
      '/api/transcoding/jobs/finished',
    );
    const pipelineSpeed = finished.Jobs.find((j) => j.id === submitted.jobs[0]?.id)?.transcodingSpeed ?? null;
    log(`transcode: through the pipeline ${pipelineSeconds.toFixed(1)} s`);
    const ladder = args.filter((a) => a.startsWith('-b:v:')).length;
    return [
      {
        section: 'transcode',
        figure: `${CLIP_SECONDS} s 1080p clip through the pipeline: realtime factor`,
        ours: probe.durationSeconds / pipelineSeconds,
        baseline: probe.durationSeconds / directSeconds,
        unit: 'x realtime',
        budget: null,
        note: `${pipelineSeconds.toFixed(1)} s from submit to COMPLETE (the bench watches the storage folder, then asks the API every 100 ms; the worker looks for jobs every second); ffmpeg directly ${directSeconds.toFixed(1)} s; preset ${TRANSCODE_PRESET}, ${ladder} renditions + thumbnails`,
      },
      {
        section: 'transcode',
        figure: 'pipeline wall time vs the same ffmpeg command run directly',
        ours: pipelineSeconds,
        baseline: directSeconds,
        unit: 's',
        budget: { max: 1.05, text: '≤ 1.05x' },
        note: `ffmpeg's own speed: ${pipelineSpeed ?? '?'}x inside the pipeline, ${directSpeed ?? '?'}x directly; the server process (node, without its ffmpeg) used ${serverCpuSeconds.toFixed(1)} CPU-s meanwhile (${idleServerCpu.toFixed(1)} CPU-s idle during the direct run); the pipeline adds the queue, the worker's poll, the probe, storing the outputs and the database`,
      },
    ];
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
