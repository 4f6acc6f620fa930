import type { InvoicingConfig } from '../config';
import type { Database } from '../db/client';
import { BIG_SUBJECT_ID, seedLarge, type LargeSeedOptions } from './large-seed';

/**
 * The large demo data set of `DEMO_SEED=large` (the benchmarks start the console with it): 2,000
 * subjects, one subject of 20 x 20 x 20, 10,000 staff users, 10,000 live-class recordings (one
 * live class each), 2,000 catalogues with subscriptions (half of them store-listed), 200,000 students
 * with 600,000 orders and their invoices, on top of the ordinary demo data.
 */
export const LARGE_DEMO: LargeSeedOptions = {
  subjects: 2000,
  bigTree: [20, 20, 20],
  staffUsers: 10_000,
  recordings: 10_000,
  catalogues: 2000,
  students: 200_000,
};

/**
 * Seeds the large demo data set once when `mode` (env DEMO_SEED) is 'large', then analyzes the
 * database; a database that has it already (the big subject exists) is left alone. Returns true when
 * it seeded. Any other value of DEMO_SEED is refused, so that a typo does not silently start an
 * empty console. `invoicing` makes the students' invoices; `size` is the data set's size (tests seed a
 * smaller one).
 */
export async function seedLargeDemo(
  database: Database,
  mode: string | undefined,
  invoicing: InvoicingConfig,
  size: LargeSeedOptions = LARGE_DEMO,
): Promise<boolean> {
  if (!mode) return false;
  if (mode !== 'large') throw new Error(`DEMO_SEED must be 'large' when set, got '${mode}'`);
  const done = await database.query('SELECT 1 FROM subjects WHERE id = $1', [BIG_SUBJECT_ID]);
  if (done.length > 0) return false;
  await seedLarge(database, { ...size, invoicing });
  // Planner statistics for the bulk load, as autovacuum would gather them on PostgreSQL (PGlite runs
  // no autovacuum): without them the subject queries pick plans that scan all 18,000 videos.
  await database.exec('ANALYZE');
  return true;
}
