import { describe, expect, it } from 'vitest';
import { HOLI, DIWALI } from '../test/fixtures';
import { couponBody, couponFormValues, emptyCouponForm, parseMobileList, type CouponFormValues } from './coupon-form';

const base = (extra: Partial<CouponFormValues>): CouponFormValues => ({
  ...emptyCouponForm('2026-11-25'),
  couponName: 'EXAM-20',
  amount: '20',
  applicableUpto: '2026-12-31',
  storeListings: [{ storeListingId: 'sl-jee', storeListingName: 'JEE Main 2027' }],
  ...extra,
});

describe('coupon form', () => {
  it('builds the body the contract takes, leaving out what the switches make meaningless', () => {
    const result = couponBody(
      base({
        applicableForEntireCourse: true,
        unlimited: true,
        limit: '40',
        mobiles: ['9876543210'],
      }),
    );
    expect(result.issues).toBeNull();
    expect(result.body).toMatchObject({
      amount: 20,
      applicableForEntireCourse: true,
      storeListingInfoList: [],
      applicableUpto: null,
      usageLimit: false,
      limit: null,
      applicableForAnyStudent: true,
      studentCouponMobileList: [],
    });
  });

  it("refuses a day that does not exist with the contract's message on the field", () => {
    for (const applicableUpto of ['2027-02-30', '2026-04-31', '2027-02-29']) {
      expect(couponBody(base({ applicableUpto })).issues).toEqual({
        applicableUpto: 'must be a date like 2027-05-31',
      });
    }
    expect(couponBody(base({ applicableUpto: '2028-02-29' })).issues).toBeNull();
  });

  it('reads a flat amount as rupees (paise in the body)', () => {
    expect(couponBody(base({ percentage: false, amount: '1,499.50' })).body?.amount).toBe(149950);
    expect(couponBody(base({ percentage: false, amount: 'five hundred' })).issues).toEqual({
      amount: 'Enter the amount in rupees, e.g. 500 or 499.50',
    });
  });

  it("runs the contract's rules, each on its field", () => {
    expect(
      couponBody(
        base({
          amount: '101',
          applicableFrom: '2027-01-02',
          applicableUpto: '2027-01-01',
          usageLimit: true,
          storeListings: [],
          applicableForAnyStudent: false,
        }),
      ).issues,
    ).toEqual({
      amount: 'A percentage must be from 1 to 100 (it is 101)',
      applicableFrom: 'The start date (02-01-2027) is after the end date (01-01-2027)',
      limit: 'Enter how many times the coupon can be used',
      storeListings: 'Choose at least one store listing or subject, or make it applicable to the entire course',
      mobiles: "Add at least one student's mobile number, or make it applicable for any student",
    });
    expect(couponBody(base({ amount: '12.5' })).issues).toEqual({
      amount: 'A percentage is a whole number from 1 to 100',
    });
  });

  it('round-trips a saved coupon', () => {
    expect(couponFormValues(DIWALI)).toMatchObject({
      percentage: false,
      amount: '500',
      limit: '100',
      applicableForEntireCourse: true,
    });
    expect(couponBody(couponFormValues(HOLI)).body).toMatchObject({
      couponName: 'HOLI20',
      amount: 20,
      storeListingInfoList: [{ storeListingId: 'sl-jee' }],
    });
  });

  it('splits a pasted list on commas, spaces, semicolons and new lines; each number once; the rest listed', () => {
    expect(parseMobileList(' 9876543210,9810003797\n\n12345\t9876543210; +919123456789 5123456789 ')).toEqual({
      numbers: ['9876543210', '9810003797'],
      bad: ['12345', '+919123456789', '5123456789'],
    });
  });
});
