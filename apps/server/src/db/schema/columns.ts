import { sql } from 'drizzle-orm';
import { integer, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

// Column helpers every domain's tables share: each call makes a fresh builder, so no two tables
// hold the same column object.

/** A timestamptz read as a Date. */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A timestamptz that defaults to the time of the insert. */
export const stampedAt = (name: string) =>
  ts(name)
    .notNull()
    .default(sql`now()`);

/** `created_at`, set on insert. */
export const createdAt = () => stampedAt('created_at');

/** `created_at` and `updated_at`, both set on insert (the repositories move `updated_at`). */
export const timestamps = () => ({ createdAt: createdAt(), updatedAt: stampedAt('updated_at') });

/** The text primary key `id` (ids are made by the server: UUIDs or readable demo ids). */
export const id = () => text('id').primaryKey();

/** The optimistic-locking counter a client sends back with its edit. */
export const version = () => integer('version').notNull().default(0);

/** A text reference to the row this one belongs to: required, and deleted with it. */
export const belongsTo = (name: string, parent: () => AnyPgColumn) =>
  text(name).notNull().references(parent, { onDelete: 'cascade' });
