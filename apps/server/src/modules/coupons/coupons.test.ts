import { DEMO_STAFF, ROLES, allRoutes, indianDate, type Role } from '@lectern/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { createCatalogue, createStoreListing, createStudent } from '../../test/factories';
import { waitFor } from '../../test/media';
import { createTestApp, type TestContext } from '../../test/test-app';
import { StudentsRepository } from '../students/students.repository';
import { CouponsRepository } from './coupons.repository';
import { CouponsService } from './coupons.service';

// The suite's own rows (made in beforeAll): three store listings and three students' mobile numbers.
/** 'JEE Main 2027 Complete Course': 12 months at Rs. 24,999 and 'Till JEE Main 2027' at Rs. 19,999 */
let JEE = '';
/** two plans, neither chosen by the listing */
let NEET = '';
/** 'Class 10 Board Maths': one plan, 'Till board exam 2027' at Rs. 4,999 */
let CLASS_10 = '';
/** Ananya Sharma, then two other students */
let ANANYA = '';
let SECOND = '';
let THIRD = '';
const ALLOWED: readonly Role[] = ['SUPER_ADMIN', 'FINANCE'];
const financeName = () => {
  const f = DEMO_STAFF.find((u) => u.role === 'FINANCE')!;
  return `${f.firstName} ${f.lastName}`;
};

const DAY = 86_400_000;
const day = (offset: number) => indianDate(new Date(Date.now() + offset * DAY));

/** A coupon form with sensible defaults: 20% off the JEE listing for any student, this month. */
const form = (overrides: Record<string, unknown> = {}) => ({
  couponName: `T${Math.random().toString(36).slice(2, 10).toUpperCase()}`,
  description: 'Test coupon',
  percentage: true,
  amount: 20,
  applicableFrom: day(-1),
  applicableUpto: day(30),
  storeListingInfoList: [{ storeListingId: JEE }],
  ...overrides,
});

describe('coupons API', () => {
  let t: TestContext;
  let service: CouponsService;
  let students: StudentsRepository;
  const tokens = new Map<Role, string>();
  beforeAll(async () => {
    t = await createTestApp();
    for (const role of ROLES) tokens.set(role, await t.sessionFor(role));
    const jee = await createCatalogue(t, {
      name: 'JEE Main 2027 Complete Course',
      plans: [
        { label: '12 months', months: 12, price: 2_499_900 },
        { label: 'Till JEE Main 2027', months: 14, price: 1_999_900 },
      ],
    });
    JEE = (await createStoreListing(t, jee)).id;
    const neet = await createCatalogue(t, {
      name: 'NEET UG 2027 Complete Course',
      plans: [
        { label: '12 months', months: 12, price: 2_299_900 },
        { label: '24 months', months: 24, price: 3_499_900 },
      ],
    });
    NEET = (await createStoreListing(t, neet)).id;
    const maths = await createCatalogue(t, {
      name: 'Class 10 Board Maths',
      plans: [{ label: 'Till board exam 2027', months: 10, price: 499_900 }],
    });
    CLASS_10 = (await createStoreListing(t, maths)).id;
    ANANYA = (await createStudent(t, { name: 'Ananya Sharma' })).mobileNumber;
    SECOND = (await createStudent(t)).mobileNumber;
    THIRD = (await createStudent(t)).mobileNumber;
    service = new CouponsService(t.database.db, new CouponsRepository(t.database.db));
    students = new StudentsRepository(t.database.db);
  });
  afterAll(async () => t?.close());

  const as = (role: Role, method: string, path: string, body?: unknown) =>
    t.call(method, `/api${path}`, { token: tokens.get(role), role, body });
  const finance = (method: string, path: string, body?: unknown) => as('FINANCE', method, path, body);
  const create = async (overrides: Record<string, unknown> = {}) => {
    const res = await finance('POST', '/publisher/coupon', form(overrides));
    expect(res.status, res.body.message).toBe(200);
    return res.body.data as { couponId: string; couponName: string; version: number };
  };
  const couponCount = async () =>
    (await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM coupons'))[0]!.n;
  const studentId = async (mobile: string) =>
    (await t.database.query<{ id: string }>('SELECT id FROM students WHERE mobile_number = $1', [mobile]))[0]!.id;
  const firstPlan = async (listing: string) =>
    (
      await t.database.query<{ id: string; price: string }>(
        `SELECT s.id, s.price FROM subscriptions s JOIN store_listings l ON l.catalogue_id = s.catalogue_id
          WHERE l.id = $1 ORDER BY s.position LIMIT 1`,
        [listing],
      )
    )[0]!;
  /**
   * Holds a transaction that has locked a coupon until `others` transactions wait on its lock, directly
   * or queued behind each other (on PostgreSQL, as pg_blocking_pids sees them): the race overlaps for
   * certain, with no fixed wait. PGlite runs one transaction at a time: there the others queue anyway.
   */
  const holdUntilWaitedOn = async (tx: Db, others: number) => {
    if (t.database.driver !== 'postgres') return;
    const [me] = ((await tx.execute(sql`SELECT pg_backend_pid() AS pid`)) as unknown as { rows: { pid: number }[] })
      .rows;
    await waitFor(
      `${others} transactions to wait on the coupon's lock`,
      async () =>
        (
          await t.database.query<{ n: number }>(
            // a row lock's waiters queue: the first waits on this transaction, the next on the first
            `WITH RECURSIVE waiting(pid) AS (
               SELECT pid FROM pg_stat_activity WHERE $1::int = ANY(pg_blocking_pids(pid))
               UNION SELECT a.pid FROM pg_stat_activity a JOIN waiting w ON w.pid = ANY(pg_blocking_pids(a.pid))
             ) SELECT count(*)::int AS n FROM waiting`,
            [me!.pid],
          )
        )[0]!.n >= others,
      10_000,
      10,
    );
  };
  /**
   * Reserves a use for a new order of the student, in one transaction, as the order flow will; with
   * `rivals`, a reservation made holds its transaction until that many others wait on it.
   */
  const reserveFor = async (couponName: string, mobile: string, orderId: string, rivals = 0) => {
    const sid = await studentId(mobile);
    const plan = await firstPlan(JEE);
    return t.database.db.transaction(async (tx) => {
      await students.insertOrder(tx, { id: orderId, studentId: sid, items: [], total: Number(plan.price) });
      const reservation = await service.reserve(tx, {
        couponName,
        studentId: sid,
        orderId,
        storeListingId: JEE,
        subscriptionId: plan.id,
      });
      if (rivals) await holdUntilWaitedOn(tx, rivals);
      return reservation;
    });
  };

  it('answers every coupon path for SUPER_ADMIN and FINANCE, and refuses every other role', async () => {
    const { couponId } = await create();
    const routes = allRoutes().filter((r) => r.key.startsWith('coupons.'));
    expect(routes.map((r) => r.key).sort()).toEqual(
      ['create', 'expire', 'history', 'list', 'one', 'test', 'update'].map((k) => `coupons.${k}`),
    );
    for (const role of ROLES) {
      for (const { def } of routes) {
        const path = def.path.replace('{id}', couponId);
        const query = def.path.includes('/test/') ? `?storeListingId=${JEE}&mobileNumber=${ANANYA}` : '';
        // expire last, so the other calls see a live coupon; bodies only where the route takes one
        if (def.path.includes('/expire/')) continue;
        const body =
          def.method === 'POST' ? form() : def.method === 'PUT' ? { couponId, version: 999, ...form() } : undefined;
        const res = await as(role, def.method, `${path}${query}`, body);
        if (ALLOWED.includes(role)) {
          expect(res.status, `${role} ${def.method} ${def.path}: ${res.body.message}`).toBeLessThan(500);
          expect(res.status, `${role} ${def.method} ${def.path}`).not.toBe(403);
        } else {
          expect(res.status, `${role} ${def.method} ${def.path}`).toBe(403);
        }
      }
      const expire = await as(role, 'PUT', `/publisher/coupon/expire/${couponId}`);
      expect(expire.status, role).toBe(ALLOWED.includes(role) ? (role === 'SUPER_ADMIN' ? 200 : 409) : 403);
    }
  });

  it('adds a 20% coupon for one listing and two students; lists, reads and tests it', async () => {
    const before = await couponCount();
    const res = await finance(
      'POST',
      '/publisher/coupon',
      form({
        couponName: 'Holi20-Test',
        featured: true,
        applicableForAnyStudent: false,
        studentCouponMobileList: [ANANYA, SECOND],
      }),
    );
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.message).toBe("Coupon 'Holi20-Test' was created.");
    expect(res.body.data).toMatchObject({
      couponName: 'Holi20-Test',
      percentage: true,
      amount: 20,
      expired: false,
      featured: true,
      applicableForEntireCourse: false,
      unlimited: false,
      applicableForAnyStudent: false,
      studentMobile: null,
      createdBy: financeName(),
      usageLimit: false,
      limit: null,
      storeListingInfoList: [{ storeListingId: JEE, storeListingName: 'JEE Main 2027 Complete Course' }],
      studentCouponMobileList: [ANANYA, SECOND].sort(),
      subjectInfoList: [],
      status: 'ACTIVE',
      tags: ['ACTIVE', 'FEATURED'],
      used: 0,
      remaining: null,
      version: 0,
    });
    expect(await couponCount()).toBe(before + 1);
    const id = res.body.data.couponId as string;
    expect((await finance('GET', `/publisher/coupon/couponid/${id}`)).body.data.couponName).toBe('Holi20-Test');
    const listed = await finance('GET', '/publisher/coupon/user?status=FEATURED&search=holi20');
    expect(listed.body.data.map((c: { couponId: string }) => c.couponId)).toContain(id);

    // a third student: refused, with the reason
    const third = await finance('GET', `/publisher/coupon/test/${id}?storeListingId=${JEE}&mobileNumber=${THIRD}`);
    expect(third.status, third.body.message).toBe(200);
    expect(third.body.data).toMatchObject({
      applies: false,
      reasons: [
        {
          reason: 'NOT_FOR_STUDENT',
          message: `'Holi20-Test' is only for certain students, and ${THIRD} is not one of them.`,
        },
      ],
    });
    // one of the two: the price before and after each plan
    const named = await finance('GET', `/publisher/coupon/test/${id}?storeListingId=${JEE}&mobileNumber=${SECOND}`);
    expect(named.body.data).toMatchObject({
      applies: true,
      reasons: [],
      storeListingName: 'JEE Main 2027 Complete Course',
      student: { mobileNumber: SECOND },
      prices: [
        { subscriptionLabel: '12 months', priceBefore: 2_499_900, discount: 499_980, priceAfter: 1_999_920 },
        { subscriptionLabel: 'Till JEE Main 2027', priceBefore: 1_999_900, discount: 399_980, priceAfter: 1_599_920 },
      ],
    });
    // another listing
    const neet = await finance('GET', `/publisher/coupon/test/${id}?storeListingId=${NEET}&mobileNumber=${SECOND}`);
    expect(neet.body.data.reasons.map((r: { reason: string }) => r.reason)).toEqual(['NOT_FOR_LISTING']);
    // an unknown number or listing
    const nobody = await finance('GET', `/publisher/coupon/test/${id}?storeListingId=${JEE}&mobileNumber=9000012345`);
    expect([nobody.status, nobody.body.message]).toEqual([404, 'No student found for 9000012345.']);
    expect(
      (await finance('GET', `/publisher/coupon/test/${id}?storeListingId=nope&mobileNumber=${SECOND}`)).status,
    ).toBe(404);
  });

  it('refuses bad input with a clear message and writes nothing', async () => {
    const before = await couponCount();
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ amount: 120 }, 400, /A percentage must be from 1 to 100 \(it is 120\)/],
      [
        { percentage: false, amount: 500_000, storeListingInfoList: [{ storeListingId: CLASS_10 }] },
        400,
        /^The flat amount \(Rs\. 5,000\) is more than the cheapest price it applies to: Rs\. 4,999 for 'Till board exam 2027' of 'Class 10 Board Maths'\. Nothing was saved\.$/,
      ],
      [{ applicableFrom: day(10), applicableUpto: day(5) }, 400, /The start date \(.+\) is after the end date \(.+\)/],
      [{ limit: 50 }, 400, /A limit needs 'usage limit' switched on/],
      [
        { applicableForAnyStudent: false, studentCouponMobileList: [ANANYA, '9000012345', '8000000001'] },
        400,
        /^These mobile numbers do not belong to any student: 9000012345, 8000000001\. Nothing was saved\.$/,
      ],
      [{ applicableUpto: day(-3), applicableFrom: day(-10) }, 400, /^The end date \(.+\) is in the past/],
      [{ couponName: 'DIWALI 500' }, 400, /letters, digits and single hyphens/],
      [{ storeListingInfoList: [{ storeListingId: 'store-nowhere' }] }, 400, /store-nowhere/],
    ];
    for (const [overrides, status, message] of cases) {
      const res = await finance('POST', '/publisher/coupon', form(overrides));
      expect(res.status, JSON.stringify(overrides)).toBe(status);
      expect(res.body.message).toMatch(message);
    }
    // a flat amount at the cheapest price is fine; names are unique without regard to case
    const flat = await create({
      percentage: false,
      amount: 499_900,
      storeListingInfoList: [{ storeListingId: CLASS_10 }],
    });
    const again = await finance('POST', '/publisher/coupon', form({ couponName: flat.couponName.toLowerCase() }));
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/^A coupon named '.+' already exists/);
    expect(await couponCount()).toBe(before + 1);
  });

  it('keeps the history of a coupon with uses: who changed which field, from what to what', async () => {
    const coupon = await create({ usageLimit: true, limit: 5 });
    await reserveFor(coupon.couponName, THIRD, `order-history-${coupon.couponId}`);
    const res = await as('SUPER_ADMIN', 'PUT', '/publisher/coupon', {
      couponId: coupon.couponId,
      version: 0,
      ...form({
        couponName: coupon.couponName,
        amount: 25,
        usageLimit: true,
        limit: 10,
        storeListingInfoList: [{ storeListingId: JEE }, { storeListingId: NEET }],
      }),
    });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data).toMatchObject({ amount: 25, limit: 10, used: 1, remaining: 9, version: 1 });
    const stale = await finance('PUT', '/publisher/coupon', {
      couponId: coupon.couponId,
      version: 0,
      ...form({ couponName: coupon.couponName }),
    });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/^Someone else changed this coupon/);
    const history = await finance('GET', `/publisher/coupon/history/${coupon.couponId}`);
    expect(history.status).toBe(200);
    const [updated, created] = history.body.data;
    expect(updated).toMatchObject({
      action: 'UPDATED',
      version: 1,
      changedBy: 'Aarav Mehta',
      usedAtChange: 1,
      changes: [
        { field: 'amount', before: 20, after: 25 },
        { field: 'limit', before: 5, after: 10 },
        { field: 'storeListingInfoList', before: [JEE], after: [JEE, NEET].sort() },
      ],
    });
    expect(created).toMatchObject({ action: 'CREATED', version: 0, changedBy: financeName(), usedAtChange: 0 });
    expect(created.changes).toContainEqual({ field: 'amount', before: null, after: 20 });
    const activity = await t.database.query(
      "SELECT 1 FROM activity_log WHERE entity_id = $1 AND action = 'coupon.update'",
      [coupon.couponId],
    );
    expect(activity).toHaveLength(1);
  });

  it('expires a coupon: no longer usable, not editable back to life, not expired twice', async () => {
    const coupon = await create();
    const res = await finance('PUT', `/publisher/coupon/expire/${coupon.couponId}`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(`Coupon '${coupon.couponName}' was expired: it can no longer be used.`);
    expect(res.body.data).toMatchObject({
      expired: true,
      status: 'EXPIRED',
      tags: ['EXPIRED'],
      expiredBy: financeName(),
    });
    const twice = await finance('PUT', `/publisher/coupon/expire/${coupon.couponId}`);
    expect([twice.status, twice.body.message]).toEqual([409, `Coupon '${coupon.couponName}' is expired already.`]);
    const edit = await finance('PUT', '/publisher/coupon', {
      couponId: coupon.couponId,
      version: 1,
      ...form({ couponName: coupon.couponName, applicableUpto: day(90) }),
    });
    expect(edit.status).toBe(409);
    expect(edit.body.message).toMatch(/is expired and cannot be edited back to life/);
    const tested = await finance(
      'GET',
      `/publisher/coupon/test/${coupon.couponId}?storeListingId=${JEE}&mobileNumber=${ANANYA}`,
    );
    expect(tested.body.data.reasons).toEqual([
      {
        reason: 'EXPIRED',
        message: `'${coupon.couponName}' was expired by ${financeName()} on ${tested.body.data.reasons[0].message.slice(-11, -1)}.`,
      },
    ]);
    const history = await finance('GET', `/publisher/coupon/history/${coupon.couponId}`);
    expect(history.body.data[0]).toMatchObject({
      action: 'EXPIRED',
      changes: [{ field: 'expired', before: false, after: true }],
    });
    const expiredList = await finance('GET', '/publisher/coupon/user?status=EXPIRED');
    expect(expiredList.body.data.map((c: { couponId: string }) => c.couponId)).toContain(coupon.couponId);
    expect((await finance('GET', '/publisher/coupon/couponid/nope')).status).toBe(404);
  });

  it('reserves a use inside the order transaction, confirms it when paid, releases it when the payment fails', async () => {
    const coupon = await create({ usageLimit: true, limit: 1, percentage: false, amount: 50_000 });
    const first = await reserveFor(coupon.couponName.toLowerCase(), ANANYA, `order-r1-${coupon.couponId}`);
    expect(first).toMatchObject({ priceBefore: 2_499_900, amountSaved: 50_000, priceAfter: 2_449_900 });
    // the last use is taken: another student is refused (limit), the same student too (limit, already used)
    await expect(reserveFor(coupon.couponName, SECOND, `order-r2-${coupon.couponId}`)).rejects.toThrow(
      /has been used 1 of 1 time: none left\./,
    );
    const tested = await finance(
      'GET',
      `/publisher/coupon/test/${coupon.couponId}?storeListingId=${JEE}&mobileNumber=${ANANYA}`,
    );
    expect(tested.body.data.reasons.map((r: { reason: string }) => r.reason)).toEqual([
      'LIMIT_REACHED',
      'ALREADY_USED',
    ]);
    // the payment fails: the use is given back, and the next order can take it
    await t.database.db.transaction(async (tx) => {
      expect(await service.release(tx, `order-r1-${coupon.couponId}`, 'PAYMENT_FAILED')).toBe(true);
    });
    const second = await reserveFor(coupon.couponName, SECOND, `order-r3-${coupon.couponId}`);
    await t.database.db.transaction(async (tx) => {
      expect(await service.confirm(tx, `order-r3-${coupon.couponId}`)).toBe(true);
      // a confirmed use is not released by a late failure notice
      expect(await service.release(tx, `order-r3-${coupon.couponId}`, 'ORDER_EXPIRED')).toBe(false);
    });
    const rows = await t.database.query<{ order_id: string; status: string; release_reason: string | null }>(
      'SELECT order_id, status, release_reason FROM coupon_redemptions WHERE coupon_id = $1 ORDER BY reserved_at',
      [coupon.couponId],
    );
    expect(rows).toEqual([
      { order_id: `order-r1-${coupon.couponId}`, status: 'RELEASED', release_reason: 'PAYMENT_FAILED' },
      { order_id: `order-r3-${coupon.couponId}`, status: 'CONFIRMED', release_reason: null },
    ]);
    expect(second.amountSaved).toBe(50_000);
    // a refused reservation rolls back the whole order transaction: no order is left behind
    const orphan = await t.database.query('SELECT 1 FROM orders WHERE id = $1', [`order-r2-${coupon.couponId}`]);
    expect(orphan).toHaveLength(0);
    // a scheduled coupon is not yet valid
    const scheduled = await create({ applicableFrom: day(5), applicableUpto: day(20) });
    const early = await finance(
      'GET',
      `/publisher/coupon/test/${scheduled.couponId}?storeListingId=${JEE}&mobileNumber=${ANANYA}`,
    );
    expect(early.body.data.reasons.map((r: { reason: string }) => r.reason)).toEqual(['NOT_YET_VALID']);
    expect((await finance('GET', `/publisher/coupon/couponid/${scheduled.couponId}`)).body.data.status).toBe(
      'SCHEDULED',
    );
  });

  it('lets exactly one of several orders racing for the last use win', async () => {
    const coupon = await create({ usageLimit: true, limit: 1 });
    const racers = [ANANYA, SECOND, THIRD];
    const results = await Promise.allSettled(
      racers.map((mobile, i) =>
        reserveFor(coupon.couponName, mobile, `order-race-${i}-${coupon.couponId}`, racers.length - 1),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((x) => x.status === 'rejected')) {
      expect(String((r as PromiseRejectedResult).reason)).toMatch(/none left/);
    }
    const live = await t.database.query(
      "SELECT 1 FROM coupon_redemptions WHERE coupon_id = $1 AND status <> 'RELEASED'",
      [coupon.couponId],
    );
    expect(live).toHaveLength(1);
    // the winning order expires unpaid: its use is given back, and a student who lost the race can have it
    const winner = racers[results.findIndex((r) => r.status === 'fulfilled')]!;
    const winnerOrder = `order-race-${racers.indexOf(winner)}-${coupon.couponId}`;
    await t.database.db.transaction(async (tx) => {
      expect(await service.release(tx, winnerOrder, 'ORDER_EXPIRED')).toBe(true);
    });
    const loser = racers.find((m) => m !== winner)!;
    await expect(reserveFor(coupon.couponName, loser, `order-race-late-${coupon.couponId}`)).resolves.toMatchObject({
      couponId: coupon.couponId,
    });
  });

  it("lets one student's two racing orders use a coupon once", async () => {
    const coupon = await create();
    const results = await Promise.allSettled(
      [1, 2].map((n) => reserveFor(coupon.couponName, ANANYA, `order-twice-${n}-${coupon.couponId}`, 1)),
    );
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(String(rejected.reason)).toMatch(new RegExp(`${ANANYA} has already used`));
  });

  it('prices the plans a listing sells: the ones it chose, else every plan of its catalogue', async () => {
    const plans = await t.database.query<{ id: string; label: string; price: string }>(
      `SELECT s.id, s.label, s.price FROM subscriptions s JOIN store_listings l ON l.catalogue_id = s.catalogue_id
        WHERE l.id = $1 ORDER BY s.price`,
      [NEET],
    );
    expect(plans.length).toBeGreaterThan(1);
    const [cheapest, dearer] = [plans[0]!, plans[1]!];
    // a flat amount between the two prices: above the cheapest plan while the listing sells it
    const flat = {
      percentage: false,
      amount: Number(cheapest.price) + 100,
      storeListingInfoList: [{ storeListingId: NEET }],
    };
    expect((await finance('POST', '/publisher/coupon', form(flat))).status).toBe(400);
    await t.database.query('DELETE FROM store_listing_subscriptions WHERE store_listing_id = $1', [NEET]);
    await t.database.query(
      'INSERT INTO store_listing_subscriptions (store_listing_id, subscription_id, position) VALUES ($1, $2, 0)',
      [NEET, dearer.id],
    );
    const coupon = await create(flat);
    const tested = await finance(
      'GET',
      `/publisher/coupon/test/${coupon.couponId}?storeListingId=${NEET}&mobileNumber=${ANANYA}`,
    );
    expect(tested.body.data.prices).toEqual([
      expect.objectContaining({
        subscriptionId: dearer.id,
        priceBefore: Number(dearer.price),
        priceAfter: Number(dearer.price) - flat.amount,
      }),
    ]);
  });

  it('filters the list by status tag, type, listing and student', async () => {
    const flat = await create({
      percentage: false,
      amount: 10_000,
      applicableForEntireCourse: true,
      storeListingInfoList: [],
    });
    const scheduled = await create({ applicableFrom: day(3) });
    const forAnanya = await create({ applicableForAnyStudent: false, studentMobile: ANANYA });
    const ids = async (query: string) =>
      ((await finance('GET', `/publisher/coupon/user?${query}`)).body.data as { couponId: string }[]).map(
        (c) => c.couponId,
      );
    expect(await ids('type=FLAT')).toContain(flat.couponId);
    expect(await ids('type=PERCENTAGE')).not.toContain(flat.couponId);
    expect(await ids('status=SCHEDULED')).toContain(scheduled.couponId);
    expect(await ids('status=ACTIVE')).not.toContain(scheduled.couponId);
    expect(await ids(`storeListingId=${NEET}`)).toContain(flat.couponId);
    expect(await ids(`storeListingId=${NEET}`)).not.toContain(scheduled.couponId);
    expect(await ids(`studentMobile=${ANANYA}`)).toContain(forAnanya.couponId);
    expect(await ids(`studentMobile=${SECOND}`)).not.toContain(forAnanya.couponId);
    expect(await ids(`search=${forAnanya.couponName.toLowerCase()}`)).toEqual([forAnanya.couponId]);
    const one = await finance('GET', `/publisher/coupon/couponid/${forAnanya.couponId}`);
    expect(one.body.data).toMatchObject({ studentMobile: ANANYA, students: [{ name: 'Ananya Sharma' }] });
  });

  it('gives the store manager the coupons that can still be used', async () => {
    const repo = new CouponsRepository(t.database.db);
    const live = await create({ featured: true });
    const expired = await create();
    await finance('PUT', `/publisher/coupon/expire/${expired.couponId}`);
    const usable = await repo.usableCoupons(indianDate());
    const names = usable.map((c) => c.couponName);
    expect(names).toContain(live.couponName);
    expect(names).not.toContain(expired.couponName);
    expect(usable[0]?.featured).toBe(true);
  });
});
