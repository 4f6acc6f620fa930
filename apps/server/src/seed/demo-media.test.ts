import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app';
import { DEMO_CATALOGUES, DEMO_LIVE_CLASSES, seedDemoCatalogues } from './demo-media';

// The demo catalogues and the recordings list's classes (moved here from the files module's suite,
// which now builds its own rows: issue 32).
describe('the demo catalogues and live classes', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('the demo seeder runs once', async () => {
    const before = await t.database.query('SELECT id FROM catalogues');
    expect(await seedDemoCatalogues(t.database.db)).toBe(false);
    expect(await t.database.query('SELECT id FROM catalogues')).toHaveLength(before.length);
    for (const c of DEMO_CATALOGUES) expect(before).toContainEqual({ id: c.id });
    // the recordings list's classes once each (the live-class seed adds the demo's other classes)
    const classes = await t.database.query<{ id: string }>('SELECT id FROM live_classes WHERE id = ANY($1::text[])', [
      DEMO_LIVE_CLASSES.map((c) => c.id),
    ]);
    expect(classes).toHaveLength(DEMO_LIVE_CLASSES.length);
  });
});
