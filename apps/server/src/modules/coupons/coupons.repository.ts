import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sellsPlan } from '../../db/sells-plan';
import {
  catalogueSubjects,
  couponHistory,
  couponRedemptions,
  coupons,
  couponStoreListings,
  couponStudents,
  couponSubjects,
  storeListingSubscriptions,
  storeListings,
  students,
  subjects,
  subscriptions,
} from '../../db/schema';

export type CouponRow = typeof coupons.$inferSelect;
type CouponInsert = typeof coupons.$inferInsert;
/** A coupon's own columns as a form sets them. */
export type CouponValues = Omit<CouponInsert, 'id' | 'createdBy' | 'createdByName'>;
type HistoryRow = typeof couponHistory.$inferSelect;
export type RedemptionStatus = 'RESERVED' | 'CONFIRMED' | 'RELEASED';

/** A coupon with what it points at, and how many live uses it has. */
export interface CouponRecord {
  row: CouponRow;
  listings: { id: string; name: string }[];
  subjects: { id: string; name: string }[];
  students: { id: string; name: string; mobileNumber: string }[];
  /** uses reserved or confirmed */
  used: number;
}

/** A store listing as a coupon sees it: its catalogue's subjects and the plans it sells. */
export interface ListingForCoupon {
  id: string;
  name: string;
  subjectIds: string[];
  plans: { subscriptionId: string; subscriptionLabel: string; price: number }[];
}

/** A plan a coupon may apply to, with the listing that sells it. */
export interface PlanOfListing {
  storeListingId: string;
  storeListingName: string;
  subscriptionId: string;
  subscriptionLabel: string;
  price: number;
}

const LIVE = ['RESERVED', 'CONFIRMED'];

/** Coupons, the students, listings and subjects they are for, their redemptions and history. */
export class CouponsRepository {
  constructor(private readonly db: Db) {}

  /** Every coupon (newest first), or those of `ids`, with their links and live uses. */
  async records(options: { ids?: string[]; db?: Db } = {}): Promise<CouponRecord[]> {
    const db = options.db ?? this.db;
    if (options.ids && options.ids.length === 0) return [];
    const rows = await db
      .select()
      .from(coupons)
      .where(options.ids ? inArray(coupons.id, options.ids) : undefined)
      .orderBy(desc(coupons.createdAt), asc(coupons.id));
    return this.withLinks(db, rows);
  }

  async record(id: string, db: Db = this.db): Promise<CouponRecord | null> {
    const [found] = await this.records({ ids: [id], db });
    return found ?? null;
  }

  private async withLinks(db: Db, rows: CouponRow[]): Promise<CouponRecord[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    // One statement after another: `db` may be a transaction, whose one connection takes a query at a time.
    const listingRows = await db
      .select({ couponId: couponStoreListings.couponId, id: storeListings.id, name: storeListings.name })
      .from(couponStoreListings)
      .innerJoin(storeListings, eq(storeListings.id, couponStoreListings.storeListingId))
      .where(inArray(couponStoreListings.couponId, ids))
      .orderBy(asc(storeListings.name));
    const subjectRows = await db
      .select({ couponId: couponSubjects.couponId, id: subjects.id, name: subjects.name })
      .from(couponSubjects)
      .innerJoin(subjects, eq(subjects.id, couponSubjects.subjectId))
      .where(inArray(couponSubjects.couponId, ids))
      .orderBy(asc(subjects.name));
    const studentRows = await db
      .select({
        couponId: couponStudents.couponId,
        id: students.id,
        name: students.name,
        mobileNumber: couponStudents.mobileNumber,
      })
      .from(couponStudents)
      .innerJoin(students, eq(students.id, couponStudents.studentId))
      .where(inArray(couponStudents.couponId, ids))
      .orderBy(asc(couponStudents.mobileNumber));
    const useRows = await db
      .select({ couponId: couponRedemptions.couponId, used: sql<number>`count(*)`.mapWith(Number) })
      .from(couponRedemptions)
      .where(and(inArray(couponRedemptions.couponId, ids), inArray(couponRedemptions.status, LIVE)))
      .groupBy(couponRedemptions.couponId);
    const group = <T extends { couponId: string }>(list: T[]) => {
      const map = new Map<string, Omit<T, 'couponId'>[]>();
      for (const { couponId, ...rest } of list) (map.get(couponId) ?? map.set(couponId, []).get(couponId)!).push(rest);
      return map;
    };
    const listings = group(listingRows);
    const subjectsOf = group(subjectRows);
    const studentsOf = group(studentRows);
    const uses = new Map(useRows.map((u) => [u.couponId, u.used]));
    return rows.map((row) => ({
      row,
      listings: listings.get(row.id) ?? [],
      subjects: subjectsOf.get(row.id) ?? [],
      students: studentsOf.get(row.id) ?? [],
      used: uses.get(row.id) ?? 0,
    }));
  }

  /** The coupon, locked until the transaction ends (edits, expiry and redemptions queue on it). */
  async lock(tx: Db, id: string): Promise<CouponRow | null> {
    const [row] = await tx.select().from(coupons).where(eq(coupons.id, id)).for('update');
    return row ?? null;
  }

  /** The coupon of a name (any case), locked until the transaction ends. */
  async lockByName(tx: Db, name: string): Promise<CouponRow | null> {
    const [row] = await tx
      .select()
      .from(coupons)
      .where(sql`lower(${coupons.name}) = lower(${name})`)
      .for('update');
    return row ?? null;
  }

  async bumpVersion(tx: Db, id: string): Promise<void> {
    await tx
      .update(coupons)
      .set({ version: sql`${coupons.version} + 1`, updatedAt: new Date() })
      .where(eq(coupons.id, id));
  }

  /** The coupon holding this name (any case), other than `exceptId`. */
  async nameHolder(name: string, exceptId?: string): Promise<string | null> {
    const [row] = await this.db
      .select({ id: coupons.id })
      .from(coupons)
      .where(and(sql`lower(${coupons.name}) = lower(${name})`, exceptId ? ne(coupons.id, exceptId) : undefined));
    return row?.id ?? null;
  }

  async insert(tx: Db, values: CouponInsert): Promise<void> {
    await tx.insert(coupons).values(values);
  }

  async update(tx: Db, id: string, values: Partial<CouponInsert>): Promise<void> {
    await tx.update(coupons).set(values).where(eq(coupons.id, id));
  }

  /** Replaces the listings, subjects and students a coupon is for. */
  async setLinks(
    tx: Db,
    couponId: string,
    links: { listingIds: string[]; subjectIds: string[]; students: { id: string; mobileNumber: string }[] },
  ): Promise<void> {
    await tx.delete(couponStoreListings).where(eq(couponStoreListings.couponId, couponId));
    await tx.delete(couponSubjects).where(eq(couponSubjects.couponId, couponId));
    await tx.delete(couponStudents).where(eq(couponStudents.couponId, couponId));
    if (links.listingIds.length > 0) {
      await tx
        .insert(couponStoreListings)
        .values(links.listingIds.map((storeListingId) => ({ couponId, storeListingId })));
    }
    if (links.subjectIds.length > 0) {
      await tx.insert(couponSubjects).values(links.subjectIds.map((subjectId) => ({ couponId, subjectId })));
    }
    for (let n = 0; n < links.students.length; n += 500) {
      await tx
        .insert(couponStudents)
        .values(
          links.students.slice(n, n + 500).map((s) => ({ couponId, studentId: s.id, mobileNumber: s.mobileNumber })),
        );
    }
  }

  /**
   * The coupons that can still be used on `today` (not expired by staff, not past their last day),
   * featured first, then by name: what the store manager's coupon list (GET
   * /publisher/storemanager/coupon/all) shows. `amount` is a percentage when `percentage`, else paise.
   */
  async usableCoupons(today: string, db: Db = this.db) {
    return db
      .select({
        couponId: coupons.id,
        couponName: coupons.name,
        description: coupons.description,
        percentage: coupons.percentage,
        amount: coupons.amount,
        featured: coupons.featured,
        applicableFrom: coupons.applicableFrom,
        applicableUpto: coupons.applicableUpto,
      })
      .from(coupons)
      .where(
        and(
          eq(coupons.expired, false),
          sql`(${coupons.applicableUpto} IS NULL OR ${coupons.applicableUpto} >= ${today})`,
        ),
      )
      .orderBy(desc(coupons.featured), asc(coupons.name));
  }

  // ---- what a coupon points at

  /** Students by mobile number (their verified sign-in number). */
  async studentsByMobiles(mobiles: string[]): Promise<{ id: string; name: string; mobileNumber: string }[]> {
    if (mobiles.length === 0) return [];
    return this.db
      .select({ id: students.id, name: students.name, mobileNumber: students.mobileNumber })
      .from(students)
      .where(inArray(students.mobileNumber, mobiles));
  }

  async studentByMobile(mobileNumber: string): Promise<{ id: string; name: string; mobileNumber: string } | null> {
    const [found] = await this.studentsByMobiles([mobileNumber]);
    return found ?? null;
  }

  async studentById(tx: Db, id: string): Promise<{ id: string; name: string; mobileNumber: string } | null> {
    const [row] = await tx
      .select({ id: students.id, name: students.name, mobileNumber: students.mobileNumber })
      .from(students)
      .where(eq(students.id, id));
    return row ?? null;
  }

  async listingIds(ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .select({ id: storeListings.id })
      .from(storeListings)
      .where(inArray(storeListings.id, ids));
    return rows.map((r) => r.id);
  }

  async subjectIds(ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.select({ id: subjects.id }).from(subjects).where(inArray(subjects.id, ids));
    return rows.map((r) => r.id);
  }

  /**
   * The plans a coupon may apply to: of every listing (entire course), or of the listings named and
   * the listings whose catalogue holds one of the subjects; each listing's plans as `sellsPlan` says.
   */
  async plansFor(scope: {
    entireCourse: boolean;
    listingIds: string[];
    subjectIds: string[];
  }): Promise<PlanOfListing[]> {
    const base = this.db
      .select({
        storeListingId: storeListings.id,
        storeListingName: storeListings.name,
        subscriptionId: subscriptions.id,
        subscriptionLabel: subscriptions.label,
        price: subscriptions.price,
      })
      .from(storeListings)
      .innerJoin(subscriptions, eq(subscriptions.catalogueId, storeListings.catalogueId));
    if (scope.entireCourse) return base.where(sellsPlan);
    if (scope.listingIds.length === 0 && scope.subjectIds.length === 0) return [];
    const bySubject =
      scope.subjectIds.length > 0
        ? sql`${storeListings.catalogueId} IN (SELECT ${catalogueSubjects.catalogueId} FROM ${catalogueSubjects} WHERE ${inArray(catalogueSubjects.subjectId, scope.subjectIds)})`
        : sql`false`;
    const byListing = scope.listingIds.length > 0 ? inArray(storeListings.id, scope.listingIds) : sql`false`;
    return base.where(and(sql`(${byListing} OR ${bySubject})`, sellsPlan));
  }

  /** A store listing with its catalogue's subjects and the plans it sells (in the listing's order). */
  async listing(id: string, db: Db = this.db): Promise<ListingForCoupon | null> {
    const [row] = await db
      .select({ id: storeListings.id, name: storeListings.name, catalogueId: storeListings.catalogueId })
      .from(storeListings)
      .where(eq(storeListings.id, id));
    if (!row) return null;
    const subjectRows = await db
      .select({ subjectId: catalogueSubjects.subjectId })
      .from(catalogueSubjects)
      .where(eq(catalogueSubjects.catalogueId, row.catalogueId));
    const plans = await db
      .select({ subscriptionId: subscriptions.id, subscriptionLabel: subscriptions.label, price: subscriptions.price })
      .from(storeListings)
      .innerJoin(subscriptions, eq(subscriptions.catalogueId, storeListings.catalogueId))
      .leftJoin(
        storeListingSubscriptions,
        and(
          eq(storeListingSubscriptions.storeListingId, storeListings.id),
          eq(storeListingSubscriptions.subscriptionId, subscriptions.id),
        ),
      )
      .where(and(eq(storeListings.id, id), sellsPlan))
      .orderBy(
        sql`coalesce(${storeListingSubscriptions.position}, ${subscriptions.position})`,
        asc(subscriptions.position),
      );
    return { id: row.id, name: row.name, subjectIds: subjectRows.map((s) => s.subjectId), plans };
  }

  // ---- redemptions

  /** Live uses (reserved or confirmed) of a coupon; inside a transaction that locked the coupon, exact. */
  async liveUses(tx: Db, couponId: string): Promise<number> {
    const [row] = await tx
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(couponRedemptions)
      .where(and(eq(couponRedemptions.couponId, couponId), inArray(couponRedemptions.status, LIVE)));
    return row?.n ?? 0;
  }

  async usedByStudent(db: Db, couponId: string, studentId: string): Promise<boolean> {
    const rows = await db
      .select({ id: couponRedemptions.id })
      .from(couponRedemptions)
      .where(
        and(
          eq(couponRedemptions.couponId, couponId),
          eq(couponRedemptions.studentId, studentId),
          inArray(couponRedemptions.status, LIVE),
        ),
      )
      .limit(1);
    return rows.length > 0;
  }

  async insertRedemption(tx: Db, values: typeof couponRedemptions.$inferInsert): Promise<void> {
    await tx.insert(couponRedemptions).values(values);
  }

  /** Moves an order's reserved use to `status`; the number of uses moved (0 or 1). */
  async settleRedemption(
    tx: Db,
    orderId: string,
    status: Exclude<RedemptionStatus, 'RESERVED'>,
    releaseReason: string | null,
    at: Date,
  ): Promise<number> {
    const moved = await tx
      .update(couponRedemptions)
      .set(
        status === 'CONFIRMED'
          ? { status, confirmedAt: at }
          : { status, releasedAt: at, releaseReason: releaseReason ?? 'released' },
      )
      .where(and(eq(couponRedemptions.orderId, orderId), eq(couponRedemptions.status, 'RESERVED')))
      .returning({ id: couponRedemptions.id });
    return moved.length;
  }

  /** A confirmed use given back (a full refund); how many moved. */
  async releaseConfirmed(tx: Db, orderId: string, releaseReason: string, at: Date): Promise<number> {
    const moved = await tx
      .update(couponRedemptions)
      .set({ status: 'RELEASED', releasedAt: at, releaseReason })
      .where(and(eq(couponRedemptions.orderId, orderId), eq(couponRedemptions.status, 'CONFIRMED')))
      .returning({ id: couponRedemptions.id });
    return moved.length;
  }

  // ---- history

  async insertHistory(tx: Db, values: typeof couponHistory.$inferInsert): Promise<void> {
    await tx.insert(couponHistory).values(values);
  }

  async historyOf(couponId: string): Promise<HistoryRow[]> {
    return this.db
      .select()
      .from(couponHistory)
      .where(eq(couponHistory.couponId, couponId))
      .orderBy(desc(couponHistory.version), desc(couponHistory.createdAt));
  }
}
