import crypto from 'node:crypto';
import { DEMO_STAFF, indianDate, paise, type OfflinePaymentMode } from '@lectern/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { InvoicingConfig, PaymentsConfig } from '../config';
import type { Db } from '../db/client';
import { addOns, catalogues, settings, storeListings, students, subscriptions, users } from '../db/schema';
import { sellsPlan } from '../db/sells-plan';
import type { Actor } from '../lib/routing';
import type { Mailer } from '../mail/mailer';
import type { OrderQueue } from '../modules/payments/order-jobs';
import { OrdersService } from '../modules/payments/orders.service';
import { PaymentsRepository } from '../modules/payments/payments.repository';
import { GatewayError, type GatewayEvent, type PaymentGateway } from '../payments/gateway';
import { DEMO_STUDENT_COUNT, demoGranted, demoPlanCount, demoStudentId } from './demo-students';

const SEEDED = 'demo_seed_orders';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A plan a listing sells, with its catalogue's printed material (a DELIVERY add-on), if any. */
interface Offer {
  storeListingId: string;
  subscriptionId: string;
  catalogueId: string;
  type: string;
  endDate: string | null;
  months: number | null;
  price: number;
  printed: { id: string; price: number } | null;
}

/** One step of the demo history, done through the orders service at its time. */
type Action = { at: Date } & (
  | { kind: 'create'; orderId: string; body: Parameters<OrdersService['create']>[1] }
  | { kind: 'pay'; orderId: string; mode: OfflinePaymentMode; reference: string }
  | {
      kind: 'refund';
      orderId: string;
      amount: number | 'rest';
      reason: string;
      mode: OfflinePaymentMode;
      reference: string;
    }
  | { kind: 'expire'; orderId: string }
  | { kind: 'fail'; orderId: string; body: Parameters<OrdersService['create']>[1]; reason: string }
);
type Step = Action & { seq: number };

/** Offline modes as a coaching centre's desk takes them: UPI most, then cash, bank transfers, cheques. */
const MODES: readonly OfflinePaymentMode[] = ['UPI', 'UPI', 'CASH', 'UPI', 'BANK_TRANSFER', 'UPI', 'CHEQUE', 'CASH'];
const BANKS = ['HDFC', 'SBIN', 'ICIC', 'UTIB', 'KKBK', 'PUNB'] as const;
const BANK_NAMES: Record<(typeof BANKS)[number], string> = {
  HDFC: 'HDFC Bank',
  SBIN: 'State Bank of India',
  ICIC: 'ICICI Bank',
  UTIB: 'Axis Bank',
  KKBK: 'Kotak Mahindra Bank',
  PUNB: 'Punjab National Bank',
};
/** Razorpay's words for a failed checkout, as its payment.failed webhooks give them. */
const FAILURES = [
  'Payment failed because the bank declined it.',
  'Your payment could not be completed as this UPI transaction was declined by the bank.',
  'Payment was cancelled by the user on the checkout.',
  'Payment failed as the card was not enabled for online transactions.',
] as const;

/** Digits from a hash of `seed`: the same demo history gives the same references. */
function digits(seed: string, count: number): string {
  let out = '';
  for (let round = 0; out.length < count; round++) {
    out += BigInt(`0x${crypto.createHash('sha1').update(`${seed}/${round}`).digest('hex')}`).toString();
  }
  return out.slice(0, count);
}

/** A receipt's reference in its mode's own format: a 12-digit UPI UTR, a NEFT UTR, a cheque number, a cash receipt. */
function referenceOf(mode: OfflinePaymentMode, seed: string, at: Date, serial: number): string {
  const bank = BANKS[Number(digits(`${seed}/bank`, 2)) % BANKS.length]!;
  switch (mode) {
    case 'UPI':
      return digits(seed, 12).replace(/^0/, '4');
    case 'BANK_TRANSFER': {
      // NEFT: the sending bank's code, N, the year's last digit, the day of the year, a serial
      const start = Date.UTC(at.getUTCFullYear(), 0, 0);
      const dayOfYear = String(Math.floor((at.getTime() - start) / DAY)).padStart(3, '0');
      return `${bank}N${String(at.getUTCFullYear()).slice(-1)}${dayOfYear}${digits(seed, 7)}`;
    }
    case 'CHEQUE':
      return `${digits(seed, 6)} (${BANK_NAMES[bank]})`;
    case 'CASH':
      return `Receipt No. ${String(1_000 + serial).padStart(5, '0')}`;
  }
}

/**
 * A time the desk is open (09:30 to 19:30 India) on the India day `daysAgo` (at least one) before
 * `now`: whatever the hour of seeding, the history's order is the same.
 */
function deskTime(now: Date, daysAgo: number, minuteOfDay: number): Date {
  const day = indianDate(new Date(now.getTime() - Math.max(1, daysAgo) * DAY));
  return new Date(Date.parse(`${day}T04:00:00.000Z`) + (minuteOfDay % 600) * MINUTE);
}

/**
 * A gateway for the demo's few online checkouts that failed: it opens the order and hands back the
 * payment.failed event it is given, as Razorpay's signed webhook would. It never captures or refunds.
 */
function failingCheckouts(): PaymentGateway {
  return {
    name: 'razorpay',
    createOrder: async ({ amount, receipt }) => ({
      gatewayOrderId: `order_${crypto.createHash('sha1').update(receipt).digest('base64url').slice(0, 14)}`,
      amount,
      currency: 'INR',
      keyId: 'rzp_live_demo',
    }),
    readWebhook: (rawBody) => JSON.parse(rawBody.toString('utf8')) as GatewayEvent,
    refund: async () => {
      throw new GatewayError('the demo seed refunds nothing at the gateway');
    },
  };
}

/** Seeded history queues no jobs: no expiry, receipt or refund is due for it. */
const NO_JOBS: OrderQueue = {
  ready: async () => undefined,
  expire: async () => undefined,
  receipt: async () => undefined,
  gatewayRefund: async () => undefined,
};

/** Receipts of seeded history are never sent. */
const NO_MAIL: Mailer = {
  kind: 'none',
  send: async () => {
    throw new Error('the demo seed sends no receipts');
  },
};

/**
 * Seeds the demo students' orders once (remembered in settings), after the students, listings and
 * coupons, through the orders service as finance staff place them, at their historical times (the
 * service's clock is moved to each step, in the order they happened, so invoice and credit-note serials
 * run gap-free in date order): paid offline by UPI, cash, bank transfer and cheque; DIWALI500 on some
 * first orders; printed material (its delivery package made with the payment); refunds in part and in
 * full; a few online checkouts that failed at the gateway; orders that expired unpaid, and a few placed
 * in the last half hour still waiting for payment. All of it in one transaction.
 */
export async function seedDemoOrders(
  db: Db,
  config: { invoicing: InvoicingConfig; payments: PaymentsConfig },
  now = new Date(),
): Promise<boolean> {
  const done = await db.select().from(settings).where(eq(settings.key, SEEDED));
  if (done.length > 0) return false;
  const offers: Offer[] = [];
  const sold = await db
    .select({
      storeListingId: storeListings.id,
      subscriptionId: subscriptions.id,
      catalogueId: subscriptions.catalogueId,
      type: subscriptions.subscriptionType,
      endDate: subscriptions.endDate,
      months: subscriptions.numberOfMonths,
      price: subscriptions.price,
    })
    .from(storeListings)
    .innerJoin(catalogues, and(eq(catalogues.id, storeListings.catalogueId), eq(catalogues.archived, false)))
    .innerJoin(subscriptions, and(eq(subscriptions.catalogueId, storeListings.catalogueId), sellsPlan))
    .orderBy(asc(subscriptions.id), asc(storeListings.id));
  if (sold.length === 0) return false;
  const printed = new Map(
    (
      await db
        .select({ id: addOns.id, catalogueId: addOns.catalogueId, price: addOns.price })
        .from(addOns)
        .where(
          and(
            inArray(addOns.catalogueId, [...new Set(sold.map((s) => s.catalogueId))]),
            eq(addOns.automationType, 'DELIVERY'),
          ),
        )
        .orderBy(asc(addOns.position))
    )
      .reverse()
      .map((a) => [a.catalogueId, { id: a.id, price: a.price }]),
  );
  for (const s of sold) offers.push({ ...s, printed: printed.get(s.catalogueId) ?? null });
  const mobiles = new Map(
    (await db.select({ id: students.id, mobileNumber: students.mobileNumber }).from(students)).map((s) => [
      s.id,
      s.mobileNumber,
    ]),
  );
  const finance = DEMO_STAFF.find((s) => s.role === 'FINANCE')!;
  const [financeUser] = await db.select({ id: users.id }).from(users).where(eq(users.phone, finance.phone));
  if (!financeUser || mobiles.size === 0) return false;
  const staff: Actor = { userId: financeUser.id, name: `${finance.firstName} ${finance.lastName}`, roles: ['FINANCE'] };
  const storefront: Actor = { userId: null, name: 'Website storefront', roles: [] };

  // The history, step by step. Each order's steps follow each other; all end before `now`.
  const steps: Step[] = [];
  let seq = 0;
  const add = (action: Action) => steps.push({ ...action, seq: seq++ });
  const offerFor = (n: number, at: Date) => {
    // a FIXED plan that had ended by then was not on sale: the next one was
    for (let step = 0; step < offers.length; step++) {
      const offer = offers[(n + step) % offers.length]!;
      if (!(offer.type === 'FIXED' && offer.endDate && offer.endDate < indianDate(at))) return offer;
    }
    return offers[n % offers.length]!;
  };
  // the demo student's plan of last year: a plan of a year or less of another catalogue, so it has run out
  const lapsedOffer = (current: Offer, at: Date) =>
    offers.find((o) => o.catalogueId !== current.catalogueId && o.type !== 'FIXED' && (o.months ?? 12) <= 12) ??
    offerFor(2, at);
  const bodyOf = (i: number, offer: Offer, extras: { printed?: boolean; coupon?: boolean; online?: boolean }) => ({
    mobileNumber: mobiles.get(demoStudentId(i))!,
    storeListingId: offer.storeListingId,
    subscriptionId: offer.subscriptionId,
    ...(extras.printed && offer.printed ? { addOnIds: [offer.printed.id] } : {}),
    ...(extras.coupon ? { couponName: 'DIWALI500' } : {}),
    paymentMode: extras.online ? ('ONLINE' as const) : ('OFFLINE' as const),
  });
  let cashReceipts = 0;

  for (let i = 0; i < DEMO_STUDENT_COUNT; i++) {
    if (!mobiles.has(demoStudentId(i))) continue;
    const count = demoPlanCount(i);
    for (let k = 0; k < count; k++) {
      if (demoGranted(i, k)) continue;
      const orderId = `order-${String(i).padStart(4, '0')}-${k + 1}`;
      // the demo student: one plan bought this month, one that ran out last year
      const daysAgo = i === 0 ? (k === 0 ? 20 : 380) : (i * 13 + k * 37) % 400;
      const placed = deskTime(now, daysAgo, i * 37 + k * 53);
      const offer =
        i === 0
          ? k === 0
            ? offerFor(0, placed)
            : lapsedOffer(offerFor(0, placed), placed)
          : offerFor(i * 7 + k * 3, placed);
      // most plans of a catalogue that ships printed material are bought with it (seed/demo-delivery.ts dispatches them)
      const withPrinted = ((i % 4 === 0 && k === 0) || (i !== 0 && (i + k) % 3 !== 0)) && offer.printed !== null;
      const gross = offer.price + (withPrinted ? offer.printed!.price : 0);
      // DIWALI500 (seed/demo-coupons.ts): a student uses it once, on a first order over Rs. 1,000
      const coupon = i % 6 === 0 && k === 0 && gross > 100_000;
      add({ kind: 'create', at: placed, orderId, body: bodyOf(i, offer, { printed: withPrinted, coupon }) });
      // unpaid within its time: expired, its coupon use given back (one student's last order now and then)
      if (i % 23 === 8 && k === count - 1 && i !== 0) {
        const expiresAt = placed.getTime() + config.payments.orderTtlMinutes * MINUTE;
        add({ kind: 'expire', at: new Date(expiresAt + (1 + (i % 4)) * MINUTE), orderId });
        continue;
      }
      const mode = MODES[(i + k) % MODES.length]!;
      const paid = new Date(placed.getTime() + (2 + ((i * 7 + k) % 25)) * MINUTE);
      if (mode === 'CASH') cashReceipts++;
      add({ kind: 'pay', at: paid, orderId, mode, reference: referenceOf(mode, orderId, paid, cashReceipts) });
      // how the money goes back: by the way it came, a cheque's by bank transfer
      const back = (n: number): { mode: OfflinePaymentMode; reference: string } => {
        const refundMode: OfflinePaymentMode = mode === 'CHEQUE' ? 'BANK_TRANSFER' : mode;
        const at = new Date(paid.getTime() + n * DAY);
        if (refundMode === 'CASH') cashReceipts++;
        return {
          mode: refundMode,
          reference:
            refundMode === 'CASH'
              ? `Cash voucher ${String(200 + cashReceipts).padStart(4, '0')}`
              : referenceOf(refundMode, `${orderId}/refund/${n}`, at, cashReceipts),
        };
      };
      // a refund some days after the payment, on a day before today
      const refundAt = (days: number) => (days < Math.max(1, daysAgo) ? new Date(paid.getTime() + days * DAY) : null);
      if (k === 0 && i % 97 === 13) {
        const at = refundAt(5);
        if (at) {
          const reason = 'Joined a classroom programme at our Kota centre; refunded on request';
          add({ kind: 'refund', at, orderId, amount: 'rest', reason, ...back(5) });
        }
      } else if (k === 0 && i % 50 === 7) {
        const at = refundAt(1);
        if (at) {
          const reason = 'Duplicate purchase: the same plan was paid for twice at the desk';
          add({ kind: 'refund', at, orderId, amount: 'rest', reason, ...back(1) });
        }
      } else if (k === 0 && i % 61 === 22) {
        // part now, the rest later: two credit notes, the order REFUNDED
        const first = refundAt(2);
        const second = refundAt(9);
        if (first) {
          const reason = 'Goodwill: live classes missed during the floods in the student’s district';
          add({ kind: 'refund', at: first, orderId, amount: 50_000, reason, ...back(2) });
        }
        if (first && second) {
          const reason = 'The student moved abroad with family; the rest refunded';
          add({ kind: 'refund', at: second, orderId, amount: 'rest', reason, ...back(9) });
        }
      } else if (k === 0 && (i % 37 === 19 || i % 41 === 30)) {
        const at = refundAt(3);
        if (at && withPrinted) {
          // the printed material was not wanted: its price back (the package was already on its way)
          const reason = 'Printed material not wanted: the student studies from the e-books';
          add({ kind: 'refund', at, orderId, amount: offer.printed!.price, reason, ...back(3) });
        } else if (at) {
          const reason = 'Goodwill: a mock test the student paid for was cancelled';
          add({ kind: 'refund', at, orderId, amount: 20_000, reason, ...back(3) });
        }
      }
    }
    // an online checkout that failed at the gateway: an order with no invoice and no subscription
    if (i % 25 === 5) {
      const offer = offerFor(i, now);
      const at = deskTime(now, (i * 3) % 60, i * 41);
      const body = bodyOf(i, offer, { online: true });
      add({ kind: 'fail', at, orderId: `order-${String(i).padStart(4, '0')}-failed`, body, reason: FAILURES[i % 4]! });
    }
  }
  // a few orders placed at the desk in the last half hour, waiting for the student's payment
  const waiting = [28, 103, 152, 35].filter((i) => mobiles.has(demoStudentId(i)));
  const ttl = Math.min(30, config.payments.orderTtlMinutes);
  for (const [n, i] of waiting.entries()) {
    const offer = offerFor(i * 5 + n, now);
    const at = new Date(now.getTime() - Math.max(1, Math.round(ttl * (0.15 + n * 0.22))) * MINUTE);
    const body = bodyOf(i, offer, { printed: n % 2 === 0, coupon: i % 6 !== 0 && n === 3 });
    add({ kind: 'create', at, orderId: `order-${String(i).padStart(4, '0')}-new`, body });
  }
  const extended = Array.from({ length: DEMO_STUDENT_COUNT }, (_, i) => i)
    .filter((i) => i % 40 === 3)
    .map((i) => `order-${String(i).padStart(4, '0')}-1`);
  steps.sort((a, b) => a.at.getTime() - b.at.getTime() || a.seq - b.seq);

  await db.transaction(async (tx) => {
    const repo = new PaymentsRepository(tx);
    const service = new OrdersService(tx, repo, { ...config, gateway: null, mailer: NO_MAIL }, NO_JOBS);
    const online = new OrdersService(tx, repo, { ...config, gateway: failingCheckouts(), mailer: NO_MAIL }, NO_JOBS);
    let clock = now;
    service.now = () => clock;
    online.now = () => clock;
    /** when each activity row of an order happened (the service's rows take the database's clock) */
    const happened: { orderId: string; action: string; at: string; creditNote: string | null }[] = [];
    for (const step of steps) {
      clock = step.at;
      const { orderId } = step;
      const at = step.at.toISOString();
      if (step.kind === 'create') {
        service.newOrderId = () => orderId;
        await service.placeOrder(staff, step.body);
        happened.push({ orderId, action: 'order.create', at, creditNote: null });
      } else if (step.kind === 'pay') {
        await service.recordPayment(staff, orderId, {
          mode: step.mode,
          reference: step.reference,
          receivedOn: indianDate(step.at),
        });
        happened.push({ orderId, action: 'order.pay', at, creditNote: null });
      } else if (step.kind === 'refund') {
        const amount = step.amount === 'rest' ? (await service.detail(orderId)).refundable : paise(step.amount);
        const { creditNoteNumber } = await service.makeRefund(staff, orderId, {
          amount,
          reason: step.reason,
          refundMode: step.mode,
          reference: step.reference,
        });
        happened.push({ orderId, action: 'order.refund', at, creditNote: creditNoteNumber });
      } else if (step.kind === 'expire') {
        await service.expire(orderId);
      } else {
        online.newOrderId = () => orderId;
        await online.placeOrder(storefront, step.body);
        happened.push({ orderId, action: 'order.create', at, creditNote: null });
        const failedAt = new Date(step.at.getTime() + 4 * MINUTE);
        clock = failedAt;
        const gatewayOrderId = (await repo.order(orderId))!.gatewayOrderId!;
        const paymentId = `pay_${crypto.createHash('sha1').update(orderId).digest('base64url').slice(0, 14)}`;
        const event: GatewayEvent = {
          kind: 'payment.failed',
          eventId: `evt_${paymentId.slice(4)}`,
          gatewayOrderId,
          paymentId,
          amount: (await repo.order(orderId))!.total,
          reason: step.reason,
        };
        await online.gatewayEvent(Buffer.from(JSON.stringify(event)), {});
        happened.push({ orderId, action: 'order.fail', at: failedAt.toISOString(), creditNote: null });
      }
    }
    // a few plans extended by staff after they were bought (the students' page shows them extended)
    await tx.execute(sql`
      UPDATE student_subscriptions SET end_date = end_date + 30
       WHERE source_order_id IN (${sql.join(
         extended.map((id) => sql`${id}`),
         sql`, `,
       )}) AND NOT cancelled AND end_date >= ${indianDate(now)}::date`);
    await backdate(tx, happened);
    await tx.insert(settings).values({ key: SEEDED, value: now.toISOString() });
  });
  return true;
}

/**
 * The rows the service's steps stamp with the database's clock rather than its own (activity, the
 * subscriptions it grants and cancels, the packages a full refund cancels) get the step's time, so
 * the order's timeline and the activity read as the history happened, not as the day it was seeded.
 */
async function backdate(
  tx: Db,
  happened: { orderId: string; action: string; at: string; creditNote: string | null }[],
): Promise<void> {
  await tx.execute(sql`
    UPDATE activity_log a SET created_at = h.at
      FROM jsonb_to_recordset(${JSON.stringify(happened)}::jsonb)
           AS h("orderId" text, action text, at timestamptz, "creditNote" text)
     WHERE a.entity_type = 'order' AND a.entity_id = h."orderId" AND a.action = h.action
       AND (h."creditNote" IS NULL OR a.after->>'creditNoteNumber' = h."creditNote")`);
  await tx.execute(sql`
    UPDATE student_subscriptions s SET created_at = o.paid_at,
           updated_at = coalesce((SELECT max(n.created_at) FROM credit_notes n WHERE n.order_id = o.id AND s.cancelled), o.paid_at)
      FROM orders o WHERE s.source_order_id = o.id AND o.paid_at IS NOT NULL`);
  await tx.execute(sql`UPDATE invoices i SET created_at = o.paid_at FROM orders o WHERE i.order_id = o.id`);
  await tx.execute(sql`
    UPDATE delivery_packages p SET updated_at = n.at
      FROM (SELECT order_id, max(created_at) AS at FROM credit_notes GROUP BY order_id) n
     WHERE p.order_id = n.order_id AND p.status = 'CANCELLED'`);
  await tx.execute(sql`
    UPDATE delivery_cancellations c SET cancelled_at = p.updated_at
      FROM delivery_packages p WHERE p.id = c.package_id AND p.status = 'CANCELLED'`);
  // DIWALI500's history: the uses it had when finance last changed it
  await tx.execute(sql`
    UPDATE coupon_history h SET used_at_change =
           (SELECT count(*) FROM coupon_redemptions r
             WHERE r.coupon_id = h.coupon_id AND r.reserved_at < h.created_at AND r.status = 'CONFIRMED')
     WHERE h.coupon_id = 'coupon-diwali500' AND h.action = 'UPDATED'`);
}
