import { z } from 'zod';
import { flag, httpUrl, optionalText, wholeNumber } from './env';

/** Sessions, sign-in codes and the request-signing keys. */
export const authSchema = z
  .object({
    SESSION_TTL_HOURS: wholeNumber(12, { min: 1 }),
    OTP_RESEND_COOLDOWN_SECONDS: wholeNumber(30),
    OTP_MAX_PER_NUMBER: wholeNumber(5),
    OTP_MAX_PER_ADDRESS: wholeNumber(30),
    SMS_WEBHOOK_URL: httpUrl(),
    LECTERN_PRIVATE_KEY: optionalText(),
    LECTERN_SIGNING_SECRET: optionalText(),
    LECTERN_FIXED_STRING: optionalText(),
    BENCH_SKIP_SIGNATURE: flag(false),
  })
  .transform((env) => ({
    sessionTtlMs: env.SESSION_TTL_HOURS * 3600_000,
    otp: {
      resendCooldownMs: env.OTP_RESEND_COOLDOWN_SECONDS * 1000,
      windowMs: 15 * 60_000,
      maxPerNumber: env.OTP_MAX_PER_NUMBER,
      maxPerAddress: env.OTP_MAX_PER_ADDRESS,
    },
    /** where codes go when demo mode is off: an HTTP endpoint that takes { mobileNumber, message } */
    smsWebhookUrl: env.SMS_WEBHOOK_URL,
    keys: {
      privateKeyPem: env.LECTERN_PRIVATE_KEY,
      signingSecret: env.LECTERN_SIGNING_SECRET,
      fixedString: env.LECTERN_FIXED_STRING,
    },
    /**
     * BENCH_SKIP_SIGNATURE=true: accept API calls without checking x-signature, for the benchmark's
     * signing-cost figure only. Refused with NODE_ENV=production.
     */
    benchSkipSignature: env.BENCH_SKIP_SIGNATURE as boolean | undefined,
  }));

/** SMTP_URL, checked at start-up; the refusal never repeats the address, which holds the password. */
function isSmtpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** E-mail: the SMTP server and the sender. */
export const mailSchema = z
  .object({
    SMTP_URL: optionalText().refine(
      (value) => value === undefined || isSmtpUrl(value),
      'must look like smtp://user:password@host:587 or smtps://user:password@host:465',
    ),
    MAIL_FROM: z
      .string()
      .optional()
      .transform((value) => value || 'Lectern <no-reply@lectern.example>'),
  })
  .transform((env) => ({
    /** where e-mail goes when demo mode is off: an SMTP server, smtp[s]://user:password@host:port */
    smtpUrl: env.SMTP_URL,
    /** the sender of every e-mail, 'Name <address>' */
    mailFrom: env.MAIL_FROM,
  }));
