import {
  COUPON_MESSAGES,
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
  type CreateCouponBodySchema,
  type UpdateCouponBodySchema,
} from '@lectern/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { changeAggregate, recordChange, type Aggregate, aggregateOf } from '../../lib/aggregate';
import { AppError, failWith } from '../../lib/app-error';
import type { Actor } from '../../lib/routing';
import { fieldChanges, missingCoupon, snapshot, termsOf, toCoupon } from './coupon-records';
import type { CouponRow, CouponValues, CouponsRepository } from './coupons.repository';
import { RedemptionsService } from './redemptions.service';

type CreateBody = z.output<typeof CreateCouponBodySchema>;
type UpdateBody = z.output<typeof UpdateCouponBodySchema>;
type ListQuery = z.output<typeof CouponListQuerySchema>;

const fail = failWith(COUPON_MESSAGES);

/** A coupon form checked against the database: its students, listings and subjects exist, its amount fits. */
interface CheckedInput {
  values: CouponValues;
  listingIds: string[];
  subjectIds: string[];
  students: { id: string; name: string; mobileNumber: string }[];
}

/**
 * Coupons: the list, add, edit with history, expire. The tester and the order flow's redemptions are
 * redemptions.service.ts, reached through here.
 */
export class CouponsService {
  private readonly coupons: Aggregate<CouponRow>;
  private readonly redemptions: RedemptionsService;

  constructor(
    private readonly db: Db,
    private readonly repo: CouponsRepository,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.coupons = aggregateOf('coupon', repo, missingCoupon);
    this.redemptions = new RedemptionsService(db, repo, now);
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

  test(...args: Parameters<RedemptionsService['test']>) {
    return this.redemptions.test(...args);
  }

  reserve(...args: Parameters<RedemptionsService['reserve']>) {
    return this.redemptions.reserve(...args);
  }

  confirm(...args: Parameters<RedemptionsService['confirm']>) {
    return this.redemptions.confirm(...args);
  }

  release(...args: Parameters<RedemptionsService['release']>) {
    return this.redemptions.release(...args);
  }
}
