import { and, count, desc, eq, gt, gte, inArray, isNotNull, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { coupons, deliveryPackages, orders, roles, sessions, uploads, userRoles, users } from '../../db/schema';

/** Paid orders of one India day. */
export interface OrderDay {
  day: string;
  orders: number;
  revenue: number;
}

/** The overview's own figures; the rest come from the subjects, transcoding, live-classes and attendance services. */
export class OverviewRepository {
  constructor(private readonly db: Db) {}

  /**
   * Video uploads (subject and preview videos) started since `since` and not finished yet, of one
   * uploader or (null) of everyone. Uploads run in the uploader's browser: no console list shows them.
   */
  async videoUploadsInProgress(since: Date, createdBy: string | null): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(uploads)
      .where(
        and(
          inArray(uploads.targetType, ['subject', 'preview-video']),
          inArray(uploads.status, ['STARTED', 'COMPLETING']),
          gte(uploads.createdAt, since),
          createdBy === null ? undefined : eq(uploads.createdBy, createdBy),
        ),
      );
    return row?.n ?? 0;
  }

  /** Sessions that have not expired yet. */
  async liveSessions(now = new Date()): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(sessions).where(gt(sessions.expiresAt, now));
    return row?.n ?? 0;
  }

  /**
   * Paid orders (status PAID) and their net totals (paise) by the India day they were placed, from
   * `from` (inclusive) to `to` (exclusive): what the orders list's totals give for status PAID and
   * those days, so a figure and the list it links to agree.
   */
  async paidOrdersByDay(from: Date, to: Date): Promise<OrderDay[]> {
    const day = sql<string>`to_char(${orders.createdAt} AT TIME ZONE 'Asia/Kolkata', 'YYYY-MM-DD')`;
    const rows = await this.db
      .select({ day, orders: count(), revenue: sql<string>`coalesce(sum(${orders.total}), 0)` })
      .from(orders)
      .where(and(eq(orders.paymentStatus, 'PAID'), gte(orders.createdAt, from), lt(orders.createdAt, to)))
      .groupBy(day);
    return rows.map((row) => ({ day: row.day, orders: Number(row.orders), revenue: Number(row.revenue) }));
  }

  /** Packages waiting to be processed: the delivery list's Pending tab. */
  async pendingDeliveries(): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(deliveryPackages)
      .where(eq(deliveryPackages.status, 'PENDING'));
    return row?.n ?? 0;
  }

  /** Packages in the Processed tab that were processed on India day `day`. */
  async processedOn(day: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(deliveryPackages)
      .where(
        and(
          eq(deliveryPackages.status, 'PROCESSED'),
          sql`to_char(${deliveryPackages.processedAt} AT TIME ZONE 'Asia/Kolkata', 'YYYY-MM-DD') = ${day}`,
        ),
      );
    return row?.n ?? 0;
  }

  /** Active coupons (not expired by staff, started) whose last day is from `today` to `lastDay`. */
  async couponsEnding(today: string, lastDay: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(coupons)
      .where(
        and(
          eq(coupons.expired, false),
          lte(coupons.applicableFrom, today),
          isNotNull(coupons.applicableUpto),
          gte(coupons.applicableUpto, today),
          lte(coupons.applicableUpto, lastDay),
        ),
      );
    return row?.n ?? 0;
  }

  /** Staff who may sign in, and those deactivated. */
  async staffCounts(): Promise<{ active: number; inactive: number }> {
    const rows = await this.db.select({ active: users.active, n: count() }).from(users).groupBy(users.active);
    return { active: rows.find((r) => r.active)?.n ?? 0, inactive: rows.find((r) => !r.active)?.n ?? 0 };
  }

  /** The staff who signed in last, newest first, with their roles. */
  async lastSignIns(limit: number): Promise<{ userId: string; name: string; roles: string[]; lastSignInAt: Date }[]> {
    const rows = await this.db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        lastSignInAt: users.lastSignInAt,
      })
      .from(users)
      .where(isNotNull(users.lastSignInAt))
      .orderBy(desc(users.lastSignInAt), users.id)
      .limit(limit);
    const ids = rows.map((r) => r.id);
    const held =
      ids.length === 0
        ? []
        : await this.db
            .select({ userId: userRoles.userId, role: roles.name })
            .from(userRoles)
            .innerJoin(roles, eq(roles.id, userRoles.roleId))
            .where(inArray(userRoles.userId, ids))
            .orderBy(roles.id);
    return rows.map((r) => ({
      userId: r.id,
      name: `${r.firstName} ${r.lastName}`.trim(),
      roles: held.filter((h) => h.userId === r.id).map((h) => h.role),
      lastSignInAt: r.lastSignInAt!,
    }));
  }
}
