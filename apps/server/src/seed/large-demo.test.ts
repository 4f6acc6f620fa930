import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { migrate } from '../db/migrate';
import { createTestDatabase } from '../test/test-app';
import { LARGE_DEMO, seedLargeDemo } from './large-demo';
import { BIG_SUBJECT_ID } from './large-seed';

// The real big tree (20 x 20 x 20), with fewer of everything else so the suite takes seconds.
const SIZE = { ...LARGE_DEMO, subjects: 12, staffUsers: 30, recordings: 25 };

/** Row counts of what the large seed writes. */
async function counts(database: Database) {
  const [row] = await database.query<Record<string, number>>(
    `SELECT
       (SELECT count(*)::int FROM subjects WHERE id LIKE 'bench-s%') AS subjects,
       (SELECT count(*)::int FROM units WHERE subject_id LIKE 'bench-s%') AS units,
       (SELECT count(*)::int FROM topics WHERE subject_id LIKE 'bench-s%') AS topics,
       (SELECT count(*)::int FROM subtopics WHERE subject_id LIKE 'bench-s%') AS subtopics,
       (SELECT count(*)::int FROM units WHERE subject_id = $1) AS "bigUnits",
       (SELECT count(*)::int FROM topics WHERE subject_id = $1) AS "bigTopics",
       (SELECT count(*)::int FROM subtopics WHERE subject_id = $1) AS "bigSubtopics",
       (SELECT count(*)::int FROM subtopics s JOIN videos v ON v.id = s.video_id
         WHERE s.subject_id = $1 AND v.subject_id = $1 AND v.transcoding_status = 'COMPLETE') AS "bigPlayable",
       (SELECT count(*)::int FROM subtopics WHERE subject_id = $1 AND trial) AS "bigTrial",
       (SELECT count(*)::int FROM users WHERE id LIKE 'bench-user-%') AS users,
       (SELECT count(*)::int FROM users WHERE id LIKE 'bench-user-%' AND NOT active) AS "inactiveUsers",
       (SELECT count(DISTINCT role_id)::int FROM user_roles WHERE user_id LIKE 'bench-user-%') AS "rolesUsed",
       (SELECT count(*)::int FROM live_classes WHERE id LIKE 'bench-lc-%') AS "liveClasses",
       (SELECT count(*)::int FROM videos WHERE id LIKE 'bench-rec-%' AND live_class_id IS NOT NULL
         AND transcoding_status = 'NOT_STARTED') AS recordings`,
    [BIG_SUBJECT_ID],
  );
  return row!;
}

describe('DEMO_SEED=large (the benchmarks’ data set)', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase());
    await migrate(database);
  });
  afterAll(async () => drop?.());

  it('does nothing when DEMO_SEED is not set, and refuses any other value', async () => {
    expect(await seedLargeDemo(database, undefined, SIZE)).toBe(false);
    expect(await seedLargeDemo(database, '', SIZE)).toBe(false);
    await expect(seedLargeDemo(database, 'huge', SIZE)).rejects.toThrow(
      "DEMO_SEED must be 'large' when set, got 'huge'",
    );
    expect((await database.query('SELECT 1 FROM subjects')).length).toBe(0);
  });

  it('seeds the subjects, the 20 x 20 x 20 tree, staff users and recordings, then analyzes', async () => {
    expect(await seedLargeDemo(database, 'large', SIZE)).toBe(true);
    expect(await counts(database)).toEqual({
      // each extra subject: 2 units x 3 topics x 4 subtopics
      subjects: 12,
      units: 24,
      topics: 72,
      subtopics: 288,
      // every subtopic of the big tree has a COMPLETE video; the first of each topic is a trial
      bigUnits: 20,
      bigTopics: 400,
      bigSubtopics: 8000,
      bigPlayable: 8000,
      bigTrial: 400,
      // one role each, cycling through the six; every seventh inactive
      users: 30,
      inactiveUsers: 4,
      rolesUsed: 6,
      // one live class per recording
      liveClasses: 25,
      recordings: 25,
    });
    // ANALYZE ran: the planner knows how many videos there are.
    const [videos] = await database.query<{ reltuples: number }>(
      "SELECT reltuples::float8 AS reltuples FROM pg_class WHERE oid = to_regclass('videos')",
    );
    expect(videos?.reltuples).toBeGreaterThanOrEqual(8000);
  });

  it('leaves a database that has the data set alone', async () => {
    const before = await counts(database);
    expect(await seedLargeDemo(database, 'large', SIZE)).toBe(false);
    expect(await counts(database)).toEqual(before);
  });
});

describe('BENCH_SKIP_SIGNATURE (the signing-cost benchmark)', () => {
  it('is off unless asked for, and refused with NODE_ENV=production', () => {
    expect(loadConfig({}).benchSkipSignature).toBe(false);
    expect(loadConfig({ BENCH_SKIP_SIGNATURE: 'true', NODE_ENV: 'test' }).benchSkipSignature).toBe(true);
    expect(() => loadConfig({ BENCH_SKIP_SIGNATURE: 'true', NODE_ENV: 'production', DEMO_MODE: 'false' })).toThrow(
      /BENCH_SKIP_SIGNATURE .* refused with NODE_ENV=production/,
    );
  });
});
