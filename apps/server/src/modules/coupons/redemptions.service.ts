import crypto from 'node:crypto';
import { COUPON_MESSAGES, couponApplies, indianDate, paise, type CouponTestResult } from '@lectern/contract';
import type { Db } from '../../db/client';
import { AppError, failWith } from '../../lib/app-error';
import { missingCoupon, termsOf } from './coupon-records';
import type { CouponRecord, CouponsRepository, ListingForCoupon } from './coupons.repository';

const fail = failWith(COUPON_MESSAGES);

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

/**
 * The rules of a coupon applied: the tester, and the uses an order reserves, confirms or releases
 * (one verdict serves both, so the tester says what an order would be told).
 */
export class RedemptionsService {
  constructor(
    private readonly db: Db,
    private readonly repo: CouponsRepository,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private today(): string {
    return indianDate(this.now());
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

  /** The order was refunded in full: its confirmed use is given back and counts no more. True when there was one. */
  async giveBack(tx: Db, orderId: string): Promise<boolean> {
    return (await this.repo.releaseConfirmed(tx, orderId, 'ORDER_REFUNDED', this.now())) > 0;
  }
}
