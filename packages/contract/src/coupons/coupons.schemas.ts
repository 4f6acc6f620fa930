import { z } from 'zod';
import { DaySchema } from '../fields';
import { MoneySchema } from '../money';
import { MOBILE_NUMBER_PATTERN } from '../validation';
import { COUPON_REFUSALS, COUPON_STATUSES, COUPON_TAGS, couponTermsIssues } from './coupon-rules';

// Coupons (spec 2 §3 "Coupon", §4, §7, DESIGN §9): every field of the spec with its name. A coupon
// takes a percentage or a flat amount off the price of a store listing's plans, for every listing or
// some (chosen directly or through their subjects), for any student or students named by mobile
// number, between two days, optionally a limited number of times; each student uses it once.

const Id = z.string().min(1).max(64);
const Version = z.number().int().min(0);
const MobileNumber = z.string().trim().regex(MOBILE_NUMBER_PATTERN, 'a mobile number is 10 digits starting 6-9');

/** Coupon names: letters, digits and hyphens, unique among coupons without regard to case (DIWALI500, NEET-EARLYBIRD). */
export const CouponNameSchema = z
  .string()
  .trim()
  .min(3, 'Coupon name must be at least 3 characters')
  .max(30, 'Coupon name must be at most 30 characters')
  .regex(
    /^[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*$/,
    'Coupon name may hold only letters, digits and single hyphens between them',
  );

export const CouponStatusSchema = z.enum(COUPON_STATUSES);
export const CouponTagSchema = z.enum(COUPON_TAGS);
export const CouponRefusalSchema = z.enum(COUPON_REFUSALS);

export const CouponSchema = z.object({
  couponId: z.string(),
  couponName: z.string(),
  description: z.string(),
  /** true: `amount` is a percentage (1-100); false: a flat amount in paise */
  percentage: z.boolean(),
  amount: z.number().int(),
  /** expired by staff, or past applicableUpto */
  expired: z.boolean(),
  /** shown on the store listings it applies to */
  featured: z.boolean(),
  /** for every store listing (storeListingInfoList and subjectInfoList are empty) */
  applicableForEntireCourse: z.boolean(),
  /** no end date (applicableUpto is null) */
  unlimited: z.boolean(),
  /** YYYY-MM-DD, India: the first day it can be used */
  applicableFrom: z.string(),
  /** YYYY-MM-DD, India: the last day it can be used; null when unlimited */
  applicableUpto: z.string().nullable(),
  /** for any student; otherwise only the students of studentCouponMobileList */
  applicableForAnyStudent: z.boolean(),
  /** the student's number when the coupon is for exactly one student, else null */
  studentMobile: z.string().nullable(),
  /** the name of the staff member who created it */
  createdBy: z.string(),
  /** `limit` caps the uses (over every student) */
  usageLimit: z.boolean(),
  limit: z.number().int().nullable(),
  storeListingInfoList: z.array(z.object({ storeListingId: z.string(), storeListingName: z.string() })),
  /** the students it is for, by verified mobile number */
  studentCouponMobileList: z.array(z.string()),
  /** the same students with their names */
  students: z.array(z.object({ studentId: z.string(), name: z.string(), mobileNumber: z.string() })),
  /** applies to listings whose catalogue holds one of these subjects */
  subjectInfoList: z.array(z.object({ subjectId: z.string(), subjectName: z.string() })),
  status: CouponStatusSchema,
  /** the list's status tags: the status, plus FEATURED while not expired */
  tags: z.array(CouponTagSchema),
  /** uses reserved (an order awaiting payment) or confirmed (paid) */
  used: z.number().int(),
  /** uses left under the limit; null without a usage limit */
  remaining: z.number().int().nullable(),
  expiredAt: z.string().nullable(),
  expiredBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type Coupon = z.infer<typeof CouponSchema>;

/** One change of a coupon, field by field, with who made it. */
export const CouponHistoryEntrySchema = z.object({
  historyId: z.string(),
  /** the coupon's version after the change */
  version: z.number().int(),
  action: z.enum(['CREATED', 'UPDATED', 'EXPIRED']),
  changedBy: z.string(),
  changedById: z.string().nullable(),
  changedAt: z.string(),
  /** the fields that changed, with their values before and after */
  changes: z.array(z.object({ field: z.string(), before: z.unknown(), after: z.unknown() })),
  /** uses reserved or confirmed when the change was made */
  usedAtChange: z.number().int(),
});
export type CouponHistoryEntry = z.infer<typeof CouponHistoryEntrySchema>;

/** The coupon tester's answer: whether it applies, the price before and after each plan, every reason it does not. */
export const CouponTestResultSchema = z.object({
  couponId: z.string(),
  couponName: z.string(),
  storeListingId: z.string(),
  storeListingName: z.string(),
  student: z.object({ studentId: z.string(), name: z.string(), mobileNumber: z.string() }),
  applies: z.boolean(),
  reasons: z.array(z.object({ reason: CouponRefusalSchema, message: z.string() })),
  prices: z.array(
    z.object({
      subscriptionId: z.string(),
      subscriptionLabel: z.string(),
      priceBefore: MoneySchema,
      discount: MoneySchema,
      priceAfter: MoneySchema,
      taxableAfter: MoneySchema,
      gstAfter: MoneySchema,
    }),
  ),
});
export type CouponTestResult = z.infer<typeof CouponTestResultSchema>;

// ---- inputs

const CouponInputShape = {
  couponName: CouponNameSchema,
  description: z.string().trim().max(500, 'Description must be at most 500 characters').default(''),
  percentage: z.boolean(),
  /** a percentage (1-100) when `percentage`, else a flat amount in paise */
  amount: z.number().int('The amount must be a whole number (paise for a flat amount)'),
  featured: z.boolean().default(false),
  applicableForEntireCourse: z.boolean().default(false),
  unlimited: z.boolean().default(false),
  applicableFrom: DaySchema,
  applicableUpto: DaySchema.nullable().default(null),
  applicableForAnyStudent: z.boolean().default(true),
  /** one student's number: added to studentCouponMobileList */
  studentMobile: MobileNumber.nullable().default(null),
  studentCouponMobileList: z.array(MobileNumber).max(5000).default([]),
  usageLimit: z.boolean().default(false),
  limit: z
    .number()
    .int('The limit must be a whole number')
    .min(1, 'The limit must be at least 1')
    .max(10_000_000)
    .nullable()
    .default(null),
  /** listings by id (a name sent back from the list is ignored) */
  storeListingInfoList: z
    .array(z.object({ storeListingId: Id }))
    .max(500)
    .default([]),
  subjectInfoList: z
    .array(z.object({ subjectId: Id }))
    .max(500)
    .default([]),
};

type CouponInputOutput = z.output<z.ZodObject<typeof CouponInputShape>>;

/** The mobile numbers of a coupon form: the list and the single number, each once. */
export function couponMobiles(input: Pick<CouponInputOutput, 'studentMobile' | 'studentCouponMobileList'>): string[] {
  return [...new Set([...input.studentCouponMobileList, ...(input.studentMobile ? [input.studentMobile] : [])])];
}

function checkTerms(input: CouponInputOutput, ctx: z.RefinementCtx): void {
  for (const issue of couponTermsIssues({
    percentage: input.percentage,
    amount: input.amount,
    unlimited: input.unlimited,
    applicableFrom: input.applicableFrom,
    applicableUpto: input.applicableUpto,
    applicableForEntireCourse: input.applicableForEntireCourse,
    storeListingCount: input.storeListingInfoList.length,
    subjectCount: input.subjectInfoList.length,
    applicableForAnyStudent: input.applicableForAnyStudent,
    studentMobileCount: couponMobiles(input).length,
    usageLimit: input.usageLimit,
    limit: input.limit,
  })) {
    ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
  }
}

/** POST /publisher/coupon: a new coupon. */
export const CreateCouponBodySchema = z.strictObject(CouponInputShape).superRefine(checkTerms);
export type CreateCouponBody = z.input<typeof CreateCouponBodySchema>;

/** PUT /publisher/coupon: the whole coupon at the version the editor saw. */
export const UpdateCouponBodySchema = z
  .strictObject({ couponId: Id, version: Version, ...CouponInputShape })
  .superRefine(checkTerms);
export type UpdateCouponBody = z.input<typeof UpdateCouponBodySchema>;

export const CouponIdParamSchema = z.object({ id: Id });

export const CouponListQuerySchema = z.object({
  /** a status tag: ACTIVE, SCHEDULED, EXPIRED or FEATURED */
  status: CouponTagSchema.optional(),
  /** percentage or flat coupons */
  type: z.enum(['PERCENTAGE', 'FLAT']).optional(),
  /** coupons meant for this listing (directly, through a subject, or for the entire course) */
  storeListingId: Id.optional(),
  /** coupons this student may use (for any student, or naming this number) */
  studentMobile: MobileNumber.optional(),
  /** part of the name or description, any case */
  search: z.string().trim().max(100).optional(),
});

/** The tester's question: this coupon, this store listing, this student's mobile number. */
export const CouponTestQuerySchema = z.object({
  storeListingId: Id,
  mobileNumber: MobileNumber,
});
