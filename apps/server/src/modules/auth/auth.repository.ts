import { and, count, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { devOutbox, otpCodes, roles, userRoles, users } from '../../db/schema';

/** Sign-in data access: codes, and the users they are for. */
export class AuthRepository {
  constructor(private readonly db: Db) {}

  async activeUserIdByPhone(phone: string): Promise<string | null> {
    const rows = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.phone, phone), eq(users.active, true)));
    return rows[0]?.id ?? null;
  }

  /** Codes requested for a number and from an address since `since`, and the newest request time for the number. */
  async recentRequests(mobileNumber: string, ip: string, since: Date) {
    const [byNumber] = await this.db
      .select({ n: count(), newest: sql<Date | string | null>`max(${otpCodes.createdAt})` })
      .from(otpCodes)
      .where(and(eq(otpCodes.mobileNumber, mobileNumber), gt(otpCodes.createdAt, since)));
    const [byAddress] = await this.db
      .select({ n: count() })
      .from(otpCodes)
      .where(and(eq(otpCodes.ip, ip), gt(otpCodes.createdAt, since)));
    const newest = byNumber?.newest ? new Date(byNumber.newest) : null;
    return { byNumber: byNumber?.n ?? 0, byAddress: byAddress?.n ?? 0, newest };
  }

  async insertCode(row: {
    mobileNumber: string;
    userId: string | null;
    codeHash: string;
    ip: string;
    expiresAt: Date;
  }) {
    await this.db.insert(otpCodes).values(row);
  }

  /** The newest code of a number, whether or not it is still usable. */
  async newestCode(mobileNumber: string) {
    const rows = await this.db
      .select()
      .from(otpCodes)
      .where(eq(otpCodes.mobileNumber, mobileNumber))
      .orderBy(desc(otpCodes.createdAt), desc(otpCodes.id))
      .limit(1);
    return rows[0] ?? null;
  }

  /** Counts a wrong try; returns the attempts after it, or null when the code was already used up. */
  async countWrongTry(id: number, maxTries: number): Promise<number | null> {
    const rows = await this.db
      .update(otpCodes)
      .set({ attempts: sql`${otpCodes.attempts} + 1` })
      .where(and(eq(otpCodes.id, id), lt(otpCodes.attempts, maxTries), isNull(otpCodes.consumedAt)))
      .returning({ attempts: otpCodes.attempts });
    return rows[0]?.attempts ?? null;
  }

  /** Marks a code used; false when another request used it first. */
  async consume(id: number, maxTries: number): Promise<boolean> {
    const rows = await this.db
      .update(otpCodes)
      .set({ consumedAt: new Date() })
      .where(and(eq(otpCodes.id, id), isNull(otpCodes.consumedAt), lt(otpCodes.attempts, maxTries)))
      .returning({ id: otpCodes.id });
    return rows.length === 1;
  }

  /** Demo mode's outbox of sent codes (GET /api/dev/outbox). */
  async insertOutboxCode(mobileNumber: string, code: string): Promise<void> {
    await this.db.insert(devOutbox).values({ mobileNumber, code });
  }

  async recordSignIn(userId: string): Promise<void> {
    await this.db.update(users).set({ lastSignInAt: new Date() }).where(eq(users.id, userId));
  }

  /** The logged-in user info of spec §3: userName, email, image, userId, roles. */
  async loggedInUser(userId: string) {
    const rows = await this.db.select().from(users).where(eq(users.id, userId));
    const user = rows[0];
    if (!user) return null;
    const held = await this.db
      .select({ name: roles.name })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(eq(userRoles.userId, userId))
      .orderBy(roles.id);
    return {
      userId: user.id,
      userName: `${user.firstName} ${user.lastName}`.trim(),
      email: user.email,
      image: user.image,
      lastSignInAt: user.lastSignInAt,
      roleNames: held.map((r) => r.name),
    };
  }
}
