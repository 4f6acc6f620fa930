import crypto from 'node:crypto';
import http from 'node:http';
import { serveOnLoopback } from './loopback';

// A fake Razorpay API on loopback, answering in the shapes of Razorpay's documentation
// (https://razorpay.com/docs/api/): basic auth with the key id and secret, Orders (POST /v1/orders,
// GET /v1/orders?receipt=, GET /v1/orders/{id}) and Refunds (POST /v1/payments/{id}/refund, with
// X-Refund-Idempotency), refusals as {error: {code, description, field, source, step, reason,
// metadata}}. Tests pay an order as a student would (capture, failPayment), script failures (429 with
// Retry-After, 500, an answer lost after the work was done), read what was asked, and build webhooks
// signed as Razorpay signs them.
//
// Refusal texts are Razorpay's where its documentation quotes them ("The api key provided is invalid",
// "The amount must be at least INR 1.00", "The amount must be an integer.", "Order receipt should be
// unique.", "The id provided does not exist", "Different request with the same idempotency key has
// already been processed.", SERVER_ERROR's "The server encountered an error…"); the others (a second
// currency, a long receipt, an over-refund, a refund of a payment not captured, the 429's body) are the
// fake's own wording.

export interface FakeRazorpayCredentials {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  accountId: string;
}

/** Razorpay's order entity. */
export interface FakeRazorpayOrder {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  offer_id: null;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: Record<string, string> | [];
  created_at: number;
}

/** Razorpay's payment entity, as its webhooks carry it. */
export interface FakeRazorpayPayment {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: 'captured' | 'failed' | 'refunded';
  order_id: string | null;
  invoice_id: null;
  international: boolean;
  method: string;
  amount_refunded: number;
  refund_status: null | 'partial' | 'full';
  captured: boolean;
  description: string | null;
  card_id: null;
  bank: string | null;
  wallet: string | null;
  vpa: string | null;
  email: string;
  contact: string;
  notes: Record<string, string> | [];
  fee: number | null;
  tax: number | null;
  error_code: string | null;
  error_description: string | null;
  error_source: string | null;
  error_step: string | null;
  error_reason: string | null;
  acquirer_data: Record<string, string | null>;
  created_at: number;
}

/** Razorpay's refund entity. */
export interface FakeRazorpayRefund {
  id: string;
  entity: 'refund';
  amount: number;
  currency: string;
  payment_id: string;
  notes: Record<string, string> | [];
  receipt: string | null;
  acquirer_data: { arn: string | null };
  created_at: number;
  batch_id: null;
  status: 'pending' | 'processed' | 'failed';
  speed_processed: 'normal';
  speed_requested: 'normal';
}

export interface FakeRazorpayRequest {
  method: string;
  /** path with query */
  url: string;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  body: string;
}

/** A webhook request as Razorpay sends it: the exact body it signed, and its headers. */
export interface SignedWebhook {
  body: string;
  headers: Record<string, string>;
}

export interface FakeRazorpay {
  /** http://127.0.0.1:{port}: RAZORPAY_API_URL */
  base: string;
  credentials: FakeRazorpayCredentials;
  requests: FakeRazorpayRequest[];
  orders: Map<string, FakeRazorpayOrder>;
  payments: Map<string, FakeRazorpayPayment>;
  refunds: Map<string, FakeRazorpayRefund>;
  /** answer the next N API calls 429, with this Retry-After (null: without one, as Razorpay may) */
  throttle: { remaining: number; retryAfter: string | null };
  /** answer the next N API calls 500 SERVER_ERROR, doing nothing */
  serverErrors: { remaining: number };
  /** do the next N calls' work, then answer 500 as if the answer were lost on the way */
  lostAnswers: { remaining: number };
  /** the status a new refund is answered with (Razorpay's samples: processed) */
  refundStatus: 'pending' | 'processed' | 'failed';
  /** a student pays the order: a captured payment, the order paid */
  capture(orderId: string, options?: { method?: string }): FakeRazorpayPayment;
  /** a student's payment on the order fails (Razorpay's sample netbanking failure) */
  failPayment(orderId: string, options?: { description?: string; reason?: string }): FakeRazorpayPayment;
  /** a webhook of `event` about these entities, signed with the account's webhook secret */
  signedWebhook(
    event: string,
    payload: { payment?: object; refund?: object; order?: object },
    options?: { eventId?: string; secret?: string; createdAt?: number },
  ): SignedWebhook;
  close(): Promise<void>;
}

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A Razorpay-looking id: the prefix and 14 letters and digits ('order_RB58MiP5SPFYyM'). */
export function razorpayId(prefix = ''): string {
  const bytes = crypto.randomBytes(14);
  return prefix + Array.from(bytes, (b) => BASE62[b % BASE62.length]).join('');
}

/**
 * A webhook body and headers exactly as Razorpay sends them: the event envelope ({entity: 'event',
 * account_id, event, contains, payload: {refund: {entity}, payment: {entity}}, created_at}),
 * X-Razorpay-Signature the hex HMAC-SHA256 of those bytes with the webhook secret, and the
 * x-razorpay-event-id a repeat of the event carries again.
 */
export function signRazorpayWebhook(
  secret: string,
  accountId: string,
  event: string,
  payload: { payment?: object; refund?: object; order?: object },
  options: { eventId?: string; createdAt?: number } = {},
): SignedWebhook {
  // Razorpay lists the refund before the payment it belongs to, and the payment before its order
  const names = (['refund', 'payment', 'order'] as const).filter((name) => payload[name] !== undefined);
  const body = JSON.stringify({
    entity: 'event',
    account_id: accountId,
    event,
    contains: names,
    payload: Object.fromEntries(names.map((name) => [name, { entity: payload[name] }])),
    created_at: options.createdAt ?? Math.floor(Date.now() / 1000),
  });
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'user-agent': 'Razorpay-Webhook/v1',
      'x-razorpay-event-id': options.eventId ?? razorpayId(),
      'x-razorpay-signature': crypto.createHmac('sha256', secret).update(body).digest('hex'),
    },
  };
}

export async function startFakeRazorpay(
  credentials: FakeRazorpayCredentials = {
    keyId: 'rzp_test_FakeKey0000001',
    keySecret: 'fake-key-secret-0001',
    webhookSecret: 'fake-webhook-secret-0001',
    accountId: 'acc_FakeAccount00001',
  },
): Promise<FakeRazorpay> {
  const seconds = () => Math.floor(Date.now() / 1000);
  /** refunds by idempotency key, with the body that made them */
  const byIdempotencyKey = new Map<string, { paymentId: string; body: string; refundId: string }>();
  const fake: FakeRazorpay = {
    base: '',
    credentials,
    requests: [],
    orders: new Map(),
    payments: new Map(),
    refunds: new Map(),
    throttle: { remaining: 0, retryAfter: '1' },
    serverErrors: { remaining: 0 },
    lostAnswers: { remaining: 0 },
    refundStatus: 'processed',
    capture: (orderId, options = {}) => {
      const order = orderOf(orderId);
      const method = options.method ?? 'upi';
      const payment = newPayment(order, method, 'captured');
      order.attempts++;
      order.status = 'paid';
      order.amount_paid = order.amount;
      order.amount_due = 0;
      return payment;
    },
    failPayment: (orderId, options = {}) => {
      const order = orderOf(orderId);
      const payment = newPayment(order, 'netbanking', 'failed');
      Object.assign(payment, {
        captured: false,
        bank: 'HDFC',
        fee: null,
        tax: null,
        error_code: 'BAD_REQUEST_ERROR',
        error_description: options.description ?? 'Payment failed',
        error_source: 'bank',
        error_step: 'payment_authorization',
        error_reason: options.reason ?? 'payment_failed',
      });
      order.attempts++;
      if (order.status === 'created') order.status = 'attempted';
      return payment;
    },
    signedWebhook: (event, payload, options = {}) =>
      signRazorpayWebhook(options.secret ?? credentials.webhookSecret, credentials.accountId, event, payload, options),
    close: async () => undefined,
  };

  function orderOf(orderId: string): FakeRazorpayOrder {
    const order = fake.orders.get(orderId);
    if (!order) throw new Error(`the fake Razorpay has no order ${orderId}`);
    return order;
  }

  function newPayment(order: FakeRazorpayOrder, method: string, status: 'captured' | 'failed'): FakeRazorpayPayment {
    const payment: FakeRazorpayPayment = {
      id: razorpayId('pay_'),
      entity: 'payment',
      amount: order.amount,
      currency: order.currency,
      status,
      order_id: order.id,
      invoice_id: null,
      international: false,
      method,
      amount_refunded: 0,
      refund_status: null,
      captured: status === 'captured',
      description: null,
      card_id: null,
      bank: null,
      wallet: null,
      vpa: method === 'upi' ? 'student@okhdfcbank' : null,
      email: 'student@example.in',
      contact: '+919876543210',
      notes: [],
      fee: Math.round(order.amount * 0.02),
      tax: Math.round(order.amount * 0.0036),
      error_code: null,
      error_description: null,
      error_source: null,
      error_step: null,
      error_reason: null,
      acquirer_data: { rrn: String(crypto.randomInt(100_000_000, 999_999_999)) },
      created_at: seconds(),
    };
    fake.payments.set(payment.id, payment);
    return payment;
  }

  const send = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
  /** Razorpay's refusal: always BAD_REQUEST_ERROR for the caller's mistakes, with the field when one is wrong. */
  const refuse = (
    res: http.ServerResponse,
    description: string,
    more: {
      status?: number;
      field?: string;
      step?: string;
      reason?: string;
      source?: string;
      headers?: Record<string, string>;
    } = {},
  ) =>
    send(
      res,
      more.status ?? 400,
      {
        error: {
          code: 'BAD_REQUEST_ERROR',
          description,
          source: more.source ?? 'business',
          step: more.step ?? 'payment_initiation',
          reason: more.reason ?? 'input_validation_failed',
          metadata: {},
          ...(more.field ? { field: more.field } : {}),
        },
      },
      more.headers,
    );
  const serverError = (res: http.ServerResponse) =>
    send(res, 500, {
      error: {
        code: 'SERVER_ERROR',
        description: 'The server encountered an error. The incident has been reported to admins.',
        source: 'NA',
        step: 'NA',
        reason: 'NA',
        metadata: {},
      },
    });

  /** An amount as Razorpay checks it: present, whole, at least ₹1 (100 paise). */
  const amountProblem = (amount: unknown): string | null => {
    if (amount === undefined || amount === null) return 'amount: is required.';
    if (typeof amount !== 'number' || !Number.isInteger(amount)) return 'The amount must be an integer.';
    if (amount < 100) return 'The amount must be at least INR 1.00';
    return null;
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url ?? '/', 'http://fake');
      const idempotencyKey = req.headers['x-refund-idempotency'];
      fake.requests.push({
        method: req.method ?? '',
        url: req.url ?? '',
        authorization: req.headers.authorization,
        idempotencyKey: typeof idempotencyKey === 'string' ? idempotencyKey : undefined,
        body,
      });
      if (!url.pathname.startsWith('/v1/')) return refuse(res, 'The requested URL was not found on the server.');
      if (fake.throttle.remaining > 0) {
        fake.throttle.remaining--;
        const { retryAfter } = fake.throttle;
        return refuse(res, 'Too many requests', {
          status: 429,
          source: 'NA',
          step: 'NA',
          reason: 'NA',
          headers: retryAfter === null ? {} : { 'retry-after': retryAfter },
        });
      }
      // HTTP basic auth: key id and secret
      const [id, secret] = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64')
        .toString('utf8')
        .split(':');
      if (id !== credentials.keyId) {
        return refuse(res, 'The api key provided is invalid', { status: 401, source: 'NA', step: 'NA', reason: 'NA' });
      }
      if (secret !== credentials.keySecret) {
        return refuse(res, 'Authentication failed', { status: 401, source: 'NA', step: 'NA', reason: 'NA' });
      }
      if (fake.serverErrors.remaining > 0) {
        fake.serverErrors.remaining--;
        return serverError(res);
      }
      let input: Record<string, unknown> = {};
      if (body) {
        try {
          input = JSON.parse(body) as Record<string, unknown>;
        } catch {
          return refuse(res, 'The request body is not valid JSON.');
        }
      }
      // the work is done, the answer lost on the way back
      const answer = (status: number, entity: unknown) => {
        if (fake.lostAnswers.remaining > 0) {
          fake.lostAnswers.remaining--;
          return serverError(res);
        }
        return send(res, status, entity);
      };

      if (url.pathname === '/v1/orders' && req.method === 'POST') {
        const problem = amountProblem(input.amount);
        if (problem) return refuse(res, problem, { field: 'amount' });
        if (input.currency === undefined) return refuse(res, 'currency: is required.', { field: 'currency' });
        if (input.currency !== 'INR') return refuse(res, 'Currency is not supported', { field: 'currency' });
        const receipt = input.receipt === undefined || input.receipt === null ? null : String(input.receipt);
        if (receipt !== null && receipt.length > 40) {
          return refuse(res, 'The receipt may not be greater than 40 characters.', { field: 'receipt' });
        }
        if (receipt !== null && [...fake.orders.values()].some((o) => o.receipt === receipt)) {
          return refuse(res, 'Order receipt should be unique.', { field: 'receipt' });
        }
        const notes = (input.notes ?? []) as Record<string, string> | [];
        const order: FakeRazorpayOrder = {
          id: razorpayId('order_'),
          entity: 'order',
          amount: input.amount as number,
          amount_paid: 0,
          amount_due: input.amount as number,
          currency: 'INR',
          receipt,
          offer_id: null,
          status: 'created',
          attempts: 0,
          notes: Array.isArray(notes) || Object.keys(notes).length > 0 ? notes : [],
          created_at: seconds(),
        };
        fake.orders.set(order.id, order);
        return answer(200, order);
      }
      if (url.pathname === '/v1/orders' && req.method === 'GET') {
        const receipt = url.searchParams.get('receipt');
        const items = [...fake.orders.values()]
          .filter((o) => receipt === null || o.receipt === receipt)
          .sort((a, b) => b.created_at - a.created_at);
        return send(res, 200, { entity: 'collection', count: items.length, items });
      }
      let m = /^\/v1\/orders\/([^/]+)$/.exec(url.pathname);
      if (m && req.method === 'GET') {
        const order = fake.orders.get(decodeURIComponent(m[1]!));
        if (!order) return refuse(res, 'The id provided does not exist');
        return send(res, 200, order);
      }
      m = /^\/v1\/payments\/([^/]+)\/refund$/.exec(url.pathname);
      if (m && req.method === 'POST') {
        const payment = fake.payments.get(decodeURIComponent(m[1]!));
        if (!payment) return refuse(res, 'The id provided does not exist');
        if (typeof idempotencyKey === 'string') {
          const earlier = byIdempotencyKey.get(idempotencyKey);
          if (earlier && (earlier.paymentId !== payment.id || earlier.body !== body)) {
            return refuse(res, 'Different request with the same idempotency key has already been processed.', {
              source: 'NA',
              step: 'NA',
              reason: 'NA',
            });
          }
          if (earlier) return answer(200, fake.refunds.get(earlier.refundId));
        }
        if (payment.status === 'failed' || !payment.captured) {
          return refuse(res, 'Only captured payments can be refunded', { field: 'id' });
        }
        const remaining = payment.amount - payment.amount_refunded;
        const amount = input.amount === undefined ? remaining : input.amount;
        const problem = amountProblem(amount);
        if (problem) return refuse(res, problem, { field: 'amount' });
        if ((amount as number) > remaining) {
          return refuse(res, 'The refund amount provided is greater than amount captured', { field: 'amount' });
        }
        const refund: FakeRazorpayRefund = {
          id: razorpayId('rfnd_'),
          entity: 'refund',
          amount: amount as number,
          currency: payment.currency,
          payment_id: payment.id,
          notes: (input.notes ?? []) as Record<string, string> | [],
          receipt: typeof input.receipt === 'string' ? input.receipt : null,
          acquirer_data: { arn: null },
          created_at: seconds(),
          batch_id: null,
          status: fake.refundStatus,
          speed_processed: 'normal',
          speed_requested: 'normal',
        };
        fake.refunds.set(refund.id, refund);
        if (typeof idempotencyKey === 'string')
          byIdempotencyKey.set(idempotencyKey, { paymentId: payment.id, body, refundId: refund.id });
        payment.amount_refunded += refund.amount;
        const full = payment.amount_refunded === payment.amount;
        payment.refund_status = full ? 'full' : 'partial';
        if (full) payment.status = 'refunded';
        return answer(200, refund);
      }
      return refuse(res, 'The requested URL was not found on the server.', { source: 'NA', step: 'NA', reason: 'NA' });
    });
  });
  const served = await serveOnLoopback(server);
  fake.base = served.base;
  fake.close = served.close;
  return fake;
}
