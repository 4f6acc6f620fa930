import fs from 'node:fs';
import {
  ChangeStudentUpdateBodySchema,
  STUDENT_UPDATE_STATES,
  STUDENT_UPDATE_TYPES,
  indianDate,
  type StudentUpdate,
} from '@lectern/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app';
import { DEMO_BATCHES } from './demo-batches';
import { DEMO_UPDATES, seedDemoStudentUpdates } from './demo-student-updates';

const API = '/api/notifications/notifications';

/**
 * The demo student updates and home-page video, read through the API the way staff meet them. (The
 * student-updates suite writes its own updates; what the seed itself holds is tested here.) One copy
 * of the run's template: the tests change nothing.
 */
describe('the demo student updates', () => {
  let t: TestContext;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.sessionFor('CONTENT_ADMIN');
  });
  afterAll(async () => t?.close());

  const as = (method: string, path: string) => t.call(method, path, { token: admin, role: 'CONTENT_ADMIN' });
  const all = async () => (await as('GET', `${API}/getupdates`)).body.data as StudentUpdate[];
  const count = async (sql: string, params: unknown[] = []) =>
    (await t.database.query<{ n: number }>(sql, params))[0]!.n;

  it('seeds every type and every state: to a batch, a group, a catalogue on a schedule, everyone; with a video and an image', async () => {
    const updates = await all();
    expect(new Set(updates.map((u) => u.updateType))).toEqual(new Set(STUDENT_UPDATE_TYPES));
    expect(new Set(updates.map((u) => u.state))).toEqual(new Set(STUDENT_UPDATE_STATES));

    const byId = new Map(updates.map((u) => [u.updateId, u]));
    const batch = byId.get(DEMO_UPDATES.batch)!;
    expect(batch.audience.kind).toBe('BATCHES');
    expect(batch.audience.targets).toEqual([
      { id: DEMO_BATCHES.full, name: 'JEE Advanced 2027 Morning (JEE27-KOTA-M)' },
    ]);
    expect(batch.audience.studentCount).toBe(
      await count('SELECT count(DISTINCT student_id)::int AS n FROM batch_students WHERE batch_id = $1', [
        DEMO_BATCHES.full,
      ]),
    );
    const group = byId.get(DEMO_UPDATES.group)!;
    expect(group.audience.targets).toEqual([{ id: 'group-neet-2027', name: 'NEET 2027 (all branches)' }]);
    expect(group.audience.studentCount).toBe(
      await count(
        `SELECT count(DISTINCT bs.student_id)::int AS n FROM group_batches gb
         JOIN batch_students bs ON bs.batch_id = gb.batch_id WHERE gb.group_id = 'group-neet-2027'`,
      ),
    );
    expect(group.audience.studentCount).toBeGreaterThan(batch.audience.studentCount);
    const scheduled = byId.get(DEMO_UPDATES.scheduled)!;
    expect(scheduled.state).toBe('SCHEDULED');
    expect(Date.parse(scheduled.publishAt!)).toBeGreaterThan(Date.now() + 2 * 86_400_000);
    // it has no queued job: the sweep publishes it when its time comes, or its first edit queues one
    expect(
      await count('SELECT count(*)::int AS n FROM student_updates WHERE id = $1 AND publish_job_id IS NULL', [
        DEMO_UPDATES.scheduled,
      ]),
    ).toBe(1);
    expect(scheduled.audience.studentCount).toBe(
      await count(
        `SELECT count(DISTINCT student_id)::int AS n FROM student_subscriptions
         WHERE catalogue_id = 'cat-neet-ug-2027' AND NOT cancelled AND end_date >= $1`,
        [indianDate()],
      ),
    );
    expect(scheduled.audience.studentCount).toBeGreaterThan(0);
    const everyone = updates.find((u) => u.audience.kind === 'EVERYONE')!;
    expect(everyone.audience).toEqual({
      kind: 'EVERYONE',
      targets: [],
      studentCount: await count('SELECT count(*)::int AS n FROM students'),
    });
    const withVideo = byId.get(DEMO_UPDATES.video)!;
    expect(withVideo.videoId).not.toBeNull();
    expect(withVideo.videoName).toMatch(/\.mp4$/);
    const home = (await as('GET', '/api/cms/pagecontent/videourl')).body.data;
    expect(home).toMatchObject({
      updatedBy: 'Priya Raghavan',
      version: 1,
      video: { subjectName: 'Organic Chemistry' },
    });
    const withImage = byId.get(DEMO_UPDATES.image)!;
    expect(withImage.state).toBe('WITHDRAWN');
    // a file the console serves, not a data URL (the contract refuses data: links)
    expect(withImage.imageUrl).toBe('/demo/diwali-offer.svg');
    expect(fs.existsSync(new URL(`../../../web/public${withImage.imageUrl}`, import.meta.url))).toBe(true);
    expect(withImage.withdrawnAt).not.toBeNull();
    expect(withImage.publishedAt).not.toBeNull();
    // the one scheduled exam alert
    const alerts = await as('GET', `${API}/getupdates/exam-alerts?state=SCHEDULED`);
    expect(alerts.body.data.map((u: StudentUpdate) => u.updateId)).toEqual([DEMO_UPDATES.scheduled]);
  });

  it('seeds updates the editor can save again as they are', async () => {
    for (const u of await all()) {
      const parsed = ChangeStudentUpdateBodySchema.safeParse({
        title: u.title,
        body: u.body,
        imageUrl: u.imageUrl,
        videoId: u.videoId,
        audience: { kind: u.audience.kind, ids: u.audience.targets.map((x) => x.id) },
        action: 'DRAFT',
        publishAt: null,
        updateId: u.updateId,
        version: u.version,
      });
      expect(parsed.success, `${u.updateId}: ${parsed.error?.message}`).toBe(true);
    }
  });

  it('seeds once: a second seed changes nothing', async () => {
    const n = await count('SELECT count(*)::int AS n FROM student_updates');
    expect(await seedDemoStudentUpdates(t.app.deps.db)).toBe(false);
    expect(await count('SELECT count(*)::int AS n FROM student_updates')).toBe(n);
  });
});
