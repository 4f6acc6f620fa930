import { bigserial, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, id, stampedAt, ts } from './columns';
import { users } from './staff';

/** Server-wide values kept in the database: the generated keys every process shares. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

export const sessions = pgTable(
  'sessions',
  {
    /** sha-256 of the token; the token itself is never stored */
    tokenHash: text('token_hash').primaryKey(),
    userId: belongsTo('user_id', () => users.id),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const otpCodes = pgTable(
  'otp_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    mobileNumber: text('mobile_number').notNull(),
    /** null for a number that is unknown or inactive: the row exists so both cost the same */
    userId: text('user_id'),
    codeHash: text('code_hash').notNull(),
    ip: text('ip').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    consumedAt: ts('consumed_at'),
  },
  (t) => [
    index('otp_codes_mobile_idx').on(t.mobileNumber, t.createdAt),
    index('otp_codes_ip_idx').on(t.ip, t.createdAt),
  ],
);

/** Signature ids seen within the signature window: a replay to any process is refused. */
export const signatureNonces = pgTable('signature_nonces', {
  id: id(),
  expiresAt: ts('expires_at').notNull(),
});

/** The codes the development SMS outbox has "sent" (demo mode). */
export const devOutbox = pgTable('dev_outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  mobileNumber: text('mobile_number').notNull(),
  code: text('code').notNull(),
  sentAt: stampedAt('sent_at'),
});
