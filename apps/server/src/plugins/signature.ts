import crypto from 'node:crypto';
import { CONSTANTS, MESSAGES, parseSignature, signatureBase } from '@lectern/contract';
import type { Db } from '../db/client';
import { AppError } from '../lib/app-error';
import { rsaDecrypt, safeEqual, type ServerKeys } from '../lib/keys';
import { NonceRepository } from './nonce.repository';

const KEY_CACHE_LIMIT = 10_000;

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

  async verify(header: string | undefined, method: string, path: string): Promise<void> {
    const fail = () => new AppError(401, MESSAGES.invalidSignature);
    const parsed = parseSignature(header);
    if (!parsed) throw fail();
    const now = this.now();
    if (Math.abs(now - parsed.timestamp) > CONSTANTS.signatureWindowMs) throw fail();
    const expected = crypto
      .createHmac('sha256', this.keys.signingSecret)
      .update(signatureBase(method, parsed.timestamp, parsed.id, path))
      .digest('hex');
    if (!safeEqual(expected, parsed.mac)) throw fail();
    if (!this.keyIsValid(parsed.key)) throw fail();
    const fresh = await this.nonces.claim(parsed.id, new Date(parsed.timestamp + CONSTANTS.signatureWindowMs));
    if (!fresh) throw fail();
    if (now - this.lastSweep > 60_000) {
      this.lastSweep = now;
      await this.nonces.sweep(new Date(now - 1000));
    }
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
