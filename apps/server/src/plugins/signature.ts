import crypto from 'node:crypto';
import { CONSTANTS, MESSAGES, parseSignature, signatureBase } from '@lectern/contract';
import type { Db } from '../db/client';
import { AppError } from '../lib/app-error';
import { rsaDecrypt, safeEqual, type ServerKeys } from '../lib/keys';
import { NonceRepository } from './nonce.repository';

const KEY_CACHE_LIMIT = 10_000;

/** A signature's id, to be recorded until it can no longer be replayed. */
export interface SignatureNonce {
  id: string;
  expiresAt: Date;
}

export const invalidSignature = () => new AppError(401, MESSAGES.invalidSignature);

/**
 * Checks x-signature (DESIGN §3): format, the 300 s window, the mac, the encrypted fixed string
 * (decrypted once per distinct key and cached), and the nonce (kept in the database, so a replay
 * to another process is caught too).
 */
export class SignatureVerifier {
  private readonly decrypted = new Map<string, boolean>();
  private lastSweep = 0;
  private readonly nonces: NonceRepository;

  constructor(
    db: Db,
    private readonly keys: ServerKeys,
    private readonly now: () => number = Date.now,
  ) {
    this.nonces = new NonceRepository(db);
  }

  /** Checks and records a signature: 401 when it is wrong, stale or seen before. */
  async verify(header: string | undefined, method: string, path: string): Promise<void> {
    const nonce = this.check(header, method, path);
    if (!(await this.nonces.claim(nonce.id, nonce.expiresAt))) throw invalidSignature();
  }

  /**
   * Everything but the replay check, which needs the database: the caller records `id` (until
   * `expiresAt`) and refuses the request when it was recorded before. Session routes record it in the
   * same statement that reads the session (SessionService.authenticate), one round trip for both.
   */
  check(header: string | undefined, method: string, path: string): SignatureNonce {
    const parsed = parseSignature(header);
    if (!parsed) throw invalidSignature();
    const now = this.now();
    if (Math.abs(now - parsed.timestamp) > CONSTANTS.signatureWindowMs) throw invalidSignature();
    const expected = crypto
      .createHmac('sha256', this.keys.signingSecret)
      .update(signatureBase(method, parsed.timestamp, parsed.id, path))
      .digest('hex');
    if (!safeEqual(expected, parsed.mac)) throw invalidSignature();
    if (!this.keyIsValid(parsed.key)) throw invalidSignature();
    if (now - this.lastSweep > 60_000) {
      this.lastSweep = now;
      // In the background: a failed sweep only leaves expired ids for the next one.
      this.nonces.sweep(new Date(now - 1000)).catch(() => undefined);
    }
    return { id: parsed.id, expiresAt: new Date(parsed.timestamp + CONSTANTS.signatureWindowMs) };
  }

  private keyIsValid(key: string): boolean {
    const cached = this.decrypted.get(key);
    if (cached !== undefined) return cached;
    const valid = rsaDecrypt(this.keys, key) === this.keys.fixedString;
    if (this.decrypted.size >= KEY_CACHE_LIMIT) this.decrypted.clear();
    this.decrypted.set(key, valid);
    return valid;
  }
}
