import crypto from 'node:crypto';

/** How long a verification link works. */
export const VERIFICATION_LINK_TTL_MS = 7 * 24 * 3600_000;

interface Claims {
  /** student id */
  s: string;
  /** the address the link was sent to: a link for an old address does not verify a new one */
  e: string;
  /** expiry, ms since the epoch */
  x: number;
}

const mac = (secret: string, payload: string) =>
  crypto.createHmac('sha256', secret).update(`email-verification.${payload}`).digest('base64url');

/** A signed, expiring token for the link that verifies `email` of a student. */
export function signVerification(secret: string, studentId: string, email: string, now = Date.now()): string {
  const payload = Buffer.from(JSON.stringify({ s: studentId, e: email, x: now + VERIFICATION_LINK_TTL_MS })).toString(
    'base64url',
  );
  return `${payload}.${mac(secret, payload)}`;
}

/** The student and address a token verifies; null when it is forged, damaged or expired. */
export function readVerification(
  secret: string,
  token: string,
  now = Date.now(),
): { studentId: string; email: string } | null {
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length > 0) return null;
  const expected = Buffer.from(mac(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Claims;
    if (typeof claims.s !== 'string' || typeof claims.e !== 'string' || typeof claims.x !== 'number') return null;
    return claims.x > now ? { studentId: claims.s, email: claims.e } : null;
  } catch {
    return null;
  }
}
