import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, signatureNonces, users } from '../../db/schema';

/** Sessions (by token hash) and the people they belong to. */
/** A live session with what the request's auth context needs. */
export interface LiveSession {
  userId: string;
  expiresAt: Date;
  firstName: string;
  lastName: string;
  roles: string[];
}

/** What the claim-and-read statement answers. */
interface ClaimRow {
  fresh: boolean;
  user_id: string | null;
  expires_at: Date | string | null;
  first_name: string | null;
  last_name: string | null;
  roles: string[] | null;
}

export class SessionRepository {
  constructor(private readonly db: Db) {}

  async insert(row: {
    tokenHash: string;
    userId: string;
    expiresAt: Date;
    ip: string | null;
    userAgent: string | null;
  }): Promise<void> {
    await this.db.insert(sessions).values(row);
  }

  /** A live session of an active user, with the user's name and role names, in one query. */
  /**
   * The live session of a token hash with its user's name and roles (null when none). With a
   * signature `nonce`, records it in the same statement: `nonceFresh` is false when it was recorded
   * before (a replay). One round trip for both, on every signed session call.
   */
  async live(
    tokenHash: string,
    now: Date,
    nonce?: { id: string; expiresAt: Date },
  ): Promise<{ session: LiveSession | null; nonceFresh: boolean }> {
    if (!nonce) return { session: await this.session(tokenHash, now), nonceFresh: true };
    const result = await this.db.execute(sql`
      WITH claimed AS (
        INSERT INTO ${signatureNonces} (id, expires_at) VALUES (${nonce.id}, ${nonce.expiresAt})
        ON CONFLICT DO NOTHING RETURNING id
      )
      SELECT EXISTS (SELECT 1 FROM claimed) AS fresh, s.user_id, s.expires_at, u.first_name, u.last_name,
        CASE WHEN u.id IS NULL THEN NULL ELSE array(
          SELECT r.name FROM user_roles ur JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = u.id ORDER BY r.id
        ) END AS roles
      FROM (SELECT 1) AS one
      LEFT JOIN ${sessions} s ON s.token_hash = ${tokenHash} AND s.expires_at > ${now}
      LEFT JOIN ${users} u ON u.id = s.user_id AND u.active`);
    // Both drivers (PGlite and node-postgres) answer with `rows`.
    const [row] = (result as unknown as { rows: ClaimRow[] }).rows;
    if (!row) return { session: null, nonceFresh: false };
    const session =
      row.user_id && row.roles && row.expires_at
        ? {
            userId: row.user_id,
            expiresAt: row.expires_at instanceof Date ? row.expires_at : new Date(row.expires_at),
            firstName: row.first_name ?? '',
            lastName: row.last_name ?? '',
            roles: row.roles,
          }
        : null;
    return { session, nonceFresh: row.fresh === true };
  }

  private async session(tokenHash: string, now: Date): Promise<LiveSession | null> {
    const rows = await this.db
      .select({
        userId: sessions.userId,
        expiresAt: sessions.expiresAt,
        firstName: users.firstName,
        lastName: users.lastName,
        roles: sql<
          string[]
        >`array(select r.name from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = ${users.id} order by r.id)`,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now), eq(users.active, true)));
    return rows[0] ?? null;
  }

  async delete(tokenHash: string): Promise<void> {
    await this.db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
  }

  /** Deletes every session of a user; `db` is the caller's transaction when there is one. */
  async deleteForUser(userId: string, db: Db = this.db): Promise<number> {
    const deleted = await db.delete(sessions).where(eq(sessions.userId, userId)).returning({ t: sessions.tokenHash });
    return deleted.length;
  }

  async deleteExpired(now: Date): Promise<void> {
    await this.db.delete(sessions).where(lt(sessions.expiresAt, now));
  }
}
