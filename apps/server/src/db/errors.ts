/** The PostgreSQL error code of a unique-key violation. */
const UNIQUE_VIOLATION = '23505';

/** Is `error` (or what it wraps: Drizzle keeps the driver's error as its cause) a unique-key violation? */
export function isUniqueViolation(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    if ((current as { code?: string }).code === UNIQUE_VIOLATION) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
