import { describe, expect, it } from 'vitest';
import { MoneySchema, PriceSchema, formatMoney, paise, parseRupees, percentOf, splitGst, sumMoney } from './money';

describe('formatMoney', () => {
  it('shows whole rupees with the Rs. prefix and Indian grouping', () => {
    expect(formatMoney(paise(149_900))).toBe('Rs. 1,499');
    expect(formatMoney(paise(123_456_700))).toBe('Rs. 12,34,567');
    expect(formatMoney(paise(0))).toBe('Rs. 0');
  });

  it('shows paise as two decimals', () => {
    expect(formatMoney(paise(149_950))).toBe('Rs. 1,499.50');
    expect(formatMoney(paise(5))).toBe('Rs. 0.05');
    expect(formatMoney(paise(-250_075))).toBe('Rs. -2,500.75');
  });

  it('shows NA for a missing amount', () => {
    expect(formatMoney(null)).toBe('NA');
    expect(formatMoney(undefined)).toBe('NA');
  });
});

describe('parseRupees', () => {
  it.each([
    ['1499', 149_900],
    ['1,499', 149_900],
    ['Rs. 1,499.5', 149_950],
    ['rs 12,34,567.05', 123_456_705],
    ['₹ 0.99', 99],
    ['  250  ', 25_000],
    ['-10', -1_000],
  ])('reads %s as %i paise', (text, expected) => {
    expect(parseRupees(text)).toBe(expected);
  });

  it.each(['', 'abc', '1.999', '1,49,9.0.0', 'Rs.', '12e3', '1 000'])('refuses %j', (text) => {
    expect(parseRupees(text)).toBeNull();
  });
});

describe('arithmetic in paise', () => {
  it('sums exactly where floating-point rupees would drift', () => {
    expect(sumMoney([paise(10), paise(20)])).toBe(30); // Rs. 0.10 + Rs. 0.20
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(sumMoney([])).toBe(0);
  });

  it('takes a percentage rounded half away from zero to the paisa', () => {
    expect(percentOf(paise(100_000), 18)).toBe(18_000); // GST on Rs. 1,000
    expect(percentOf(paise(99_900), 18)).toBe(17_982);
    expect(percentOf(paise(1), 50)).toBe(1); // half a paisa rounds up
    expect(percentOf(paise(-1), 50)).toBe(-1);
    expect(percentOf(paise(10_000), 12.5)).toBe(1_250);
    expect(percentOf(paise(333), 9)).toBe(30); // 29.97 paise
  });

  it('refuses a fraction of a paisa', () => {
    expect(() => paise(1.5)).toThrow(RangeError);
  });
});

describe('MoneySchema', () => {
  it('accepts whole paise and refuses fractions, non-numbers and unsafe integers', () => {
    expect(MoneySchema.safeParse(149_900).success).toBe(true);
    expect(MoneySchema.safeParse(1499.5).success).toBe(false);
    expect(MoneySchema.safeParse('149900').success).toBe(false);
    expect(MoneySchema.safeParse(2 ** 60).success).toBe(false);
  });

  it('refuses a negative price', () => {
    expect(PriceSchema.safeParse(0).success).toBe(true);
    expect(PriceSchema.safeParse(-1).success).toBe(false);
  });
});

describe('splitGst', () => {
  it('splits a GST-inclusive price into taxable value and tax that add up to the price', () => {
    expect(splitGst(paise(499_900))).toEqual({ taxable: 423_644, gst: 76_256 });
    expect(splitGst(paise(11_800))).toEqual({ taxable: 10_000, gst: 1_800 });
    expect(splitGst(paise(0))).toEqual({ taxable: 0, gst: 0 });
    expect(splitGst(paise(10_500), 5)).toEqual({ taxable: 10_000, gst: 500 });
    for (const gross of [1, 99, 12_345, 999_999]) {
      const { taxable, gst } = splitGst(paise(gross));
      expect(taxable + gst).toBe(gross);
    }
  });
});
