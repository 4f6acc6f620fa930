import { it } from 'vitest';
import { createTestApp } from '../apps/server/src/test/test-app';
import { BIG_SUBJECT_ID, seedLarge } from '../apps/server/src/seed/large-seed';
import { medianMs, report, type BenchRow } from './report';

/**
 * Issue 4's performance figures: with 2,000 subjects and one subject of 20 x 20 x 20, the listing and
 * the subject with its whole tree each come in one request. Server time (in-process, signed, as
 * SUPER_ADMIN) and payload size against plain SQL of the same rows, on PGlite, and PostgreSQL when
 * DATABASE_URL is set.
 */
const drivers = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

for (const driver of drivers) {
  it(`subjects on ${driver}`, async () => {
    process.env.LECTERN_TEST_DB = driver;
    const t = await createTestApp({ validateResponses: false });
    try {
      await seedLarge(t.database, { subjects: 2000, bigTree: [20, 20, 20] });
      const token = await t.sessionFor('SUPER_ADMIN');
      const get = async (path: string) => {
        const res = await t.call('GET', path, { token, role: 'SUPER_ADMIN' });
        if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
        return JSON.stringify(res.body);
      };
      const listingSql = async () =>
        JSON.stringify(
          await t.database.query(
            `SELECT s.*, (SELECT count(*) FROM units u WHERE u.subject_id = s.id) AS units,
               (SELECT count(*) FROM topics x WHERE x.subject_id = s.id) AS topics,
               (SELECT count(*) FROM subtopics st WHERE st.subject_id = s.id) AS subtopics
             FROM subjects s ORDER BY s.updated_at DESC`,
          ),
        );
      const treeSql = async () =>
        JSON.stringify(
          await t.database.query(
            `SELECT u.id AS unit_id, u.name AS unit_name, x.id AS topic_id, x.name AS topic_name, st.*, v.name AS video_name, v.duration_seconds
             FROM units u JOIN topics x ON x.unit_id = u.id JOIN subtopics st ON st.topic_id = x.id LEFT JOIN videos v ON v.id = st.video_id
             WHERE u.subject_id = $1 ORDER BY u.position, x.position, st.position`,
            [BIG_SUBJECT_ID],
          ),
        );
      const rows: BenchRow[] = [];
      const listing = await medianMs(() => get('/api/subjects/subject/all'), 7, 2);
      const listingBase = await medianMs(listingSql, 7, 2);
      rows.push({
        figure: 'listing of 2,008 subjects: server time',
        ours: listing,
        baseline: listingBase,
        unit: 'ms',
        budget: null,
      });
      rows.push({
        figure: 'listing: payload',
        ours: (await get('/api/subjects/subject/all')).length / 1024,
        baseline: (await listingSql()).length / 1024,
        unit: 'KiB',
        budget: null,
      });
      const tree = await medianMs(() => get(`/api/subjects/subject/subjectid/${BIG_SUBJECT_ID}`), 7, 2);
      const treeBase = await medianMs(treeSql, 7, 2);
      rows.push({
        figure: 'subject of 20x20x20 with tree: server time',
        ours: tree,
        baseline: treeBase,
        unit: 'ms',
        budget: null,
      });
      rows.push({
        figure: 'subject tree: payload',
        ours: (await get(`/api/subjects/subject/subjectid/${BIG_SUBJECT_ID}`)).length / 1024,
        baseline: (await treeSql()).length / 1024,
        unit: 'KiB',
        budget: null,
      });
      report(`subjects (${driver})`, rows);
    } finally {
      await t.close();
    }
  });
}
