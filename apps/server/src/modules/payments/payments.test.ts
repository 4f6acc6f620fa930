import crypto from 'node:crypto';
import { PAYMENT_MESSAGES, fillMessage, indianDate } from '@lectern/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCatalogue,
  createStoreListing,
  createStudent,
  uniqueCode,
  uniqueKey,
  uniqueMobile,
  type CatalogueFields,
} from '../../test/factories';
import { startFakeRazorpay, type FakeRazorpay } from '../../test/fake-razorpay';
import { createTestApp, type TestContext } from '../../test/test-app';

// Orders placed and paid offline (DESIGN §10): the price from the listing's plan and add-ons with the
// coupon's discount, GST split as the invoice splits it; paying does everything at once and once.

let t: TestContext;
let finance: string;
let catalogue: CatalogueFields;
let listing: { id: string; name: string };
const TODAY = () => indianDate(t.app.orders.now());

beforeAll(async () => {
  t = await createTestApp();
  finance = await t.sessionFor('FINANCE');
  catalogue = await createCatalogue(t, {
    plans: [
      { label: '6 months', months: 6, price: 499_900 },
      { label: '12 months', months: 12, price: 899_900 },
    ],
    printedMaterial: true,
  });
  listing = await createStoreListing(t, catalogue);
});
afterAll(async () => t?.close());

async function placeOrder(body: Record<string, unknown>, token = finance) {
  return t.call('POST', '/api/payments/order/create', {
    token,
    body: { storeListingId: listing.id, subscriptionId: catalogue.plans[0]!.id, paymentMode: 'OFFLINE', ...body },
  });
}

async function payOffline(orderId: string, body: Record<string, unknown> = {}) {
  return t.call('POST', `/api/payments/order/${orderId}/offline-payment`, {
    token: finance,
    body: { mode: 'UPI', reference: uniqueCode('UPI'), receivedOn: TODAY(), ...body },
  });
}

async function createCoupon(fields: Record<string, unknown>): Promise<string> {
  const couponName = uniqueCode('SAVE').replace(/-/g, '').slice(0, 20);
  const answer = await t.call('POST', '/api/publisher/coupon', {
    token: finance,
    body: {
      couponName,
      percentage: true,
      amount: 10,
      applicableFrom: TODAY(),
      applicableUpto: indianDate(new Date(t.app.orders.now().getTime() + 30 * 86_400_000)),
      storeListingInfoList: [{ storeListingId: listing.id }],
      ...fields,
    },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return couponName;
}

const count = async (sql: string, params: unknown[]) =>
  Number((await t.database.query<{ n: string }>(sql, params))[0]!.n);

describe('placing an order', () => {
  it('prices a plan and an add-on with GST split in halves, and keeps the order PENDING until it is paid', async () => {
    const student = await createStudent(t);
    const placed = await placeOrder({ mobileNumber: student.mobileNumber, addOnIds: [catalogue.printedAddOn!.id] });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const order = placed.body.data;
    expect(order.paymentStatus).toBe('PENDING');
    expect(order.studentId).toBe(student.id);
    expect(order.items.map((i: { description: string }) => i.description)).toEqual([
      `6 months (${catalogue.name})`,
      `Printed study material (${catalogue.name})`,
    ]);
    const { amounts } = order;
    expect(amounts.price).toBe(499_900 + 150_000);
    expect(amounts.total).toBe(649_900);
    expect(amounts.taxableValue + amounts.cgst + amounts.sgst + amounts.igst).toBe(amounts.total);
    expect(amounts.cgst).toBe(amounts.sgst);
    expect(amounts.igst).toBe(0);
    expect(placed.body.message).toBe(
      fillMessage(PAYMENT_MESSAGES.orderCreated, {
        orderId: order.orderId,
        studentName: student.name,
        total: 'Rs. 6,499',
        paymentMode: 'offline',
      }),
    );
    expect(order.invoice).toBeNull();
    expect(new Date(order.expiresAt).getTime() - new Date(order.createdAt).getTime()).toBe(
      t.config.payments.orderTtlMinutes * 60_000,
    );
  });

  it('charges IGST, not CGST and SGST, to a student in another state', async () => {
    const student = await createStudent(t, { stateCode: '27' });
    const { body } = await placeOrder({ mobileNumber: student.mobileNumber });
    expect(body.data.amounts.cgst).toBe(0);
    expect(body.data.amounts.igst).toBeGreaterThan(0);
    expect(body.data.amounts.taxableValue + body.data.amounts.igst).toBe(499_900);
  });

  it('adds a student for a new mobile given a name, and asks for the name otherwise, keeping nothing', async () => {
    const mobileNumber = uniqueMobile();
    const refused = await placeOrder({ mobileNumber });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(fillMessage(PAYMENT_MESSAGES.studentNameNeeded, { mobileNumber }));
    expect(await count('SELECT count(*) AS n FROM students WHERE mobile_number = $1', [mobileNumber])).toBe(0);

    const placed = await placeOrder({ mobileNumber, studentName: 'Kavya Reddy' });
    expect(placed.status).toBe(200);
    const [student] = await t.database.query<{ id: string; name: string }>(
      'SELECT id, name FROM students WHERE mobile_number = $1',
      [mobileNumber],
    );
    expect(student).toMatchObject({ id: placed.body.data.studentId, name: 'Kavya Reddy' });
  });

  it('refuses a plan the listing does not sell, an add-on of another catalogue and an unknown listing, keeping nothing', async () => {
    const student = await createStudent(t);
    const other = await createCatalogue(t, { printedMaterial: true });
    const before = await count('SELECT count(*) AS n FROM orders WHERE student_id = $1', [student.id]);

    const wrongPlan = await placeOrder({ mobileNumber: student.mobileNumber, subscriptionId: other.plans[0]!.id });
    expect(wrongPlan.status).toBe(409);
    expect(wrongPlan.body.message).toBe(
      fillMessage(PAYMENT_MESSAGES.planNotOnListing, { storeListingName: listing.name }),
    );
    const wrongAddOn = await placeOrder({ mobileNumber: student.mobileNumber, addOnIds: [other.printedAddOn!.id] });
    expect(wrongAddOn.status).toBe(409);
    expect(wrongAddOn.body.message).toContain(other.printedAddOn!.id);
    const noListing = await placeOrder({ mobileNumber: student.mobileNumber, storeListingId: uniqueKey('store') });
    expect(noListing.status).toBe(404);

    expect(await count('SELECT count(*) AS n FROM orders WHERE student_id = $1', [student.id])).toBe(before);
  });

  it('places one order for a request sent again, even at once (a retry whose answer was lost)', async () => {
    const mobileNumber = uniqueMobile();
    const requestId = crypto.randomUUID();
    const answers = await Promise.all(
      [1, 2, 3].map(() => placeOrder({ mobileNumber, studentName: 'Kavya Nair', requestId })),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const ids = new Set(answers.map((a) => a.body.data.orderId));
    expect(ids.size).toBe(1);
    const [orderId] = [...ids];
    expect(
      answers.filter((a) => a.body.message === fillMessage(PAYMENT_MESSAGES.orderRepeated, { orderId })),
    ).toHaveLength(2);
    expect(
      await count(
        'SELECT count(*) AS n FROM orders o JOIN students s ON s.id = o.student_id WHERE s.mobile_number = $1',
        [mobileNumber],
      ),
    ).toBe(1);
    const later = await placeOrder({ mobileNumber, requestId });
    expect(later.body.data.orderId).toBe(orderId);
  });

  it('offers each listing with the plans it sells and its add-ons, and only those', async () => {
    const chosen = await createCatalogue(t, {
      plans: [
        { label: '3 months', months: 3, price: 299_900 },
        { label: '9 months', months: 9, price: 699_900 },
      ],
    });
    const choosy = await createStoreListing(t, chosen, { name: `Choosy ${chosen.name}` });
    await t.database.query(
      'INSERT INTO store_listing_subscriptions (store_listing_id, subscription_id, position) VALUES ($1, $2, 0)',
      [choosy.id, chosen.plans[1]!.id],
    );
    const offers = await t.call('GET', '/api/payments/order/offers', { token: finance });
    expect(offers.status, JSON.stringify(offers.body)).toBe(200);
    expect(offers.body.data).toMatchObject({ gstPercent: 18, supplierStateCode: expect.stringMatching(/^\d{2}$/) });
    const byId = new Map(offers.body.data.listings.map((l: { storeListingId: string }) => [l.storeListingId, l]));
    expect(byId.get(listing.id)).toMatchObject({
      plans: [
        { subscriptionId: catalogue.plans[0]!.id, price: 499_900 },
        { subscriptionId: catalogue.plans[1]!.id, price: 899_900 },
      ],
      addOns: [{ addOnId: catalogue.printedAddOn!.id, price: 150_000, delivered: true }],
    });
    expect(byId.get(choosy.id)).toMatchObject({ plans: [{ subscriptionId: chosen.plans[1]!.id, label: '9 months' }] });
    // and each plan offered is one an order can be placed on
    const student = await createStudent(t);
    const placed = await placeOrder({
      mobileNumber: student.mobileNumber,
      storeListingId: choosy.id,
      subscriptionId: chosen.plans[1]!.id,
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  });

  it("takes the coupon's discount off the plan and reserves its use; an expired coupon is refused with its reason", async () => {
    const student = await createStudent(t);
    const couponName = await createCoupon({ amount: 10 });
    const placed = await placeOrder({ mobileNumber: student.mobileNumber, couponName: couponName.toLowerCase() });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body.data.discount).toBe(49_990);
    expect(placed.body.data.amounts.total).toBe(499_900 - 49_990);
    expect(placed.body.data.couponCode).toBe(couponName);
    const [use] = await t.database.query<{ status: string }>(
      'SELECT status FROM coupon_redemptions WHERE order_id = $1',
      [placed.body.data.orderId],
    );
    expect(use?.status).toBe('RESERVED');

    const later = await createCoupon({
      applicableFrom: indianDate(new Date(t.app.orders.now().getTime() + 5 * 86_400_000)),
    });
    const refused = await placeOrder({ mobileNumber: (await createStudent(t)).mobileNumber, couponName: later });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(new RegExp(`^Coupon '${later}' cannot be used: '${later}' is valid from`));
  });
});

describe('paying offline', () => {
  it('pays the order and does everything at once: invoice, coupon use, subscription, delivery package', async () => {
    const student = await createStudent(t);
    const couponName = await createCoupon({ amount: 20 });
    const { body } = await placeOrder({
      mobileNumber: student.mobileNumber,
      couponName,
      addOnIds: [catalogue.printedAddOn!.id],
    });
    const orderId = body.data.orderId as string;
    const reference = uniqueCode('UTR');
    const paid = await payOffline(orderId, { mode: 'BANK_TRANSFER', reference });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const order = paid.body.data;
    expect(order.paymentStatus).toBe('PAID');
    expect(order.paymentMethod).toBe('BANK_TRANSFER');
    expect(order.payments).toEqual([
      expect.objectContaining({ mode: 'BANK_TRANSFER', reference, amount: order.total, receivedOn: TODAY() }),
    ]);
    expect(order.invoice.total).toBe(order.total);
    expect(paid.body.message).toContain(order.invoice.invoiceNumber);

    const [invoice] = await t.database.query<{ document: { totals: Record<string, number> } }>(
      'SELECT document FROM invoices WHERE order_id = $1',
      [orderId],
    );
    const totals = invoice!.document.totals;
    expect(totals.taxableValue! + totals.cgst! + totals.sgst! + totals.igst!).toBe(order.total);
    expect(totals.cgst).toBe(totals.sgst);
    expect(
      (
        await t.database.query<{ status: string }>('SELECT status FROM coupon_redemptions WHERE order_id = $1', [
          orderId,
        ])
      )[0]?.status,
    ).toBe('CONFIRMED');
    const subscriptions = await t.database.query<{ subscription_id: string; start_date: string }>(
      'SELECT subscription_id, start_date::text FROM student_subscriptions WHERE source_order_id = $1',
      [orderId],
    );
    expect(subscriptions).toEqual([{ subscription_id: catalogue.plans[0]!.id, start_date: TODAY() }]);
    const packages = await t.database.query<{ status: string; add_on_id: string }>(
      'SELECT status, add_on_id FROM delivery_packages WHERE order_id = $1',
      [orderId],
    );
    expect(packages).toEqual([{ status: 'PENDING', add_on_id: catalogue.printedAddOn!.id }]);

    // the student's orders list (the students screen) shows it paid with its invoice
    const listed = await t.call('GET', `/api/payments/student/subscription/studentid/${student.id}`, {
      token: finance,
    });
    expect(listed.body.data.find((o: { orderId: string }) => o.orderId === orderId)).toMatchObject({
      paymentStatus: 'PAID',
      invoice: { invoiceNumber: order.invoice.invoiceNumber },
    });
  });

  it('extends a current subscription: the paid plan starts the day after it ends', async () => {
    const student = await createStudent(t);
    const first = await placeOrder({ mobileNumber: student.mobileNumber });
    await payOffline(first.body.data.orderId);
    const second = await placeOrder({ mobileNumber: student.mobileNumber });
    await payOffline(second.body.data.orderId);
    const rows = await t.database.query<{ start_date: string; end_date: string }>(
      'SELECT start_date::text, end_date::text FROM student_subscriptions WHERE student_id = $1 ORDER BY start_date',
      [student.id],
    );
    expect(rows).toHaveLength(2);
    const dayAfter = new Date(`${rows[0]!.end_date}T00:00:00Z`);
    dayAfter.setUTCDate(dayAfter.getUTCDate() + 1);
    expect(rows[1]!.start_date).toBe(dayAfter.toISOString().slice(0, 10));
  });

  it('records the same receipt once: again for the same order changes nothing, for another order is refused', async () => {
    const student = await createStudent(t);
    const { body } = await placeOrder({ mobileNumber: student.mobileNumber });
    const orderId = body.data.orderId as string;
    const reference = uniqueCode('CASH');
    expect((await payOffline(orderId, { mode: 'CASH', reference })).status).toBe(200);
    const again = await payOffline(orderId, { mode: 'CASH', reference });
    expect(again.status).toBe(200);
    expect(again.body.message).toBe(fillMessage(PAYMENT_MESSAGES.alreadyPaid, { reference }));
    expect(again.body.data.payments).toHaveLength(1);
    expect(await count('SELECT count(*) AS n FROM invoices WHERE order_id = $1', [orderId])).toBe(1);
    expect(await count('SELECT count(*) AS n FROM student_subscriptions WHERE source_order_id = $1', [orderId])).toBe(
      1,
    );

    const other = await placeOrder({ mobileNumber: student.mobileNumber });
    const reused = await payOffline(other.body.data.orderId, { mode: 'CASH', reference });
    expect(reused.status).toBe(409);
    expect(reused.body.message).toBe(fillMessage(PAYMENT_MESSAGES.referenceUsed, { mode: 'CASH', reference, orderId }));
    // a paid order takes no second payment under another reference
    const second = await payOffline(orderId, { mode: 'CHEQUE' });
    expect(second.status).toBe(409);
    expect(await count('SELECT count(*) AS n FROM payments WHERE order_id = $1', [orderId])).toBe(1);
  });

  it('refuses a payment received after today', async () => {
    const student = await createStudent(t);
    const { body } = await placeOrder({ mobileNumber: student.mobileNumber });
    const tomorrow = indianDate(new Date(t.app.orders.now().getTime() + 86_400_000));
    const refused = await payOffline(body.data.orderId, { receivedOn: tomorrow });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(fillMessage(PAYMENT_MESSAGES.receivedInFuture, { today: TODAY() }));
  });

  it('gives 50 orders paid at once 50 invoices with consecutive serials', async () => {
    const students = await Promise.all(Array.from({ length: 50 }, () => createStudent(t)));
    const orders = [];
    for (const student of students) orders.push((await placeOrder({ mobileNumber: student.mobileNumber })).body.data);
    const answers = await Promise.all(orders.map((o) => payOffline(o.orderId)));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    const serials = await t.database.query<{ sequence: number }>(
      `SELECT sequence FROM invoices WHERE order_id = ANY($1::text[]) ORDER BY sequence`,
      [orders.map((o) => o.orderId)],
    );
    expect(serials).toHaveLength(50);
    const first = serials[0]!.sequence;
    expect(serials.map((s) => s.sequence)).toEqual(serials.map((_, i) => first + i));
  });
});

describe('a coupon with a usage limit', () => {
  it('gives 10 of 40 orders placed at once by 40 students its discount and refuses the other 30', async () => {
    const couponName = await createCoupon({ usageLimit: true, limit: 10 });
    const students = await Promise.all(Array.from({ length: 40 }, () => createStudent(t)));
    const placed = await Promise.all(students.map((s) => placeOrder({ mobileNumber: s.mobileNumber, couponName })));
    const taken = placed.filter((p) => p.status === 200);
    expect(taken).toHaveLength(10);
    expect(placed.filter((p) => p.status === 409)).toHaveLength(30);
    const paid = await Promise.all(taken.map((p) => payOffline(p.body.data.orderId)));
    expect(paid.every((p) => p.status === 200 && p.body.data.discount > 0)).toBe(true);
    const [coupon] = await t.database.query<{ id: string }>('SELECT id FROM coupons WHERE name = $1', [couponName]);
    expect(
      await count(`SELECT count(*) AS n FROM coupon_redemptions WHERE coupon_id = $1 AND status = 'CONFIRMED'`, [
        coupon!.id,
      ]),
    ).toBe(10);
  });
});

describe('an unpaid order', () => {
  it('expires at its time, giving its coupon use back; paid or not yet due, it stays', async () => {
    const couponName = await createCoupon({ usageLimit: true, limit: 1 });
    const student = await createStudent(t);
    const { body } = await placeOrder({ mobileNumber: student.mobileNumber, couponName });
    const orderId = body.data.orderId as string;
    const realNow = t.app.orders.now;
    try {
      expect(await t.app.orders.expire(orderId)).toBe(false);
      const due = new Date(new Date(body.data.expiresAt).getTime() + 1000);
      t.app.orders.now = () => due;
      expect(await t.app.orders.expire(orderId)).toBe(true);
      expect(await t.app.orders.expire(orderId)).toBe(false);
      const order = await t.call('GET', `/api/payments/order/${orderId}`, { token: finance });
      expect(order.body.data.paymentStatus).toBe('EXPIRED');
      // its coupon use was given back: another student may use the coupon's only use
      const next = await placeOrder({ mobileNumber: (await createStudent(t)).mobileNumber, couponName });
      expect(next.status, JSON.stringify(next.body)).toBe(200);
      // and the expired order takes no payment
      const late = await payOffline(orderId);
      expect(late.status).toBe(409);
      expect(late.body.message).toBe(fillMessage(PAYMENT_MESSAGES.notPayable, { orderId, status: 'expired' }));
    } finally {
      t.app.orders.now = realNow;
    }
  });

  it('queues its expiry job when it is placed', async () => {
    const student = await createStudent(t);
    const { body } = await placeOrder({ mobileNumber: student.mobileNumber });
    const jobs = await t.database.query<{ data: { orderId: string }; start_after: string }>(
      `SELECT data, start_after FROM pgboss.job WHERE name = 'order-expire' AND data->>'orderId' = $1`,
      [body.data.orderId],
    );
    expect(jobs).toHaveLength(1);
    expect(new Date(jobs[0]!.start_after).toISOString()).toBe(body.data.expiresAt);
  });
});

describe('an ONLINE order with Razorpay configured', () => {
  let online: TestContext;
  let fake: FakeRazorpay;
  let onlineListing: { id: string };
  let plan: string;

  beforeAll(async () => {
    fake = await startFakeRazorpay();
    const razorpay = {
      keyId: fake.credentials.keyId,
      keySecret: fake.credentials.keySecret,
      webhookSecret: fake.credentials.webhookSecret,
      apiUrl: fake.base,
    };
    online = await createTestApp({ payments: { gateway: 'razorpay', orderTtlMinutes: 30, razorpay } });
    const made = await createCatalogue(online);
    plan = made.plans[0]!.id;
    onlineListing = await createStoreListing(online, made);
  });
  afterAll(async () => {
    await online?.close();
    await fake?.close();
  });

  const placeOnline = async (mobileNumber: string) =>
    online.call('POST', '/api/payments/order/create', {
      token: await online.sessionFor('FINANCE'),
      body: { mobileNumber, storeListingId: onlineListing.id, subscriptionId: plan, paymentMode: 'ONLINE' },
    });

  it("opens Razorpay's order for the total and gives the checkout its order id and key", async () => {
    const student = await createStudent(online);
    const placed = await placeOnline(student.mobileNumber);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const order = placed.body.data;
    expect(order.paymentStatus).toBe('PENDING');
    expect(order.gateway).toEqual({
      name: 'razorpay',
      gatewayOrderId: expect.stringMatching(/^order_/),
      keyId: fake.credentials.keyId,
    });
    const opened = fake.orders.get(order.gateway.gatewayOrderId)!;
    expect(opened).toMatchObject({
      amount: order.total,
      currency: 'INR',
      receipt: order.orderId.replace(/^order-/, ''),
    });
    expect(opened.notes).toMatchObject({ orderId: order.orderId, studentId: student.id });
  });

  it('fails the order at once when Razorpay refuses it, and says to try again', async () => {
    const student = await createStudent(online);
    const keySecret = fake.credentials.keySecret;
    fake.credentials.keySecret = 'rotated-in-the-dashboard';
    try {
      const placed = await placeOnline(student.mobileNumber);
      expect(placed.status).toBe(502);
      const [order] = await online.database.query<{ id: string; payment_status: string }>(
        'SELECT id, payment_status FROM orders WHERE student_id = $1',
        [student.id],
      );
      expect(placed.body.message).toBe(fillMessage(PAYMENT_MESSAGES.gatewayUnavailable, { orderId: order!.id }));
      expect(order!.payment_status).toBe('FAILED');
    } finally {
      fake.credentials.keySecret = keySecret;
    }
  });
  const webhook = (signed: { body: string; headers: Record<string, string> }) =>
    online.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/razorpay',
      headers: signed.headers,
      payload: signed.body,
    });
  const state = async (orderId: string) => {
    const [row] = await online.database.query<{ payment_status: string; invoices: string; payments: string }>(
      `SELECT payment_status, (SELECT count(*) FROM invoices WHERE order_id = o.id) AS invoices,
              (SELECT count(*) FROM payments WHERE order_id = o.id) AS payments FROM orders o WHERE id = $1`,
      [orderId],
    );
    return { status: row!.payment_status, invoices: Number(row!.invoices), payments: Number(row!.payments) };
  };

  it('pays the order once on payment.captured, however often Razorpay sends it', async () => {
    const student = await createStudent(online);
    const order = (await placeOnline(student.mobileNumber)).body.data;
    const payment = fake.capture(order.gateway.gatewayOrderId, { method: 'card' });
    const captured = fake.signedWebhook('payment.captured', { payment });
    const first = await webhook(captured);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true });
    expect(await state(order.orderId)).toEqual({ status: 'PAID', invoices: 1, payments: 1 });
    // the same event again (a retry), and the same capture as another event: nothing more
    expect((await webhook(captured)).statusCode).toBe(200);
    expect((await webhook(fake.signedWebhook('payment.captured', { payment }))).statusCode).toBe(200);
    expect(await state(order.orderId)).toEqual({ status: 'PAID', invoices: 1, payments: 1 });
    const detail = await online.call('GET', `/api/payments/order/${order.orderId}`, {
      token: await online.sessionFor('FINANCE'),
    });
    expect(detail.body.data).toMatchObject({ paymentMethod: 'CARD', gatewayReference: payment.id });
    expect(detail.body.data.payments).toEqual([
      expect.objectContaining({ mode: 'ONLINE', reference: payment.id, recordedBy: 'Razorpay' }),
    ]);
  });

  it('changes nothing for a forged or altered call, answering 401', async () => {
    const student = await createStudent(online);
    const order = (await placeOnline(student.mobileNumber)).body.data;
    const payment = fake.capture(order.gateway.gatewayOrderId);
    const forged = fake.signedWebhook('payment.captured', { payment }, { secret: 'not-the-webhook-secret' });
    expect((await webhook(forged)).statusCode).toBe(401);
    const genuine = fake.signedWebhook('payment.captured', { payment });
    const altered = { ...genuine, body: genuine.body.replace(String(payment.amount), String(payment.amount - 100)) };
    expect((await webhook(altered)).statusCode).toBe(401);
    expect(await state(order.orderId)).toEqual({ status: 'PENDING', invoices: 0, payments: 0 });
  });

  it('fails an unpaid order on payment.failed, and still pays it when a later attempt is captured', async () => {
    const student = await createStudent(online);
    const order = (await placeOnline(student.mobileNumber)).body.data;
    const failedAttempt = fake.failPayment(order.gateway.gatewayOrderId);
    expect((await webhook(fake.signedWebhook('payment.failed', { payment: failedAttempt }))).statusCode).toBe(200);
    expect(await state(order.orderId)).toEqual({ status: 'FAILED', invoices: 0, payments: 0 });
    const retried = fake.capture(order.gateway.gatewayOrderId);
    expect((await webhook(fake.signedWebhook('payment.captured', { payment: retried }))).statusCode).toBe(200);
    expect(await state(order.orderId)).toEqual({ status: 'PAID', invoices: 1, payments: 1 });
  });
  it('pays nothing for a capture of another amount, or of an order paid already, and tells finance staff', async () => {
    const student = await createStudent(online);
    const order = (await placeOnline(student.mobileNumber)).body.data;
    const payment = fake.capture(order.gateway.gatewayOrderId);
    const short = { ...payment, amount: payment.amount - 100 };
    expect((await webhook(fake.signedWebhook('payment.captured', { payment: short }))).statusCode).toBe(200);
    expect(await state(order.orderId)).toEqual({ status: 'PENDING', invoices: 0, payments: 0 });

    expect((await webhook(fake.signedWebhook('payment.captured', { payment }))).statusCode).toBe(200);
    const second = fake.capture(order.gateway.gatewayOrderId);
    expect((await webhook(fake.signedWebhook('payment.captured', { payment: second }))).statusCode).toBe(200);
    expect(await state(order.orderId)).toEqual({ status: 'PAID', invoices: 1, payments: 1 });
    const notes = await online.database.query<{ action: string }>(
      `SELECT action FROM activity_log WHERE entity_id = $1 ORDER BY created_at`,
      [order.orderId],
    );
    expect(notes.map((n) => n.action)).toEqual(
      expect.arrayContaining(['order.payment.mismatch', 'order.pay', 'order.payment.extra']),
    );
  });
});
