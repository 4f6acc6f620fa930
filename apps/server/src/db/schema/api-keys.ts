import type { ApiKeyScope } from '@lectern/contract';
import { bigserial, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, ts } from './columns';
import { users } from './staff';

/** API keys of service callers (DESIGN §10): only the SHA-256 of a key is kept, with its first characters. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: id(),
    name: text('name').notNull(),
    scopes: jsonb('scopes').$type<ApiKeyScope[]>().notNull(),
    /** the key's first characters ('lk_ab12cd34'): finds its row, and tells keys apart on screen */
    prefix: text('prefix').notNull(),
    /** hex SHA-256 of the whole key; the key itself is never stored */
    secretHash: text('secret_hash').notNull().unique(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: ts('last_used_at'),
    revokedAt: ts('revoked_at'),
    revokedByName: text('revoked_by_name'),
  },
  (t) => [index('api_keys_prefix_idx').on(t.prefix)],
);

/** Calls with an unknown or revoked key, by client address: the limiter counts them. */
export const apiKeyFailures = pgTable(
  'api_key_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ip: text('ip').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('api_key_failures_ip_idx').on(t.ip, t.createdAt)],
);
