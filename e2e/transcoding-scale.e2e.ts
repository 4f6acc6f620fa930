import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ProcessGroup,
  childrenOf,
  createScratchDatabase,
  generateClip,
  isRunning,
  loopClip,
  signIn,
  uploadAndRegister,
  waitFor,
  type ScratchDatabase,
} from './processes';
import { ALKANES, HYDROCARBONS, SUBJECT, UPLOADER } from './upload-helpers';

/**
 * Transcoding at scale, on PostgreSQL only (root vitest.config.ts includes this file in the e2e
 * project only when DATABASE_URL is set): real server and worker processes from the build, sharing
 * one throw-away database and one DATA_DIR (local storage).
 *
 * 1. Scale-out: two servers (no inline worker) and one worker process. A session made on server A
 *    works on server B; ten clips are uploaded and registered alternately through A and B; each is
 *    transcoded exactly once (one job row, completed once, one pg-boss job completed once).
 * 2. Fault: a worker is SIGKILLed mid-transcode; a new worker takes the job back after the stale
 *    time and finishes it once; the killed worker's ffmpeg does not outlive it.
 */
const ADMIN = '9000000001';
const PLACE = { subjectId: SUBJECT.id, unitId: HYDROCARBONS.id, topicId: ALKANES.id };
const BUCKET = 'lectern';
/** seconds of the fault test's video */
const LONG_SECONDS = 150;

interface Scene {
  db: ScratchDatabase;
  dataDir: string;
  group: ProcessGroup;
  env: Record<string, string>;
  /** a stored object's path on disk (local driver) */
  stored: (key: string) => string;
}

const scenes: Scene[] = [];

/** A database, a DATA_DIR and a process group of the test's own, ended in `closeScene` (and afterAll). */
async function openScene(): Promise<Scene> {
  const db = await createScratchDatabase('lectern_scale');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-scale-'));
  const scene: Scene = {
    db,
    dataDir,
    group: new ProcessGroup(),
    env: {
      DATABASE_URL: db.url,
      DATA_DIR: dataDir,
      DEMO_MODE: 'true',
      // no background demo transcodes: the tests count every job
      DEMO_MEDIA: 'false',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      OTP_MAX_PER_ADDRESS: '100000',
      OTP_MAX_PER_NUMBER: '100000',
      OTP_RESEND_COOLDOWN_SECONDS: '0',
      STORAGE_DRIVER: 'local',
      S3_BUCKET: BUCKET,
      S3_BUCKET_VIDEOS: BUCKET,
      TRANSCODER: 'ffmpeg',
      TRANSCODE_INLINE_WORKER: 'false',
      TRANSCODE_ON_REGISTER: 'true',
      TRANSCODE_CONCURRENCY: '1',
      TRANSCODE_PRESET: 'ultrafast',
      TRANSCODE_HEARTBEAT_SECONDS: '1',
      TRANSCODE_STALE_SECONDS: '3',
      TRANSCODE_POLL_SECONDS: '1',
      TRANSCODE_RETRY_DELAY_SECONDS: '1',
      TRANSCODING_ENVIRONMENT: 'test',
    },
    stored: (key) => path.join(dataDir, 'storage', BUCKET, ...key.split('/')),
  };
  scenes.push(scene);
  return scene;
}

async function closeScene(scene: Scene): Promise<void> {
  const index = scenes.indexOf(scene);
  if (index < 0) return;
  scenes.splice(index, 1);
  try {
    await scene.group.stopAll();
    if (process.env.LECTERN_E2E_LOG_DIR) {
      fs.writeFileSync(path.join(process.env.LECTERN_E2E_LOG_DIR, `${scene.db.name}.log`), scene.group.dump(Infinity));
    }
  } finally {
    await scene.db.drop();
    fs.rmSync(scene.dataDir, { recursive: true, force: true });
  }
}

/** Folders under `transcoded/{videoId}/` in storage: one per transcode whose outputs were stored. */
function outputSets(scene: Scene, videoId: string): string[] {
  const dir = scene.stored(`subjects/${SUBJECT.id}/transcoded/${videoId}`);
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

interface JobRow {
  id: string;
  video_id: string;
  status: string;
  progress: number;
  attempts: number;
  completed_runs: number;
  worker_id: string | null;
  error_message: string | null;
}

interface BossRow {
  id: string;
  name: string;
  state: string;
  retry_count: number;
}

const jobsOf = (scene: Scene, videoIds: string[]) =>
  scene.db.query<JobRow>(
    `SELECT id, video_id, status, progress, attempts, completed_runs, worker_id, error_message
     FROM transcode_jobs WHERE video_id = ANY($1::text[]) ORDER BY video_id`,
    [videoIds],
  );

const bossJobs = (scene: Scene, ids: string[]) =>
  scene.db.query<BossRow>(
    'SELECT id::text AS id, name, state::text AS state, retry_count FROM pgboss.job WHERE id::text = ANY($1::text[])',
    [ids],
  );

const videosOf = (scene: Scene, videoIds: string[]) =>
  scene.db.query<{
    id: string;
    transcoding_status: string;
    job_id: string | null;
    endpoints: string[];
    duration_seconds: number;
  }>('SELECT id, transcoding_status, job_id, endpoints, duration_seconds FROM videos WHERE id = ANY($1::text[])', [
    videoIds,
  ]);

/** Waits until every video is COMPLETE; fails at once when one ends in ERROR or CANCELED. */
async function waitUntilComplete(scene: Scene, videoIds: string[], timeoutMs: number): Promise<void> {
  await waitFor(
    `${videoIds.length} video(s) to be transcoded`,
    async () => {
      const rows = await videosOf(scene, videoIds);
      const bad = rows.filter((row) => row.transcoding_status === 'ERROR' || row.transcoding_status === 'CANCELED');
      if (bad.length > 0) {
        const jobs = await jobsOf(
          scene,
          bad.map((row) => row.id),
        );
        throw new Error(`transcodes ended badly: ${JSON.stringify(jobs)}\n${scene.group.dump()}`);
      }
      return rows.length === videoIds.length && rows.every((row) => row.transcoding_status === 'COMPLETE');
    },
    timeoutMs,
    500,
  ).catch(async (error: Error) => {
    throw new Error(`${error.message}\njobs: ${JSON.stringify(await jobsOf(scene, videoIds))}\n${scene.group.dump()}`);
  });
}

describe('transcoding at scale (PostgreSQL, real processes)', () => {
  let clipDir: string;
  let shortClip: string;

  beforeAll(() => {
    if (!process.env.DATABASE_URL)
      throw new Error('transcoding-scale.e2e.ts runs on PostgreSQL only: set DATABASE_URL');
    clipDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-scale-clips-'));
    shortClip = generateClip(path.join(clipDir, 'short.mp4'), { seconds: 3, width: 320, height: 240 });
  });

  afterAll(async () => {
    for (const scene of [...scenes]) await closeScene(scene).catch(() => undefined);
    if (clipDir) fs.rmSync(clipDir, { recursive: true, force: true });
  });

  it('two servers and one worker on one database: a session works on both; ten uploads are each transcoded exactly once', async () => {
    const scene = await openScene();
    try {
      const a = await scene.group.startServer('server A', scene.env);
      const b = await scene.group.startServer('server B', scene.env);
      await scene.group.startWorker('worker', scene.env);

      // A session made on server A (code read from B's outbox: the same table) works on server B.
      const admin = await signIn(a.baseUrl, ADMIN, 'SUPER_ADMIN', b.baseUrl);
      const users = await admin.on(b.baseUrl).call('GET', '/api/users/user/internal/all?page=0&size=100');
      expect(users.status, JSON.stringify(users.body)).toBe(200);
      expect(users.body.data.content.map((u: { phone: string }) => u.phone)).toContain(ADMIN);

      // Ten copies of one short clip, uploaded and registered alternately through A and B, at once.
      const uploader = await signIn(a.baseUrl, UPLOADER, 'CONTENT_UPLOADER');
      const names = Array.from({ length: 10 }, (_, i) => `Scale Lecture ${String(i + 1).padStart(2, '0')}.mp4`);
      const files = names.map((name) => {
        const file = path.join(clipDir, name);
        fs.copyFileSync(shortClip, file);
        return file;
      });
      const videos = await Promise.all(
        names.map((name, i) =>
          uploadAndRegister(i % 2 === 0 ? uploader : uploader.on(b.baseUrl), files[i]!, name, PLACE, 3),
        ),
      );
      const videoIds = videos.map((v) => v.videoId);
      expect(new Set(videoIds).size).toBe(10);
      for (const video of videos) expect(video.jobId, 'each registration submits a job').toBeTruthy();

      await waitUntilComplete(scene, videoIds, 120_000);

      // Exactly one job per video, completed once, on its first run.
      const jobs = await jobsOf(scene, videoIds);
      expect(jobs).toHaveLength(10);
      const byVideo = new Map(jobs.map((job) => [job.video_id, job]));
      for (const video of videos) {
        const job = byVideo.get(video.videoId)!;
        expect(job, video.videoId).toBeDefined();
        expect(job).toMatchObject({
          id: video.jobId,
          status: 'COMPLETE',
          completed_runs: 1,
          attempts: 1,
          error_message: null,
        });
      }

      // pg-boss: one queue job per transcode job (same id), completed once, never retried; nothing else queued.
      const boss = await bossJobs(
        scene,
        jobs.map((job) => job.id),
      );
      expect(boss).toHaveLength(10);
      for (const row of boss) expect(row).toMatchObject({ name: 'default', state: 'completed', retry_count: 0 });
      const [queued] = await scene.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM pgboss.job WHERE name IN ('default', 'reserved')",
      );
      expect(queued!.n).toBe(10);

      // The outputs are in the shared storage: one set per video, with the master playlist its endpoints name.
      for (const row of await videosOf(scene, videoIds)) {
        const master = row.endpoints[0]!;
        expect(master).toBe(`subjects/${SUBJECT.id}/transcoded/${row.id}/${row.job_id}/master.m3u8`);
        expect(fs.existsSync(scene.stored(master)), master).toBe(true);
        expect(fs.readFileSync(scene.stored(master), 'utf8')).toContain('#EXT-X-STREAM-INF');
        expect(outputSets(scene, row.id)).toEqual([row.job_id]);
        expect(row.duration_seconds).toBeGreaterThan(2.5);
      }

      // Either server reports the same: ten finished.
      for (const server of [a, b]) {
        const counts = await admin.on(server.baseUrl).call('GET', '/api/transcoding/counts?environment=test');
        expect(counts.status, JSON.stringify(counts.body)).toBe(200);
        expect(counts.body.data).toMatchObject({ finished: 10, running: 0, submitted: 0, errored: 0 });
      }
      // An idle worker polls every second without leaking listeners (it once added one per poll).
      for (const proc of scene.group.processes)
        expect(proc.output(), proc.label).not.toContain('MaxListenersExceededWarning');
    } finally {
      await closeScene(scene);
    }
  }, 150_000);

  it('a worker killed mid-transcode: a new worker takes the job back and finishes it once; the dead worker leaves no ffmpeg running', async () => {
    const scene = await openScene();
    try {
      const server = await scene.group.startServer('server', scene.env);
      const first = await scene.group.startWorker('worker 1', scene.env);
      const admin = await signIn(server.baseUrl, ADMIN, 'SUPER_ADMIN');
      const uploader = await signIn(server.baseUrl, UPLOADER, 'CONTENT_UPLOADER');

      // 150 s of 360p (a 5-second clip looped, without re-encoding): about 15 s of ffmpeg on two cores,
      // long enough that an ffmpeg outliving its worker cannot simply finish inside the 10-s window.
      // (720p would take ~50 s a minute here with its three renditions.)
      const base = generateClip(path.join(clipDir, 'base-360p.mp4'), { seconds: 5, width: 640, height: 360 });
      const long = loopClip(base, LONG_SECONDS / 5, path.join(clipDir, 'Long Lecture.mp4'));
      const video = await uploadAndRegister(uploader, long, 'Long Lecture.mp4', PLACE, LONG_SECONDS);
      expect(video.jobId).toBeTruthy();
      const jobId = video.jobId!;

      // Running, with progress recorded by the heartbeat.
      const running = await waitFor(
        'the job to be PROGRESSING with progress > 0',
        async () => {
          const [job] = await jobsOf(scene, [video.videoId]);
          if (job && (job.status === 'COMPLETE' || job.status === 'ERROR')) {
            throw new Error(`the job ended before it could be interrupted: ${JSON.stringify(job)}`);
          }
          return job?.status === 'PROGRESSING' && Number(job.progress) > 0 ? job : null;
        },
        60_000,
        100,
      );
      expect(running).toMatchObject({ id: jobId, attempts: 1, completed_runs: 0 });
      const listed = await admin.call('GET', '/api/transcoding/jobs/running?environment=test');
      expect(listed.status).toBe(200);
      expect(listed.body.data.Jobs.map((row: { id: string }) => row.id)).toContain(jobId);

      const ffmpeg = childrenOf(first.pid).filter((child) => child.command.includes('ffmpeg'));
      expect(ffmpeg, `children of worker 1: ${JSON.stringify(childrenOf(first.pid))}`).toHaveLength(1);
      const ffmpegPid = ffmpeg[0]!.pid;
      scene.group.strays.set(ffmpegPid, ffmpeg[0]!.command); // ended in cleanup if it outlives its worker

      await scene.group.kill(first, 'SIGKILL');
      expect(first.exited()).toBe(true);
      const killedAt = Date.now();

      // ffmpeg writes its progress to the dead worker's pipe: it should die of the broken pipe. Watched
      // until it is gone (or the test ends), so that the report says how long it outlived its worker.
      let ffmpegGoneAfterMs: number | null = null;
      const watch = setInterval(() => {
        if (ffmpegGoneAfterMs === null && !isRunning(ffmpegPid)) ffmpegGoneAfterMs = Date.now() - killedAt;
      }, 100);
      await waitFor('the killed worker’s ffmpeg to exit', () => ffmpegGoneAfterMs !== null, 10_000, 100).catch(
        () => undefined,
      );
      const goneInTime = ffmpegGoneAfterMs !== null;

      const second = await scene.group.startWorker('worker 2', scene.env);
      await waitUntilComplete(scene, [video.videoId], 120_000);

      const [job] = await jobsOf(scene, [video.videoId]);
      expect(job).toMatchObject({ id: jobId, status: 'COMPLETE', completed_runs: 1 });
      expect(job!.attempts).toBeGreaterThanOrEqual(2);
      expect(job!.worker_id).not.toBe(running.worker_id);
      const [boss] = await bossJobs(scene, [jobId]);
      expect(boss).toMatchObject({ name: 'default', state: 'completed' });
      expect(boss!.retry_count).toBeGreaterThanOrEqual(1);

      const [row] = await videosOf(scene, [video.videoId]);
      expect(row!.transcoding_status).toBe('COMPLETE');
      expect(row!.job_id).toBe(jobId);
      expect(row!.endpoints.length).toBeGreaterThanOrEqual(3); // master, poster, thumbnails
      const master = row!.endpoints[0]!;
      expect(master).toBe(`subjects/${SUBJECT.id}/transcoded/${video.videoId}/${jobId}/master.m3u8`);
      expect(fs.existsSync(scene.stored(master))).toBe(true);
      expect(row!.duration_seconds).toBeGreaterThan(LONG_SECONDS - 1);
      // One set of outputs: the interrupted run stored nothing.
      expect(outputSets(scene, video.videoId)).toEqual([jobId]);
      // The new worker has nothing left running.
      expect(childrenOf(second.pid).filter((child) => child.command.includes('ffmpeg'))).toEqual([]);

      // Asserted last so that a surviving ffmpeg is reported without hiding the recovery checks above.
      clearInterval(watch);
      const fate =
        ffmpegGoneAfterMs === null
          ? 'is still running now'
          : `exited ${(ffmpegGoneAfterMs / 1000).toFixed(1)} s after the kill`;
      expect(
        goneInTime,
        `ffmpeg (pid ${ffmpegPid}) of the SIGKILLed worker was still running 10 s after the kill; it ${fate}`,
      ).toBe(true);
    } finally {
      await closeScene(scene);
    }
  }, 150_000);
});
