import crypto from 'node:crypto';
import { CONSTANTS, MESSAGES, parseSignature, signatureBase } from '@lectern/contract';
import { lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { signatureNonces } from '../db/schema';
import { AppError } from '../lib/app-error';
import { rsaDecrypt, safeEqual, type ServerKeys } from '../lib/keys';

const KEY_CACHE_LIMIT = 10_000;

/**
 * Checks x-signature (DESIGN §3): format, the 300 s window, the mac, the encrypted fixed string
 * (decrypted once per distinct key and cached), and the nonce (kept in the database, so a replay
 * to another process is caught too).
 */
export class SignatureVerifier {
  private readonly decrypted = new Map<string, boolean>();
  private lastSweep = 0;

  constructor(
    private readonly db: Db,
    private readonly keys: ServerKeys,
    private readonly now: () => number = Date.now,
  ) {}

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
    const inserted = await this.db
      .insert(signatureNonces)
      .values({ id: parsed.id, expiresAt: new Date(parsed.timestamp + CONSTANTS.signatureWindowMs) })
      .onConflictDoNothing()
      .returning({ id: signatureNonces.id });
    if (inserted.length === 0) throw fail();
    if (now - this.lastSweep > 60_000) {
      this.lastSweep = now;
      await this.db.delete(signatureNonces).where(lt(signatureNonces.expiresAt, new Date(now - 1000)));
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
