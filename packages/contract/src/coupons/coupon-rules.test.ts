import { describe, expect, it } from 'vitest';
import { paise } from '../money';
import {
  couponApplies,
  couponDiscount,
  couponStatus,
  couponTags,
  couponTermsIssues,
  flatAmountIssue,
  type CouponFormTerms,
  type CouponRefusal,
  type CouponTerms,
  type CouponUse,
} from './coupon-rules';
import { CreateCouponBodySchema, couponMobiles } from './coupons.schemas';

const coupon = (overrides: Partial<CouponTerms> = {}): CouponTerms => ({
  couponName: 'HOLI20',
  percentage: true,
  amount: 20,
  expired: false,
  featured: false,
  applicableFrom: '2026-03-01',
  applicableUpto: '2026-03-31',
  applicableForEntireCourse: false,
  storeListingIds: ['store-jee'],
  subjectIds: [],
  applicableForAnyStudent: false,
  studentMobiles: ['9876543210'],
  usageLimit: true,
  limit: 10,
  ...overrides,
});

const use = (overrides: Partial<CouponUse> = {}): CouponUse => ({
  today: '2026-03-14',
  listing: {
    storeListingId: 'store-jee',
    storeListingName: 'JEE Main 2027 Complete Course',
    subjectIds: ['subj-physics'],
    plans: [
      { subscriptionId: 'jee-12m', subscriptionLabel: '12 months', price: paise(2_499_900) },
      { subscriptionId: 'jee-fixed', subscriptionLabel: 'Till JEE Main 2027', price: paise(1_999_900) },
    ],
  },
  student: { mobileNumber: '9876543210' },
  uses: 3,
  usedByStudent: false,
  ...overrides,
});

describe('coupon status', () => {
  it.each([
    ['before its first day', {}, '2026-02-28', 'SCHEDULED', ['SCHEDULED']],
    ['on its first day', {}, '2026-03-01', 'ACTIVE', ['ACTIVE']],
    ['on its last day', {}, '2026-03-31', 'ACTIVE', ['ACTIVE']],
    ['the day after its last', {}, '2026-04-01', 'EXPIRED', ['EXPIRED']],
    ['expired by staff inside its days', { expired: true }, '2026-03-14', 'EXPIRED', ['EXPIRED']],
    ['unlimited, years later', { applicableUpto: null }, '2031-01-01', 'ACTIVE', ['ACTIVE']],
    ['featured and active', { featured: true }, '2026-03-14', 'ACTIVE', ['ACTIVE', 'FEATURED']],
    ['featured and scheduled', { featured: true }, '2026-02-01', 'SCHEDULED', ['SCHEDULED', 'FEATURED']],
    ['featured but expired', { featured: true, expired: true }, '2026-03-14', 'EXPIRED', ['EXPIRED']],
  ] as const)('%s', (_what, overrides, today, status, tags) => {
    expect(couponStatus(coupon(overrides), today)).toBe(status);
    expect(couponTags(coupon(overrides), today)).toEqual(tags);
  });
});

describe('couponApplies: every reason it does not apply', () => {
  const cases: [string, Partial<CouponTerms>, Partial<CouponUse>, CouponRefusal[]][] = [
    ['applies inside its days, for a named student and listing', {}, {}, []],
    ['past its last day', {}, { today: '2026-04-01' }, ['EXPIRED']],
    [
      'expired by staff',
      { expired: true, expiredAt: '2026-03-10T06:00:00Z', expiredBy: 'Farah Siddiqui' },
      {},
      ['EXPIRED'],
    ],
    ['before its first day', {}, { today: '2026-02-27' }, ['NOT_YET_VALID']],
    ['every use taken', {}, { uses: 10 }, ['LIMIT_REACHED']],
    ['one use left', {}, { uses: 9 }, []],
    ['no usage limit, thousands of uses', { usageLimit: false, limit: null }, { uses: 5000 }, []],
    ['another listing', { storeListingIds: ['store-neet'] }, {}, ['NOT_FOR_LISTING']],
    ['a listing through its subject', { storeListingIds: [], subjectIds: ['subj-physics'] }, {}, []],
    ['every listing', { applicableForEntireCourse: true, storeListingIds: [] }, {}, []],
    ['a student not named', {}, { student: { mobileNumber: '9810003797' } }, ['NOT_FOR_STUDENT']],
    [
      'any student',
      { applicableForAnyStudent: true, studentMobiles: [] },
      { student: { mobileNumber: '9810003797' } },
      [],
    ],
    ['a student who used it', {}, { usedByStudent: true }, ['ALREADY_USED']],
    [
      'all six at once cannot happen (expired and not yet valid exclude each other): five do',
      { storeListingIds: ['store-neet'] },
      { today: '2026-04-02', uses: 10, student: { mobileNumber: '9810003797' }, usedByStudent: true },
      ['EXPIRED', 'LIMIT_REACHED', 'NOT_FOR_LISTING', 'NOT_FOR_STUDENT', 'ALREADY_USED'],
    ],
    [
      'not yet valid with the others',
      { storeListingIds: ['store-neet'] },
      { today: '2026-01-02', uses: 10, student: { mobileNumber: '9810003797' }, usedByStudent: true },
      ['NOT_YET_VALID', 'LIMIT_REACHED', 'NOT_FOR_LISTING', 'NOT_FOR_STUDENT', 'ALREADY_USED'],
    ],
  ];
  it.each(cases)('%s', (_what, terms, context, reasons) => {
    const verdict = couponApplies(coupon(terms), use(context));
    expect(verdict.reasons.map((r) => r.reason)).toEqual(reasons);
    expect(verdict.applies).toBe(reasons.length === 0);
  });

  it('says each reason in a sentence a caller can read', () => {
    const verdict = couponApplies(
      coupon({
        storeListingIds: ['store-neet'],
        expired: true,
        expiredAt: '2026-03-10T06:00:00Z',
        expiredBy: 'Farah Siddiqui',
      }),
      use({ uses: 10, student: { mobileNumber: '9810003797' }, usedByStudent: true }),
    );
    expect(verdict.reasons.map((r) => r.message)).toEqual([
      "'HOLI20' was expired by Farah Siddiqui on 10-03-2026.",
      "'HOLI20' has been used 10 of 10 times: none left.",
      "'HOLI20' is not for 'JEE Main 2027 Complete Course'.",
      "'HOLI20' is only for certain students, and 9810003797 is not one of them.",
      "9810003797 has already used 'HOLI20'.",
    ]);
    expect(couponApplies(coupon(), use({ today: '2026-04-01' })).reasons[0]?.message).toBe(
      "'HOLI20' expired on 31-03-2026.",
    );
    expect(couponApplies(coupon(), use({ today: '2026-02-01' })).reasons[0]?.message).toBe(
      "'HOLI20' is valid from 01-03-2026.",
    );
  });

  it('gives the price before and after each plan, with the GST inside the price after', () => {
    const { prices } = couponApplies(coupon(), use());
    expect(prices).toEqual([
      {
        subscriptionId: 'jee-12m',
        subscriptionLabel: '12 months',
        priceBefore: 2_499_900,
        discount: 499_980,
        priceAfter: 1_999_920,
        taxableAfter: 1_694_847,
        gstAfter: 305_073,
      },
      {
        subscriptionId: 'jee-fixed',
        subscriptionLabel: 'Till JEE Main 2027',
        priceBefore: 1_999_900,
        discount: 399_980,
        priceAfter: 1_599_920,
        taxableAfter: 1_355_864,
        gstAfter: 244_056,
      },
    ]);
    for (const p of prices) expect(p.taxableAfter + p.gstAfter).toBe(p.priceAfter);
  });

  it('leaves the price as it was when the coupon does not apply', () => {
    const { prices } = couponApplies(coupon(), use({ usedByStudent: true }));
    expect(prices.map((p) => [p.priceBefore, p.discount, p.priceAfter])).toEqual([
      [2_499_900, 0, 2_499_900],
      [1_999_900, 0, 1_999_900],
    ]);
  });
});

describe('couponDiscount', () => {
  it.each([
    ['20% of Rs. 24,999', true, 20, 2_499_900, 499_980],
    ['a percentage rounds half away from zero to the paisa', true, 15, 333, 50],
    ['100% is the whole price', true, 100, 79_900, 79_900],
    ['Rs. 500 flat', false, 50_000, 2_499_900, 50_000],
    ['a flat amount never takes the price below zero', false, 50_000, 30_000, 30_000],
    ['nothing off a free plan', true, 50, 0, 0],
  ] as const)('%s', (_what, percentage, amount, price, discount) => {
    expect(couponDiscount({ percentage, amount }, paise(price))).toBe(discount);
  });
});

describe('the coupon form rules', () => {
  const form = (overrides: Partial<CouponFormTerms> = {}): CouponFormTerms => ({
    percentage: true,
    amount: 20,
    unlimited: false,
    applicableFrom: '2026-03-01',
    applicableUpto: '2026-03-31',
    applicableForEntireCourse: false,
    storeListingCount: 1,
    subjectCount: 0,
    applicableForAnyStudent: true,
    studentMobileCount: 0,
    usageLimit: false,
    limit: null,
    ...overrides,
  });
  it.each([
    ['a good coupon', {}, []],
    ['a percentage over 100', { amount: 101 }, ['amount']],
    ['a percentage of 0', { amount: 0 }, ['amount']],
    ['a flat amount of Rs. 0', { percentage: false, amount: 0 }, ['amount']],
    ['a flat amount of Rs. 1,500', { percentage: false, amount: 150_000 }, []],
    ['from after upto', { applicableFrom: '2026-04-01' }, ['applicableFrom']],
    ['a one-day coupon', { applicableFrom: '2026-03-31' }, []],
    ['a limit without usage limit', { limit: 50 }, ['limit']],
    ['usage limit without a limit', { usageLimit: true }, ['limit']],
    ['usage limit with a limit', { usageLimit: true, limit: 50 }, []],
    ['unlimited with an end date', { unlimited: true }, ['applicableUpto']],
    ['unlimited without one', { unlimited: true, applicableUpto: null }, []],
    ['no end date, not unlimited', { applicableUpto: null }, ['applicableUpto']],
    ['entire course with a listing', { applicableForEntireCourse: true }, ['applicableForEntireCourse']],
    ['no listing, no subject, not entire course', { storeListingCount: 0 }, ['storeListingInfoList']],
    ['any student with numbers', { studentMobileCount: 2 }, ['applicableForAnyStudent']],
    ['named students without numbers', { applicableForAnyStudent: false }, ['studentCouponMobileList']],
  ] as const)('%s', (_what, overrides, paths) => {
    expect(couponTermsIssues(form(overrides)).map((i) => i.path)).toEqual(paths);
  });

  it('refuses a flat amount above the cheapest price it applies to, naming that plan', () => {
    const plans = [
      { subscriptionId: 'a', subscriptionLabel: '12 months', price: paise(2_499_900), storeListingName: 'JEE Main' },
      { subscriptionId: 'b', subscriptionLabel: '45 days', price: paise(399_900), storeListingName: 'NEET Biology' },
    ];
    expect(flatAmountIssue({ percentage: false, amount: 399_900 }, plans)).toBeNull();
    expect(flatAmountIssue({ percentage: false, amount: 400_000 }, plans)).toBe(
      "The flat amount (Rs. 4,000) is more than the cheapest price it applies to: Rs. 3,999 for '45 days' of 'NEET Biology'. Nothing was saved.",
    );
    expect(flatAmountIssue({ percentage: true, amount: 100 }, plans)).toBeNull();
  });

  it('checks the same rules when the form is parsed, and merges the single mobile number into the list', () => {
    const parsed = CreateCouponBodySchema.safeParse({
      couponName: 'HOLI20',
      percentage: true,
      amount: 120,
      applicableFrom: '2026-03-31',
      applicableUpto: '2026-03-01',
      storeListingInfoList: [{ storeListingId: 'store-jee' }],
      limit: 5,
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.path.join('.'))).toEqual(['amount', 'applicableFrom', 'limit']);
    expect(
      couponMobiles({ studentMobile: '9876543210', studentCouponMobileList: ['9810003797', '9876543210'] }),
    ).toEqual(['9810003797', '9876543210']);
    for (const bad of ['DI WALI', '-HOLI', 'HOLI--20', 'दिवाली', 'AB']) {
      expect(
        CreateCouponBodySchema.safeParse({
          couponName: bad,
          percentage: true,
          amount: 10,
          applicableFrom: '2026-03-01',
          applicableUpto: '2026-03-31',
          applicableForEntireCourse: true,
        }).success,
      ).toBe(false);
    }
  });
});
