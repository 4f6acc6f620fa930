import { formatDate, formatMoney, paise, type Coupon } from '@lectern/contract';
import type { StatusStyle } from '../../../components/data-table';

/** '20%' or 'Rs. 500' (a flat amount is in paise). */
export function discountText(coupon: Pick<Coupon, 'percentage' | 'amount'>): string {
  return coupon.percentage ? `${coupon.amount}%` : formatMoney(paise(coupon.amount));
}

/** What it applies to: 'Entire course', or its listings and subjects by name. */
export function appliesToText(
  coupon: Pick<Coupon, 'applicableForEntireCourse' | 'storeListingInfoList' | 'subjectInfoList'>,
): string[] {
  if (coupon.applicableForEntireCourse) return ['Entire course'];
  return [
    ...coupon.storeListingInfoList.map((listing) => listing.storeListingName),
    ...coupon.subjectInfoList.map((subject) => `Subject: ${subject.subjectName}`),
  ];
}

/** Who may use it: 'Any student', or the students by name and number. */
export function studentsText(coupon: Pick<Coupon, 'applicableForAnyStudent' | 'students'>): string {
  if (coupon.applicableForAnyStudent) return 'Any student';
  const [first, ...rest] = coupon.students;
  if (!first) return 'No students';
  return rest.length === 0 ? `${first.name} (${first.mobileNumber})` : `${first.name} and ${rest.length} more`;
}

/** The days on two lines: '01-11-2026' and 'to 15-11-2026', or 'no end date'. */
export function validityLines(coupon: Pick<Coupon, 'applicableFrom' | 'applicableUpto'>): string[] {
  return [
    formatDate(coupon.applicableFrom),
    coupon.applicableUpto === null ? 'no end date' : `to ${formatDate(coupon.applicableUpto)}`,
  ];
}

/** '3 / 100' under a usage limit, else '3'. */
export function usesText(coupon: Pick<Coupon, 'used' | 'usageLimit' | 'limit'>): string {
  return coupon.usageLimit && coupon.limit !== null ? `${coupon.used} / ${coupon.limit}` : String(coupon.used);
}

// The coupon statuses are not in the shared table's styles (spec 1 §4 lists others): dark text on a
// light tint, each pair above 7:1 like the shared ones.
export const COUPON_TAG_STYLES: Readonly<Record<string, StatusStyle>> = {
  active: { label: 'Active', colour: '#03543F', background: '#DEF7EC' },
  scheduled: { label: 'Scheduled', colour: '#1E429F', background: '#E1EFFE' },
  expired: { label: 'Expired', colour: '#9B1C1C', background: '#FDE8E8' },
  featured: { label: 'Featured', colour: '#99154B', background: '#FCE8F3' },
};
