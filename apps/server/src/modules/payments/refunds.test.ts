import crypto from 'node:crypto';
import { PAYMENT_MESSAGES, fillMessage, indianDate } from '@lectern/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCatalogue,
  createStoreListing,
  createStudent,
  uniqueCode,
  type CatalogueFields,
} from '../../test/factories';
import { startFakeRazorpay, type FakeRazorpay } from '../../test/fake-razorpay';
import { createTestApp, type TestContext } from '../../test/test-app';

// Refunds (DESIGN §10): a credit note of its own gap-free series against the invoice, its GST figures
// adding up, the rest refused; a full refund cancels what the order granted; an online refund goes
// back through the gateway by a job queued with it. And the receipt a payment queues.

let t: TestContext;
let finance: string;
let catalogue: CatalogueFields;
let listing: { id: string; name: string };
const TODAY = () => indianDate(t.app.orders.now());

beforeAll(async () => {
  t = await createTestApp();
  finance = await t.sessionFor('FINANCE');
  catalogue = await createCatalogue(t, {
    plans: [{ label: '12 months', months: 12, price: 899_900 }],
    printedMaterial: true,
  });
  listing = await createStoreListing(t, catalogue);
});
afterAll(async () => t?.close());

/** A student's order of the plan and its printed material, with a coupon if given, paid by UPI. */
async function paidOrder(options: { couponName?: string; email?: string | null } = {}) {
  const student = await createStudent(t, options.email === undefined ? {} : { email: options.email });
  const placed = await t.call('POST', '/api/payments/order/create', {
    token: finance,
    body: {
      mobileNumber: student.mobileNumber,
      storeListingId: listing.id,
      subscriptionId: catalogue.plans[0]!.id,
      addOnIds: [catalogue.printedAddOn!.id],
      paymentMode: 'OFFLINE',
      ...(options.couponName ? { couponName: options.couponName } : {}),
    },
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  const orderId = placed.body.data.orderId as string;
  const paid = await t.call('POST', `/api/payments/order/${orderId}/offline-payment`, {
    token: finance,
    body: { mode: 'UPI', reference: uniqueCode('UPI'), receivedOn: TODAY() },
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  return { student, orderId, order: paid.body.data };
}

const refund = (orderId: string, body: Record<string, unknown>) =>
  t.call('POST', `/api/payments/order/${orderId}/refund`, {
    token: finance,
    body: { reason: 'Joined a classroom programme', refundMode: 'UPI', reference: uniqueCode('RFND'), ...body },
  });

const rows = <T>(sql: string, params: unknown[]) => t.database.query<T>(sql, params);

describe('refunding an order paid offline', () => {
  it('issues a credit note for part of it, then the rest, each adding up, and refuses more than remains', async () => {
    const { orderId, order } = await paidOrder();
    const total = order.total as number;
    const first = await refund(orderId, { amount: 300_000 });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const afterFirst = first.body.data;
    expect(afterFirst.paymentStatus).toBe('PARTIALLY_REFUNDED');
    expect(afterFirst.refundable).toBe(total - 300_000);
    const [note] = afterFirst.creditNotes;
    expect(note).toMatchObject({
      creditNoteNumber: expect.stringMatching(/^CN\/\d{4}\/\d{6}$/),
      invoiceNumber: order.invoice.invoiceNumber,
      total: 300_000,
      refundMode: 'UPI',
      refundStatus: 'PROCESSED',
      createdBy: expect.any(String),
    });
    expect(note.taxableValue + note.cgst + note.sgst + note.igst).toBe(300_000);
    expect(note.cgst).toBe(note.sgst);
    expect(first.body.message).toBe(
      fillMessage(PAYMENT_MESSAGES.refunded, {
        amount: 'Rs. 3,000',
        orderId,
        creditNoteNumber: note.creditNoteNumber,
        more: '',
      }),
    );

    const tooMuch = await refund(orderId, { amount: total });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.message).toContain('more than the');

    const rest = await refund(orderId, { amount: total - 300_000 });
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    const done = rest.body.data;
    expect(done.paymentStatus).toBe('REFUNDED');
    expect(done.refundable).toBe(0);
    // the credit notes of an invoice add up to it, figure by figure
    const [invoice] = await rows<{ document: { totals: Record<string, number> } }>(
      'SELECT document FROM invoices WHERE order_id = $1',
      [orderId],
    );
    for (const figure of ['taxableValue', 'cgst', 'sgst', 'igst'] as const) {
      expect(done.creditNotes.reduce((sum: number, n: Record<string, number>) => sum + n[figure]!, 0)).toBe(
        invoice!.document.totals[figure],
      );
    }
    const [a, b] = done.creditNotes.map((n: { creditNoteNumber: string }) => Number(n.creditNoteNumber.slice(-6)));
    expect(b).toBe(a + 1);
    expect(rest.body.message).toContain(PAYMENT_MESSAGES.refundedFully.trim());

    // a refunded order takes no more refunds
    const again = await refund(orderId, { amount: 100 });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(fillMessage(PAYMENT_MESSAGES.notRefundable, { orderId, status: 'refunded' }));
  });

  it('cancels the subscription, the undispatched package and the coupon use when refunded in full', async () => {
    const couponName = await coupon(1);
    const { orderId, order } = await paidOrder({ couponName });
    const done = await refund(orderId, { amount: order.total });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(
      await rows<{ cancelled: boolean; cancel_reason: string }>(
        'SELECT cancelled, cancel_reason FROM student_subscriptions WHERE source_order_id = $1',
        [orderId],
      ),
    ).toEqual([{ cancelled: true, cancel_reason: expect.stringContaining('Joined a classroom programme') }]);
    expect(
      await rows<{ status: string; cancellation_request_type: string }>(
        `SELECT p.status, c.cancellation_request_type FROM delivery_packages p
           JOIN delivery_cancellations c ON c.package_id = p.id WHERE p.order_id = $1`,
        [orderId],
      ),
    ).toEqual([{ status: 'CANCELLED', cancellation_request_type: 'ORDER_REFUNDED' }]);
    expect(
      await rows<{ status: string; release_reason: string }>(
        'SELECT status, release_reason FROM coupon_redemptions WHERE order_id = $1',
        [orderId],
      ),
    ).toEqual([{ status: 'RELEASED', release_reason: 'ORDER_REFUNDED' }]);
    // the coupon of limit 1 is usable again by another order
    await paidOrder({ couponName });
    const timeline = done.body.data.timeline.map((e: { kind: string }) => e.kind);
    expect(timeline).toEqual(
      expect.arrayContaining(['CREATED', 'PAID', 'INVOICED', 'SUBSCRIPTION', 'PACKAGE', 'REFUNDED']),
    );
    expect(timeline[0]).toBe('CREATED');
  });

  it('leaves what the order granted when refunded in part', async () => {
    const { orderId } = await paidOrder();
    await refund(orderId, { amount: 50_000 });
    expect(
      await rows<{ cancelled: boolean }>('SELECT cancelled FROM student_subscriptions WHERE source_order_id = $1', [
        orderId,
      ]),
    ).toEqual([{ cancelled: false }]);
    expect(
      await rows<{ status: string }>('SELECT status FROM delivery_packages WHERE order_id = $1', [orderId]),
    ).toEqual([{ status: 'PENDING' }]);
  });

  it('makes one refund of a request however often it is sent', async () => {
    const { orderId } = await paidOrder();
    const requestId = crypto.randomUUID();
    const answers = await Promise.all([1, 2, 3].map(() => refund(orderId, { amount: 10_000, requestId })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const notes = await rows<{ n: number }>('SELECT count(*)::int AS n FROM credit_notes WHERE order_id = $1', [
      orderId,
    ]);
    expect(notes[0]!.n).toBe(1);
    expect(answers.filter((a) => a.body.message.includes('was made already'))).toHaveLength(2);
  });

  it('refuses an unpaid order, a refund without how the money went back, and no reason', async () => {
    const student = await createStudent(t);
    const placed = await t.call('POST', '/api/payments/order/create', {
      token: finance,
      body: {
        mobileNumber: student.mobileNumber,
        storeListingId: listing.id,
        subscriptionId: catalogue.plans[0]!.id,
        paymentMode: 'OFFLINE',
      },
    });
    const unpaid = await refund(placed.body.data.orderId, { amount: 100 });
    expect(unpaid.status).toBe(409);
    expect(unpaid.body.message).toBe(
      fillMessage(PAYMENT_MESSAGES.notRefundable, { orderId: placed.body.data.orderId, status: 'pending' }),
    );
    const { orderId } = await paidOrder();
    const how = await refund(orderId, { amount: 100, refundMode: undefined, reference: undefined });
    expect(how.status).toBe(422);
    expect(how.body.message).toBe(fillMessage(PAYMENT_MESSAGES.refundModeNeeded, { orderId }));
    const why = await refund(orderId, { amount: 100, reason: ' ' });
    expect(why.status).toBe(400);
    expect(await rows('SELECT 1 FROM credit_notes WHERE order_id = $1', [orderId])).toHaveLength(0);
  });

  it('numbers credit notes of refunds made at once consecutively, with no gap', async () => {
    const orders = await Promise.all(Array.from({ length: 12 }, () => paidOrder()));
    const answers = await Promise.all(orders.map(({ orderId }) => refund(orderId, { amount: 20_000 })));
    expect(answers.map((a) => a.status)).toEqual(orders.map(() => 200));
    const numbers = answers
      .map((a) => Number(a.body.data.creditNotes[0].creditNoteNumber.slice(-6)))
      .sort((x, y) => x - y);
    expect(numbers.at(-1)! - numbers[0]!).toBe(numbers.length - 1);
    // and parallel refunds of one order never take back more than it paid
    const { orderId, order } = await paidOrder();
    const third = Math.floor(order.total / 3) + 1;
    const racing = await Promise.all([1, 2, 3, 4].map(() => refund(orderId, { amount: third })));
    expect(racing.filter((a) => a.status === 200)).toHaveLength(2);
    expect(racing.filter((a) => a.status === 409)).toHaveLength(2);
  });

  it('prints the credit note as a PDF', async () => {
    const { orderId } = await paidOrder();
    const note = (await refund(orderId, { amount: 25_000 })).body.data.creditNotes[0];
    const pdf = await t.call('GET', `/api/payments/order/${orderId}/credit-note/${note.creditNoteId}?format=pdf`, {
      token: finance,
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(String(pdf.headers['content-disposition'])).toContain(note.creditNoteNumber.replaceAll('/', '-'));
    const json = await t.call('GET', `/api/payments/order/${orderId}/credit-note/${note.creditNoteId}`, {
      token: finance,
    });
    expect(json.body.data).toMatchObject({ creditNoteNumber: note.creditNoteNumber, total: 25_000 });
    const missing = await t.call('GET', `/api/payments/order/${orderId}/credit-note/nope`, { token: finance });
    expect(missing.status).toBe(404);
  });
});

describe('the receipt of a paid order', () => {
  it('is queued with the payment and e-mailed once, with the invoice PDF', async () => {
    const { orderId, student, order } = await paidOrder();
    const queued = await rows<{ n: number }>(
      `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'order-receipt' AND data->>'orderId' = $1`,
      [orderId],
    );
    expect(queued[0]!.n).toBe(1);
    expect(await t.app.orders.sendReceipt(orderId)).toBe(`sent to ${student.email}`);
    expect(await t.app.orders.sendReceipt(orderId)).toBe('sent already');
    const outbox = await t.call('GET', `/api/dev/mail-outbox?to=${encodeURIComponent(student.email!)}`);
    expect(outbox.body.data).toHaveLength(1);
    const [mail] = outbox.body.data;
    expect(mail.subject).toContain(order.invoice.invoiceNumber);
    expect(mail.attachments).toEqual([
      {
        fileName: `invoice-${order.invoice.invoiceNumber.replaceAll('/', '-')}.pdf`,
        contentType: 'application/pdf',
        size: expect.any(Number),
      },
    ]);
    expect(mail.attachments[0].size).toBeGreaterThan(1000);
  });

  it('is not sent to a student without an e-mail address, and the order says so', async () => {
    const { orderId } = await paidOrder({ email: null });
    expect(await t.app.orders.sendReceipt(orderId)).toBe('no e-mail address');
    const activity = await rows<{ action: string }>(
      `SELECT action FROM activity_log WHERE entity_type = 'order' AND entity_id = $1 AND action LIKE 'order.receipt%'`,
      [orderId],
    );
    expect(activity).toEqual([{ action: 'order.receipt.skipped' }]);
  });

  it('is not queued when the payment rolls back', async () => {
    const student = await createStudent(t);
    const placed = await t.call('POST', '/api/payments/order/create', {
      token: finance,
      body: {
        mobileNumber: student.mobileNumber,
        storeListingId: listing.id,
        subscriptionId: catalogue.plans[0]!.id,
        paymentMode: 'OFFLINE',
      },
    });
    const orderId = placed.body.data.orderId as string;
    // a payment refused after the receipt would have been queued: received in the future is refused
    // first, so break the invoice instead: a plan deleted under the order makes the grant fail
    await t.database.query('ALTER TABLE student_subscriptions ADD CONSTRAINT refuse_all CHECK (false) NOT VALID');
    try {
      const paid = await t.call('POST', `/api/payments/order/${orderId}/offline-payment`, {
        token: finance,
        body: { mode: 'CASH', reference: uniqueCode('CASH'), receivedOn: TODAY() },
      });
      expect(paid.status).toBeGreaterThanOrEqual(500);
    } finally {
      await t.database.query('ALTER TABLE student_subscriptions DROP CONSTRAINT refuse_all');
    }
    const queued = await rows<{ n: number }>(
      `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'order-receipt' AND data->>'orderId' = $1`,
      [orderId],
    );
    expect(queued[0]!.n).toBe(0);
    expect(await rows('SELECT 1 FROM invoices WHERE order_id = $1', [orderId])).toHaveLength(0);
  });
});

async function coupon(limit: number): Promise<string> {
  const couponName = uniqueCode('BACK').replace(/-/g, '').slice(0, 20);
  const answer = await t.call('POST', '/api/publisher/coupon', {
    token: finance,
    body: {
      couponName,
      percentage: true,
      amount: 10,
      usageLimit: true,
      limit,
      applicableFrom: TODAY(),
      applicableUpto: indianDate(new Date(t.app.orders.now().getTime() + 30 * 86_400_000)),
      storeListingInfoList: [{ storeListingId: listing.id }],
    },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return couponName;
}

describe('refunding an order paid through Razorpay', () => {
  let online: TestContext;
  let fake: FakeRazorpay;
  let onlineListing: { id: string };
  let plan: string;

  beforeAll(async () => {
    fake = await startFakeRazorpay();
    online = await createTestApp({
      payments: {
        gateway: 'razorpay',
        orderTtlMinutes: 30,
        razorpay: {
          keyId: fake.credentials.keyId,
          keySecret: fake.credentials.keySecret,
          webhookSecret: fake.credentials.webhookSecret,
          apiUrl: fake.base,
        },
      },
    });
    const made = await createCatalogue(online);
    plan = made.plans[0]!.id;
    onlineListing = await createStoreListing(online, made);
  });
  afterAll(async () => {
    await online?.close();
    await fake?.close();
  });

  const webhook = (signed: { body: string; headers: Record<string, string> }) =>
    online.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/razorpay',
      headers: signed.headers,
      payload: signed.body,
    });

  async function paidOnline() {
    const token = await online.sessionFor('FINANCE');
    const student = await createStudent(online);
    const order = (
      await online.call('POST', '/api/payments/order/create', {
        token,
        body: {
          mobileNumber: student.mobileNumber,
          storeListingId: onlineListing.id,
          subscriptionId: plan,
          paymentMode: 'ONLINE',
        },
      })
    ).body.data;
    const payment = fake.capture(order.gateway.gatewayOrderId, { method: 'upi' });
    expect((await webhook(fake.signedWebhook('payment.captured', { payment }))).statusCode).toBe(200);
    const refundOnline = (body: Record<string, unknown>) =>
      online.call('POST', `/api/payments/order/${order.orderId}/refund`, {
        token,
        body: { reason: 'Course cancelled by us', ...body },
      });
    return { order, payment, refundOnline };
  }

  const noteOf = async (orderId: string) =>
    (
      await online.database.query<{
        id: string;
        refund_status: string;
        reference: string | null;
        failure_reason: string | null;
      }>('SELECT id, refund_status, reference, failure_reason FROM credit_notes WHERE order_id = $1', [orderId])
    )[0]!;

  it('queues the refund with its credit note and makes it once at Razorpay, even when an answer is lost', async () => {
    const { order, payment, refundOnline } = await paidOnline();
    const answer = await refundOnline({ amount: 100_000 });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.message).toContain(PAYMENT_MESSAGES.refundedOnline.trim());
    const pending = await noteOf(order.orderId);
    expect(pending).toMatchObject({ refund_status: 'PENDING', reference: null });
    const jobs = await online.database.query<{ id: string }>(
      `SELECT id::text FROM pgboss.job WHERE name = 'order-gateway-refund'`,
    );
    expect(jobs.map((j) => j.id)).toContain(pending.id);

    fake.refundStatus = 'pending';
    // every answer lost (the driver's own retries too): the job fails and is retried later
    fake.lostAnswers.remaining = 3;
    await expect(online.app.orders.refundAtGateway(pending.id)).rejects.toThrow();
    await online.app.orders.refundAtGateway(pending.id);
    const refunds = [...fake.refunds.values()].filter((r) => r.payment_id === payment.id);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.amount).toBe(100_000);
    const asked = await noteOf(order.orderId);
    expect(asked).toMatchObject({ refund_status: 'PENDING', reference: refunds[0]!.id });

    // Razorpay says it is paid back: the credit note is PROCESSED, once
    const processed = fake.signedWebhook('refund.processed', {
      refund: { ...refunds[0]!, status: 'processed' },
      payment,
    });
    expect((await webhook(processed)).statusCode).toBe(200);
    expect((await webhook(processed)).statusCode).toBe(200);
    expect(await noteOf(order.orderId)).toMatchObject({ refund_status: 'PROCESSED' });
    expect(
      (
        await online.database.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM activity_log WHERE entity_id = $1 AND action = 'order.refund.processed'`,
          [order.orderId],
        )
      )[0]!.n,
    ).toBe(1);
    // the job delivered again finds nothing to do
    expect(await online.app.orders.refundAtGateway(pending.id)).toBe('nothing to do');
    fake.refundStatus = 'processed';
  });

  it('marks the credit note FAILED with the reason when Razorpay refuses the refund', async () => {
    const { order, payment, refundOnline } = await paidOnline();
    await refundOnline({ amount: 50_000 });
    const note = await noteOf(order.orderId);
    // refunded meanwhile in the Dashboard: Razorpay refuses a refund beyond what is left
    fake.payments.get(payment.id)!.amount_refunded = payment.amount;
    expect(await online.app.orders.refundAtGateway(note.id)).toMatch(/^refused: /);
    expect(await noteOf(order.orderId)).toMatchObject({ refund_status: 'FAILED', failure_reason: expect.any(String) });
  });
});
