import crypto from 'node:crypto';
import {
  API_KEY_MESSAGES,
  API_KEY_PATTERN,
  API_KEY_PREFIX_LENGTH,
  MESSAGES,
  fillMessage,
  type ApiKey,
  type CreateApiKeyBodySchema,
  type CreatedApiKey,
} from '@lectern/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { recordChange } from '../../lib/aggregate';
import { AppError, failWith } from '../../lib/app-error';
import { safeEqual } from '../../lib/keys';
import type { ApiKeyContext, StaffActor } from '../../lib/routing';
import { ApiKeysRepository, toApiKey } from './api-keys.repository';

type CreateApiKey = z.output<typeof CreateApiKeyBodySchema>;

const fail = failWith(API_KEY_MESSAGES);

/** A key's last use is written at most this often: one write a minute per key, not one per call. */
export const LAST_USE_EVERY_MS = 60_000;

/** Failed key calls from one address: the same allowance as sign-in codes (OTP_MAX_PER_ADDRESS per 15 minutes). */
export interface ApiKeyLimits {
  maxFailures: number;
  windowMs: number;
}

/** SHA-256 of a key: a 256-bit random secret needs no slow hash or pepper to be safe at rest. */
const hashOf = (key: string) => crypto.createHash('sha256').update(key).digest('hex');

/**
 * API keys of service callers (DESIGN §10): made and revoked by a SUPER_ADMIN, the secret shown once
 * and kept only as a hash; and the check of a key on each call, with its last use and a limit on
 * failed attempts per address.
 */
export class ApiKeysService {
  private readonly repo: ApiKeysRepository;
  private lastSweep = 0;

  constructor(
    private readonly db: Db,
    private readonly limits: ApiKeyLimits,
    /** the clock of last use and of the limiter (tests move it) */
    public now: () => Date = () => new Date(),
  ) {
    this.repo = new ApiKeysRepository(db);
  }

  async list(): Promise<ApiKey[]> {
    return (await this.repo.all()).map(toApiKey);
  }

  async create(actor: StaffActor, body: CreateApiKey): Promise<{ key: CreatedApiKey; message: string }> {
    const secret = `lk_${crypto.randomBytes(32).toString('base64url')}`;
    const id = crypto.randomUUID();
    const prefix = secret.slice(0, API_KEY_PREFIX_LENGTH);
    await recordChange(this.db, actor, {
      apply: async (tx) => {
        await this.repo.insert(tx, {
          id,
          name: body.name,
          scopes: body.scopes,
          prefix,
          secretHash: hashOf(secret),
          createdBy: actor.userId,
          createdByName: actor.name,
        });
        return {
          activity: {
            action: 'api_key.create',
            entityType: 'api_key',
            entityId: id,
            // never the secret, nor its hash
            after: { name: body.name, scopes: body.scopes, prefix },
            summary: `${actor.name} created API key '${body.name}' (${body.scopes.join(', ')}).`,
          },
        };
      },
    });
    const row = await this.repo.byId(id);
    if (!row) throw fail(404, 'notFound');
    return { key: { ...toApiKey(row), secret }, message: fillMessage(API_KEY_MESSAGES.created, { name: body.name }) };
  }

  /** Revokes a key: its next call answers 401. Revoking it again changes nothing and says so (409). */
  async revoke(actor: StaffActor, keyId: string): Promise<{ key: ApiKey; message: string }> {
    let name = '';
    await recordChange(this.db, actor, {
      apply: async (tx) => {
        const row = await this.repo.lock(tx, keyId);
        if (!row) throw fail(404, 'notFound');
        name = row.name;
        if (row.revokedAt) throw fail(409, 'alreadyRevoked', { name });
        const at = this.now();
        await this.repo.revoke(tx, keyId, at, actor.name);
        return {
          activity: {
            action: 'api_key.revoke',
            entityType: 'api_key',
            entityId: keyId,
            before: { revokedAt: null },
            after: { revokedAt: at.toISOString() },
            summary: `${actor.name} revoked API key '${name}' (${row.prefix}…).`,
          },
        };
      },
    });
    const row = await this.repo.byId(keyId);
    if (!row) throw fail(404, 'notFound');
    return { key: toApiKey(row), message: fillMessage(API_KEY_MESSAGES.revoked, { name }) };
  }

  /**
   * The caller of `key`, or 401 when it is malformed, unknown or revoked (429 once `ip` has failed too
   * often). The key's first characters find its row; the hashes are compared in constant time.
   */
  async authenticate(key: string, ip: string): Promise<ApiKeyContext> {
    const now = this.now();
    if (!API_KEY_PATTERN.test(key)) return this.refuse(ip, now);
    const hash = hashOf(key);
    const rows = await this.repo.byPrefix(key.slice(0, API_KEY_PREFIX_LENGTH));
    const row = rows.find((candidate) => safeEqual(candidate.secretHash, hash));
    if (!row || row.revokedAt) return this.refuse(ip, now);
    await this.repo.touch(row.id, now, LAST_USE_EVERY_MS);
    return { kind: 'apiKey', keyId: row.id, userId: null, name: `API key ${row.name}`, roles: [], scopes: row.scopes };
  }

  /** A failed key: 401, or 429 once the address has failed more than its allowance in the window. */
  private async refuse(ip: string, now: Date): Promise<never> {
    const { maxFailures, windowMs } = this.limits;
    const failures = await this.repo.countFailure(ip, now, new Date(now.getTime() - windowMs));
    if (now.getTime() - this.lastSweep > 60_000) {
      this.lastSweep = now.getTime();
      // in the background: a failed sweep only leaves old rows for the next one
      this.repo.sweepFailures(new Date(now.getTime() - windowMs)).catch(() => undefined);
    }
    if (failures > maxFailures) {
      throw new AppError(429, MESSAGES.tooManyRequests, {
        headers: { 'retry-after': String(Math.ceil(windowMs / 1000)) },
      });
    }
    throw fail(401, 'invalid');
  }
}
