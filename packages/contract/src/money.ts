// Money (DESIGN §9): every price, discount, tax and total is an integer number of paise
// (1 rupee = 100 paise), stored, sent and summed as such, and shown as 'Rs.' with Indian grouping.
// Floating-point rupees never cross the contract: 0.1 + 0.2 rupees is not 30 paise.
import { z } from 'zod';
import { formatIndianNumber } from './format';

const NA = 'NA';
const PAISE_PER_RUPEE = 100;

/** An amount in integer paise. Branded, so a plain number (rupees, a count) is never taken for money by mistake. */
export const MoneySchema = z
  .number()
  .int('an amount in paise is a whole number')
  .min(-Number.MAX_SAFE_INTEGER)
  .max(Number.MAX_SAFE_INTEGER)
  .brand<'Paise'>();
export type Money = z.infer<typeof MoneySchema>;

/** A non-negative amount in paise: prices, fees, discounts as entered. */
export const PriceSchema = MoneySchema.refine((paise) => paise >= 0, 'an amount cannot be negative');

/** Treats an integer number of paise as Money; throws on a fraction of a paisa (a programming error, never user input). */
export function paise(value: number): Money {
  if (!Number.isSafeInteger(value)) throw new RangeError(`not a whole number of paise: ${value}`);
  return value as Money;
}

const RUPEES_TEXT = /^(?:rs\.?|₹|inr)?\s*(-)?\s*(\d{1,3}(?:,\d{2,3})*|\d+)(?:\.(\d{1,2}))?$/i;

/** Reads what a person types ('1,499', 'Rs. 1499.50', '₹ 12,34,567') as Money; anything else, or a third decimal, -> null. */
export function parseRupees(text: string): Money | null {
  const match = RUPEES_TEXT.exec(text.trim());
  if (!match) return null;
  const [, minus, whole = '0', fraction = ''] = match;
  const value = Number(whole.replace(/,/g, '')) * PAISE_PER_RUPEE + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(value)) return null;
  return paise(minus && value !== 0 ? -value : value);
}

/** 'Rs. 1,499' for whole rupees, 'Rs. 1,499.50' otherwise (spec: amounts carry the 'Rs.' prefix); null or undefined -> 'NA'. */
export function formatMoney(amount: Money | null | undefined): string {
  if (amount === null || amount === undefined) return NA;
  const wholeRupees = amount % PAISE_PER_RUPEE === 0;
  return `Rs. ${formatIndianNumber(amount / PAISE_PER_RUPEE, wholeRupees ? 0 : 2)}`;
}

/** The sum of amounts, exact. */
export function sumMoney(amounts: readonly Money[]): Money {
  return paise(amounts.reduce<number>((total, amount) => total + amount, 0));
}

/**
 * `percent` per cent of an amount, rounded half away from zero to the paisa (GST at 18%, a 12.5% coupon).
 * Percentages may have up to two decimals; the arithmetic stays in integers so no rupee is lost to floating point.
 */
export function percentOf(amount: Money, percent: number): Money {
  const basisPoints = Math.round(percent * 100);
  const scaled = amount * basisPoints; // paise x 1/10,000
  if (!Number.isSafeInteger(scaled)) throw new RangeError('amount too large for a percentage');
  const sign = scaled < 0 ? -1 : 1;
  return paise(sign * Math.floor((Math.abs(scaled) + 5_000) / 10_000));
}

/** GST on the console's prices when nothing else is configured (DESIGN §9): 18%. */
export const DEFAULT_GST_PERCENT = 18;

/**
 * Splits a price that includes GST into its taxable value and the GST inside it, exactly:
 * taxable = gross x 100 / (100 + rate), rounded half away from zero to the paisa; gst = gross - taxable.
 */
export function splitGst(gross: Money, ratePercent: number = DEFAULT_GST_PERCENT): { taxable: Money; gst: Money } {
  const basisPoints = Math.round(ratePercent * 100);
  const numerator = gross * 10_000;
  const denominator = 10_000 + basisPoints;
  if (!Number.isSafeInteger(numerator)) throw new RangeError('amount too large for GST');
  const sign = numerator < 0 ? -1 : 1;
  const taxable = sign * Math.floor((2 * Math.abs(numerator) + denominator) / (2 * denominator));
  return { taxable: paise(taxable), gst: paise(gross - taxable) };
}
