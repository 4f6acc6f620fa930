import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { waitFor } from '../test/media';
import { createTestApp, type TestContext } from '../test/test-app';
import { FfmpegTranscoder, resolveFfmpegPath } from '../transcoder/ffmpeg-transcoder';
import { mediaStoreFor } from '../transcoder/media-store';
import { seedDemoMedia } from './demo-playable';

/**
 * The demo data holds only states the API itself could have reached: every video that can be
 * submitted has a file a transcode succeeds on, a class's recording is a transcoded video, every
 * class has an active INSTRUCTOR as its teacher, and the rules staff meet (seats, coupon limits,
 * attach rules, dates) hold for what was seeded.
 */
describe('the demo data, by the API’s own rules', () => {
  let t: TestContext;
  let admin: string;
  let workDir: string;
  const bucket = () => t.app.storage.videosBucket;
  const sql = <T>(text: string, params: unknown[] = []) => t.database.query<T>(text, params);

  beforeAll(async () => {
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-demo-transcode-'));
    t = await createTestApp(
      {
        transcoding: {
          ...loadConfig({ NODE_ENV: 'test' }).transcoding,
          workDir,
          heartbeatSeconds: 1,
          pollSeconds: 1,
          preset: 'ultrafast',
          concurrency: 2,
        },
      },
      // the seed's own suite seeds an empty database, rather than copy the run's template
      { worker: true, fresh: true },
    );
    admin = await t.sessionFor('SUPER_ADMIN');
    // what demo mode does in the background after start-up (test apps leave it out)
    await seedDemoMedia({ database: t.database, storage: t.app.storage, config: t.config, log: t.app.log });
  }, 240_000);
  afterAll(async () => {
    await t?.close();
    fs.rmSync(workDir, { recursive: true, force: true });
  });

  it('gives every demo video a file: a source ffmpeg reads, and the transcoded ones their outputs', async () => {
    const videos = await sql<{ id: string; name: string; storage_key: string; status: string; endpoints: string[] }>(
      'SELECT id, name, storage_key, transcoding_status AS status, endpoints FROM videos ORDER BY name',
    );
    expect(videos.length).toBeGreaterThan(0);
    const store = mediaStoreFor(t.app.storage.driver);
    const transcoder = new FfmpegTranscoder({ ffmpegPath: resolveFfmpegPath(), preset: 'ultrafast', store, workDir });
    const waiting = videos.filter((v) => v.status !== 'COMPLETE');
    expect(waiting.map((v) => v.name)).toEqual(
      expect.arrayContaining([
        'chapter-summary.mp4',
        'human-physiology-revision.mp4',
        'percentages-and-ratios-sprint.mp4',
      ]),
    );
    const sample = await t.app.storage.driver.head({ bucket: bucket(), key: 'demo/sample/demo-clip.mp4' });
    expect(sample).toBeTruthy();
    for (const video of videos) {
      const source = { bucket: bucket(), key: video.storage_key };
      // a copy of the one demo clip, so the transcodes below stand for every one of them
      expect((await t.app.storage.driver.head(source))?.size, `${video.name}: its file`).toBe(sample!.size);
      if (video.status === 'COMPLETE') {
        expect(video.endpoints[0], `${video.name}: its playlist`).toMatch(/master\.m3u8$/);
        expect(await t.app.storage.driver.head({ bucket: bucket(), key: video.endpoints[0]! })).toBeTruthy();
      }
    }
    // and each is a video the transcoder accepts
    for (const video of waiting) {
      const probe = await transcoder.probe(await store.inputFor({ bucket: bucket(), key: video.storage_key }));
      expect(probe.durationSeconds, video.name).toBeGreaterThan(1);
    }
    // a second start finds nothing to do
    expect(
      await seedDemoMedia({ database: t.database, storage: t.app.storage, config: t.config, log: t.app.log }),
    ).toBe(0);
  });

  it('transcodes a video waiting to be transcoded, and one to be transcoded again, through the API', async () => {
    const list = async (videoType: 'new' | 're-transcode') => {
      const res = await t.call('GET', `/api/file-explorer-service/cloud/videos/to-be-transcoded/${videoType}`, {
        token: admin,
      });
      expect(res.status).toBe(200);
      return (res.body.data.Jobs as { videoId: string; fileName: string }[]).map((r) => r.videoId);
    };
    // every one is the same clip (above): one of each list keeps the suite quick on a busy machine
    const fresh = await list('new');
    const again = await list('re-transcode');
    expect(fresh.length).toBeGreaterThanOrEqual(4);
    expect(again.length).toBeGreaterThan(0);
    const ids = [fresh[0]!, again[0]!];
    const submitted = await t.call('POST', '/api/transcoding/jobs/submit', {
      token: admin,
      body: { videoIds: ids, queue: 'default' },
    });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    const jobIds = (submitted.body.data.jobs as { id: string }[]).map((j) => j.id);
    const states = () =>
      sql<{ id: string; status: string; error_message: string | null }>(
        'SELECT id, status, error_message FROM transcode_jobs WHERE id = ANY($1::text[])',
        [jobIds],
      );
    await waitFor(
      'the demo transcodes to end',
      async () => (await states()).every((j) => j.status === 'COMPLETE' || j.status === 'ERROR'),
      240_000,
      500,
    );
    expect((await states()).filter((j) => j.status !== 'COMPLETE')).toEqual([]);
    const done = await sql<{ status: string }>(
      'SELECT transcoding_status AS status FROM videos WHERE id = ANY($1::text[])',
      [ids],
    );
    expect(done.map((v) => v.status)).toEqual(ids.map(() => 'COMPLETE'));
    expect(await list('new')).toEqual(fresh.slice(1));
  }, 300_000);

  it('attaches only transcoded recordings to classes, and gives every class an active INSTRUCTOR', async () => {
    const res = await t.call('GET', '/api/batch/live-schedule/all', { token: admin });
    expect(res.status).toBe(200);
    const classes = res.body.data as {
      liveClassId: string;
      teacherId: string;
      teacherName: string;
      recording: { transcodingStatus: string } | null;
    }[];
    for (const id of ['lc-organic-reaction-mechanisms', 'lc-rotational-dynamics', 'lc-human-physiology-revision']) {
      expect(classes.map((c) => c.liveClassId)).toContain(id);
    }
    expect(classes.filter((c) => c.recording).length).toBeGreaterThan(0);
    for (const c of classes) {
      if (c.recording) expect(c.recording.transcodingStatus, c.liveClassId).toBe('COMPLETE');
      expect(c.teacherName, c.liveClassId).not.toBe('');
    }
    const rotational = classes.find((c) => c.liveClassId === 'lc-rotational-dynamics')!;
    expect(rotational.teacherName).toBe('Arjun Menon');
    // every class of the database, shown or hidden
    const untaught = await sql<{ id: string }>(
      `SELECT c.id FROM live_classes c
        WHERE NOT EXISTS (SELECT 1 FROM users u JOIN user_roles ur ON ur.user_id = u.id JOIN roles r ON r.id = ur.role_id
                           WHERE u.id = c.teacher_id AND u.active AND r.name = 'INSTRUCTOR')`,
    );
    expect(untaught).toEqual([]);
    const untranscoded = await sql<{ live_class_id: string }>(
      `SELECT a.live_class_id FROM live_class_recordings a JOIN videos v ON v.id = a.video_id
        WHERE v.transcoding_status <> 'COMPLETE'`,
    );
    expect(untranscoded).toEqual([]);
  });

  it('keeps the rules staff meet: attach rules, seats, coupon limits and dates', async () => {
    // a subtopic's video is a transcoded video of its own subject
    expect(
      await sql(
        `SELECT s.id FROM subtopics s JOIN videos v ON v.id = s.video_id
          WHERE v.transcoding_status <> 'COMPLETE' OR v.subject_id IS DISTINCT FROM s.subject_id`,
      ),
    ).toEqual([]);
    // a store listing's preview videos are transcoded preview videos of its catalogue
    expect(
      await sql(
        `SELECT l.id FROM store_listings l CROSS JOIN LATERAL jsonb_array_elements(l.preview_videos) pv
           LEFT JOIN videos v ON v.id = pv->>'videoId'
          WHERE v.id IS NULL OR v.transcoding_status <> 'COMPLETE' OR v.catalogue_id IS DISTINCT FROM l.catalogue_id`,
      ),
    ).toEqual([]);
    // student updates and the home page show transcoded videos only
    expect(
      await sql(
        `SELECT x.video_id FROM (SELECT video_id FROM student_updates UNION ALL SELECT video_id FROM page_content) x
           JOIN videos v ON v.id = x.video_id WHERE v.transcoding_status <> 'COMPLETE'`,
      ),
    ).toEqual([]);
    // no batch holds more students than its seats; a batch ends after it starts
    expect(
      await sql(
        `SELECT b.code FROM batches b
          WHERE b.end_date < b.start_date
             OR (SELECT count(*) FROM batch_students s WHERE s.batch_id = b.id) > b.capacity`,
      ),
    ).toEqual([]);
    // no coupon with a limit is used more often than it allows; none ends before it starts
    expect(
      await sql(
        `SELECT c.name FROM coupons c
          WHERE c.applicable_upto < c.applicable_from
             OR (c.usage_limit AND (c.use_limit IS NULL OR c.use_limit <
                 (SELECT count(*) FROM coupon_redemptions r WHERE r.coupon_id = c.id AND r.status <> 'RELEASED')))`,
      ),
    ).toEqual([]);
    // a class's status agrees with its times: held ones started and ended in the past, scheduled ones never started
    expect(
      await sql(
        `SELECT id, status FROM live_classes
          WHERE (status = 'ENDED' AND (started_at IS NULL OR ended_at IS NULL OR ended_at < started_at OR ended_at > now()))
             OR (status = 'LIVE' AND (started_at IS NULL OR started_at > now() OR ended_at IS NOT NULL))
             OR (status = 'SCHEDULED' AND (started_at IS NOT NULL OR ended_at IS NOT NULL))`,
      ),
    ).toEqual([]);
  });
});
