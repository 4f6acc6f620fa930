import crypto from 'node:crypto';
import util from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createGateway, loadPaymentsConfig, type RazorpayConfig } from '../config/payments';
import { startFakeRazorpay, type FakeRazorpay } from '../test/fake-razorpay';
import { GatewayError } from './gateway';
import { RazorpayGateway, retryAfterMs, type RazorpayOptions } from './razorpay';

describe('Razorpay driver against the fake Razorpay API', () => {
  let fake: FakeRazorpay;
  let config: RazorpayConfig;
  const clock = Date.parse('2026-11-26T10:00:00Z');
  const sleeps: number[] = [];
  const gateway = (overrides: Partial<RazorpayConfig> = {}, options: RazorpayOptions = {}) =>
    new RazorpayGateway(
      { ...config, ...overrides },
      {
        now: () => clock,
        sleep: async (ms) => {
          sleeps.push(ms);
        },
        ...options,
      },
    );
  const failureOf = (promise: Promise<unknown>) =>
    promise.then(
      () => {
        throw new Error('expected the call to fail');
      },
      (error: unknown) => {
        expect(error).toBeInstanceOf(GatewayError);
        return error as GatewayError;
      },
    );
  const order = { amount: 499_900, receipt: 'LEC-ORD-000123', notes: { orderId: 'ord-123', mobile: '9876543210' } };

  beforeAll(async () => {
    fake = await startFakeRazorpay();
    config = {
      keyId: fake.credentials.keyId,
      keySecret: fake.credentials.keySecret,
      webhookSecret: fake.credentials.webhookSecret,
      apiUrl: fake.base,
    };
  });
  afterAll(async () => fake?.close());
  beforeEach(() => {
    fake.requests.length = 0;
    fake.orders.clear();
    fake.payments.clear();
    fake.refunds.clear();
    fake.throttle = { remaining: 0, retryAfter: '1' };
    fake.serverErrors.remaining = 0;
    fake.lostAnswers.remaining = 0;
    fake.refundStatus = 'processed';
    sleeps.length = 0;
  });

  it('creates an order in paise with the receipt and notes, signed in with the key id and secret', async () => {
    const made = await gateway().createOrder(order);
    expect(made).toEqual({
      gatewayOrderId: expect.stringMatching(/^order_[A-Za-z0-9]{14}$/),
      amount: 499_900,
      currency: 'INR',
      keyId: 'rzp_test_FakeKey0000001',
    });
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request!.method).toBe('POST');
    expect(request!.url).toBe('/v1/orders');
    expect(request!.authorization).toBe(
      `Basic ${Buffer.from('rzp_test_FakeKey0000001:fake-key-secret-0001').toString('base64')}`,
    );
    expect(JSON.parse(request!.body)).toEqual({
      amount: 499_900,
      currency: 'INR',
      receipt: 'LEC-ORD-000123',
      notes: { orderId: 'ord-123', mobile: '9876543210' },
    });
    expect(fake.orders.get(made.gatewayOrderId)).toMatchObject({
      amount: 499_900,
      amount_due: 499_900,
      status: 'created',
      receipt: 'LEC-ORD-000123',
    });
    expect(sleeps).toEqual([]);
  });

  it('answers the same order when asked again with its receipt (a lost answer, or a caller repeating itself)', async () => {
    const first = await gateway().createOrder(order);
    expect(await gateway().createOrder(order)).toEqual(first);
    // the work was done and the answer lost: the retry is refused for the receipt, and the order found
    fake.lostAnswers.remaining = 1;
    const second = await gateway().createOrder({ ...order, receipt: 'LEC-ORD-000124' });
    expect(sleeps).toEqual([1000]);
    expect(fake.orders.size).toBe(2);
    expect(fake.orders.get(second.gatewayOrderId)!.receipt).toBe('LEC-ORD-000124');
    // the same receipt for another amount is another purchase: refused in Razorpay's words
    const error = await failureOf(gateway().createOrder({ ...order, amount: 100_000 }));
    expect(error.message).toBe('could not create the Razorpay order: Order receipt should be unique. (HTTP 400)');
    expect(error.retryable).toBe(false);
    expect(fake.orders.size).toBe(2);
  });

  it("refuses a wrong secret or key with Razorpay's description, not retried", async () => {
    const error = await failureOf(gateway({ keySecret: 'not-the-secret' }).createOrder(order));
    expect(error.message).toBe('could not create the Razorpay order: Authentication failed (HTTP 401)');
    expect(error).toMatchObject({ status: 401, code: 'BAD_REQUEST_ERROR', retryable: false });
    expect(error.message).not.toContain('not-the-secret');
    const unknown = await failureOf(gateway({ keyId: 'rzp_test_Unknown000001' }).createOrder(order));
    expect(unknown.message).toBe('could not create the Razorpay order: The api key provided is invalid (HTTP 401)');
    expect(fake.requests).toHaveLength(2);
    expect(sleeps).toEqual([]);
    expect(fake.orders.size).toBe(0);
  });

  it("passes on Razorpay's refusal of an amount or receipt it does not take", async () => {
    for (const [input, description] of [
      [{ ...order, amount: 99 }, 'The amount must be at least INR 1.00'],
      [{ ...order, amount: 100.5 }, 'The amount must be an integer.'],
      [{ ...order, receipt: 'R'.repeat(41) }, 'The receipt may not be greater than 40 characters.'],
    ] as const) {
      const error = await failureOf(gateway().createOrder(input));
      expect(error.message).toBe(`could not create the Razorpay order: ${description} (HTTP 400)`);
      expect(error.retryable).toBe(false);
    }
    // ₹1 exactly is taken
    await gateway().createOrder({ ...order, amount: 100 });
  });

  it('waits as long as Retry-After says on 429, then succeeds', async () => {
    fake.throttle = { remaining: 1, retryAfter: '3' };
    const made = await gateway().createOrder(order);
    expect(sleeps).toEqual([3000]);
    expect(fake.requests.filter((r) => r.url === '/v1/orders')).toHaveLength(2);
    expect(fake.orders.has(made.gatewayOrderId)).toBe(true);
  });

  it('backs off without Retry-After, caps a long one, and reads an HTTP date', async () => {
    fake.throttle = { remaining: 2, retryAfter: null };
    await gateway().createOrder(order);
    expect(sleeps).toEqual([1000, 2000]);
    sleeps.length = 0;
    fake.throttle = { remaining: 1, retryAfter: '120' };
    await gateway().createOrder({ ...order, receipt: 'LEC-ORD-000125' });
    expect(sleeps).toEqual([10_000]);
    expect(retryAfterMs(new Date(clock + 4000).toUTCString(), clock, 1)).toBe(4000);
    expect(retryAfterMs('soon', clock, 2)).toBe(2000);
  });

  it('gives up after three 500s with a retryable error in its words', async () => {
    fake.serverErrors.remaining = 3;
    const error = await failureOf(gateway().createOrder(order));
    expect(error.message).toBe(
      'could not create the Razorpay order: The server encountered an error. The incident has been reported to admins. (HTTP 500)',
    );
    expect(error).toMatchObject({ status: 500, code: 'SERVER_ERROR', retryable: true });
    expect(fake.requests).toHaveLength(3);
    expect(sleeps).toEqual([1000, 2000]);
    expect(fake.orders.size).toBe(0);
    // two 500s and then an answer: the order is made
    fake.serverErrors.remaining = 2;
    sleeps.length = 0;
    const made = await gateway().createOrder(order);
    expect(fake.orders.has(made.gatewayOrderId)).toBe(true);
    expect(sleeps).toEqual([1000, 2000]);
  });

  it('abandons a try that takes longer than the timeout, and tries again', async () => {
    const asked: number[] = [];
    let timeouts = 0;
    // the signal a try is given: already out of time for the next `timeouts` tries (no waiting), then
    // one that never ends
    const timedOut: RazorpayOptions = {
      timeoutMs: 8000,
      timeoutSignal: (ms) => {
        asked.push(ms);
        if (timeouts-- > 0) {
          return AbortSignal.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError'));
        }
        return new AbortController().signal;
      },
    };
    timeouts = 2;
    const made = await gateway({}, timedOut).createOrder(order);
    expect(asked).toEqual([8000, 8000, 8000]);
    expect(sleeps).toEqual([1000, 2000]);
    expect(fake.orders.has(made.gatewayOrderId)).toBe(true);
    timeouts = 3;
    const error = await failureOf(gateway({}, timedOut).createOrder({ ...order, receipt: 'LEC-ORD-000126' }));
    expect(error.message).toBe('could not create the Razorpay order: Razorpay did not answer within 8 s');
    expect(error.retryable).toBe(true);
    expect(fake.orders.size).toBe(1);
  });

  it('says so when Razorpay cannot be reached at all', async () => {
    const closed = await startFakeRazorpay();
    await closed.close();
    const error = await failureOf(gateway({ apiUrl: closed.base }).createOrder(order));
    expect(error.message).toMatch(
      /^could not create the Razorpay order: Razorpay could not be reached \(ECONNREFUSED\)$/,
    );
    expect(error.retryable).toBe(true);
  });

  it('refunds a captured payment with the amount, notes and idempotency key, once however often asked', async () => {
    const made = await gateway().createOrder(order);
    const payment = fake.capture(made.gatewayOrderId);
    const input = {
      paymentId: payment.id,
      amount: 200_000,
      notes: { reason: 'Duplicate purchase' },
      idempotencyKey: 'refund-7f0c3b1e-0001',
    };
    const refunded = await gateway().refund(input);
    expect(refunded).toEqual({ refundId: expect.stringMatching(/^rfnd_[A-Za-z0-9]{14}$/), status: 'processed' });
    const call = fake.requests.at(-1)!;
    expect(call.url).toBe(`/v1/payments/${payment.id}/refund`);
    expect(call.idempotencyKey).toBe('refund-7f0c3b1e-0001');
    expect(JSON.parse(call.body)).toEqual({ amount: 200_000, notes: { reason: 'Duplicate purchase' } });
    expect(fake.refunds.get(refunded.refundId)).toMatchObject({ amount: 200_000, payment_id: payment.id });
    expect(payment).toMatchObject({ amount_refunded: 200_000, refund_status: 'partial' });
    // asked again (an answer lost on the way): the same refund, no second payout
    fake.lostAnswers.remaining = 1;
    expect(await gateway().refund(input)).toEqual(refunded);
    expect(await gateway().refund(input)).toEqual(refunded);
    expect(fake.refunds.size).toBe(1);
    expect(payment.amount_refunded).toBe(200_000);
    // a refund Razorpay has not finished yet
    fake.refundStatus = 'pending';
    const rest = await gateway().refund({ ...input, amount: 299_900, idempotencyKey: 'refund-7f0c3b1e-0002' });
    expect(rest.status).toBe('pending');
    expect(payment).toMatchObject({ amount_refunded: 499_900, refund_status: 'full', status: 'refunded' });
  });

  it('refuses a refund Razorpay refuses, in its words, and a key it would not take before asking', async () => {
    const made = await gateway().createOrder(order);
    const payment = fake.capture(made.gatewayOrderId);
    const tooMuch = await failureOf(
      gateway().refund({ paymentId: payment.id, amount: 500_000, notes: {}, idempotencyKey: 'refund-too-much-01' }),
    );
    expect(tooMuch.message).toBe(
      `could not refund the Razorpay payment ${payment.id}: The refund amount provided is greater than amount captured (HTTP 400)`,
    );
    expect(tooMuch.retryable).toBe(false);
    const unknown = await failureOf(
      gateway().refund({
        paymentId: 'pay_Unknown0000001',
        amount: 100,
        notes: {},
        idempotencyKey: 'refund-unknown-01',
      }),
    );
    expect(unknown.message).toContain('The id provided does not exist (HTTP 400)');
    const asked = fake.requests.length;
    const badKey = await failureOf(
      gateway().refund({ paymentId: payment.id, amount: 100, notes: {}, idempotencyKey: 'short' }),
    );
    expect(badKey.message).toMatch(/idempotency key must be 10 or more letters, digits/);
    expect(fake.requests).toHaveLength(asked);
    expect(fake.refunds.size).toBe(0);
  });

  it('keeps the key secret and the webhook secret out of sight', async () => {
    const shown = util.inspect(gateway(), { depth: 5, showHidden: true });
    expect(shown).not.toContain('fake-key-secret-0001');
    expect(shown).not.toContain('fake-webhook-secret-0001');
    expect(shown).not.toContain(Buffer.from('rzp_test_FakeKey0000001:fake-key-secret-0001').toString('base64'));
    expect(JSON.stringify(gateway())).not.toContain('secret');
  });

  describe('webhooks', () => {
    const read = (webhook: { body: string; headers: Record<string, string> }) =>
      gateway().readWebhook(Buffer.from(webhook.body), webhook.headers);

    it('reads payment.captured, payment.failed and refund.processed as Razorpay signs them', async () => {
      const made = await gateway().createOrder(order);
      const captured = fake.capture(made.gatewayOrderId, { method: 'card' });
      const webhook = fake.signedWebhook('payment.captured', { payment: captured }, { eventId: 'Evt00000000001' });
      expect(webhook.headers['x-razorpay-signature']).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.parse(webhook.body)).toMatchObject({
        entity: 'event',
        account_id: 'acc_FakeAccount00001',
        event: 'payment.captured',
        contains: ['payment'],
        payload: { payment: { entity: { id: captured.id, order_id: made.gatewayOrderId, status: 'captured' } } },
      });
      expect(read(webhook)).toEqual({
        kind: 'payment.captured',
        eventId: 'Evt00000000001',
        gatewayOrderId: made.gatewayOrderId,
        paymentId: captured.id,
        amount: 499_900,
        method: 'card',
      });

      const other = await gateway().createOrder({ ...order, receipt: 'LEC-ORD-000200' });
      const failed = fake.failPayment(other.gatewayOrderId);
      expect(read(fake.signedWebhook('payment.failed', { payment: failed }, { eventId: 'Evt00000000002' }))).toEqual({
        kind: 'payment.failed',
        eventId: 'Evt00000000002',
        gatewayOrderId: other.gatewayOrderId,
        paymentId: failed.id,
        amount: 499_900,
        reason: 'Payment failed',
      });

      const refunded = await gateway().refund({
        paymentId: captured.id,
        amount: 100_000,
        notes: {},
        idempotencyKey: 'refund-webhook-0001',
      });
      const refundWebhook = fake.signedWebhook(
        'refund.processed',
        { refund: fake.refunds.get(refunded.refundId)!, payment: captured },
        { eventId: 'Evt00000000003' },
      );
      expect(JSON.parse(refundWebhook.body).contains).toEqual(['refund', 'payment']);
      expect(read(refundWebhook)).toEqual({
        kind: 'refund.processed',
        eventId: 'Evt00000000003',
        paymentId: captured.id,
        refundId: refunded.refundId,
        amount: 100_000,
      });
    });

    it('names an event by x-razorpay-event-id, or by its bytes when the header is missing', async () => {
      const made = await gateway().createOrder(order);
      const webhook = fake.signedWebhook('payment.captured', { payment: fake.capture(made.gatewayOrderId) });
      const { ['x-razorpay-event-id']: eventId, ...withoutId } = webhook.headers;
      expect(read(webhook)).toMatchObject({ eventId });
      const once = read({ body: webhook.body, headers: withoutId });
      const again = read({ body: webhook.body, headers: withoutId });
      expect(once).toMatchObject({ eventId: expect.stringMatching(/^sha256:[0-9a-f]{64}$/) });
      expect(again).toEqual(once);
      const later = fake.signedWebhook('payment.captured', { payment: fake.capture(made.gatewayOrderId) });
      const { ['x-razorpay-event-id']: _dropped, ...laterWithoutId } = later.headers;
      expect(read({ body: later.body, headers: laterWithoutId })).not.toMatchObject({
        eventId: (once as { eventId: string }).eventId,
      });
    });

    it('refuses a body altered by one byte, a signature of another secret, and no signature', async () => {
      const made = await gateway().createOrder(order);
      const webhook = fake.signedWebhook('payment.captured', { payment: fake.capture(made.gatewayOrderId) });
      const bytes = Buffer.from(webhook.body);
      const at = webhook.body.indexOf('"amount":') + '"amount":'.length;
      bytes[at] = bytes[at] === 0x39 ? 0x38 : bytes[at]! + 1; // 499900 -> 599900
      expect(gateway().readWebhook(bytes, webhook.headers)).toBeNull();
      const payment = (JSON.parse(webhook.body) as { payload: { payment: { entity: object } } }).payload.payment.entity;
      expect(read(fake.signedWebhook('payment.captured', { payment }, { secret: 'someone-elses-secret' }))).toBeNull();
      const { ['x-razorpay-signature']: _signature, ...unsigned } = webhook.headers;
      expect(read({ body: webhook.body, headers: unsigned })).toBeNull();
      expect(
        read({ body: webhook.body, headers: { ...webhook.headers, 'x-razorpay-signature': 'not-hex' } }),
      ).toBeNull();
      // the untouched request is read
      expect(read(webhook)).toMatchObject({ kind: 'payment.captured', amount: 499_900 });
      // whatever the case of the header's name
      const shouted = Object.fromEntries(Object.entries(webhook.headers).map(([k, v]) => [k.toUpperCase(), v]));
      expect(read({ body: webhook.body, headers: shouted })).toMatchObject({ kind: 'payment.captured' });
    });

    it("ignores verified events we do not act on, and payments that are not an order's", async () => {
      const made = await gateway().createOrder(order);
      const payment = fake.capture(made.gatewayOrderId);
      for (const event of ['order.paid', 'payment.authorized', 'refund.created', 'refund.failed']) {
        expect(read(fake.signedWebhook(event, { payment, order: fake.orders.get(made.gatewayOrderId)! })), event).toBe(
          'ignored',
        );
      }
      // a payment link's payment on the same account has no order_id
      expect(read(fake.signedWebhook('payment.captured', { payment: { ...payment, order_id: null } }))).toBe('ignored');
      // a forged event of any kind is still refused first
      expect(read(fake.signedWebhook('order.paid', { payment }, { secret: 'forged' }))).toBeNull();
    });

    it('throws on a signed body it cannot read', () => {
      const readSigned = (body: string) => {
        const signature = crypto.createHmac('sha256', fake.credentials.webhookSecret).update(body).digest('hex');
        return () => gateway().readWebhook(Buffer.from(body), { 'x-razorpay-signature': signature });
      };
      expect(readSigned('not json')).toThrow(new GatewayError('the Razorpay webhook is not JSON'));
      expect(readSigned('{"entity":"order"}')).toThrow(/not an event/);
      expect(readSigned('{"entity":"event","event":"payment.captured","payload":{}}')).toThrow(/carries no payment/);
      expect(
        readSigned(
          '{"entity":"event","event":"payment.captured","payload":{"payment":{"entity":{"id":"pay_1","order_id":"order_1","amount":"4999"}}}}',
        ),
      ).toThrow(/payment.amount is not a whole number of paise/);
      // the same unreadable body unsigned is refused before it is read
      expect(gateway().readWebhook(Buffer.from('not json'), {})).toBeNull();
    });
  });
});

describe('payment settings', () => {
  const razorpay = {
    PAYMENT_GATEWAY: 'razorpay',
    RAZORPAY_KEY_ID: 'rzp_live_AbCdEf012345',
    RAZORPAY_KEY_SECRET: 'key-secret',
    RAZORPAY_WEBHOOK_SECRET: 'webhook-secret',
  };

  it('takes offline payments with no settings, and an unpaid order lasts 30 minutes', () => {
    const config = loadPaymentsConfig({});
    expect(config).toEqual({ gateway: 'offline', orderTtlMinutes: 30, razorpay: null });
    expect(createGateway(config)).toBeNull();
    // Razorpay's variables alone do not turn it on
    expect(loadPaymentsConfig({ ...razorpay, PAYMENT_GATEWAY: 'offline' }).razorpay).toBeNull();
  });

  it('takes Razorpay with its three secrets, trimmed, and its address', () => {
    const config = loadPaymentsConfig({
      ...razorpay,
      PAYMENT_GATEWAY: ' Razorpay ',
      RAZORPAY_KEY_SECRET: ' key-secret\n',
      RAZORPAY_API_URL: 'http://127.0.0.1:4010/',
      ORDER_TTL_MINUTES: '45',
    });
    expect(config).toEqual({
      gateway: 'razorpay',
      orderTtlMinutes: 45,
      razorpay: {
        keyId: 'rzp_live_AbCdEf012345',
        keySecret: 'key-secret',
        webhookSecret: 'webhook-secret',
        apiUrl: 'http://127.0.0.1:4010',
      },
    });
    expect(loadPaymentsConfig(razorpay).razorpay!.apiUrl).toBe('https://api.razorpay.com');
    expect(createGateway(config)?.name).toBe('razorpay');
  });

  it('names the missing Razorpay settings', () => {
    expect(() => loadPaymentsConfig({ PAYMENT_GATEWAY: 'razorpay' })).toThrow(
      'PAYMENT_GATEWAY=razorpay needs RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET',
    );
    expect(() => loadPaymentsConfig({ ...razorpay, RAZORPAY_WEBHOOK_SECRET: '  ' })).toThrow(
      /^PAYMENT_GATEWAY=razorpay needs RAZORPAY_WEBHOOK_SECRET .*; it is not set\.$/,
    );
    expect(() => loadPaymentsConfig({ ...razorpay, RAZORPAY_KEY_ID: '', RAZORPAY_KEY_SECRET: undefined })).toThrow(
      /needs RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET .*; they are not set\./,
    );
    // a secret pasted as the key id is refused without being repeated
    let message = '';
    try {
      loadPaymentsConfig({ ...razorpay, RAZORPAY_KEY_ID: 'Xy7secretlooking' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toBe('RAZORPAY_KEY_ID must be the Key Id from the Razorpay Dashboard (rzp_test_… or rzp_live_…).');
  });

  it('refuses a gateway, an address or an order lifetime it cannot use', () => {
    expect(() => loadPaymentsConfig({ PAYMENT_GATEWAY: 'stripe' })).toThrow(
      "PAYMENT_GATEWAY must be 'offline' or 'razorpay', got 'stripe'",
    );
    expect(() => loadPaymentsConfig({ ...razorpay, RAZORPAY_API_URL: 'api.razorpay.com' })).toThrow(
      "RAZORPAY_API_URL must be an http(s) address, got 'api.razorpay.com'",
    );
    for (const [value, why] of [
      ['4', "must be between 5 and 10080, got '4'"],
      ['10081', "must be between 5 and 10080, got '10081'"],
      ['30.5', "must be a whole number, got '30.5'"],
      ['half an hour', "must be a whole number, got 'half an hour'"],
    ]) {
      expect(() => loadPaymentsConfig({ ORDER_TTL_MINUTES: value }), value).toThrow(`ORDER_TTL_MINUTES ${why}`);
    }
    expect(loadPaymentsConfig({ ORDER_TTL_MINUTES: '5' }).orderTtlMinutes).toBe(5);
    expect(loadPaymentsConfig({ ORDER_TTL_MINUTES: '10080' }).orderTtlMinutes).toBe(10_080);
  });
});
