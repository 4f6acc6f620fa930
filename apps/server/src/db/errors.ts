/** The PostgreSQL error code of a unique-key violation. */
const UNIQUE_VIOLATION = '23505';

/** Whether `error`, or any error it wraps (Drizzle keeps the driver's error as its cause), passes `test`. */
export function anyCause(error: unknown, test: (error: Record<string, unknown>) => boolean): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    if (test(current as Record<string, unknown>)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Is `error` (or what it wraps) a unique-key violation? */
export function isUniqueViolation(error: unknown): boolean {
  return anyCause(error, (cause) => cause.code === UNIQUE_VIOLATION);
}
