import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_STAFF } from '@lectern/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { ProcessGroup, createScratchDatabase, signIn, waitFor, type ScratchDatabase } from './processes';

/**
 * Scheduled student updates with two server processes on one PostgreSQL database (issue 20): both
 * work the job queue, and each scheduled update is published exactly once. Runs on PostgreSQL only
 * (root vitest.config.ts includes it in the e2e project only when DATABASE_URL is set).
 *
 * The updates are scheduled through the API two minutes ahead, alternately on each server; their
 * queued jobs are then made due at once (the job's `start_after`, not the update: the publish checks
 * the update is still SCHEDULED at the time the job carries), so the test does not wait two minutes.
 */
const CONTENT_ADMIN = DEMO_STAFF.find((staff) => staff.role === 'CONTENT_ADMIN')!;
const COUNT = 8;

describe('scheduled student updates (PostgreSQL, two server processes)', () => {
  const group = new ProcessGroup();
  let db: ScratchDatabase | undefined;
  let dataDir: string | undefined;

  afterAll(async () => {
    await group.stopAll();
    await db?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('two servers working the queue publish each scheduled update once', async () => {
    if (!process.env.DATABASE_URL) throw new Error('student-updates-scale.e2e.ts runs on PostgreSQL only');
    db = await createScratchDatabase('lectern_updates');
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-updates-'));
    const env = {
      DATABASE_URL: db.url,
      DATA_DIR: dataDir,
      DEMO_MODE: 'true',
      DEMO_MEDIA: 'false',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      OTP_RESEND_COOLDOWN_SECONDS: '0',
      STORAGE_DRIVER: 'local',
      // both servers work the job queue (the inline worker)
      TRANSCODE_INLINE_WORKER: 'true',
    };
    const a = await group.startServer('server A', env);
    const b = await group.startServer('server B', env);
    const admin = await signIn(a.baseUrl, CONTENT_ADMIN.phone, 'CONTENT_ADMIN');

    const publishAt = new Date(Date.now() + 120_000).toISOString();
    const ids: string[] = [];
    for (let i = 0; i < COUNT; i++) {
      const server = i % 2 === 0 ? admin : admin.on(b.baseUrl);
      const created = await server.call('POST', '/api/notifications/notifications/createupdate', {
        updateType: 'announcements',
        title: `Mock test ${i + 1} timings`,
        body: '<p>The Sunday mock test starts at 9:00 AM.</p>',
        audience: { kind: 'EVERYONE', ids: [] },
        action: 'SCHEDULE',
        publishAt,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      expect(created.body.data.state).toBe('SCHEDULED');
      ids.push(created.body.data.updateId as string);
    }

    // one queued job per update, due in two minutes; made due now
    const jobs = await db.query<{ id: string; update_id: string }>(
      `SELECT id::text AS id, data->>'updateId' AS update_id FROM pgboss.job
       WHERE name = 'student-update-publish' AND data->>'updateId' = ANY($1::text[])`,
      [ids],
    );
    expect(jobs.map((job) => job.update_id).sort()).toEqual([...ids].sort());
    await db.query(`UPDATE pgboss.job SET start_after = now() WHERE id::text = ANY($1::text[])`, [
      jobs.map((job) => job.id),
    ]);

    await waitFor(
      `${COUNT} updates to be published`,
      async () => {
        const rows = await db!.query<{ state: string }>('SELECT state FROM student_updates WHERE id = ANY($1)', [ids]);
        return rows.length === COUNT && rows.every((row) => row.state === 'PUBLISHED');
      },
      60_000,
      500,
    ).catch((error: Error) => {
      throw new Error(`${error.message}\n${group.dump()}`);
    });

    // once each: one 'published' activity row, one publish time, the job completed without a retry
    const published = await db.query<{ entity_id: string; n: string }>(
      `SELECT entity_id, count(*)::text AS n FROM activity_log
       WHERE action = 'student-update.publish' AND entity_id = ANY($1) GROUP BY entity_id`,
      [ids],
    );
    expect(Object.fromEntries(published.map((row) => [row.entity_id, Number(row.n)]))).toEqual(
      Object.fromEntries(ids.map((id) => [id, 1])),
    );
    const states = await db.query<{ state: string; retry_count: number }>(
      'SELECT state::text AS state, retry_count FROM pgboss.job WHERE id::text = ANY($1::text[])',
      [jobs.map((job) => job.id)],
    );
    expect(states).toHaveLength(COUNT);
    expect(states.every((job) => job.state === 'completed' && job.retry_count === 0)).toBe(true);

    // either server answers the same: published, with its time
    const listed = await admin.on(b.baseUrl).call('GET', '/api/notifications/notifications/getupdates/announcements');
    const mine = (listed.body.data as { updateId: string; state: string; publishedAt: string | null }[]).filter(
      (update) => ids.includes(update.updateId),
    );
    expect(mine).toHaveLength(COUNT);
    expect(mine.every((update) => update.state === 'PUBLISHED' && update.publishedAt !== null)).toBe(true);
    // two servers start on a new database and seed the whole demo first, beside the other journeys
  }, 180_000);
});
