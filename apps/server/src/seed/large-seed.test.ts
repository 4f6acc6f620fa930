import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app';
import { as } from '../test/uploads';
import { seedLarge } from './large-seed';

const RECORDINGS = '/api/batch/live-class-recording';

// The large seed's recordings through the recordings list (moved here from the files module's suite,
// which now builds its own rows: issue 32).
describe('recordings at scale', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('seeds 10,000 recordings and staff users in seconds and answers the 10,000-row page in one go', async () => {
    // the demo recordings are there too
    const [demo] = await t.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM videos WHERE live_class_id IS NOT NULL',
    );
    const total = demo!.n + 10_000;
    const seeding = performance.now();
    await seedLarge(t.database, { liveClasses: 2000, recordings: 10_000, staffUsers: 10_000 });
    expect(performance.now() - seeding).toBeLessThan(20_000);
    expect(await t.database.query("SELECT 1 FROM users WHERE id LIKE 'bench-user-%'")).toHaveLength(10_000);
    const admin = { token: await t.sessionFor('SUPER_ADMIN'), role: 'SUPER_ADMIN' };
    const started = performance.now();
    const res = await as(t, admin)('GET', `${RECORDINGS}?page=0&size=10000&sort=ASC`);
    const elapsed = performance.now() - started;
    expect(res.status).toBe(200);
    expect(res.body.data.totalElements).toBe(total);
    expect(res.body.data.content).toHaveLength(10_000);
    expect(elapsed).toBeLessThan(10_000);
    const dates = res.body.data.content.map((r: { classDate: string }) => r.classDate);
    expect([...dates].sort()).toEqual(dates);
    const last = await as(t, admin)('GET', `${RECORDINGS}?page=3&size=3000&sort=DESC`);
    expect(last.body.data).toMatchObject({ totalElements: total, totalPages: 4 });
    expect(last.body.data.content).toHaveLength(total - 9000);
  });
});
