import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app';
import { transcodeJob } from '../transcoding/transcode-job';
import { QUEUE_STALLED_AFTER_MS } from './system.service';

// GET /api/health names the job queue's real state: a dead worker or a stuck queue must not look healthy.
describe('health of the job queue', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  const health = () => t.call('GET', '/api/health', { signature: false });
  const bossSchema = () => (t.database.searchPath ? `${t.database.searchPath}_boss` : 'pgboss');

  it('reports the queue ok before anything used it, without starting it (a start takes seconds)', async () => {
    const res = await health();
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ status: 'ok', database: 'ok', storage: 'ok', queue: 'ok', overdueJobs: 0 });
    const [table] = await t.database.query<{ job: string | null }>(
      `SELECT to_regclass('${bossSchema()}.job')::text AS job`,
    );
    expect(table!.job).toBeNull();
  });

  it('reports the queue ok when it answers and its jobs are taken in time', async () => {
    // A job due now is not late: a worker has the limit's time to take it.
    await t.app.jobs.send(transcodeJob, { jobId: crypto.randomUUID() }, { queue: 'default' });
    const res = await health();
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ status: 'ok', database: 'ok', storage: 'ok', queue: 'ok', overdueJobs: 0 });
  });

  it('reports jobs no worker took past the limit as a stalled queue, still serving', async () => {
    const id = crypto.randomUUID();
    // Due longer ago than the limit, and no worker runs in this app: as after a worker died.
    const due = new Date(Date.now() - QUEUE_STALLED_AFTER_MS - 60_000);
    await t.app.jobs.send(transcodeJob, { jobId: id }, { queue: 'default', id, startAfter: due });
    const stalled = await health();
    expect(stalled.status).toBe(200);
    expect(stalled.body.data).toMatchObject({ status: 'degraded', database: 'ok', queue: 'stalled', overdueJobs: 1 });

    // Without a transcoder here, transcode jobs wait for a worker elsewhere: not counted, the queue is 'off'.
    t.config.transcoding.driver = 'off';
    try {
      expect((await health()).body.data).toMatchObject({ status: 'ok', queue: 'off', overdueJobs: 0 });
    } finally {
      t.config.transcoding.driver = 'ffmpeg';
    }

    // Once the job is settled (here: cancelled) the queue is healthy again.
    await t.app.jobs.cancel(transcodeJob, 'default', id);
    expect((await health()).body.data).toMatchObject({ status: 'ok', queue: 'ok', overdueJobs: 0 });
  });

  it('answers 503 with the queue down when its tables do not answer, and recovers', async () => {
    await t.database.exec(`ALTER TABLE ${bossSchema()}.job RENAME TO job_away`);
    try {
      const down = await health();
      expect(down.status).toBe(503);
      expect(down.body.data).toMatchObject({ status: 'degraded', database: 'ok', storage: 'ok', queue: 'down' });
    } finally {
      await t.database.exec(`ALTER TABLE ${bossSchema()}.job_away RENAME TO job`);
    }
    expect((await health()).status).toBe(200);
  });

  it('answers 503 with the queue down once the queue has stopped', async () => {
    await t.app.jobs.stop();
    const res = await health();
    expect(res.status).toBe(503);
    expect(res.body.data).toMatchObject({ database: 'ok', queue: 'down' });
  });
});
