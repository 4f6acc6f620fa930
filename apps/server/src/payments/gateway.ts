// Online payments behind one interface (DESIGN §10): an order is opened at the gateway for the
// student's checkout, the gateway tells us by signed webhook what became of its payments, and a paid
// order is refunded through it. Offline payments (cash, UPI reference, bank transfer, cheque) need no
// gateway: staff record them, so the embedded default has none.

/** An order opened at the gateway: what the student's checkout is started with. */
export interface GatewayOrder {
  /** Razorpay's order id ('order_…'): the checkout's order_id, and what its webhooks name */
  gatewayOrderId: string;
  /** paise */
  amount: number;
  currency: 'INR';
  /** the public key id the checkout is opened with (never the secret) */
  keyId: string;
}

/** What a verified webhook says happened, in our terms. `eventId` is the gateway's, for de-duplication. */
export type GatewayEvent =
  | {
      kind: 'payment.captured';
      eventId: string;
      gatewayOrderId: string;
      paymentId: string;
      /** paise */
      amount: number;
      /** card, upi, netbanking, wallet, emi…; null when the gateway did not say */
      method: string | null;
    }
  | {
      kind: 'payment.failed';
      eventId: string;
      gatewayOrderId: string;
      paymentId: string;
      /** paise */
      amount: number;
      /** the gateway's words for the student ('Payment failed', 'Your payment has been cancelled…') */
      reason: string;
    }
  | {
      kind: 'refund.processed';
      eventId: string;
      paymentId: string;
      refundId: string;
      /** paise */
      amount: number;
    };

export interface RefundInput {
  /** the gateway's payment id ('pay_…') */
  paymentId: string;
  /** paise; a partial refund is less than the payment */
  amount: number;
  notes: Record<string, string>;
  /**
   * Our own id of this refund (10 or more letters, digits, '-' or '_'): the gateway answers a call
   * repeated with it with the refund already made, so a retried refund never pays out twice.
   */
  idempotencyKey: string;
}

/** One gateway. Failures throw GatewayError with the gateway's reason. */
export interface PaymentGateway {
  readonly name: 'razorpay';
  /**
   * Opens an order for `amount` paise. `receipt` is our order's reference (at most 40 characters,
   * unique on the account): asked again with the same receipt and amount, it answers the same order.
   */
  createOrder(input: { amount: number; receipt: string; notes: Record<string, string> }): Promise<GatewayOrder>;
  /**
   * A webhook request as it arrived. null when the signature does not match the raw body (a forged or
   * altered call); 'ignored' for a verified event of a kind we do not act on (order.paid,
   * payment.authorized, refund.created…); throws GatewayError on a verified body it cannot read.
   */
  readWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): GatewayEvent | null | 'ignored';
  refund(input: RefundInput): Promise<{ refundId: string; status: 'pending' | 'processed' | 'failed' }>;
}

/**
 * The gateway refused or could not be reached; the message says why, in the gateway's words.
 * `retryable`: the same call may succeed later (rate limit, the gateway's own failure, no answer);
 * otherwise the request itself was refused (bad credentials, an amount below ₹1, an unknown payment).
 */
export class GatewayError extends Error {
  /** the gateway's HTTP status, when it answered */
  readonly status?: number;
  /** the gateway's error code ('BAD_REQUEST_ERROR', 'SERVER_ERROR'…) */
  readonly code?: string;
  readonly retryable: boolean;

  constructor(message: string, details: { status?: number; code?: string; retryable?: boolean } = {}) {
    super(message);
    this.name = 'GatewayError';
    this.status = details.status;
    this.code = details.code;
    this.retryable = details.retryable ?? false;
  }
}
