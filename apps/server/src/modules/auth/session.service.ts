import crypto from 'node:crypto';
import { RoleSchema, type Role } from '@lectern/contract';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { keyedHash, type ServerKeys } from '../../lib/keys';
import type { AuthContext } from '../../lib/routing';

/** Opaque session tokens (256 bits), stored only as a keyed hash, with an expiry. */
export class SessionService {
  constructor(
    private readonly db: Db,
    private readonly keys: ServerKeys,
    private readonly ttlMs: number,
  ) {}

  /** Starts a session and returns the token to hand to the client. */
  async create(
    userId: string,
    meta: { ip?: string; userAgent?: string } = {},
  ): Promise<{ token: string; expiresAt: Date }> {
    const token = crypto.randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + this.ttlMs);
    await this.db.insert(sessions).values({
      tokenHash: keyedHash(this.keys, token),
      userId,
      expiresAt,
      ip: meta.ip ?? null,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
    });
    return { token, expiresAt };
  }

  /** The caller of a live session of an active user, or null. Accepts `Bearer x` and a bare token. */
  async authenticate(header: string | undefined): Promise<AuthContext | null> {
    const token = header?.replace(/^Bearer\s+/i, '').trim();
    if (!token || token.length > 200) return null;
    const tokenHash = keyedHash(this.keys, token);
    const rows = await this.db
      .select({
        userId: sessions.userId,
        expiresAt: sessions.expiresAt,
        roles: sql<
          string[]
        >`array(select r.name from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = ${users.id} order by r.id)`,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, new Date()), eq(users.active, true)));
    const row = rows[0];
    if (!row) return null;
    const roles = row.roles.map((r) => RoleSchema.parse(r)) as Role[];
    return { userId: row.userId, roles, tokenHash, expiresAt: row.expiresAt };
  }

  /** Ends one session. */
  async end(tokenHash: string): Promise<void> {
    await this.db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
  }

  /** Ends every session of a user (deactivation). */
  async endAllForUser(userId: string, db: Db = this.db): Promise<number> {
    const deleted = await db.delete(sessions).where(eq(sessions.userId, userId)).returning({ t: sessions.tokenHash });
    return deleted.length;
  }

  /** Removes expired sessions. */
  async sweep(): Promise<void> {
    await this.db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
  }
}
