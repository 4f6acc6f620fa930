import crypto from 'node:crypto';
import { RoleSchema, type Role } from '@lectern/contract';
import type { Db } from '../../db/client';
import { invalidSignature, type SignatureNonce } from '../../plugins/signature';
import { keyedHash, type ServerKeys } from '../../lib/keys';
import type { AuthContext } from '../../lib/routing';
import { SessionRepository } from './session.repository';

/** Opaque session tokens (256 bits), stored only as a keyed hash, with an expiry. */
export class SessionService {
  private readonly repo: SessionRepository;

  constructor(
    db: Db,
    private readonly keys: ServerKeys,
    private readonly ttlMs: number,
  ) {
    this.repo = new SessionRepository(db);
  }

  /** Starts a session and returns the token to hand to the client. */
  async create(
    userId: string,
    meta: { ip?: string; userAgent?: string } = {},
  ): Promise<{ token: string; expiresAt: Date }> {
    const token = crypto.randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + this.ttlMs);
    await this.repo.insert({
      tokenHash: keyedHash(this.keys, token),
      userId,
      expiresAt,
      ip: meta.ip ?? null,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
    });
    return { token, expiresAt };
  }

  /**
   * The caller of a live session of an active user, or null, with their name and roles (one query,
   * so no service looks the actor up again). Accepts `Bearer x` and a bare token.
   */
  /**
   * The session of an `authorization` header, or null. With a signature's `nonce`, records it in the
   * same statement and throws 401 (invalid signature) when it was recorded before: a replay.
   */
  async authenticate(header: string | undefined, nonce?: SignatureNonce): Promise<AuthContext | null> {
    const token = header?.replace(/^Bearer\s+/i, '').trim();
    if (!token || token.length > 200) return null;
    const tokenHash = keyedHash(this.keys, token);
    const found = await this.repo.live(tokenHash, new Date(), nonce);
    if (nonce && !found.nonceFresh) throw invalidSignature();
    const row = found.session;
    if (!row) return null;
    const roles = row.roles.map((r) => RoleSchema.parse(r)) as Role[];
    return {
      userId: row.userId,
      name: `${row.firstName} ${row.lastName}`.trim(),
      roles,
      tokenHash,
      expiresAt: row.expiresAt,
    };
  }

  /** Ends one session. */
  async end(tokenHash: string): Promise<void> {
    await this.repo.delete(tokenHash);
  }

  /** Ends every session of a user (deactivation); `db` is the caller's transaction when there is one. */
  async endAllForUser(userId: string, db?: Db): Promise<number> {
    return this.repo.deleteForUser(userId, db);
  }

  /** Removes expired sessions. */
  async sweep(): Promise<void> {
    await this.repo.deleteExpired(new Date());
  }
}
