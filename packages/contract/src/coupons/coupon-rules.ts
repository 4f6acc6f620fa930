// The coupon rules (spec 2 §3 "Coupon", DESIGN §9) as pure functions over plain data: a coupon's
// status, whether its terms are consistent, what it takes off a price, and whether it applies to a
// student buying a store listing's plan, with every reason it does not. The coupon tester, the
// redemption inside an order's transaction, the coupon form and the tests all call these, so each
// rule exists once. Dates are Indian calendar days ('YYYY-MM-DD', IST), both ends inclusive.
import { fillMessage } from '../errors';
import { DaySchema } from '../fields';
import { formatDate } from '../format';
import { formatMoney, paise, percentOf, splitGst, type Money } from '../money';
import { indianDate } from '../payments/invoice-rules';
import { COUPON_MESSAGES } from './coupon-messages';

/** Where a coupon is in its life: before its first day, inside its days, or past them (or expired by staff). */
export const COUPON_STATUSES = ['ACTIVE', 'SCHEDULED', 'EXPIRED'] as const;
export type CouponStatus = (typeof COUPON_STATUSES)[number];

/** The list's status tags: the status, and FEATURED for a featured coupon that is not expired. */
export const COUPON_TAGS = [...COUPON_STATUSES, 'FEATURED'] as const;
export type CouponTag = (typeof COUPON_TAGS)[number];

/** Every reason a coupon may not apply, in the order they are given. */
export const COUPON_REFUSALS = [
  'EXPIRED',
  'NOT_YET_VALID',
  'LIMIT_REACHED',
  'NOT_FOR_LISTING',
  'NOT_FOR_STUDENT',
  'ALREADY_USED',
] as const;
export type CouponRefusal = (typeof COUPON_REFUSALS)[number];

/** A coupon's dates and flags: what its status depends on. */
export interface CouponDates {
  /** expired by staff (PUT /publisher/coupon/expire/{id}) */
  expired: boolean;
  /** when and by whom staff expired it */
  expiredAt?: string | null;
  expiredBy?: string | null;
  featured: boolean;
  /** the first day it can be used */
  applicableFrom: string;
  /** the last day it can be used; null for an unlimited coupon (no end date) */
  applicableUpto: string | null;
}

/** A coupon as the rules see it. */
export interface CouponTerms extends CouponDates {
  couponName: string;
  /** true: `amount` is a percentage (1-100); false: `amount` is a flat amount in paise */
  percentage: boolean;
  amount: number;
  /** every store listing; otherwise only `storeListingIds` and listings of a catalogue holding one of `subjectIds` */
  applicableForEntireCourse: boolean;
  storeListingIds: readonly string[];
  subjectIds: readonly string[];
  /** any student; otherwise only students whose (verified) mobile number is in `studentMobiles` */
  applicableForAnyStudent: boolean;
  studentMobiles: readonly string[];
  /** `limit` caps the uses, counted over every student */
  usageLimit: boolean;
  limit: number | null;
}

/** A plan (subscription) a store listing sells, with its price (paise, GST included). */
export interface CouponPlan {
  subscriptionId: string;
  subscriptionLabel: string;
  price: Money;
}

/** A student about to buy a listing's plan(s), and how the coupon has been used so far. */
export interface CouponUse {
  /** today in India, 'YYYY-MM-DD' */
  today: string;
  listing: {
    storeListingId: string;
    storeListingName: string;
    /** the subjects of the listing's catalogue */
    subjectIds: readonly string[];
    plans: readonly CouponPlan[];
  };
  /** the student, by their verified mobile number */
  student: { mobileNumber: string };
  /** uses reserved or confirmed (released ones do not count) */
  uses: number;
  /** this student holds a reserved or confirmed use already */
  usedByStudent: boolean;
}

/** What the coupon makes of one plan's price. */
export interface CouponPrice {
  subscriptionId: string;
  subscriptionLabel: string;
  priceBefore: Money;
  discount: Money;
  priceAfter: Money;
  /** the GST inside priceAfter, and the taxable value beside it (DEFAULT_GST_PERCENT) */
  taxableAfter: Money;
  gstAfter: Money;
}

export interface CouponVerdict {
  applies: boolean;
  /** every reason it does not apply, each with its sentence; empty when it applies */
  reasons: { reason: CouponRefusal; message: string }[];
  /** per plan: the price before and after (after = before when the coupon does not apply) */
  prices: CouponPrice[];
}

const fill = (key: keyof typeof COUPON_MESSAGES, values: Record<string, string | number>) =>
  fillMessage(COUPON_MESSAGES[key], values);

/** ACTIVE inside [applicableFrom, applicableUpto]; SCHEDULED before it; EXPIRED after it, or once staff expire it. */
export function couponStatus(coupon: CouponDates, today: string): CouponStatus {
  if (coupon.expired || (coupon.applicableUpto !== null && today > coupon.applicableUpto)) return 'EXPIRED';
  if (today < coupon.applicableFrom) return 'SCHEDULED';
  return 'ACTIVE';
}

/** The status tags of the coupon list: its status, plus FEATURED while it is not expired. */
export function couponTags(coupon: CouponDates, today: string): CouponTag[] {
  const status = couponStatus(coupon, today);
  return coupon.featured && status !== 'EXPIRED' ? [status, 'FEATURED'] : [status];
}

/** What the coupon takes off a price: a percentage (rounded to the paisa) or the flat amount, never more than the price. */
export function couponDiscount(coupon: Pick<CouponTerms, 'percentage' | 'amount'>, price: Money): Money {
  if (price <= 0) return paise(0);
  const off = coupon.percentage ? percentOf(price, coupon.amount) : paise(coupon.amount);
  return paise(Math.min(off, price));
}

/** True when the coupon is meant for this listing: every listing, the listing itself, or a listing of one of its subjects. */
export function couponCoversListing(
  coupon: Pick<CouponTerms, 'applicableForEntireCourse' | 'storeListingIds' | 'subjectIds'>,
  listing: { storeListingId: string; subjectIds: readonly string[] },
): boolean {
  if (coupon.applicableForEntireCourse) return true;
  if (coupon.storeListingIds.includes(listing.storeListingId)) return true;
  return listing.subjectIds.some((subjectId) => coupon.subjectIds.includes(subjectId));
}

/**
 * Whether a coupon applies to a student buying a store listing's plans, the price before and after for
 * each plan, and every reason it does not apply (expired, not yet valid, limit reached, not for this
 * listing, not for this student, already used). The tester answers with it; a redemption reserves a
 * use only when it applies.
 */
export function couponApplies(coupon: CouponTerms, use: CouponUse): CouponVerdict {
  const reasons: CouponVerdict['reasons'] = [];
  const name = coupon.couponName;
  const refuse = (reason: CouponRefusal, key: keyof typeof COUPON_MESSAGES, values: Record<string, string | number>) =>
    reasons.push({ reason, message: fill(key, { couponName: name, ...values }) });

  const status = couponStatus(coupon, use.today);
  if (status === 'EXPIRED') {
    if (coupon.expired && coupon.expiredAt) {
      refuse('EXPIRED', 'reasonExpiredByStaff', {
        name: coupon.expiredBy ?? 'staff',
        date: formatDate(indianDate(new Date(coupon.expiredAt))),
      });
    } else {
      refuse('EXPIRED', 'reasonExpired', { date: formatDate(coupon.applicableUpto ?? use.today) });
    }
  }
  if (status === 'SCHEDULED') refuse('NOT_YET_VALID', 'reasonNotYetValid', { date: formatDate(coupon.applicableFrom) });
  if (coupon.usageLimit && coupon.limit !== null && use.uses >= coupon.limit) {
    refuse('LIMIT_REACHED', 'reasonLimitReached', { used: use.uses, limit: coupon.limit });
  }
  if (!couponCoversListing(coupon, use.listing)) {
    refuse('NOT_FOR_LISTING', 'reasonNotForListing', { storeListingName: use.listing.storeListingName });
  }
  if (!coupon.applicableForAnyStudent && !coupon.studentMobiles.includes(use.student.mobileNumber)) {
    refuse('NOT_FOR_STUDENT', 'reasonNotForStudent', { mobileNumber: use.student.mobileNumber });
  }
  if (use.usedByStudent) refuse('ALREADY_USED', 'reasonAlreadyUsed', { mobileNumber: use.student.mobileNumber });

  const applies = reasons.length === 0;
  const prices = use.listing.plans.map((plan): CouponPrice => {
    const discount = applies ? couponDiscount(coupon, plan.price) : paise(0);
    const priceAfter = paise(plan.price - discount);
    const { taxable, gst } = splitGst(priceAfter);
    return {
      subscriptionId: plan.subscriptionId,
      subscriptionLabel: plan.subscriptionLabel,
      priceBefore: plan.price,
      discount,
      priceAfter,
      taxableAfter: taxable,
      gstAfter: gst,
    };
  });
  return { applies, reasons, prices };
}

/** The parts of a coupon form that its own rules check (no database needed). */
export interface CouponFormTerms {
  percentage: boolean;
  amount: number;
  unlimited: boolean;
  applicableFrom: string;
  applicableUpto: string | null;
  applicableForEntireCourse: boolean;
  storeListingCount: number;
  subjectCount: number;
  applicableForAnyStudent: boolean;
  studentMobileCount: number;
  usageLimit: boolean;
  limit: number | null;
}

/** A field of the coupon form and what is wrong with it. */
export interface CouponIssue {
  path: string;
  message: string;
}

/** The highest percentage a percentage coupon may take. */
export const COUPON_MAX_PERCENT = 100;

/**
 * The coupon form's own rules: a percentage is 1-100; a flat amount is at least one paisa (the
 * cheapest-price cap needs the listings: the server checks it with `flatAmountIssue`); from is not
 * after upto; an unlimited coupon has no end date and a limited one has one; a limit only with
 * usage limit (and usage limit needs a limit); listings or subjects unless it is for the entire
 * course; mobile numbers unless it is for any student.
 */
export function couponTermsIssues(terms: CouponFormTerms): CouponIssue[] {
  const issues: CouponIssue[] = [];
  const add = (path: string, message: string) => issues.push({ path, message });
  if (!Number.isInteger(terms.amount)) add('amount', 'The amount must be a whole number');
  else if (terms.percentage && (terms.amount < 1 || terms.amount > COUPON_MAX_PERCENT)) {
    add('amount', `A percentage must be from 1 to ${COUPON_MAX_PERCENT} (it is ${terms.amount})`);
  } else if (!terms.percentage && terms.amount < 1) add('amount', 'A flat amount must be more than Rs. 0');
  if (terms.unlimited && terms.applicableUpto !== null) {
    add('applicableUpto', 'An unlimited coupon has no end date: clear the end date or switch off unlimited');
  }
  if (!terms.unlimited && terms.applicableUpto === null) {
    add('applicableUpto', 'Enter the last day the coupon can be used, or make it unlimited');
  }
  // days that do not exist are their fields' own issue ('must be a date like …'), not an order to compare
  const realDays = [terms.applicableFrom, terms.applicableUpto].every((day) => DaySchema.safeParse(day).success);
  if (terms.applicableUpto !== null && realDays && terms.applicableFrom > terms.applicableUpto) {
    add(
      'applicableFrom',
      `The start date (${formatDate(terms.applicableFrom)}) is after the end date (${formatDate(terms.applicableUpto)})`,
    );
  }
  if (!terms.usageLimit && terms.limit !== null) {
    add('limit', "A limit needs 'usage limit' switched on: switch it on, or clear the limit");
  }
  if (terms.usageLimit && terms.limit === null) add('limit', 'Enter how many times the coupon can be used');
  if (terms.applicableForEntireCourse && terms.storeListingCount + terms.subjectCount > 0) {
    add('applicableForEntireCourse', 'A coupon for the entire course takes no store listings or subjects');
  }
  if (!terms.applicableForEntireCourse && terms.storeListingCount + terms.subjectCount === 0) {
    add(
      'storeListingInfoList',
      'Choose at least one store listing or subject, or make it applicable to the entire course',
    );
  }
  if (terms.applicableForAnyStudent && terms.studentMobileCount > 0) {
    add('applicableForAnyStudent', 'A coupon for any student takes no mobile numbers');
  }
  if (!terms.applicableForAnyStudent && terms.studentMobileCount === 0) {
    add('studentCouponMobileList', "Add at least one student's mobile number, or make it applicable for any student");
  }
  return issues;
}

/** A plan a coupon would apply to, named for the message. */
export interface ApplicablePlan extends CouponPlan {
  storeListingName: string;
}

/**
 * A flat coupon may not take off more than the cheapest price it applies to (a plan would cost
 * nothing or less). Null when it is fine, or a percentage, or there is no priced plan to compare.
 */
export function flatAmountIssue(
  coupon: Pick<CouponTerms, 'percentage' | 'amount'>,
  plans: readonly ApplicablePlan[],
): string | null {
  if (coupon.percentage || plans.length === 0) return null;
  const cheapest = plans.reduce((low, plan) => (plan.price < low.price ? plan : low));
  if (coupon.amount <= cheapest.price) return null;
  return fill('flatAboveCheapest', {
    amount: formatMoney(paise(coupon.amount)),
    price: formatMoney(cheapest.price),
    planLabel: cheapest.subscriptionLabel,
    storeListingName: cheapest.storeListingName,
  });
}
