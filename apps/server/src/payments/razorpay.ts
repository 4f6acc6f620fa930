import crypto from 'node:crypto';
import type { RazorpayConfig } from '../config/payments';
import { GatewayError, type GatewayEvent, type GatewayOrder, type PaymentGateway, type RefundInput } from './gateway';

// Razorpay through its REST API (https://razorpay.com/docs/api/): HTTP basic auth with the key id and
// secret, amounts in paise, errors as {error: {code, description, field, source, step, reason}}.
// Razorpay asks callers to retry 429s with backoff; we also retry its 5xx answers and calls it did not
// answer, a few times, waiting as long as Retry-After says when it says. Both calls are safe to repeat:
// an order's receipt is unique on the account (a repeated create is answered with the order already
// made), and a refund carries X-Refund-Idempotency.

/** Razorpay's order entity (POST /v1/orders, GET /v1/orders). */
interface RazorpayOrder {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  /** an object, or [] when empty (PHP's empty array) */
  notes: Record<string, string> | [];
  created_at: number;
}

/** Razorpay's refund entity (POST /v1/payments/{id}/refund). */
interface RazorpayRefund {
  id: string;
  entity: 'refund';
  amount: number;
  payment_id: string;
  status: 'pending' | 'processed' | 'failed';
}

/** The parts of the payment entity a webhook carries that we read. */
interface RazorpayPayment {
  id?: unknown;
  order_id?: unknown;
  amount?: unknown;
  method?: unknown;
  error_code?: unknown;
  error_description?: unknown;
  error_reason?: unknown;
}

interface RazorpayErrorBody {
  error?: { code?: string; description?: string; field?: string | null; reason?: string };
}

/** Tries of one call: the first and two more. */
const MAX_ATTEMPTS = 3;
/** The longest wait between tries, whatever Retry-After says (a student or staff member is waiting). */
const MAX_RETRY_AFTER_MS = 10_000;
const DEFAULT_TIMEOUT_MS = 10_000;

/** Razorpay's answer when a receipt is used again (its error index, "Orders"). */
const RECEIPT_TAKEN = /receipt should be unique/i;
/** X-Refund-Idempotency: at least 10 letters, digits, hyphens or underscores. */
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{10,}$/;

export interface RazorpayOptions {
  fetchImpl?: typeof fetch;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** how long one try may take before it is abandoned (10 s) */
  timeoutMs?: number;
  /** the signal that ends a try after `ms` (AbortSignal.timeout; tests hand in their own) */
  timeoutSignal?: (ms: number) => AbortSignal;
}

/** Razorpay's Orders, Refunds and webhooks for one account. */
export class RazorpayGateway implements PaymentGateway {
  readonly name = 'razorpay' as const;
  // private fields: util.inspect and the logger never see them
  readonly #keyId: string;
  readonly #authorization: string;
  readonly #webhookSecret: string;
  readonly #apiUrl: string;
  readonly #fetch: typeof fetch;
  readonly #now: () => number;
  readonly #sleep: (ms: number) => Promise<void>;
  readonly #timeoutMs: number;
  readonly #timeoutSignal: (ms: number) => AbortSignal;

  constructor(config: RazorpayConfig, options: RazorpayOptions = {}) {
    this.#keyId = config.keyId;
    this.#authorization = `Basic ${Buffer.from(`${config.keyId}:${config.keySecret}`).toString('base64')}`;
    this.#webhookSecret = config.webhookSecret;
    this.#apiUrl = config.apiUrl.replace(/\/+$/, '');
    this.#fetch = options.fetchImpl ?? fetch;
    this.#now = options.now ?? Date.now;
    this.#sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.#timeoutSignal = options.timeoutSignal ?? ((ms) => AbortSignal.timeout(ms));
  }

  async createOrder(input: { amount: number; receipt: string; notes: Record<string, string> }): Promise<GatewayOrder> {
    const what = 'create the Razorpay order';
    const res = await this.#call('POST', '/v1/orders', what, {
      body: { amount: input.amount, currency: 'INR', receipt: input.receipt, notes: input.notes },
    });
    if (res.ok) return this.#asOrder(await answer<RazorpayOrder>(res, what));
    const refused = await failure(res, what);
    // Asked again for a receipt it already has (our earlier try was made but its answer lost, or our
    // caller is repeating itself), Razorpay refuses: the order it made is the answer.
    if (RECEIPT_TAKEN.test(refused.description)) {
      const made = await this.#orderByReceipt(input.receipt);
      if (made && made.amount === input.amount && made.currency === 'INR') return this.#asOrder(made);
    }
    throw refused.error;
  }

  async refund(input: RefundInput): Promise<{ refundId: string; status: 'pending' | 'processed' | 'failed' }> {
    const what = `refund the Razorpay payment ${input.paymentId}`;
    if (!IDEMPOTENCY_KEY.test(input.idempotencyKey)) {
      throw new GatewayError(
        `could not ${what}: the refund's idempotency key must be 10 or more letters, digits, '-' or '_'`,
      );
    }
    const res = await this.#call('POST', `/v1/payments/${encodeURIComponent(input.paymentId)}/refund`, what, {
      body: { amount: input.amount, notes: input.notes },
      headers: { 'x-refund-idempotency': input.idempotencyKey },
    });
    if (!res.ok) throw (await failure(res, what)).error;
    const refund = await answer<RazorpayRefund>(res, what);
    return { refundId: refund.id, status: refund.status };
  }

  readWebhook(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): GatewayEvent | null | 'ignored' {
    if (!verifyRazorpaySignature(this.#webhookSecret, rawBody, header(headers, 'x-razorpay-signature'))) return null;
    let body: { entity?: unknown; event?: unknown; payload?: Record<string, { entity?: unknown } | undefined> };
    try {
      body = JSON.parse(rawBody.toString('utf8')) as typeof body;
    } catch {
      throw new GatewayError('the Razorpay webhook is not JSON');
    }
    if (!body || body.entity !== 'event' || typeof body.event !== 'string') {
      throw new GatewayError('the Razorpay webhook is not an event');
    }
    // Razorpay repeats an event until it is answered 2xx, with the same x-razorpay-event-id; without
    // the header the body itself identifies it (a repeat is the same bytes)
    const eventId =
      header(headers, 'x-razorpay-event-id') || `sha256:${crypto.createHash('sha256').update(rawBody).digest('hex')}`;
    const entity = (name: string) => {
      const found = body.payload?.[name]?.entity;
      if (!found || typeof found !== 'object') {
        throw new GatewayError(`the Razorpay ${body.event as string} webhook carries no ${name}`);
      }
      return found as Record<string, unknown>;
    };
    switch (body.event) {
      case 'payment.captured':
      case 'payment.failed': {
        const payment = entity('payment') as RazorpayPayment;
        // a payment made without an order (a payment link or page on the same account) is not ours
        if (payment.order_id === null || payment.order_id === undefined) return 'ignored';
        const common = {
          eventId,
          gatewayOrderId: text(payment.order_id, 'payment.order_id'),
          paymentId: text(payment.id, 'payment.id'),
          amount: paise(payment.amount, 'payment.amount'),
        };
        if (body.event === 'payment.captured') {
          return {
            kind: 'payment.captured',
            ...common,
            method: typeof payment.method === 'string' && payment.method ? payment.method : null,
          };
        }
        return { kind: 'payment.failed', ...common, reason: failureReason(payment) };
      }
      case 'refund.processed': {
        const refund = entity('refund');
        return {
          kind: 'refund.processed',
          eventId,
          paymentId: text(refund.payment_id, 'refund.payment_id'),
          refundId: text(refund.id, 'refund.id'),
          amount: paise(refund.amount, 'refund.amount'),
        };
      }
      default:
        return 'ignored';
    }
  }

  #asOrder(order: RazorpayOrder): GatewayOrder {
    return { gatewayOrderId: order.id, amount: order.amount, currency: 'INR', keyId: this.#keyId };
  }

  /** The order made with `receipt` (GET /v1/orders?receipt=), if Razorpay has one. */
  async #orderByReceipt(receipt: string): Promise<RazorpayOrder | null> {
    const what = 'find the Razorpay order of the receipt';
    const res = await this.#call('GET', `/v1/orders?receipt=${encodeURIComponent(receipt)}`, what);
    if (!res.ok) throw (await failure(res, what)).error;
    const collection = await answer<{ items?: RazorpayOrder[] }>(res, what, 'items');
    return collection.items?.find((order) => order.receipt === receipt) ?? null;
  }

  /**
   * One API call: tried again after a 429, a 409 (Razorpay still busy with the same refund), a 5xx or
   * no answer, up to three tries; the last answer is returned, and no answer at all throws.
   */
  async #call(
    method: 'GET' | 'POST',
    path: string,
    what: string,
    request: { body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<Response> {
    for (let attempt = 1; ; attempt++) {
      let res: Response;
      try {
        res = await this.#fetch(`${this.#apiUrl}${path}`, {
          method,
          headers: {
            authorization: this.#authorization,
            accept: 'application/json',
            ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
            ...request.headers,
          },
          body: request.body === undefined ? undefined : JSON.stringify(request.body),
          signal: this.#timeoutSignal(this.#timeoutMs),
        });
      } catch (error) {
        const reason =
          (error as Error).name === 'TimeoutError'
            ? `Razorpay did not answer within ${this.#timeoutMs / 1000} s`
            : `Razorpay could not be reached (${unreachable(error)})`;
        if (attempt >= MAX_ATTEMPTS) throw new GatewayError(`could not ${what}: ${reason}`, { retryable: true });
        await this.#sleep(retryAfterMs(null, this.#now(), attempt));
        continue;
      }
      if (!isRetryable(res.status) || attempt >= MAX_ATTEMPTS) return res;
      await res.body?.cancel();
      await this.#sleep(retryAfterMs(res.headers.get('retry-after'), this.#now(), attempt));
    }
  }
}

/** True when `signature` is the hex HMAC-SHA256 of the raw body with the webhook secret. */
export function verifyRazorpaySignature(secret: string, rawBody: Buffer, signature: string | undefined): boolean {
  if (!signature || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  const expected = crypto.createHmac('sha256', secret).update(rawBody).digest();
  return crypto.timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

/**
 * The wait before try `attempt + 1`: Retry-After in seconds or as an HTTP date when Razorpay sends it,
 * otherwise 1 s, then 2 s (Razorpay's own advice is to back off); never more than 10 s.
 */
export function retryAfterMs(header: string | null, now: number, attempt: number): number {
  const fallback = Math.min(MAX_RETRY_AFTER_MS, 1000 * 2 ** (attempt - 1));
  if (!header) return fallback;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - now;
  if (!Number.isFinite(ms)) return fallback;
  return Math.min(MAX_RETRY_AFTER_MS, Math.max(0, ms));
}

const isRetryable = (status: number) => status === 429 || status === 409 || status >= 500;

/** Razorpay's error answer as a GatewayError naming what we tried, and its description alone. */
async function failure(res: Response, what: string): Promise<{ error: GatewayError; description: string }> {
  let description = '';
  let code: string | undefined;
  try {
    const body = (await res.json()) as RazorpayErrorBody;
    description = body.error?.description ?? '';
    code = body.error?.code;
  } catch {
    /* not JSON: a proxy's page */
  }
  const reason = description ? `${description} (HTTP ${res.status})` : `HTTP ${res.status}`;
  return {
    error: new GatewayError(`could not ${what}: ${reason}`, {
      status: res.status,
      code,
      retryable: isRetryable(res.status),
    }),
    description,
  };
}

/** A 2xx answer's entity; one without an id (or `field`) is Razorpay misbehaving, worth another try. */
async function answer<T>(res: Response, what: string, field: string = 'id'): Promise<T> {
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    body = null;
  }
  if (!body || typeof body !== 'object' || !(field in body)) {
    throw new GatewayError(`could not ${what}: Razorpay's answer could not be read (HTTP ${res.status})`, {
      status: res.status,
      retryable: true,
    });
  }
  return body as T;
}

/** One header's value, whatever the case of its name; a repeated header is not trusted. */
function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== name) continue;
    if (typeof value === 'string') return value;
    return Array.isArray(value) && value.length === 1 ? value[0] : undefined;
  }
  return undefined;
}

function text(value: unknown, field: string): string {
  if (typeof value !== 'string' || value === '') throw new GatewayError(`the Razorpay webhook has no ${field}`);
  return value;
}

function paise(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw new GatewayError(`the Razorpay webhook's ${field} is not a whole number of paise`);
  }
  return value;
}

/** The student-facing reason of a failed payment: its description, else its reason or code. */
function failureReason(payment: RazorpayPayment): string {
  for (const value of [payment.error_description, payment.error_reason, payment.error_code]) {
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  return 'the payment failed';
}

/** Why a fetch failed without an answer (undici puts the system's code on its cause). */
function unreachable(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message;
}
