import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema';

/** Sessions (by token hash) and the people they belong to. */
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
  async live(tokenHash: string, now: Date) {
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
