import { z } from 'zod';
import type { PaymentGateway } from '../payments/gateway';
import { RazorpayGateway, type RazorpayOptions } from '../payments/razorpay';
import { isHttpUrl, oneOf, parseEnv, text, wholeNumber, type Env } from './env';

// Orders and their payments (DESIGN §10). Offline payment recorded by staff is the embedded default
// and needs nothing; PAYMENT_GATEWAY=razorpay takes payments online and needs the account's API key
// (id and secret) and the webhook's secret, all three from the Razorpay Dashboard.

/** A secret as pasted: surrounding whitespace dropped (Razorpay refuses a key with a space or newline). */
const secret = () =>
  z
    .string()
    .optional()
    .transform((value) => value?.trim() || undefined);

const RAZORPAY_SECRETS = ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'] as const;

export const paymentsSchema = z
  .object({
    PAYMENT_GATEWAY: oneOf(['offline', 'razorpay'] as const),
    RAZORPAY_KEY_ID: secret(),
    RAZORPAY_KEY_SECRET: secret(),
    RAZORPAY_WEBHOOK_SECRET: secret(),
    RAZORPAY_API_URL: text('https://api.razorpay.com').refine(isHttpUrl, {
      error: (issue) => `must be an http(s) address, got '${String(issue.input)}'`,
    }),
    // an unpaid order holds its coupon use until it expires: from 5 minutes to a week
    ORDER_TTL_MINUTES: wholeNumber(30, { min: 5, max: 10_080 }),
  })
  .transform((env, ctx) => {
    const gateway = env.PAYMENT_GATEWAY ?? 'offline';
    if (gateway === 'razorpay') {
      const missing = RAZORPAY_SECRETS.filter((name) => !env[name]);
      if (missing.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: `PAYMENT_GATEWAY=razorpay needs ${listed(missing)} (from the Razorpay Dashboard: API Keys, and the webhook's secret); ${missing.length === 1 ? 'it is' : 'they are'} not set.`,
        });
        return z.NEVER;
      }
      // the id is public and starts rzp_test_ or rzp_live_; never echoed, in case a secret was pasted here
      if (!/^rzp_(test|live)_[A-Za-z0-9]+$/.test(env.RAZORPAY_KEY_ID!)) {
        ctx.addIssue({
          code: 'custom',
          message: 'RAZORPAY_KEY_ID must be the Key Id from the Razorpay Dashboard (rzp_test_… or rzp_live_…).',
        });
        return z.NEVER;
      }
    }
    return {
      /** 'offline' (staff record cash, UPI, bank transfer and cheque payments) or 'razorpay' */
      gateway,
      /** minutes an unpaid order waits for its payment before it expires */
      orderTtlMinutes: env.ORDER_TTL_MINUTES,
      /** null unless PAYMENT_GATEWAY=razorpay; every value from the environment, never stored in the database */
      razorpay:
        gateway === 'razorpay'
          ? {
              /** public: the student's checkout is opened with it */
              keyId: env.RAZORPAY_KEY_ID!,
              keySecret: env.RAZORPAY_KEY_SECRET!,
              /** verifies X-Razorpay-Signature on webhooks (not the key secret) */
              webhookSecret: env.RAZORPAY_WEBHOOK_SECRET!,
              /** https://api.razorpay.com (tests point it at a fake on loopback) */
              apiUrl: env.RAZORPAY_API_URL.replace(/\/+$/, ''),
            }
          : null,
    };
  });

export type PaymentsConfig = z.output<typeof paymentsSchema>;
/** Razorpay's API key and webhook secret, and where its API is. */
export type RazorpayConfig = NonNullable<PaymentsConfig['razorpay']>;

/** Reads the payment settings; throws a readable error naming the variable for a bad or missing value. */
export function loadPaymentsConfig(env: Env = process.env): PaymentsConfig {
  return parseEnv(paymentsSchema, env);
}

/** The configured gateway, or null when payments are offline only. */
export function createGateway(config: PaymentsConfig, options: RazorpayOptions = {}): PaymentGateway | null {
  return config.razorpay ? new RazorpayGateway(config.razorpay, options) : null;
}

function listed(names: readonly string[]): string {
  return names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)!}`;
}
