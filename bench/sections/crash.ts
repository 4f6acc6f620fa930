import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_STAFF, indianDate, type OrderOffers } from '@lectern/contract';
import { openDatabase, type Database } from '../../apps/server/src/db/client';
import { startConsole, stopConsole } from '../../e2e/start-console';
import { signIn, type Session } from '../lib/client';
import { createScratchDatabase, type ScratchDatabase } from '../lib/console';
import type { BenchRow } from '../report';

/**
 * The crash run (issue 33, "Done means"): kill -9 at random moments during 200 paid orders; after
 * the restarts every PAID order has exactly one invoice, one payment, one confirmed coupon use (if it
 * used one), its subscription and its package, and every other order none of them.
 *
 * The built console runs as a child process (demo mode, DEMO_MEDIA=false, TRANSCODER=off) on a
 * throw-away data directory (PGlite) or database (PostgreSQL). Signed in as the demo FINANCE user, the
 * run takes a store listing of the demo seed that sells a plan and a printed-material add-on (from
 * GET /api/payments/order/offers), makes a coupon with a usage limit for it, and places orders several
 * at a time, each for a new student, then records its offline payment (UPI). Meanwhile the server is
 * killed with SIGKILL at random moments and started again on the same data. A call that got no answer
 * is retried as a careful client would: a create is never sent again blindly (it may have committed:
 * the student is looked up by mobile number and their order paid if there is one), a payment is sent
 * again with the same reference (the server answers 'recorded already' for a repeat). Some orders are
 * left unpaid on purpose, so that the 'none of them' half is checked too. After the last restart the
 * server is stopped and the invariants are checked in the database itself.
 */

export type CrashDriver = 'pglite' | 'postgres';
const NAME = { pglite: 'PGlite', postgres: 'PostgreSQL' } as const;

const num = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};
/** orders paid */
const PAID_ORDERS = num('CRASH_ORDERS', 200);
/** orders placed and left unpaid on purpose (PENDING: they must have none of a paid order's rows) */
const UNPAID_ORDERS = num('CRASH_UNPAID', 20);
const IN_FLIGHT = num('CRASH_IN_FLIGHT', 8);
/** kills: random between these (inclusive) */
const KILLS_MIN = num('CRASH_KILLS_MIN', 5);
const KILLS_MAX = Math.max(KILLS_MIN, num('CRASH_KILLS_MAX', 8));
/** ms from a restart (or the start of the orders) to the next kill: random between these */
const GAP_MIN_MS = num('CRASH_GAP_MIN_MS', 100);
const GAP_MAX_MS = Math.max(GAP_MIN_MS, num('CRASH_GAP_MAX_MS', 1500));
/** the coupon's usage limit; every third order asks for it, so the last uses are raced for and refused */
const COUPON_LIMIT = num('CRASH_COUPON_LIMIT', 50);
/** a call with no answer in this long counts as lost (as a kill loses it) */
const CALL_TIMEOUT_MS = 30_000;

const random = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What the run did, and what the check found. */
export interface CrashFigures {
  driver: CrashDriver;
  orders: number;
  paid: number;
  unpaid: number;
  kills: number;
  /** calls sent again after a kill lost their answer (creates looked up first, payments repeated) */
  retries: number;
  /** creates whose answer was lost and whose order was found committed by the student's mobile */
  foundCommitted: number;
  /** creates sent again with their request id and answered 'placed already' */
  createsRepeated: number;
  /** payments answered 'recorded already' (the first one had committed before the kill) */
  repeatsRecorded: number;
  /** orders asking for the coupon refused because its uses ran out (placed again without it) */
  couponRefused: number;
  couponUses: number;
  couponLimit: number;
  invoices: number;
  restartSeconds: number[];
  /** orders done when each kill came */
  killedAt: number[];
  seconds: number;
  violations: string[];
}

interface Server {
  baseUrl: string;
  /** resolves when the server answers /api/health (at once while it is up) */
  up(): Promise<void>;
  kill(): Promise<void>;
  restart(): Promise<void>;
  stop(): Promise<void>;
  output(): string;
}

/** The built console on `dataDir` (and `databaseUrl`), started again on the same port after a kill. */
async function startServer(dataDir: string, databaseUrl: string | undefined): Promise<Server> {
  const env: Record<string, string> = {
    DATABASE_URL: databaseUrl ?? '',
    DEMO_MEDIA: 'false',
    TRANSCODER: 'off',
    LOG_LEVEL: 'warn',
  };
  let started = await startConsole(dataDir, { env, timeoutMs: 180_000 });
  const port = new URL(started.baseUrl).port;
  let log = '';
  // callers that lost an answer wait on `ready`: pending from the kill until the restart answers /api/health
  let ready: Promise<void> = Promise.resolve();
  let back: () => void = () => undefined;
  let broken: (error: unknown) => void = () => undefined;
  const server: Server = {
    baseUrl: started.baseUrl,
    up: () => ready,
    async kill() {
      ready = new Promise<void>((resolve, reject) => {
        back = resolve;
        broken = reject;
      });
      ready.catch(() => undefined);
      const child = started.child;
      const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      process.kill(child.pid!, 'SIGKILL');
      await gone;
      log += started.output();
    },
    async restart() {
      try {
        started = await startConsole(dataDir, { env: { ...env, PORT: port }, timeoutMs: 180_000 });
        back();
      } catch (error) {
        broken(error);
        throw error;
      }
    },
    async stop() {
      await stopConsole(started.child);
      log += started.output();
    },
    output: () => log + started.output(),
  };
  return server;
}

/** A signed call with a time limit; null when no answer came (the connection was cut or refused). */
async function call<T>(
  s: Session,
  method: string,
  urlPath: string,
  body?: unknown,
): Promise<{ status: number; data: T; message: string } | null> {
  try {
    const res = await fetch(`${s.baseUrl}${urlPath}`, {
      method,
      headers: s.headers(method, urlPath),
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
    const text = await res.text();
    let parsed: { data: T; message?: string } = { data: text as T };
    try {
      parsed = JSON.parse(text) as { data: T; message?: string };
    } catch {
      /* not JSON: a proxy's page, kept as text */
    }
    return { status: res.status, data: parsed.data, message: parsed.message ?? '' };
  } catch {
    return null;
  }
}

interface Offer {
  storeListingId: string;
  subscriptionId: string;
  addOnId: string;
  label: string;
}

/** A listing of the demo seed that sells a plan still on sale and a printed-material (delivered) add-on. */
function pickOffer(offers: OrderOffers): Offer {
  for (const listing of offers.listings) {
    const addOn = listing.addOns.find((a) => a.delivered);
    const plan = listing.plans.find((p) => p.price > 0);
    if (addOn && plan) {
      return {
        storeListingId: listing.storeListingId,
        subscriptionId: plan.subscriptionId,
        addOnId: addOn.addOnId,
        label: `${listing.storeListingName}: ${plan.label} + ${addOn.name}`,
      };
    }
  }
  throw new Error('no store listing of the demo seed sells a plan with a printed-material add-on');
}

interface Placed {
  index: number;
  mobile: string;
  orderId: string | null;
  couponAsked: boolean;
  /** the create carries a request id: a lost answer is followed by the same create again */
  requestId: string | null;
  couponUsed: boolean;
  payOnPurpose: boolean;
  /** the server answered 200 to the payment */
  paidAcknowledged: boolean;
  /** a call answered with an error the run did not expect */
  error: string | null;
}

/** One crash run on one driver: its figures, with every invariant broken in `violations`. */
export async function crashRun(
  driver: CrashDriver,
  options: { databaseUrl?: string; log: (line: string) => void },
): Promise<CrashFigures> {
  const { log } = options;
  const startedAt = Date.now();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `lectern-crash-${driver}-`));
  let scratch: ScratchDatabase | null = null;
  let server: Server | null = null;
  try {
    if (driver === 'postgres') {
      if (!options.databaseUrl) throw new Error('DATABASE_URL is not set');
      scratch = await createScratchDatabase(options.databaseUrl);
    }
    server = await startServer(dataDir, scratch?.url);
    const finance = DEMO_STAFF.find((s) => s.role === 'FINANCE')!;
    const s = await signIn(server.baseUrl, finance.phone, 'FINANCE');
    const offer = pickOffer(await s.ok<OrderOffers>('GET', '/api/payments/order/offers'));
    const today = indianDate();
    const couponName = `CRASH-${crypto.randomBytes(3).toString('hex').toUpperCase()}`;
    await s.ok('POST', '/api/publisher/coupon', {
      couponName,
      description: 'crash run',
      percentage: true,
      amount: 10,
      applicableFrom: today,
      applicableUpto: indianDate(new Date(Date.now() + 30 * 86_400_000)),
      usageLimit: true,
      limit: COUPON_LIMIT,
      storeListingInfoList: [{ storeListingId: offer.storeListingId }],
    });
    log(`crash (${NAME[driver]}): ${offer.label}; coupon ${couponName} (limit ${COUPON_LIMIT})`);

    // mobiles of this run: 8, five random digits, the order's index (four digits)
    const prefix = `8${String(random(0, 99_999)).padStart(5, '0')}`;
    const total = PAID_ORDERS + UNPAID_ORDERS;
    const unpaidEvery = UNPAID_ORDERS > 0 ? Math.floor(total / UNPAID_ORDERS) : Infinity;
    const placed: Placed[] = Array.from({ length: total }, (_, index) => ({
      index,
      mobile: `${prefix}${String(index).padStart(4, '0')}`,
      orderId: null,
      // a third of the orders ask for the coupon, paid or not
      couponAsked: Math.random() < 1 / 3,
      // half the orders carry a request id (a lost create is sent again with it), the others do not
      // (a lost create is looked for by the student's mobile first)
      requestId: index % 2 === 0 ? crypto.randomUUID() : null,
      couponUsed: false,
      payOnPurpose: !(index % unpaidEvery === unpaidEvery - 1 && Math.floor(index / unpaidEvery) < UNPAID_ORDERS),
      paidAcknowledged: false,
      error: null,
    }));
    let retries = 0;
    let foundCommitted = 0;
    let repeatsRecorded = 0;
    let createsRepeated = 0;
    let couponRefused = 0;
    const srv = server;

    /** after a lost answer: wait for the server to be up again, then go on */
    const lost = async () => {
      retries++;
      await sleep(50);
      await srv.up();
    };

    /** the student's order, if the create committed: by mobile number (404: no such student yet) */
    const committedOrder = async (p: Placed): Promise<{ orderId: string; couponCode: string | null } | null> => {
      for (;;) {
        const info = await call<{ studentId: string }>(s, 'GET', `/api/students/student/info?mobileNumber=${p.mobile}`);
        if (!info || info.status >= 500) {
          await lost();
          continue;
        }
        if (info.status === 404) return null;
        if (info.status !== 200) throw new Error(`student lookup ${p.mobile}: ${info.status} ${info.message}`);
        const orders = await call<{ orderId: string; couponCode: string | null }[]>(
          s,
          'GET',
          `/api/payments/student/subscription/studentid/${info.data.studentId}`,
        );
        if (!orders || orders.status >= 500) {
          await lost();
          continue;
        }
        if (orders.status !== 200) throw new Error(`orders of ${p.mobile}: ${orders.status} ${orders.message}`);
        if (orders.data.length > 1) throw new Error(`student ${p.mobile} has ${orders.data.length} orders`);
        return orders.data[0] ?? null;
      }
    };

    const place = async (p: Placed) => {
      let withCoupon = p.couponAsked;
      for (;;) {
        const answer = await call<{ orderId: string }>(s, 'POST', '/api/payments/order/create', {
          mobileNumber: p.mobile,
          studentName: `Crash Student ${p.index}`,
          storeListingId: offer.storeListingId,
          subscriptionId: offer.subscriptionId,
          addOnIds: [offer.addOnId],
          ...(withCoupon ? { couponName } : {}),
          paymentMode: 'OFFLINE',
          ...(p.requestId ? { requestId: p.requestId } : {}),
        });
        if (answer?.status === 200) {
          if (/placed already/.test(answer.message)) createsRepeated++;
          p.orderId = answer.data.orderId;
          p.couponUsed = withCoupon;
          return;
        }
        if (answer && answer.status === 409 && withCoupon) {
          // the coupon's uses ran out: the student buys without it
          couponRefused++;
          withCoupon = false;
          continue;
        }
        if (answer && answer.status < 500) throw new Error(`create ${p.mobile}: ${answer.status} ${answer.message}`);
        // no answer (or a server fault): it may have committed. With a request id the same create is
        // sent again (the server answers the order it placed); without one, look before placing again.
        await lost();
        if (p.requestId) continue;
        const found = await committedOrder(p);
        if (found) {
          foundCommitted++;
          p.orderId = found.orderId;
          p.couponUsed = found.couponCode !== null;
          return;
        }
      }
    };

    const pay = async (p: Placed) => {
      const reference = `CRASH-${prefix}-${p.index}`;
      for (;;) {
        const answer = await call(s, 'POST', `/api/payments/order/${p.orderId}/offline-payment`, {
          mode: 'UPI',
          reference,
          receivedOn: today,
        });
        if (answer?.status === 200) {
          if (/recorded already/.test(answer.message)) repeatsRecorded++;
          p.paidAcknowledged = true;
          return;
        }
        if (answer && answer.status < 500) {
          throw new Error(`payment of ${p.orderId}: ${answer.status} ${answer.message}`);
        }
        await lost();
      }
    };

    let next = 0;
    let finished = 0;
    const worker = async () => {
      while (next < total) {
        const p = placed[next++]!;
        try {
          await place(p);
          if (p.payOnPurpose) await pay(p);
        } catch (error) {
          p.error = (error as Error).message;
        }
        finished++;
      }
    };

    // the killer: 5-8 kills spread over the run: each once a random share of the orders (5-90%) is
    // done, and 100-1500 ms after that point or after the server came back from the last kill
    const killsWanted = random(KILLS_MIN, KILLS_MAX);
    const targets = Array.from({ length: killsWanted }, () =>
      random(Math.floor(total * 0.05), Math.floor(total * 0.9)),
    ).sort((a, b) => a - b);
    let kills = 0;
    const restartSeconds: number[] = [];
    const killedAt: number[] = [];
    const killer = async () => {
      for (const target of targets) {
        while (finished < Math.min(target, total - 1)) await sleep(20);
        await sleep(random(GAP_MIN_MS, GAP_MAX_MS));
        if (finished >= total) break;
        killedAt.push(finished);
        await srv.kill();
        kills++;
        const at = performance.now();
        await srv.restart();
        restartSeconds.push((performance.now() - at) / 1000);
        log(
          `crash (${NAME[driver]}): kill ${kills} of ${killsWanted} at ${finished} of ${total} orders done; back in ${restartSeconds.at(-1)!.toFixed(1)} s`,
        );
      }
    };
    await Promise.all([killer(), ...Array.from({ length: IN_FLIGHT }, worker)]);
    await server.stop();

    const database = await openDatabase(
      scratch ? { databaseUrl: scratch.url, poolSize: 2 } : { pgliteDir: path.join(dataDir, 'db') },
    );
    try {
      const found = await check(database, { prefix, placed, couponName, couponLimit: COUPON_LIMIT });
      const figures: CrashFigures = {
        driver,
        orders: found.orders,
        paid: found.paid,
        unpaid: found.orders - found.paid,
        kills,
        retries,
        foundCommitted,
        createsRepeated,
        repeatsRecorded,
        couponRefused,
        couponUses: found.couponUses,
        couponLimit: COUPON_LIMIT,
        invoices: found.invoices,
        restartSeconds,
        killedAt,
        seconds: (Date.now() - startedAt) / 1000,
        violations: [
          ...placed.filter((p) => p.error).map((p) => `order ${p.index} (${p.mobile}): ${p.error}`),
          ...found.violations,
        ],
      };
      return figures;
    } finally {
      await database.close();
    }
  } catch (error) {
    const tail = server?.output().split('\n').slice(-30).join('\n') ?? '';
    throw new Error(`${(error as Error).message}${tail ? `\nserver output (last lines):\n${tail}` : ''}`, {
      cause: error,
    });
  } finally {
    await server?.stop().catch(() => undefined);
    await scratch?.drop().catch(() => undefined);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

interface OrderFacts {
  id: string;
  mobile: string;
  status: string;
  coupon_code: string | null;
  total: string;
  invoices: number;
  invoice_total: string | null;
  payments: number;
  confirmed: number;
  reserved: number;
  redemptions: number;
  subscriptions: number;
  packages: number;
  delivered_add_ons: number;
}

/** The invariants, read in the database after the server stopped. */
async function check(
  database: Database,
  run: { prefix: string; placed: Placed[]; couponName: string; couponLimit: number },
): Promise<{ orders: number; paid: number; invoices: number; couponUses: number; violations: string[] }> {
  const violations: string[] = [];
  const orders = await database.query<OrderFacts>(
    `SELECT o.id, s.mobile_number AS mobile, o.payment_status AS status, o.coupon_code, o.total::text AS total,
       (SELECT count(*)::int FROM invoices i WHERE i.order_id = o.id) AS invoices,
       (SELECT max(i.total)::text FROM invoices i WHERE i.order_id = o.id) AS invoice_total,
       (SELECT count(*)::int FROM payments p WHERE p.order_id = o.id) AS payments,
       (SELECT count(*)::int FROM coupon_redemptions r WHERE r.order_id = o.id AND r.status = 'CONFIRMED') AS confirmed,
       (SELECT count(*)::int FROM coupon_redemptions r WHERE r.order_id = o.id AND r.status = 'RESERVED') AS reserved,
       (SELECT count(*)::int FROM coupon_redemptions r WHERE r.order_id = o.id) AS redemptions,
       (SELECT count(*)::int FROM student_subscriptions ss WHERE ss.source_order_id = o.id) AS subscriptions,
       (SELECT count(*)::int FROM delivery_packages d WHERE d.order_id = o.id) AS packages,
       (SELECT count(*)::int FROM jsonb_array_elements(o.items) item
          JOIN add_ons a ON a.id = item->>'addOnId' WHERE a.automation_type = 'DELIVERY') AS delivered_add_ons
     FROM orders o JOIN students s ON s.id = o.student_id
     WHERE s.mobile_number LIKE $1 || '%'
     ORDER BY s.mobile_number, o.created_at`,
    [run.prefix],
  );
  // receipt jobs, waiting or done (pg-boss keeps finished jobs in `job` until it archives them)
  const receiptRows = await database.query<{ order_id: string; n: number }>(
    `SELECT order_id, count(*)::int AS n FROM (
       SELECT data->>'orderId' AS order_id FROM pgboss.job WHERE name = 'order-receipt'
       UNION ALL SELECT data->>'orderId' FROM pgboss.archive WHERE name = 'order-receipt') j
     GROUP BY order_id`,
  );
  const receipts = new Map(receiptRows.map((r) => [r.order_id, r.n]));
  const say = (o: OrderFacts, what: string) =>
    violations.push(
      `${o.status} order ${o.id} (${o.mobile}): ${what} [invoices ${o.invoices}, payments ${o.payments}, coupon ${o.coupon_code ?? '-'} ` +
        `confirmed ${o.confirmed} reserved ${o.reserved}, subscriptions ${o.subscriptions}, packages ${o.packages}, receipts ${receipts.get(o.id) ?? 0}]`,
    );
  for (const o of orders) {
    const receiptJobs = receipts.get(o.id) ?? 0;
    if (o.coupon_code ? o.redemptions !== 1 : o.redemptions !== 0) say(o, 'coupon use does not match the order');
    if (o.status === 'PAID') {
      if (o.invoices !== 1) say(o, `${o.invoices} invoices`);
      else if (o.invoice_total !== o.total) say(o, `invoice total ${o.invoice_total} against order total ${o.total}`);
      if (o.payments !== 1) say(o, `${o.payments} payments`);
      if (o.confirmed !== (o.coupon_code ? 1 : 0) || o.reserved !== 0) say(o, 'coupon use not confirmed exactly once');
      if (o.subscriptions !== 1) say(o, `${o.subscriptions} subscriptions`);
      if (o.packages !== o.delivered_add_ons || o.packages !== 1) say(o, `${o.packages} packages`);
      if (receiptJobs !== 1) say(o, `${receiptJobs} receipt jobs`);
    } else if (['PENDING', 'FAILED', 'EXPIRED'].includes(o.status)) {
      if (o.invoices + o.payments + o.confirmed + o.subscriptions + o.packages + receiptJobs > 0) {
        say(o, 'an unpaid order has rows of a paid one');
      }
    } else {
      say(o, 'unexpected status');
    }
  }
  // what the client was told, against the database
  const byMobile = new Map<string, OrderFacts[]>();
  for (const o of orders) byMobile.set(o.mobile, [...(byMobile.get(o.mobile) ?? []), o]);
  for (const p of run.placed) {
    const mine = byMobile.get(p.mobile) ?? [];
    if (p.error) continue;
    if (mine.length !== 1) {
      violations.push(
        `student ${p.mobile} has ${mine.length} orders (${mine.map((o) => o.id).join(', ')}), one was placed`,
      );
      continue;
    }
    const o = mine[0]!;
    if (o.id !== p.orderId)
      violations.push(`student ${p.mobile}: order ${o.id} in the database, ${p.orderId} answered`);
    if (p.paidAcknowledged && o.status !== 'PAID')
      violations.push(`order ${o.id}: payment acknowledged, ${o.status} in the database`);
    if (!p.payOnPurpose && o.status !== 'PENDING')
      violations.push(`order ${o.id}: never paid, ${o.status} in the database`);
    if (p.couponUsed !== (o.coupon_code !== null))
      violations.push(
        `order ${o.id}: coupon ${o.coupon_code ?? 'none'}, the client placed it ${p.couponUsed ? 'with' : 'without'}`,
      );
  }
  // invoice serials: each financial year 1..n with no gap and no repeat, and its sequence at n
  const series = await database.query<{
    fy: string;
    n: number;
    distinct_n: number;
    lo: number;
    hi: number;
    last: number | null;
  }>(
    `SELECT i.financial_year AS fy, count(*)::int AS n, count(DISTINCT i.sequence)::int AS distinct_n,
       min(i.sequence) AS lo, max(i.sequence) AS hi, max(q.last) AS last
     FROM invoices i LEFT JOIN invoice_sequences q ON q.financial_year = i.financial_year
     GROUP BY i.financial_year ORDER BY 1`,
  );
  for (const y of series) {
    if (y.n !== y.distinct_n || y.lo !== 1 || y.hi !== y.n || (y.last !== null && y.last !== y.hi)) {
      violations.push(
        `invoice series ${y.fy}: ${y.n} invoices, ${y.distinct_n} distinct serials ${y.lo}..${y.hi}, sequence at ${y.last}`,
      );
    }
  }
  const [coupon] = await database.query<{ uses: number; use_limit: number }>(
    `SELECT (SELECT count(*)::int FROM coupon_redemptions r WHERE r.coupon_id = c.id AND r.status IN ('CONFIRMED', 'RESERVED')) AS uses,
       c.use_limit FROM coupons c WHERE upper(c.name) = upper($1)`,
    [run.couponName],
  );
  if (!coupon) violations.push(`coupon ${run.couponName} is not in the database`);
  else if (coupon.uses > coupon.use_limit)
    violations.push(`coupon ${run.couponName}: ${coupon.uses} uses, limit ${coupon.use_limit}`);
  const paidIds = orders.filter((o) => o.status === 'PAID').map((o) => o.id);
  return {
    orders: orders.length,
    paid: paidIds.length,
    invoices: orders.reduce((sum, o) => sum + o.invoices, 0),
    couponUses: coupon?.uses ?? 0,
    violations,
  };
}

/** The section's rows: counts reported, violations with a budget of none. */
export function crashRows(f: CrashFigures): BenchRow[] {
  const section = `crash (${NAME[f.driver]})`;
  const restarts = f.restartSeconds.length
    ? `at ${f.killedAt.join(', ')} orders done; restarts took ${Math.min(...f.restartSeconds).toFixed(1)}-${Math.max(...f.restartSeconds).toFixed(1)} s`
    : 'no restart';
  return [
    {
      section,
      figure: 'orders placed',
      ours: f.orders,
      baseline: null,
      unit: '',
      budget: null,
      note: `${f.paid} paid, ${f.unpaid} left unpaid on purpose; ${f.invoices} invoices; run ${f.seconds.toFixed(0)} s`,
    },
    {
      section,
      figure: 'kills (SIGKILL) and restarts',
      ours: f.kills,
      baseline: null,
      unit: '',
      budget: { min: 1, text: 'at least one' },
      note: restarts,
    },
    {
      section,
      figure: 'calls retried after a lost answer',
      ours: f.retries,
      baseline: null,
      unit: '',
      budget: null,
      note: `${f.foundCommitted} creates found committed by the student's mobile, ${f.createsRepeated} sent again with their request id and answered 'placed already'; ${f.repeatsRecorded} payments answered 'recorded already'`,
    },
    {
      section,
      figure: 'coupon uses (confirmed + reserved)',
      ours: f.couponUses,
      baseline: null,
      unit: '',
      budget: { max: f.couponLimit, text: `≤ limit ${f.couponLimit}` },
      note: `${f.couponRefused} orders refused the coupon (uses ran out) and placed without it`,
    },
    {
      section,
      figure: 'invariant violations',
      ours: f.violations.length,
      baseline: null,
      unit: '',
      budget: { max: 0, text: 'none' },
      note: f.violations.length ? f.violations.slice(0, 20).join(' / ') : undefined,
    },
  ];
}

/** The counts of each driver's run as a small table for the log. */
export function crashTable(runs: CrashFigures[]): string {
  const header = [
    'driver',
    'orders',
    'paid',
    'unpaid',
    'kills',
    'retries',
    'found',
    'placed again',
    'paid again',
    'coupon',
    'violations',
  ];
  const body = runs.map((f) => [
    NAME[f.driver],
    String(f.orders),
    String(f.paid),
    String(f.unpaid),
    String(f.kills),
    String(f.retries),
    String(f.foundCommitted),
    String(f.createsRepeated),
    String(f.repeatsRecorded),
    `${f.couponUses}/${f.couponLimit}`,
    String(f.violations.length),
  ]);
  const widths = header.map((h, c) => Math.max(h.length, ...body.map((l) => l[c]!.length)));
  const line = (cells: string[]) => `| ${cells.map((t, c) => t.padEnd(widths[c]!)).join(' | ')} |`;
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...body.map(line)].join('\n');
}
