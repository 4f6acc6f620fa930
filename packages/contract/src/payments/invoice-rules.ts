// The GST tax invoice (DESIGN §9, Rule 46 of the CGST Rules, 2017) as pure rules over plain data:
// its financial year, its serial number, its amounts (taxable value, CGST + SGST/UTGST or IGST) and
// the amount in words. Prices are GST-inclusive integer paise, so every line and the invoice add up
// to what the student paid, to the paisa. The server stores and prints the results; the console's
// invoice preview and the tests call the same functions.
import { DEFAULT_GST_PERCENT, paise, splitGst, type Money } from '../money';

// ---------------------------------------------------------------------------------------------
// Financial year

const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;
const APRIL = 3; // Date months count from 0

/** The Indian financial year (1 April to 31 March, in IST) of an instant, as '2026-27'. */
export function financialYear(date: Date): string {
  const time = date.getTime();
  if (Number.isNaN(time)) throw new RangeError('not a valid date');
  // Shifting by the IST offset and reading UTC fields gives the calendar date in India, whatever the machine's zone.
  const india = new Date(time + IST_OFFSET_MS);
  const month = india.getUTCMonth();
  const startYear = month >= APRIL ? india.getUTCFullYear() : india.getUTCFullYear() - 1;
  return `${startYear}-${String((startYear + 1) % 100).padStart(2, '0')}`;
}

/** The calendar date in India (IST) of an instant, as 'YYYY-MM-DD': the day subscriptions start and end on. */
export function indianDate(date: Date = new Date()): string {
  const time = date.getTime();
  if (Number.isNaN(time)) throw new RangeError('not a valid date');
  return new Date(time + IST_OFFSET_MS).toISOString().slice(0, 10);
}

const FINANCIAL_YEAR = /^(\d{4})-(\d{2})$/;

// ---------------------------------------------------------------------------------------------
// Serial number, Rule 46(b): consecutive, at most 16 characters, letters, digits, '-' and '/' only,
// unique for a financial year.

const SERIAL_MAX_LENGTH = 16;
const SERIAL_SEQUENCE_DIGITS = 6;
const SERIAL_PREFIX = /^[A-Za-z0-9/-]+$/;

// Format: PREFIX/YYyy/NNNNNN (prefix, the year's two-digit pairs '2627', sequence zero-padded to six), e.g. LEC/2627/000042.
/** The invoice serial of the `sequence`-th invoice of a financial year; RangeError when it cannot meet Rule 46(b). */
export function formatInvoiceSerial(prefix: string, financialYear: string, sequence: number): string {
  if (!SERIAL_PREFIX.test(prefix)) {
    throw new RangeError(`an invoice prefix holds only letters, digits, '-' and '/': ${JSON.stringify(prefix)}`);
  }
  const year = FINANCIAL_YEAR.exec(financialYear);
  if (!year || (Number(year[1]) + 1) % 100 !== Number(year[2])) {
    throw new RangeError(`not a financial year like '2026-27': ${JSON.stringify(financialYear)}`);
  }
  if (!Number.isSafeInteger(sequence) || sequence < 1) {
    throw new RangeError(`an invoice sequence is a whole number from 1: ${sequence}`);
  }
  const serial = `${prefix}/${year[1]!.slice(2)}${year[2]}/${String(sequence).padStart(SERIAL_SEQUENCE_DIGITS, '0')}`;
  if (serial.length > SERIAL_MAX_LENGTH) {
    throw new RangeError(`an invoice serial has at most ${SERIAL_MAX_LENGTH} characters: ${serial}`);
  }
  return serial;
}

// ---------------------------------------------------------------------------------------------
// States and GSTIN

/**
 * GST state codes (GSTN) of the 28 states and 8 union territories, and 97 for other territory.
 * 25 (Daman and Diu, merged into 26 on 26 January 2020) and 28 (Andhra Pradesh before its
 * division; GST registers it as 37) are no longer issued, so they are not valid places of supply.
 * Null-prototype, so GST_STATES['constructor'] is undefined like any other unknown code.
 */
export const GST_STATES: Readonly<Record<string, string>> = Object.freeze(
  Object.assign(Object.create(null) as Record<string, string>, {
    '01': 'Jammu and Kashmir',
    '02': 'Himachal Pradesh',
    '03': 'Punjab',
    '04': 'Chandigarh',
    '05': 'Uttarakhand',
    '06': 'Haryana',
    '07': 'Delhi',
    '08': 'Rajasthan',
    '09': 'Uttar Pradesh',
    '10': 'Bihar',
    '11': 'Sikkim',
    '12': 'Arunachal Pradesh',
    '13': 'Nagaland',
    '14': 'Manipur',
    '15': 'Mizoram',
    '16': 'Tripura',
    '17': 'Meghalaya',
    '18': 'Assam',
    '19': 'West Bengal',
    '20': 'Jharkhand',
    '21': 'Odisha',
    '22': 'Chhattisgarh',
    '23': 'Madhya Pradesh',
    '24': 'Gujarat',
    '26': 'Dadra and Nagar Haveli and Daman and Diu',
    '27': 'Maharashtra',
    '29': 'Karnataka',
    '30': 'Goa',
    '31': 'Lakshadweep',
    '32': 'Kerala',
    '33': 'Tamil Nadu',
    '34': 'Puducherry',
    '35': 'Andaman and Nicobar Islands',
    '36': 'Telangana',
    '37': 'Andhra Pradesh',
    '38': 'Ladakh',
    '97': 'Other Territory',
  }),
);

// Union territories without a legislature (and other territory) levy Union territory tax (UTGST) in place of State tax.
const UTGST_STATE_CODES: ReadonlySet<string> = new Set(['04', '26', '31', '35', '38', '97']);

/** True for a GST state code of GST_STATES ('29', not '29 ' or '25'). */
export function isGstStateCode(code: string): boolean {
  return Object.hasOwn(GST_STATES, code);
}

const GSTIN_CHARACTERS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
// State code, PAN (5 letters, 4 digits, a letter), entity number (1-9, then A-Z), 'Z', check character.
const GSTIN_PATTERN = /^(\d{2})[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** The GSTN check character of the first 14 characters of a GSTIN (Luhn mod 36). */
export function gstinCheckCharacter(first14: string): string {
  if (first14.length !== 14) throw new RangeError('a GSTIN check character is computed over 14 characters');
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const value = GSTIN_CHARACTERS.indexOf(first14[i]!);
    if (value < 0) throw new RangeError(`not a GSTIN character: ${JSON.stringify(first14[i])}`);
    // Weights 1, 2, 1, 2, ... from the left (2 on the 14th character); a product over 35 adds its base-36 digits.
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARACTERS[(36 - (sum % 36)) % 36]!;
}

/** True for a well-formed GSTIN: upper case, a known state code, a PAN, entity number, 'Z' and a correct check character. */
export function isValidGstin(gstin: string): boolean {
  const match = GSTIN_PATTERN.exec(gstin);
  if (!match || !isGstStateCode(match[1]!)) return false;
  return gstinCheckCharacter(gstin.slice(0, 14)) === gstin[14];
}

// ---------------------------------------------------------------------------------------------
// Amounts

/** SAC 999293: commercial training and coaching services. */
export const DEFAULT_SAC_CODE = '999293';
const SAC_CODE = /^\d{4,8}$/;

export interface InvoiceLineInput {
  description: string;
  /** Services Accounting Code; DEFAULT_SAC_CODE when absent. */
  sacCode?: string;
  /** A whole number from 1. */
  quantity: number;
  /** One unit's price in paise, GST included (DESIGN §9). */
  unitPrice: Money;
}

export interface InvoiceInput {
  lines: readonly InvoiceLineInput[];
  /** A coupon's discount in paise, taken off the GST-inclusive price before tax is worked out. */
  discount?: Money;
  /** GST rate in per cent, up to two decimals; DEFAULT_GST_PERCENT when absent. */
  gstPercent?: number;
  /** Two-digit GST state code of the supplier's registration ('29'). */
  supplierStateCode: string;
  /** Two-digit GST state code of the place of supply ('27'). */
  placeOfSupplyStateCode: string;
}

/** INTRA_STATE: CGST + SGST (or UTGST); INTER_STATE: IGST. */
export type SupplyType = 'INTRA_STATE' | 'INTER_STATE';

/** The rates an invoice shows; a tax that does not apply has rate 0 (and amount 0). */
export interface InvoiceTaxRates {
  cgstPercent: number;
  /** State tax, or Union territory tax when `stateTaxName` is 'UTGST'. */
  sgstPercent: number;
  igstPercent: number;
}

export interface InvoiceAmounts {
  /** Quantity x unit price, GST included, before the discount. */
  gross: Money;
  discount: Money;
  /** gross - discount: what is paid for this line (or the invoice). */
  grossAfterDiscount: Money;
  taxableValue: Money;
  cgst: Money;
  /** State tax, or Union territory tax when `stateTaxName` is 'UTGST'. */
  sgst: Money;
  igst: Money;
  /** cgst + sgst + igst. */
  totalTax: Money;
  /** taxableValue + totalTax, always equal to grossAfterDiscount. */
  total: Money;
}

export interface InvoiceLine extends InvoiceAmounts, InvoiceTaxRates {
  description: string;
  sacCode: string;
  quantity: number;
  unitPrice: Money;
}

export interface InvoiceComputation {
  supplyType: SupplyType;
  /** How the state half of an intra-state invoice is named: UTGST in a union territory without a legislature. */
  stateTaxName: 'SGST' | 'UTGST';
  supplierStateCode: string;
  placeOfSupplyStateCode: string;
  gstPercent: number;
  rates: InvoiceTaxRates;
  lines: InvoiceLine[];
  /** Sums of the lines' amounts. */
  totals: InvoiceAmounts;
}

/** The invoice's lines and totals: discount spread over the lines, GST taken out of each line's price, split by place of supply. */
export function computeInvoice(input: InvoiceInput): InvoiceComputation {
  const gstPercent = input.gstPercent ?? DEFAULT_GST_PERCENT;
  assertGstPercent(gstPercent);
  for (const code of [input.supplierStateCode, input.placeOfSupplyStateCode]) {
    if (!isGstStateCode(code)) throw new RangeError(`not a GST state code: ${JSON.stringify(code)}`);
  }
  if (input.lines.length === 0) throw new RangeError('an invoice has at least one line');

  const supplyType: SupplyType =
    input.supplierStateCode === input.placeOfSupplyStateCode ? 'INTRA_STATE' : 'INTER_STATE';
  const stateTaxName =
    supplyType === 'INTRA_STATE' && UTGST_STATE_CODES.has(input.supplierStateCode) ? 'UTGST' : 'SGST';
  const rates: InvoiceTaxRates =
    supplyType === 'INTRA_STATE'
      ? { cgstPercent: gstPercent / 2, sgstPercent: gstPercent / 2, igstPercent: 0 }
      : { cgstPercent: 0, sgstPercent: 0, igstPercent: gstPercent };

  const grosses = input.lines.map((line, index) => lineGross(line, index));
  const discount = input.discount ?? paise(0);
  if (!Number.isSafeInteger(discount) || discount < 0) throw new RangeError(`not a discount in paise: ${discount}`);
  const discounts = spreadDiscount(discount, grosses);

  const lines = input.lines.map((line, index): InvoiceLine => {
    const gross = grosses[index]!;
    const lineDiscount = discounts[index]!;
    const grossAfterDiscount = paise(gross - lineDiscount);
    const split = splitGst(grossAfterDiscount, gstPercent);
    let taxable: number = split.taxable;
    let gst: number = split.gst;
    let cgst = 0;
    let sgst = 0;
    let igst = 0;
    if (supplyType === 'INTRA_STATE') {
      // CGST and SGST/UTGST are equal halves (DESIGN §10): an odd paisa of tax cannot be halved, so the
      // taxable value absorbs it and the line still adds up to what was paid.
      if (gst % 2 !== 0) {
        taxable += 1;
        gst -= 1;
      }
      cgst = gst / 2;
      sgst = cgst;
    } else {
      igst = gst;
    }
    return {
      description: line.description,
      sacCode: line.sacCode ?? DEFAULT_SAC_CODE,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      gross,
      discount: lineDiscount,
      grossAfterDiscount,
      taxableValue: paise(taxable),
      cgst: paise(cgst),
      sgst: paise(sgst),
      igst: paise(igst),
      totalTax: paise(gst),
      total: paise(taxable + gst),
      ...rates,
    };
  });

  const sum = (pick: (line: InvoiceLine) => Money): Money =>
    paise(lines.reduce((total, line) => total + pick(line), 0));
  return {
    supplyType,
    stateTaxName,
    supplierStateCode: input.supplierStateCode,
    placeOfSupplyStateCode: input.placeOfSupplyStateCode,
    gstPercent,
    rates,
    lines,
    totals: {
      gross: sum((line) => line.gross),
      discount: sum((line) => line.discount),
      grossAfterDiscount: sum((line) => line.grossAfterDiscount),
      taxableValue: sum((line) => line.taxableValue),
      cgst: sum((line) => line.cgst),
      sgst: sum((line) => line.sgst),
      igst: sum((line) => line.igst),
      totalTax: sum((line) => line.totalTax),
      total: sum((line) => line.total),
    },
  };
}

function assertGstPercent(percent: number): void {
  const basisPoints = percent * 100;
  if (
    !Number.isFinite(percent) ||
    percent < 0 ||
    percent > 100 ||
    Math.abs(basisPoints - Math.round(basisPoints)) > 1e-6
  ) {
    throw new RangeError(`not a GST rate in per cent with at most two decimals: ${percent}`);
  }
}

function lineGross(line: InvoiceLineInput, index: number): Money {
  const where = `invoice line ${index + 1}`;
  if (!Number.isSafeInteger(line.quantity) || line.quantity < 1) {
    throw new RangeError(`${where}: quantity is a whole number from 1, not ${line.quantity}`);
  }
  if (!Number.isSafeInteger(line.unitPrice) || line.unitPrice < 0) {
    throw new RangeError(`${where}: unit price is a non-negative amount in paise, not ${line.unitPrice}`);
  }
  if (line.sacCode !== undefined && !SAC_CODE.test(line.sacCode)) {
    throw new RangeError(`${where}: not a SAC code: ${JSON.stringify(line.sacCode)}`);
  }
  return paise(line.quantity * line.unitPrice);
}

/**
 * A discount spread over lines in proportion to their value, each share rounded down to the paisa and
 * the remainder (fewer paise than there are lines) given to the last line. A line never goes below
 * zero: a discount larger than the invoice stops at its value, and a remainder the last line cannot
 * take (a free last line) goes to the line before it.
 */
function spreadDiscount(discount: number, grosses: readonly Money[]): Money[] {
  const total = grosses.reduce<number>((sum, gross) => sum + gross, 0);
  const applied = Math.min(discount, total);
  if (applied === 0) return grosses.map(() => paise(0));
  // discount x value can pass 2^53 for large orders: the proportion is taken in BigInt, still whole numbers.
  const shares = grosses.map((gross) => Number((BigInt(applied) * BigInt(gross)) / BigInt(total)));
  let remainder = applied - shares.reduce((sum, share) => sum + share, 0);
  for (let i = shares.length - 1; i >= 0 && remainder > 0; i--) {
    const take = Math.min(grosses[i]! - shares[i]!, remainder);
    shares[i] = shares[i]! + take;
    remainder -= take;
  }
  return shares.map((share) => paise(share));
}

// ---------------------------------------------------------------------------------------------
// Amount in words

const UNITS = [
  'Zero',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
] as const;
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'] as const;

const CRORE = 10_000_000;
const LAKH = 100_000;
const THOUSAND = 1_000;

/** 1-99 in words, tens and units joined by a hyphen ('Ninety-Nine'). */
function belowHundred(n: number): string {
  if (n < 20) return UNITS[n]!;
  const unit = n % 10;
  return unit === 0 ? TENS[Math.floor(n / 10)]! : `${TENS[Math.floor(n / 10)]}-${UNITS[unit]}`;
}

/** A positive whole number in words with Indian grouping: crore, lakh, thousand, hundred; over 99 crore the crores are themselves in words. */
function indianWords(n: number): string {
  const parts: string[] = [];
  if (n >= CRORE) {
    parts.push(`${indianWords(Math.floor(n / CRORE))} Crore`);
    n %= CRORE;
  }
  const lakhs = Math.floor(n / LAKH);
  const thousands = Math.floor((n % LAKH) / THOUSAND);
  const hundreds = Math.floor((n % THOUSAND) / 100);
  const rest = n % 100;
  if (lakhs > 0) parts.push(`${belowHundred(lakhs)} Lakh`);
  if (thousands > 0) parts.push(`${belowHundred(thousands)} Thousand`);
  if (hundreds > 0) parts.push(`${UNITS[hundreds]} Hundred`);
  if (rest > 0) parts.push(belowHundred(rest));
  return parts.join(' ');
}

/** An amount as an invoice writes it: 'Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Seventy-Eight Paise Only'. */
export function amountInWords(amount: Money): string {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError(`not an amount to write in words: ${amount}`);
  const rupees = Math.floor(amount / 100);
  const paiseLeft = amount % 100;
  const rupeeWords = rupees === 0 ? UNITS[0] : indianWords(rupees);
  if (paiseLeft === 0) return `Rupees ${rupeeWords} Only`;
  return `Rupees ${rupeeWords} and ${belowHundred(paiseLeft)} ${paiseLeft === 1 ? 'Paisa' : 'Paise'} Only`;
}

/** What a credit note (a refund) takes back from an invoice, GST included, in paise. */
export interface CreditNoteAmounts {
  taxableValue: Money;
  cgst: Money;
  sgst: Money;
  igst: Money;
  total: Money;
}

/**
 * The split of a refund of `amount` (GST included) against an invoice with `invoiced` totals, after the
 * credit notes `earlier`. The refund that takes the rest takes the rest of every figure, so an
 * invoice's credit notes add up to it exactly; any other carries the share of tax of what remains
 * (the invoice's rate, to the paisa), never more tax or taxable value than remains, CGST and SGST equal
 * halves. Throws RangeError for an amount below a paisa or above what remains, and for the one amount
 * that cannot be split so (an odd number of paise when only tax remains: `CreditNoteSplitError`).
 */
export function creditNoteAmounts(
  invoiced: CreditNoteAmounts,
  earlier: readonly CreditNoteAmounts[],
  amount: Money,
): CreditNoteAmounts {
  const left = (pick: (a: CreditNoteAmounts) => Money) =>
    paise(pick(invoiced) - earlier.reduce((sum, note) => sum + pick(note), 0));
  const remaining = left((a) => a.total);
  if (!Number.isSafeInteger(amount) || amount < 1 || amount > remaining) {
    throw new RangeError(`a refund is from 1 paisa to the ${remaining} paise that remain, not ${amount}`);
  }
  if (amount === remaining) {
    return {
      taxableValue: left((a) => a.taxableValue),
      cgst: left((a) => a.cgst),
      sgst: left((a) => a.sgst),
      igst: left((a) => a.igst),
      total: amount,
    };
  }
  const interState = invoiced.igst > 0;
  const taxLeft = left((a) => a.cgst) + left((a) => a.sgst) + left((a) => a.igst);
  const taxableLeft = left((a) => a.taxableValue);
  // the tax a refund may carry: enough that the taxable value it takes is there, no more than remains
  const least = Math.max(0, amount - taxableLeft);
  const most = Math.min(taxLeft, amount);
  let gst = Math.min(Math.max(Math.round((amount * taxLeft) / remaining), least), most);
  if (!interState && gst % 2 !== 0) {
    // equal halves: the nearest even tax within bounds, the taxable value taking the odd paisa
    if (gst - 1 >= least) gst -= 1;
    else if (gst + 1 <= most) gst += 1;
    else throw new CreditNoteSplitError(amount);
  }
  const half = interState ? 0 : gst / 2;
  return {
    taxableValue: paise(amount - gst),
    cgst: paise(half),
    sgst: paise(half),
    igst: paise(interState ? gst : 0),
    total: amount,
  };
}

/** A refund that cannot carry equal CGST and SGST halves: an odd amount when only tax remains. */
export class CreditNoteSplitError extends RangeError {
  constructor(readonly amount: Money) {
    super(`a refund of ${amount} paise cannot be split into equal CGST and SGST halves`);
  }
}
