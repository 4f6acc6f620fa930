import crypto from 'node:crypto';
import {
  COUPON_MESSAGES,
  couponApplies,
  couponCoversListing,
  couponMobiles,
  couponStatus,
  couponTags,
  fillMessage,
  flatAmountIssue,
  formatDate,
  indianDate,
  paise,
  type Coupon,
  type CouponHistoryEntry,
  type CouponListQuerySchema,
  type CouponTerms,
  type CouponTestResult,
  type CreateCouponBodySchema,
  type UpdateCouponBodySchema,
} from '@lectern/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { changeAggregate, recordChange, type Aggregate } from '../../lib/aggregate';
import { AppError, failWith } from '../../lib/app-error';
import type { Actor } from '../../lib/routing';
import type { CouponRecord, CouponRow, CouponValues, CouponsRepository, ListingForCoupon } from './coupons.repository';

type CreateBody = z.output<typeof CreateCouponBodySchema>;
type UpdateBody = z.output<typeof UpdateCouponBodySchema>;
type ListQuery = z.output<typeof CouponListQuerySchema>;

const fail = failWith(COUPON_MESSAGES);
const missingCoupon = () => AppError.of(404, 'notFound', { what: 'that coupon' });

/** The coupon as the rules see it. */
function termsOf(record: CouponRecord): CouponTerms {
  const { row } = record;
  return {
    couponName: row.name,
    percentage: row.percentage,
    amount: row.amount,
    expired: row.expired,
    expiredAt: row.expiredAt?.toISOString() ?? null,
    expiredBy: row.expiredByName,
    featured: row.featured,
    applicableFrom: row.applicableFrom,
    applicableUpto: row.applicableUpto,
    applicableForEntireCourse: row.applicableForEntireCourse,
    storeListingIds: record.listings.map((l) => l.id),
    subjectIds: record.subjects.map((s) => s.id),
    applicableForAnyStudent: row.applicableForAnyStudent,
    studentMobiles: record.students.map((s) => s.mobileNumber),
    usageLimit: row.usageLimit,
    limit: row.useLimit,
  };
}

function toCoupon(record: CouponRecord, today: string): Coupon {
  const { row } = record;
  const status = couponStatus(termsOf(record), today);
  const mobiles = record.students.map((s) => s.mobileNumber);
  return {
    couponId: row.id,
    couponName: row.name,
    description: row.description,
    percentage: row.percentage,
    amount: row.amount,
    expired: status === 'EXPIRED',
    featured: row.featured,
    applicableForEntireCourse: row.applicableForEntireCourse,
    unlimited: row.unlimited,
    applicableFrom: row.applicableFrom,
    applicableUpto: row.applicableUpto,
    applicableForAnyStudent: row.applicableForAnyStudent,
    studentMobile: mobiles.length === 1 ? mobiles[0]! : null,
    createdBy: row.createdByName,
    usageLimit: row.usageLimit,
    limit: row.useLimit,
    storeListingInfoList: record.listings.map((l) => ({ storeListingId: l.id, storeListingName: l.name })),
    studentCouponMobileList: mobiles,
    students: record.students.map((s) => ({ studentId: s.id, name: s.name, mobileNumber: s.mobileNumber })),
    subjectInfoList: record.subjects.map((s) => ({ subjectId: s.id, subjectName: s.name })),
    status,
    tags: couponTags(termsOf(record), today),
    used: record.used,
    remaining: row.useLimit === null ? null : Math.max(0, row.useLimit - record.used),
    expiredAt: row.expiredAt?.toISOString() ?? null,
    expiredBy: row.expiredByName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

/** The fields a change is compared on, as the history shows them (lists sorted, so order is no change). */
function snapshot(record: CouponRecord): Record<string, unknown> {
  const { row } = record;
  return {
    couponName: row.name,
    description: row.description,
    percentage: row.percentage,
    amount: row.amount,
    featured: row.featured,
    applicableForEntireCourse: row.applicableForEntireCourse,
    unlimited: row.unlimited,
    applicableFrom: row.applicableFrom,
    applicableUpto: row.applicableUpto,
    applicableForAnyStudent: row.applicableForAnyStudent,
    usageLimit: row.usageLimit,
    limit: row.useLimit,
    storeListingInfoList: record.listings.map((l) => l.id).sort(),
    subjectInfoList: record.subjects.map((s) => s.id).sort(),
    studentCouponMobileList: record.students.map((s) => s.mobileNumber).sort(),
    expired: row.expired,
  };
}

/** The fields that differ between two snapshots, each with its value before and after. */
function fieldChanges(before: Record<string, unknown>, after: Record<string, unknown>) {
  return Object.keys(after)
    .filter((field) => JSON.stringify(before[field] ?? null) !== JSON.stringify(after[field] ?? null))
    .map((field) => ({ field, before: before[field] ?? null, after: after[field] ?? null }));
}

/** A coupon form checked against the database: its students, listings and subjects exist, its amount fits. */
interface CheckedInput {
  values: CouponValues;
  listingIds: string[];
  subjectIds: string[];
  students: { id: string; name: string; mobileNumber: string }[];
}

export interface ReserveInput {
  /** the code the student typed (any case) */
  couponName: string;
  studentId: string;
  /** the order being placed, in the same transaction */
  orderId: string;
  storeListingId: string;
  subscriptionId: string;
}

export interface Reservation {
  redemptionId: string;
  couponId: string;
  priceBefore: number;
  amountSaved: number;
  priceAfter: number;
}

/** Coupons: the list, add, edit with history, expire, the tester, and redemptions for the order flow. */
export class CouponsService {
  private readonly coupons: Aggregate<CouponRow>;

  constructor(
    private readonly db: Db,
    private readonly repo: CouponsRepository,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.coupons = {
      entity: 'coupon',
      lock: (tx, id) => repo.lock(tx, id),
      bumpVersion: (tx, id) => repo.bumpVersion(tx, id),
      missing: missingCoupon,
    };
  }

  private today(): string {
    return indianDate(this.now());
  }

  async list(query: ListQuery): Promise<Coupon[]> {
    const today = this.today();
    const search = query.search?.toLowerCase();
    const listing = query.storeListingId ? await this.repo.listing(query.storeListingId) : null;
    return (await this.repo.records())
      .filter((record) => {
        const terms = termsOf(record);
        if (query.status && !couponTags(terms, today).includes(query.status)) return false;
        if (query.type && terms.percentage !== (query.type === 'PERCENTAGE')) return false;
        if (query.storeListingId) {
          if (!listing || !couponCoversListing(terms, { storeListingId: listing.id, subjectIds: listing.subjectIds })) {
            return false;
          }
        }
        if (query.studentMobile && !terms.applicableForAnyStudent) {
          if (!terms.studentMobiles.includes(query.studentMobile)) return false;
        }
        if (search && !`${terms.couponName} ${record.row.description}`.toLowerCase().includes(search)) return false;
        return true;
      })
      .map((record) => toCoupon(record, today));
  }

  async one(id: string): Promise<Coupon> {
    const record = await this.repo.record(id);
    if (!record) throw missingCoupon();
    return toCoupon(record, this.today());
  }

  /**
   * The checks a form needs the database for, all before anything is written: the name is free, the
   * students (by mobile number), listings and subjects exist, the end date is not past, and a flat
   * amount is not above the cheapest price it applies to.
   */
  private async check(input: CreateBody, exceptId?: string): Promise<CheckedInput> {
    if (await this.repo.nameHolder(input.couponName, exceptId)) {
      throw fail(409, 'nameTaken', { couponName: input.couponName });
    }
    const mobiles = couponMobiles(input);
    const found = await this.repo.studentsByMobiles(mobiles);
    const unknown = mobiles.filter((m) => !found.some((s) => s.mobileNumber === m));
    if (unknown.length > 0) throw fail(400, 'unknownMobiles', { mobileNumbers: unknown.join(', ') });
    const listingIds = [...new Set(input.storeListingInfoList.map((l) => l.storeListingId))];
    const knownListings = await this.repo.listingIds(listingIds);
    const missingListings = listingIds.filter((id) => !knownListings.includes(id));
    if (missingListings.length > 0) throw fail(400, 'unknownListings', { ids: missingListings.join(', ') });
    const subjectIds = [...new Set(input.subjectInfoList.map((s) => s.subjectId))];
    const knownSubjects = await this.repo.subjectIds(subjectIds);
    const missingSubjects = subjectIds.filter((id) => !knownSubjects.includes(id));
    if (missingSubjects.length > 0) throw fail(400, 'unknownSubjects', { ids: missingSubjects.join(', ') });
    if (input.applicableUpto !== null && input.applicableUpto < this.today()) {
      throw fail(400, 'endInPast', { applicableUpto: formatDate(input.applicableUpto) });
    }
    if (!input.percentage) {
      const plans = await this.repo.plansFor({
        entireCourse: input.applicableForEntireCourse,
        listingIds,
        subjectIds,
      });
      const issue = flatAmountIssue(
        input,
        plans.map((p) => ({ ...p, price: paise(p.price) })),
      );
      if (issue) throw new AppError(400, issue);
    }
    return {
      values: {
        name: input.couponName,
        description: input.description,
        percentage: input.percentage,
        amount: input.amount,
        featured: input.featured,
        applicableForEntireCourse: input.applicableForEntireCourse,
        unlimited: input.unlimited,
        applicableFrom: input.applicableFrom,
        applicableUpto: input.applicableUpto,
        applicableForAnyStudent: input.applicableForAnyStudent,
        usageLimit: input.usageLimit,
        useLimit: input.limit,
      },
      listingIds,
      subjectIds,
      students: found,
    };
  }

  private nameTaken(couponName: string) {
    return (error: unknown) => (isUniqueViolation(error) ? fail(409, 'nameTaken', { couponName }) : undefined);
  }

  async create(actor: Actor, input: CreateBody): Promise<{ coupon: Coupon; message: string }> {
    const checked = await this.check(input);
    const id = crypto.randomUUID();
    await recordChange(this.db, actor, {
      apply: async (tx) => {
        await this.repo.insert(tx, { id, ...checked.values, createdBy: actor.userId, createdByName: actor.name });
        await this.repo.setLinks(tx, id, checked);
        const record = (await this.repo.record(id, tx))!;
        const after = snapshot(record);
        await this.repo.insertHistory(tx, {
          id: crypto.randomUUID(),
          couponId: id,
          version: 0,
          action: 'CREATED',
          actorId: actor.userId,
          actorName: actor.name,
          changes: fieldChanges({}, after),
          usedAtChange: 0,
        });
        return {
          activity: {
            action: 'coupon.create',
            entityType: 'coupon',
            entityId: id,
            after,
            summary: `${actor.name} created coupon '${input.couponName}'`,
          },
        };
      },
      onError: this.nameTaken(input.couponName),
    });
    return {
      coupon: await this.one(id),
      message: fillMessage(COUPON_MESSAGES.created, { couponName: input.couponName }),
    };
  }

  /** Saves the whole coupon at the version the editor saw; the change goes into its history, field by field. */
  async update(actor: Actor, input: UpdateBody): Promise<{ coupon: Coupon; message: string }> {
    const current = await this.repo.record(input.couponId);
    if (!current) throw missingCoupon();
    // An expired coupon stays expired: refused before the form's own checks, which could only confuse.
    if (couponStatus(termsOf(current), this.today()) === 'EXPIRED') {
      throw fail(409, 'expiredNoEdit', { couponName: current.row.name });
    }
    const checked = await this.check(input, input.couponId);
    await changeAggregate(
      this.db,
      this.coupons,
      { actor, id: input.couponId, version: input.version },
      {
        check: (_tx, row) => {
          if (couponStatus(termsOf({ ...current, row }), this.today()) === 'EXPIRED') {
            throw fail(409, 'expiredNoEdit', { couponName: row.name });
          }
        },
        apply: async ({ tx, row }) => {
          const before = snapshot((await this.repo.record(row.id, tx))!);
          await this.repo.update(tx, row.id, checked.values);
          await this.repo.setLinks(tx, row.id, checked);
          const record = (await this.repo.record(row.id, tx))!;
          const after = snapshot(record);
          const changes = fieldChanges(before, after);
          await this.repo.insertHistory(tx, {
            id: crypto.randomUUID(),
            couponId: row.id,
            version: row.version + 1,
            action: 'UPDATED',
            actorId: actor.userId,
            actorName: actor.name,
            changes,
            usedAtChange: record.used,
          });
          return {
            activity: {
              action: 'coupon.update',
              entityType: 'coupon',
              entityId: row.id,
              before,
              after,
              summary: `${actor.name} updated coupon '${input.couponName}' (${changes.map((c) => c.field).join(', ') || 'no changes'})`,
            },
          };
        },
        onError: this.nameTaken(input.couponName),
      },
    );
    return {
      coupon: await this.one(input.couponId),
      message: fillMessage(COUPON_MESSAGES.updated, { couponName: input.couponName }),
    };
  }

  /** Expires a coupon now (staff): it can no longer be used or edited; uses made stay. */
  async expire(actor: Actor, id: string): Promise<{ coupon: Coupon; message: string }> {
    let name = '';
    await recordChange(this.db, actor, {
      apply: async (tx) => {
        const row = await this.repo.lock(tx, id);
        if (!row) throw missingCoupon();
        name = row.name;
        if (row.expired) throw fail(409, 'alreadyExpired', { couponName: row.name });
        const at = this.now();
        await this.repo.update(tx, id, {
          expired: true,
          expiredAt: at,
          expiredBy: actor.userId,
          expiredByName: actor.name,
        });
        await this.repo.bumpVersion(tx, id);
        const record = (await this.repo.record(id, tx))!;
        await this.repo.insertHistory(tx, {
          id: crypto.randomUUID(),
          couponId: id,
          version: row.version + 1,
          action: 'EXPIRED',
          actorId: actor.userId,
          actorName: actor.name,
          changes: [{ field: 'expired', before: false, after: true }],
          usedAtChange: record.used,
        });
        return {
          activity: {
            action: 'coupon.expire',
            entityType: 'coupon',
            entityId: id,
            before: { expired: false },
            after: { expired: true },
            summary: `${actor.name} expired coupon '${row.name}'`,
          },
        };
      },
    });
    return { coupon: await this.one(id), message: fillMessage(COUPON_MESSAGES.expiredNow, { couponName: name }) };
  }

  async history(id: string): Promise<CouponHistoryEntry[]> {
    if (!(await this.repo.record(id))) throw missingCoupon();
    return (await this.repo.historyOf(id)).map((h) => ({
      historyId: h.id,
      version: h.version,
      action: h.action as CouponHistoryEntry['action'],
      changedBy: h.actorName,
      changedById: h.actorId,
      changedAt: h.createdAt.toISOString(),
      changes: (h.changes as CouponHistoryEntry['changes']) ?? [],
      usedAtChange: h.usedAtChange,
    }));
  }

  /** The verdict of the rules for a student (by id or the record) buying a listing's plans. */
  private async verdict(
    db: Db,
    record: CouponRecord,
    listing: ListingForCoupon,
    student: { id: string; mobileNumber: string },
  ) {
    const uses = await this.repo.liveUses(db, record.row.id);
    const usedByStudent = await this.repo.usedByStudent(db, record.row.id, student.id);
    return couponApplies(termsOf(record), {
      today: this.today(),
      listing: {
        storeListingId: listing.id,
        storeListingName: listing.name,
        subjectIds: listing.subjectIds,
        plans: listing.plans.map((p) => ({ ...p, price: paise(p.price) })),
      },
      student: { mobileNumber: student.mobileNumber },
      uses,
      usedByStudent,
    });
  }

  /** The coupon tester: the same rules as a redemption, for a listing's every plan, with nothing written. */
  async test(id: string, storeListingId: string, mobileNumber: string): Promise<CouponTestResult> {
    const record = await this.repo.record(id);
    if (!record) throw missingCoupon();
    const listing = await this.repo.listing(storeListingId);
    if (!listing) throw fail(404, 'listingNotFound');
    const student = await this.repo.studentByMobile(mobileNumber);
    if (!student) throw fail(404, 'studentNotFound', { mobileNumber });
    const verdict = await this.verdict(this.db, record, listing, student);
    return {
      couponId: record.row.id,
      couponName: record.row.name,
      storeListingId: listing.id,
      storeListingName: listing.name,
      student: { studentId: student.id, name: student.name, mobileNumber: student.mobileNumber },
      ...verdict,
    };
  }

  /**
   * Reserves a use of a coupon for an order, inside the order's transaction `tx`. The coupon row is
   * locked first, so uses of one coupon queue: of two orders racing for its last use (or one student's
   * two orders), the second counts the first's use once it commits and is refused. Refused with 409
   * and every reason when the rules say it does not apply.
   */
  async reserve(tx: Db, input: ReserveInput): Promise<Reservation> {
    const row = await this.repo.lockByName(tx, input.couponName);
    if (!row) throw missingCoupon();
    const record = (await this.repo.record(row.id, tx))!;
    const student = await this.repo.studentById(tx, input.studentId);
    if (!student) throw AppError.of(404, 'notFound', { what: 'that student' });
    const listing = await this.repo.listing(input.storeListingId, tx);
    if (!listing) throw fail(404, 'listingNotFound');
    const plan = listing.plans.filter((p) => p.subscriptionId === input.subscriptionId);
    if (plan.length === 0) throw fail(409, 'planNotOnListing', { storeListingName: listing.name });
    const verdict = await this.verdict(tx, record, { ...listing, plans: plan }, student);
    if (!verdict.applies) {
      throw fail(409, 'notApplicable', {
        couponName: row.name,
        reasons: verdict.reasons.map((r) => r.message).join(' '),
      });
    }
    const price = verdict.prices[0]!;
    const redemptionId = crypto.randomUUID();
    await this.repo.insertRedemption(tx, {
      id: redemptionId,
      couponId: row.id,
      studentId: student.id,
      orderId: input.orderId,
      storeListingId: listing.id,
      subscriptionId: input.subscriptionId,
      amountSaved: price.discount,
      status: 'RESERVED',
      reservedAt: this.now(),
    });
    return {
      redemptionId,
      couponId: row.id,
      priceBefore: price.priceBefore,
      amountSaved: price.discount,
      priceAfter: price.priceAfter,
    };
  }

  /** The order was paid: its reserved use becomes a confirmed one. True when there was one to confirm. */
  async confirm(tx: Db, orderId: string): Promise<boolean> {
    return (await this.repo.settleRedemption(tx, orderId, 'CONFIRMED', null, this.now())) > 0;
  }

  /** The payment failed or the order expired: its reserved use is given back. True when there was one. */
  async release(tx: Db, orderId: string, reason: 'PAYMENT_FAILED' | 'ORDER_EXPIRED'): Promise<boolean> {
    return (await this.repo.settleRedemption(tx, orderId, 'RELEASED', reason, this.now())) > 0;
  }
}
