import {
  CreateCouponBodySchema,
  MOBILE_NUMBER_PATTERN,
  indianDate,
  parseRupees,
  type Coupon,
  type CreateCouponBody,
} from '@lectern/contract';

/** The coupon form as typed: texts where a person types, choices as the lists show them. */
export interface CouponFormValues {
  couponName: string;
  description: string;
  /** on: the amount is a percentage (1-100); off: rupees */
  percentage: boolean;
  /** as typed: a whole percentage, or rupees ('500', '1,499.50') */
  amount: string;
  featured: boolean;
  applicableForEntireCourse: boolean;
  storeListings: { storeListingId: string; storeListingName: string }[];
  subjects: { subjectId: string; subjectName: string }[];
  /** YYYY-MM-DD */
  applicableFrom: string;
  /** no end date */
  unlimited: boolean;
  /** YYYY-MM-DD, or '' */
  applicableUpto: string;
  usageLimit: boolean;
  /** as typed */
  limit: string;
  applicableForAnyStudent: boolean;
  /** the students' mobile numbers, each once */
  mobiles: string[];
}

export type CouponFormField = keyof CouponFormValues;

/** The drawer's names of the fields, for the list of what someone else changed. */
export const COUPON_FIELD_LABELS: Record<CouponFormField, string> = {
  couponName: 'Coupon name',
  description: 'Description',
  percentage: 'Percentage',
  amount: 'Discount',
  featured: 'Featured',
  applicableForEntireCourse: 'Entire course',
  storeListings: 'Store listings',
  subjects: 'Subjects',
  applicableFrom: 'From',
  unlimited: 'Unlimited (no end date)',
  applicableUpto: 'Upto',
  usageLimit: 'Usage limit',
  limit: 'Limit',
  applicableForAnyStudent: 'Any student',
  mobiles: 'Students',
};

/** A new coupon: from today, for any student, on chosen listings (none yet). */
export function emptyCouponForm(today: string = indianDate()): CouponFormValues {
  return {
    couponName: '',
    description: '',
    percentage: true,
    amount: '',
    featured: false,
    applicableForEntireCourse: false,
    storeListings: [],
    subjects: [],
    applicableFrom: today,
    unlimited: false,
    applicableUpto: '',
    usageLimit: false,
    limit: '',
    applicableForAnyStudent: true,
    mobiles: [],
  };
}

/** Rupees for a flat amount in paise, as a person would type them: 500, 499.50. */
function rupeesText(amountInPaise: number): string {
  return amountInPaise % 100 === 0 ? String(amountInPaise / 100) : (amountInPaise / 100).toFixed(2);
}

/** The form holding a saved coupon. */
export function couponFormValues(coupon: Coupon): CouponFormValues {
  return {
    couponName: coupon.couponName,
    description: coupon.description,
    percentage: coupon.percentage,
    amount: coupon.percentage ? String(coupon.amount) : rupeesText(coupon.amount),
    featured: coupon.featured,
    applicableForEntireCourse: coupon.applicableForEntireCourse,
    storeListings: coupon.storeListingInfoList,
    subjects: coupon.subjectInfoList,
    applicableFrom: coupon.applicableFrom,
    unlimited: coupon.unlimited,
    applicableUpto: coupon.applicableUpto ?? '',
    usageLimit: coupon.usageLimit,
    limit: coupon.limit === null ? '' : String(coupon.limit),
    applicableForAnyStudent: coupon.applicableForAnyStudent,
    mobiles: coupon.studentCouponMobileList,
  };
}

const WHOLE = /^\d+$/;

/** The typed amount as the contract has it: a whole percentage, or paise; null when it cannot be read. */
function amountOf(values: Pick<CouponFormValues, 'percentage' | 'amount'>): number | null {
  const text = values.amount.trim();
  if (values.percentage) return WHOLE.test(text) ? Number(text) : null;
  return parseRupees(text);
}

// The contract's paths, and the form field that shows each one's message.
const FIELD_OF: Record<string, CouponFormField> = {
  couponName: 'couponName',
  description: 'description',
  amount: 'amount',
  applicableFrom: 'applicableFrom',
  applicableUpto: 'applicableUpto',
  limit: 'limit',
  applicableForEntireCourse: 'storeListings',
  storeListingInfoList: 'storeListings',
  subjectInfoList: 'storeListings',
  applicableForAnyStudent: 'mobiles',
  studentCouponMobileList: 'mobiles',
  studentMobile: 'mobiles',
};

export type CouponFormIssues = Partial<Record<CouponFormField, string>>;

/**
 * The body POST and PUT /publisher/coupon take, checked by the contract's own schema (so the form runs
 * the same rules as the server: a percentage 1-100, from not after upto, a limit only with usage limit,
 * listings unless for the entire course, numbers unless for any student), or what is wrong, by field.
 * Choices the other switch makes meaningless (listings of an entire-course coupon, numbers of one for
 * any student, the end of an unlimited one, the limit without usage limit) are not sent.
 */
export function couponBody(
  values: CouponFormValues,
): { body: CreateCouponBody; issues: null } | { body: null; issues: CouponFormIssues } {
  const issues: CouponFormIssues = {};
  const amount = amountOf(values);
  if (values.amount.trim() === '')
    issues.amount = values.percentage ? 'Enter the percentage' : 'Enter the amount in rupees';
  else if (amount === null) {
    issues.amount = values.percentage
      ? 'A percentage is a whole number from 1 to 100'
      : 'Enter the amount in rupees, e.g. 500 or 499.50';
  }
  const limitText = values.limit.trim();
  if (values.usageLimit && limitText !== '' && !WHOLE.test(limitText)) issues.limit = 'The limit is a whole number';
  if (values.applicableFrom === '') issues.applicableFrom = 'Enter the first day the coupon can be used';

  const body: CreateCouponBody = {
    couponName: values.couponName,
    description: values.description,
    percentage: values.percentage,
    amount: amount ?? 0,
    featured: values.featured,
    applicableForEntireCourse: values.applicableForEntireCourse,
    unlimited: values.unlimited,
    applicableFrom: values.applicableFrom,
    applicableUpto: values.unlimited || values.applicableUpto === '' ? null : values.applicableUpto,
    applicableForAnyStudent: values.applicableForAnyStudent,
    studentCouponMobileList: values.applicableForAnyStudent ? [] : values.mobiles,
    usageLimit: values.usageLimit,
    limit: values.usageLimit && WHOLE.test(limitText) ? Number(limitText) : null,
    storeListingInfoList: values.applicableForEntireCourse
      ? []
      : values.storeListings.map(({ storeListingId }) => ({ storeListingId })),
    subjectInfoList: values.applicableForEntireCourse ? [] : values.subjects.map(({ subjectId }) => ({ subjectId })),
  };
  const parsed = CreateCouponBodySchema.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = FIELD_OF[String(issue.path[0])];
      // the first message of a field is the one shown; one the form found itself comes first
      if (field && issues[field] === undefined) issues[field] = issue.message;
    }
  }
  return Object.keys(issues).length > 0 ? { body: null, issues } : { body, issues: null };
}

/** What a pasted list of mobile numbers holds: the numbers (each once, in order) and what is not one. */
export function parseMobileList(text: string): { numbers: string[]; bad: string[] } {
  const numbers: string[] = [];
  const bad: string[] = [];
  for (const part of text.split(/[\s,;]+/)) {
    if (part === '') continue;
    if (MOBILE_NUMBER_PATTERN.test(part)) {
      if (!numbers.includes(part)) numbers.push(part);
    } else if (!bad.includes(part)) bad.push(part);
  }
  return { numbers, bad };
}
