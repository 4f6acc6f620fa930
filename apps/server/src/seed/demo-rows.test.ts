import { DEMO_STAFF, ROLES, type Role } from '@lectern/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app';
import { seedDemoAttendance } from './demo-attendance';
import { DEMO_BATCHES } from './demo-batches';
import { DEMO_COUPONS } from './demo-coupons';
import { DEMO_DELIVERY } from './demo-delivery';
import { DEMO_STUDENT_COUNT } from './demo-students';

/**
 * The demo rows each module's API answers: students with their invoices, batches and groups, coupons,
 * delivery packages and attendance, read through the API the way staff meet them. (The module suites
 * build their own rows with test/factories.ts; what the seed itself holds is tested here.) One copy of
 * the run's template: the tests change nothing until the last, which seeds attendance again.
 */
describe('the demo rows, through each module', () => {
  let t: TestContext;
  const tokens = new Map<Role, string>();
  let instructorId = '';
  beforeAll(async () => {
    t = await createTestApp();
    for (const role of ROLES) tokens.set(role, await t.sessionFor(role));
    instructorId = await t.userIdByPhone(DEMO_STAFF.find((s) => s.role === 'INSTRUCTOR')!.phone);
  });
  afterAll(async () => t?.close());

  const as = (role: Role, method: string, path: string, body?: unknown) =>
    t.call(method, `/api${path}`, { token: tokens.get(role), role, body });
  const admin = (method: string, path: string, body?: unknown) => as('CONTENT_ADMIN', method, path, body);
  const finance = (method: string, path: string, body?: unknown) => as('FINANCE', method, path, body);
  const batch = async (id: string) => (await admin('GET', `/batch/getBatchById/${id}`)).body.data;
  const count = async (sql: string, params: unknown[] = []) =>
    (await t.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, params))[0]!.n;
  const one = async (id: string) => (await finance('GET', `/delivery/delivery/id/${id}`)).body.data;
  const summary = async (id: string) => {
    const res = await admin('GET', `/batch/live/attendance/${id}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  const rows = async (query: string, id: string) => {
    const res = await admin('GET', `/batch/live/attendance/students/${id}?${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };

  it('seeds a few hundred students with orders and invoices that add up', async () => {
    const [row] = await t.database.query<Record<string, number>>(
      `SELECT (SELECT count(*)::int FROM students) AS students,
              (SELECT count(*)::int FROM orders WHERE payment_status = 'FAILED') AS failed,
              (SELECT count(*)::int FROM orders o WHERE payment_status IN ('PAID', 'PARTIALLY_REFUNDED', 'REFUNDED')
                 AND NOT EXISTS (SELECT 1 FROM invoices i WHERE i.order_id = o.id)) AS "paidWithoutInvoice",
              (SELECT count(*)::int FROM invoices i JOIN orders o ON o.id = i.order_id WHERE i.total <> o.total) AS "mismatched",
              (SELECT count(*)::int FROM credit_notes) AS "creditNotes"`,
    );
    expect(row).toMatchObject({ students: DEMO_STUDENT_COUNT, paidWithoutInvoice: 0, mismatched: 0 });
    expect(row?.failed).toBeGreaterThan(0);
    expect(row?.creditNotes).toBeGreaterThan(0);
    // serials run 1, 2, 3 ... in each financial year, with no gaps
    const years = await t.database.query<{ financial_year: string; n: number; max: number; last: number }>(
      `SELECT i.financial_year, count(*)::int AS n, max(i.sequence)::int AS max, s.last
       FROM invoices i JOIN invoice_sequences s ON s.financial_year = i.financial_year GROUP BY i.financial_year, s.last`,
    );
    for (const y of years) expect([y.n, y.last]).toEqual([y.max, y.max]);
  });

  it('made every order through the orders service: one invoice each, paid in full, credit notes that add up', async () => {
    const q = <T>(text: string) => t.database.query<T>(text);
    // every status of a Monday morning, from the service's own transitions
    const statuses = await q<{ status: string; n: number }>(
      'SELECT payment_status AS status, count(*)::int AS n FROM orders GROUP BY 1',
    );
    const of = new Map(statuses.map((s) => [s.status, s.n]));
    for (const status of ['PAID', 'PARTIALLY_REFUNDED', 'REFUNDED', 'PENDING', 'EXPIRED', 'FAILED']) {
      expect(of.get(status) ?? 0, status).toBeGreaterThan(0);
    }
    expect(of.get('PAID')!).toBeGreaterThan(of.get('REFUNDED')! + of.get('PARTIALLY_REFUNDED')! + 100);
    // every paid order: exactly one invoice of its total, payments that add up to it, its plan granted
    const paid = await q<{ id: string; invoices: number; invoiced: number; received: number; total: number }>(
      `SELECT o.id, o.total::int,
              (SELECT count(*)::int FROM invoices i WHERE i.order_id = o.id) AS invoices,
              (SELECT coalesce(sum(i.total), 0)::int FROM invoices i WHERE i.order_id = o.id) AS invoiced,
              (SELECT coalesce(sum(p.amount), 0)::int FROM payments p WHERE p.order_id = o.id) AS received
         FROM orders o WHERE o.payment_status IN ('PAID', 'PARTIALLY_REFUNDED', 'REFUNDED')`,
    );
    expect(paid.length).toBeGreaterThan(500);
    expect(paid.filter((o) => o.invoices !== 1 || o.invoiced !== o.total || o.received !== o.total)).toEqual([]);
    expect(
      await q(`SELECT o.id FROM orders o WHERE o.payment_status IN ('PAID', 'PARTIALLY_REFUNDED', 'REFUNDED')
                 AND NOT EXISTS (SELECT 1 FROM student_subscriptions s WHERE s.source_order_id = o.id)`),
    ).toEqual([]);
    // unpaid orders have no invoice, payment or subscription; pending ones are still within their time
    expect(
      await q(`SELECT o.id FROM orders o WHERE o.payment_status IN ('PENDING', 'EXPIRED', 'FAILED')
                 AND (EXISTS (SELECT 1 FROM invoices i WHERE i.order_id = o.id)
                   OR EXISTS (SELECT 1 FROM payments p WHERE p.order_id = o.id)
                   OR EXISTS (SELECT 1 FROM student_subscriptions s WHERE s.source_order_id = o.id)
                   OR (o.payment_status = 'PENDING' AND o.expires_at <= now())
                   OR (o.payment_status = 'EXPIRED' AND o.expires_at > now()))`),
    ).toEqual([]);
    // invoices: CGST = SGST (equal halves, the taxable value taking an odd paisa) and taxable + taxes =
    // total, on the invoice and on each of its lines; an inter-state one has IGST only
    expect(
      await q(`SELECT i.invoice_number FROM invoices i
                CROSS JOIN LATERAL (SELECT i.document -> 'totals' AS t) x
                WHERE (t ->> 'cgst') <> (t ->> 'sgst')
                   OR (t ->> 'taxableValue')::bigint + (t ->> 'cgst')::bigint + (t ->> 'sgst')::bigint
                      + (t ->> 'igst')::bigint <> i.total
                   OR ((t ->> 'igst')::bigint > 0 AND (t ->> 'cgst')::bigint > 0)
                   OR EXISTS (SELECT 1 FROM jsonb_array_elements(i.document -> 'lines') l
                               WHERE (l ->> 'cgst') <> (l ->> 'sgst')
                                  OR (l ->> 'taxableValue')::bigint + (l ->> 'cgst')::bigint + (l ->> 'sgst')::bigint
                                     + (l ->> 'igst')::bigint <> (l ->> 'total')::bigint)`),
    ).toEqual([]);
    expect(await q(`SELECT 1 FROM invoices WHERE (document -> 'totals' ->> 'cgst')::bigint > 0 LIMIT 1`)).toHaveLength(
      1,
    );
    // credit notes: taxable + CGST + SGST + IGST = total, CGST = SGST; a refunded order's add up to its
    // invoice, a partly refunded one's to less
    expect(
      await q(`SELECT credit_note_number FROM credit_notes
                WHERE taxable_value + cgst + sgst + igst <> amount OR cgst <> sgst OR amount <= 0`),
    ).toEqual([]);
    const refunds = await q<{ id: string; status: string; credited: number; total: number; notes: number }>(
      `SELECT o.id, o.payment_status AS status, o.total::int, count(n.id)::int AS notes,
              coalesce(sum(n.amount), 0)::int AS credited
         FROM orders o LEFT JOIN credit_notes n ON n.order_id = o.id
        WHERE o.payment_status IN ('PAID', 'PARTIALLY_REFUNDED', 'REFUNDED') GROUP BY o.id`,
    );
    for (const o of refunds) {
      if (o.status === 'REFUNDED') expect(o.credited, o.id).toBe(o.total);
      else if (o.status === 'PARTIALLY_REFUNDED')
        expect([o.notes > 0, o.credited < o.total], o.id).toEqual([true, true]);
      else expect(o.notes, o.id).toBe(0);
    }
    expect(refunds.some((o) => o.status === 'REFUNDED' && o.notes > 1)).toBe(true);
    // invoice and credit-note serials run 1, 2, 3 ... in each financial year, in date order
    for (const table of ['invoices', 'credit_notes']) {
      const date = table === 'invoices' ? 'invoice_date' : 'credit_note_date';
      const gaps = await q(
        `SELECT financial_year, sequence FROM (
           SELECT financial_year, sequence, ${date} AS day,
                  row_number() OVER (PARTITION BY financial_year ORDER BY sequence) AS n,
                  lag(${date}) OVER (PARTITION BY financial_year ORDER BY sequence) AS before
             FROM ${table}) x
          WHERE sequence <> n OR day < before`,
      );
      expect(gaps, table).toEqual([]);
    }
    // a full refund cancelled what the order granted; the timeline reads the history, not the day of seeding
    expect(
      await q(`SELECT o.id FROM orders o JOIN student_subscriptions s ON s.source_order_id = o.id
                WHERE (o.payment_status = 'REFUNDED') <> s.cancelled OR s.created_at <> o.paid_at`),
    ).toEqual([]);
    const [order] = await q<{ id: string }>(
      `SELECT o.id FROM orders o WHERE o.payment_status = 'REFUNDED' AND o.coupon_code IS NOT NULL
        UNION ALL SELECT id FROM orders WHERE payment_status = 'REFUNDED' LIMIT 1`,
    );
    const detail = (await finance('GET', `/payments/order/${order!.id}`)).body.data as {
      createdAt: string;
      timeline: { at: string; kind: string }[];
    };
    expect(detail.timeline.map((e) => e.kind)).toEqual(
      expect.arrayContaining(['CREATED', 'PAID', 'INVOICED', 'REFUNDED']),
    );
    const day = 86_400_000;
    for (const e of detail.timeline) expect(Date.parse(e.at) - Date.parse(detail.createdAt)).toBeLessThan(30 * day);
  });

  it('seeds branches, programs, batches in both states (some full, one empty), a few hundred places and groups', async () => {
    expect((await admin('GET', '/batch/getAllBranch')).body.data.data).toHaveLength(5);
    const programs = (await admin('GET', '/batch/getAllProgram')).body.data.data as { programName: string }[];
    expect(programs.map((p) => p.programName)).toContain('UPSC CSE 2027 Foundation');
    const page = (await admin('GET', '/batch/getAllBatch/pagination?page=0&size=1000')).body.data;
    expect(page.totalElements).toBe(25);
    expect(page.batchDTOS).toHaveLength(25);
    expect(await count("batches WHERE status = 'CLOSED'")).toBe(4);
    expect(await count('batch_students')).toBeGreaterThan(500);
    expect(await batch(DEMO_BATCHES.full)).toMatchObject({ capacity: 40, studentCount: 40, status: 'ACTIVE' });
    expect(await batch(DEMO_BATCHES.closed)).toMatchObject({ status: 'CLOSED', closedBy: 'Priya Raghavan' });
    expect(await batch(DEMO_BATCHES.empty)).toMatchObject({ studentCount: 0 });
    const groups = (await admin('GET', '/batch/groups')).body.data as { groupId: string; batches: unknown[] }[];
    expect(groups).toHaveLength(4);
    expect(groups.find((g) => g.groupId === DEMO_BATCHES.group)!.batches).toHaveLength(3);
  });

  it('seeds about thirty demo coupons in every state, with a redemption for each demo order naming one', async () => {
    const all = (await finance('GET', '/publisher/coupon/user')).body.data as {
      couponName: string;
      status: string;
      tags: string[];
      applicableForAnyStudent: boolean;
      used: number;
      limit: number | null;
    }[];
    const demo = all.filter((c) => DEMO_COUPONS.some((d) => d.name === c.couponName));
    expect(demo).toHaveLength(DEMO_COUPONS.length);
    expect(demo.length).toBeGreaterThanOrEqual(30);
    for (const tag of ['ACTIVE', 'SCHEDULED', 'EXPIRED', 'FEATURED']) {
      expect(demo.filter((c) => c.tags.includes(tag)).length, tag).toBeGreaterThanOrEqual(3);
    }
    expect(demo.filter((c) => !c.applicableForAnyStudent).length).toBeGreaterThanOrEqual(3);
    const [counts] = await t.database.query<{
      named: number;
      redeemed: number;
      used: number;
      mismatched: number;
      twice: number;
    }>(
      `SELECT (SELECT count(*)::int FROM orders WHERE coupon_code IS NOT NULL) AS named,
              (SELECT count(*)::int FROM coupon_redemptions WHERE status <> 'RELEASED') AS used,
              (SELECT count(*)::int FROM coupon_redemptions) AS redeemed,
              (SELECT count(*)::int FROM orders o JOIN coupon_redemptions r ON r.order_id = o.id
                 JOIN coupons c ON c.id = r.coupon_id
                WHERE c.name <> o.coupon_code OR r.amount_saved <> o.discount OR r.student_id <> o.student_id) AS mismatched,
              (SELECT count(*)::int FROM (SELECT 1 FROM coupon_redemptions WHERE status <> 'RELEASED'
                 GROUP BY coupon_id, student_id HAVING count(*) > 1) x) AS twice`,
    );
    expect(counts!.named).toBeGreaterThan(10);
    expect(counts).toMatchObject({ redeemed: counts!.named, mismatched: 0, twice: 0 });
    const diwali = demo.find((c) => c.couponName === 'DIWALI500')!;
    expect(diwali).toMatchObject({ status: 'ACTIVE', used: counts!.used });
    // the reservations the service made: confirmed with the payment, reserved while unpaid, released when expired
    const states = await t.database.query<{ status: string; n: number }>(
      `SELECT r.status, count(*)::int AS n FROM coupon_redemptions r GROUP BY 1`,
    );
    expect(new Set(states.map((s) => s.status))).toEqual(new Set(['CONFIRMED', 'RESERVED', 'RELEASED']));
    const history = await finance('GET', '/publisher/coupon/history/coupon-diwali500');
    expect(history.body.data.map((h: { action: string }) => h.action)).toEqual(['UPDATED', 'CREATED']);
  });

  it('seeds a few hundred packages in every status and mode, with stable ids the docs name', async () => {
    const all = (await finance('GET', '/delivery/delivery/all/ALL')).body.data as Record<string, unknown>[];
    expect(all.length).toBeGreaterThanOrEqual(200);
    const kinds = new Set(all.map((p) => `${p.deliveryStatus as string}/${p.deliveryMode as string}`));
    for (const status of ['PROCESSED', 'DELIVERED']) {
      for (const mode of ['COURIER', 'IN_HAND', 'IN_PERSON']) expect(kinds).toContain(`${status}/${mode}`);
    }
    expect(kinds).toContain('PENDING/COURIER');
    expect(kinds).toContain('CANCELLED/COURIER');
    const providers = new Set(
      all.flatMap((p) => (p.deliveryTrackerList as { serviceProvider: string }[]).map((x) => x.serviceProvider)),
    );
    expect([...providers].sort()).toEqual(['BLUE_DART', 'DTDC', 'INDIA_POST']);
    for (const id of DEMO_DELIVERY.pending)
      expect(await one(id)).toMatchObject({ deliveryStatus: 'PENDING', deliveryTrackerList: [] });
    expect(await one(DEMO_DELIVERY.processed)).toMatchObject({ deliveryStatus: 'PROCESSED', deliveryMode: 'COURIER' });
    expect(await one(DEMO_DELIVERY.delivered)).toMatchObject({ deliveryStatus: 'DELIVERED' });
    const returned = await one(DEMO_DELIVERY.cancelledWithReturn);
    expect(returned).toMatchObject({
      deliveryStatus: 'CANCELLED',
      cancellation: { cancelledFrom: 'PROCESSED', returnTrackerId: `${DEMO_DELIVERY.cancelledWithReturn}-T1` },
    });
    // every package of a paid order of printed material, and every address a real PIN
    const [row] = await t.database.query<{ missing: number; badPin: number; noCurrent: number }>(
      `SELECT (SELECT count(*)::int FROM orders o, jsonb_array_elements(o.items) i
                JOIN add_ons a ON a.id = i->>'addOnId' AND a.automation_type = 'DELIVERY'
               WHERE o.payment_status = 'PAID'
                 AND NOT EXISTS (SELECT 1 FROM delivery_packages p WHERE p.order_id = o.id)) AS missing,
              (SELECT count(*)::int FROM delivery_addresses WHERE pin !~ '^[1-9][0-9]{5}$') AS "badPin",
              (SELECT count(*)::int FROM delivery_packages p
                WHERE NOT EXISTS (SELECT 1 FROM delivery_addresses a WHERE a.package_id = p.id AND a.current)) AS "noCurrent"`,
    );
    expect(row).toEqual({ missing: 0, badPin: 0, noCurrent: 0 });
  });

  it('seeds realistic attendance for held classes: most present, some absent, rejoins, strangers, one by hand', async () => {
    const q = (text: string, params: unknown[] = []) => t.database.query(text, params);
    // the demo's own held classes got theirs at start-up, after the live-class seed
    const [demo] = await q(
      `SELECT count(*) FILTER (WHERE c.class_room_type = 'live' AND EXISTS
                (SELECT 1 FROM attendance_results r WHERE r.live_class_id = c.id AND r.present))::int AS live,
              count(*) FILTER (WHERE c.class_room_type = 'offline' AND EXISTS
                (SELECT 1 FROM attendance_marks m WHERE m.live_class_id = c.id))::int AS offline,
              count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM attendance_results r WHERE r.live_class_id = c.id)
                AND NOT EXISTS (SELECT 1 FROM attendance_marks m WHERE m.live_class_id = c.id)
                AND (EXISTS (SELECT 1 FROM live_class_batches b WHERE b.live_class_id = c.id)
                  OR EXISTS (SELECT 1 FROM live_class_groups g WHERE g.live_class_id = c.id)))::int AS missing
         FROM live_classes c WHERE c.status = 'ENDED' AND c.id NOT LIKE 'lc-att-%'`,
    );
    expect(demo).toMatchObject({ missing: 0 });
    expect((demo as { live: number }).live).toBeGreaterThan(3);
    expect((demo as { offline: number }).offline).toBeGreaterThan(0);
    await q(`DELETE FROM settings WHERE key = 'demo_seed_attendance'`);
    await q(
      `INSERT INTO live_classes (id, title, class_date, start_time, duration_minutes, teacher_id, status, ended_at)
       VALUES ('lc-att-demo', 'Demo held class', now() - interval '3 days', now() - interval '3 days', 90, $1, 'ENDED',
               now() - interval '3 days' + interval '95 minutes')`,
      [instructorId],
    );
    await q(`INSERT INTO live_class_groups (live_class_id, group_id) VALUES ('lc-att-demo', $1)`, [DEMO_BATCHES.group]);
    expect(await seedDemoAttendance(t.app.deps.db)).toBe(true);
    expect(await seedDemoAttendance(t.app.deps.db)).toBe(false);
    const data = await summary('lc-att-demo');
    expect(data.invited).toBeGreaterThan(20);
    expect(data.joined / data.invited).toBeGreaterThan(0.7);
    expect(data.present).toBeGreaterThan(data.invited / 2);
    expect(data.present).toBeLessThan(data.joined);
    expect(data.unmatched).toBeGreaterThanOrEqual(3);
    expect(Math.max(...(data.timeline as { inClass: number }[]).map((m) => m.inClass))).toBeGreaterThan(10);
    const page = (await rows('page=0&size=1000', 'lc-att-demo')).page as {
      matchedBy: string | null;
      sessions: unknown[];
      present: boolean;
      minutes: number;
    }[];
    const ways = new Set(page.map((r) => r.matchedBy));
    expect(ways).toContain('EMAIL');
    expect(ways).toContain('MOBILE');
    expect(page.some((r) => r.sessions.length > 1)).toBe(true);
    expect(page.some((r) => !r.present && r.minutes > 0)).toBe(true);
    const strangers = (await admin('GET', '/batch/live/attendance/unmatched/lc-att-demo')).body.data as {
      email: string;
    }[];
    expect(strangers.filter((u) => u.email.endsWith('@gmail.com'))).toHaveLength(1);
  });
});
