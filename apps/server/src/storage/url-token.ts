import crypto from 'node:crypto';

/**
 * The local driver's signed URLs: `v1.{payload}.{mac}`, the payload base64url JSON, the MAC an
 * HMAC-SHA256 with a key only the server holds (derived from its pepper, never the signing secret
 * that ships to browsers). The token alone authorises the request, for its one object, until it expires.
 */
export interface StorageTokenPayload {
  /** put: a whole object; part: one part of a multipart upload; get: a read; hls: reads under a prefix (k) */
  op: 'put' | 'part' | 'get' | 'hls';
  b: string;
  k: string;
  /** multipart upload id and part number */
  u?: string;
  n?: number;
  /** most bytes the body may have */
  max?: number;
  /** content type and download name served with a read */
  ct?: string;
  dn?: string;
  /** expiry, milliseconds since the epoch */
  exp: number;
  /** hls of a live class's recording: the class and the video, checked on every read (hidden or detached: refused) */
  lc?: string;
  v?: string;
}

const MAX_TOKEN_LENGTH = 8192;

function mac(secret: Buffer, payload: string): string {
  return crypto.createHmac('sha256', secret).update(`lectern-storage-url.v1.${payload}`).digest('base64url');
}

export function signStorageToken(secret: Buffer, payload: StorageTokenPayload): string {
  const encoded = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `v1.${encoded}.${mac(secret, encoded)}`;
}

export type TokenCheck =
  | { ok: true; payload: StorageTokenPayload }
  | { ok: false; reason: 'invalid' | 'expired'; payload?: StorageTokenPayload };

/** Checks the MAC first (a forged token is 'invalid', never 'expired'), then the expiry. */
export function verifyStorageToken(secret: Buffer, token: unknown, now = Date.now()): TokenCheck {
  if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return { ok: false, reason: 'invalid' };
  const [version, encoded, given] = token.split('.');
  if (version !== 'v1' || !encoded || !given || token.split('.').length !== 3) return { ok: false, reason: 'invalid' };
  const expected = Buffer.from(mac(secret, encoded));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !crypto.timingSafeEqual(expected, actual)) {
    return { ok: false, reason: 'invalid' };
  }
  let payload: StorageTokenPayload;
  try {
    payload = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as StorageTokenPayload;
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  if (typeof payload !== 'object' || payload === null || typeof payload.exp !== 'number') {
    return { ok: false, reason: 'invalid' };
  }
  if (now > payload.exp) return { ok: false, reason: 'expired', payload };
  return { ok: true, payload };
}

/** The key the local driver signs its URLs with: derived from the server's pepper, for this use only. */
export function storageUrlSecret(pepper: string): Buffer {
  return crypto.createHmac('sha256', pepper).update('lectern/storage-url-secret/v1').digest();
}
