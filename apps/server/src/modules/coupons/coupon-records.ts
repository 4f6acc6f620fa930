import { couponStatus, couponTags, type Coupon, type CouponTerms } from '@lectern/contract';
import { AppError } from '../../lib/app-error';
import type { CouponRecord } from './coupons.repository';

// A coupon's rows read three ways: as the rules see it, as the API answers it, as its history compares it.

export const missingCoupon = () => AppError.of(404, 'notFound', { what: 'that coupon' });

/** The coupon as the rules see it. */
export function termsOf(record: CouponRecord): CouponTerms {
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

export function toCoupon(record: CouponRecord, today: string): Coupon {
  const { row } = record;
  const terms = termsOf(record);
  const status = couponStatus(terms, today);
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
    tags: couponTags(terms, today),
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
export function snapshot(record: CouponRecord): Record<string, unknown> {
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
export function fieldChanges(before: Record<string, unknown>, after: Record<string, unknown>) {
  return Object.keys(after)
    .filter((field) => JSON.stringify(before[field] ?? null) !== JSON.stringify(after[field] ?? null))
    .map((field) => ({ field, before: before[field] ?? null, after: after[field] ?? null }));
}
