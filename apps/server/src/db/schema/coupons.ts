import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, id, stampedAt, timestamps, ts, version } from './columns';
import { storeListings, subscriptions } from './catalogues';
import { users } from './staff';
import { orders, students } from './students';
import { subjects } from './subjects';

/** Coupons (issue 16): a percentage or a flat amount (paise) off store listings' plans. */
export const coupons = pgTable('coupons', {
  id: id(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  percentage: boolean('percentage').notNull(),
  /** a percentage (1-100) when `percentage`, else paise */
  amount: bigint('amount', { mode: 'number' }).notNull(),
  /** expired by staff (a coupon past its last day is expired without it) */
  expired: boolean('expired').notNull().default(false),
  expiredAt: ts('expired_at'),
  expiredBy: text('expired_by').references(() => users.id, { onDelete: 'set null' }),
  expiredByName: text('expired_by_name'),
  featured: boolean('featured').notNull().default(false),
  applicableForEntireCourse: boolean('applicable_for_entire_course').notNull().default(false),
  unlimited: boolean('unlimited').notNull().default(false),
  applicableFrom: date('applicable_from', { mode: 'string' }).notNull(),
  applicableUpto: date('applicable_upto', { mode: 'string' }),
  applicableForAnyStudent: boolean('applicable_for_any_student').notNull().default(true),
  usageLimit: boolean('usage_limit').notNull().default(false),
  /** the contract's `limit` (a reserved word in SQL) */
  useLimit: integer('use_limit'),
  version: version(),
  createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdByName: text('created_by_name').notNull().default(''),
  ...timestamps(),
});

/** The students a coupon is for, matched by their verified mobile number. */
export const couponStudents = pgTable(
  'coupon_students',
  {
    couponId: belongsTo('coupon_id', () => coupons.id),
    studentId: belongsTo('student_id', () => students.id),
    mobileNumber: text('mobile_number').notNull(),
  },
  (t) => [primaryKey({ columns: [t.couponId, t.studentId] })],
);

export const couponStoreListings = pgTable(
  'coupon_store_listings',
  {
    couponId: belongsTo('coupon_id', () => coupons.id),
    storeListingId: belongsTo('store_listing_id', () => storeListings.id),
  },
  (t) => [primaryKey({ columns: [t.couponId, t.storeListingId] })],
);

export const couponSubjects = pgTable(
  'coupon_subjects',
  {
    couponId: belongsTo('coupon_id', () => coupons.id),
    subjectId: belongsTo('subject_id', () => subjects.id),
  },
  (t) => [primaryKey({ columns: [t.couponId, t.subjectId] })],
);

/** One use of a coupon by one order: RESERVED, then CONFIRMED (paid) or RELEASED (failed or expired). */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: id(),
    couponId: text('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'restrict' }),
    studentId: belongsTo('student_id', () => students.id),
    orderId: belongsTo('order_id', () => orders.id).unique(),
    storeListingId: text('store_listing_id').references(() => storeListings.id, { onDelete: 'set null' }),
    subscriptionId: text('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    amountSaved: bigint('amount_saved', { mode: 'number' }).notNull(),
    status: text('status').notNull().default('RESERVED'),
    reservedAt: stampedAt('reserved_at'),
    confirmedAt: ts('confirmed_at'),
    releasedAt: ts('released_at'),
    releaseReason: text('release_reason'),
  },
  (t) => [
    index('coupon_redemptions_coupon_idx').on(t.couponId, t.status),
    uniqueIndex('coupon_redemptions_once_key')
      .on(t.couponId, t.studentId)
      .where(sql`status <> 'RELEASED'`),
  ],
);

/** Every change of a coupon, field by field, with who made it. */
export const couponHistory = pgTable('coupon_history', {
  id: id(),
  couponId: belongsTo('coupon_id', () => coupons.id),
  version: integer('version').notNull(),
  action: text('action').notNull(),
  actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
  actorName: text('actor_name').notNull(),
  /** [{ field, before, after }] */
  changes: jsonb('changes').notNull(),
  usedAtChange: integer('used_at_change').notNull().default(0),
  createdAt: createdAt(),
});
