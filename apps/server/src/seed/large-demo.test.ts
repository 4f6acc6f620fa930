import { financialYear, InvoiceSchema, OrderSchema } from '@lectern/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { migrate } from '../db/migrate';
import { StudentsRepository } from '../modules/students/students.repository';
import { StudentsService } from '../modules/students/students.service';
import { createTestDatabase } from '../test/test-app';
import { LARGE_DEMO, seedLargeDemo } from './large-demo';
import { BIG_SUBJECT_ID } from './large-seed';

// The real big tree (20 x 20 x 20), with fewer of everything else so the suite takes seconds.
const SIZE = { ...LARGE_DEMO, subjects: 12, staffUsers: 30, recordings: 25, catalogues: 40, students: 60 };
const INVOICING = loadConfig({}).invoicing;

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
         AND transcoding_status = 'NOT_STARTED') AS recordings,
       (SELECT count(*)::int FROM catalogues WHERE id LIKE 'bench-cat-%') AS catalogues,
       (SELECT count(*)::int FROM catalogue_subjects cs JOIN subjects s ON s.id = cs.subject_id
         WHERE cs.catalogue_id LIKE 'bench-cat-%' AND s.subject_state = 'PUBLISHED') AS "catalogueSubjects",
       (SELECT count(*)::int FROM subscriptions WHERE catalogue_id LIKE 'bench-cat-%') AS subscriptions,
       (SELECT count(*)::int FROM ots_products WHERE id LIKE 'bench-ots-%') AS "otsProducts",
       (SELECT count(*)::int FROM store_listings WHERE id LIKE 'bench-store-%') AS "storeListings",
       (SELECT count(*)::int FROM students WHERE id LIKE 'bench-student-%') AS students,
       (SELECT count(*)::int FROM orders WHERE id LIKE 'bench-order-%') AS orders,
       (SELECT count(*)::int FROM orders WHERE id LIKE 'bench-order-%' AND payment_status = 'PAID') AS "paidOrders",
       (SELECT count(*)::int FROM student_subscriptions WHERE source_order_id LIKE 'bench-order-%') AS "studentSubscriptions",
       (SELECT count(*)::int FROM invoices WHERE order_id LIKE 'bench-order-%') AS invoices`,
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
    expect(await seedLargeDemo(database, undefined, INVOICING, SIZE)).toBe(false);
    expect(await seedLargeDemo(database, '', INVOICING, SIZE)).toBe(false);
    await expect(seedLargeDemo(database, 'huge', INVOICING, SIZE)).rejects.toThrow(
      "DEMO_SEED must be 'large' when set, got 'huge'",
    );
    expect((await database.query('SELECT 1 FROM subjects')).length).toBe(0);
  });

  it('seeds the subjects, the 20 x 20 x 20 tree, staff users and recordings, then analyzes', async () => {
    // invoices issued before the seed in the current financial year: the seed's follow them
    await database.query('INSERT INTO invoice_sequences (financial_year, last) VALUES ($1, 41)', [
      financialYear(new Date()),
    ]);
    expect(await seedLargeDemo(database, 'large', INVOICING, SIZE)).toBe(true);
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
      // three PUBLISHED subjects each (12 extra subjects hold three published ones), two subscriptions
      // with an OTS product each, every second one store-listed
      catalogues: 40,
      catalogueSubjects: 120,
      subscriptions: 80,
      otsProducts: 80,
      storeListings: 20,
      // three orders each; (g + k) % 11 = 0 failed: 15 of 180
      students: 60,
      orders: 180,
      paidOrders: 165,
      studentSubscriptions: 165,
      invoices: 165,
    });
    // ANALYZE ran: the planner knows how many videos there are.
    const [videos] = await database.query<{ reltuples: number }>(
      "SELECT reltuples::float8 AS reltuples FROM pg_class WHERE oid = to_regclass('videos')",
    );
    expect(videos?.reltuples).toBeGreaterThanOrEqual(8000);
  });

  it("numbers the students' invoices consecutively after those already issued, and they read as issued ones", async () => {
    const years = await database.query<{ year: string; first: number; last: number; n: number; recorded: number }>(
      `SELECT i.financial_year AS year, min(i.sequence)::int AS first, max(i.sequence)::int AS last, count(*)::int AS n,
         (SELECT s.last FROM invoice_sequences s WHERE s.financial_year = i.financial_year) AS recorded
       FROM invoices i WHERE i.order_id LIKE 'bench-order-%' GROUP BY i.financial_year`,
    );
    expect(years.length).toBeGreaterThan(0);
    for (const y of years) {
      expect(y.first).toBe(y.year === financialYear(new Date()) ? 42 : 1);
      expect(y.last - y.first + 1).toBe(y.n);
      expect(y.recorded).toBe(y.last);
    }
    const service = new StudentsService(database.db, new StudentsRepository(database.db));
    const student = await service.byMobile('6000000007');
    expect(student.name).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/);
    const orders = OrderSchema.array().parse(await service.ordersOf(student.studentId));
    expect(orders).toHaveLength(3);
    const paid = orders.find((o) => o.invoice)!;
    const invoice = InvoiceSchema.parse(await service.invoice(paid.orderId));
    expect(invoice.invoiceNumber).toBe(paid.invoice!.invoiceNumber);
    expect(invoice.invoiceNumber).toMatch(new RegExp(`^${INVOICING.invoicePrefix}/\\d{4}/\\d{6}$`));
    expect(invoice.buyer.name).toBe(student.name);
    expect(invoice.buyer.mobileNumber).toBe('6000000007');
    expect(invoice.totals.total).toBe(paid.total);
    expect(invoice.lines[0]!.description).toBe(paid.items[0]!.description);
    // the seventh student is in the other state: IGST, not CGST + SGST
    expect(invoice.supplyType).toBe('INTER_STATE');
  });

  it('leaves a database that has the data set alone', async () => {
    const before = await counts(database);
    expect(await seedLargeDemo(database, 'large', INVOICING, SIZE)).toBe(false);
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
