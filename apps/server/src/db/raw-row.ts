// Reading columns of raw SQL rows (`Database.query`): both drivers answer numbers, timestamps and
// jsonb in their own types, or as text for aggregates and some casts.

/** A numeric column (bigint and numeric come back as text). */
export const num = (v: unknown): number => (typeof v === 'number' ? v : Number(v ?? 0));

/** A timestamptz column, as a Date. */
export const toDate = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));

/** A json or jsonb column (text when built by an expression), or `fallback` when null. */
export const json = (v: unknown, fallback: unknown): unknown =>
  typeof v === 'string' ? JSON.parse(v) : (v ?? fallback);
