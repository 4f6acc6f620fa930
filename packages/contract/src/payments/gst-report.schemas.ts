import { z } from 'zod';
import { MoneySchema } from '../money';

// A month's GST return data (DESIGN §10): the GSTR-1 tables of the invoices and credit notes dated in
// that month (India days), in paise. B2B: invoices to a buyer with a GSTIN. B2CS: the other invoices,
// by place of supply and rate, net of the month's credit notes to buyers without a GSTIN. Credit
// notes: CDNR (registered buyers) and the others (already netted in B2CS). HSN: the SAC summary, net
// of every credit note of the month.

/** GST came into force on 1 July 2017: no return is due for a month before it. */
export const GST_FIRST_MONTH = '2017-07';
export const GST_REPORT_MESSAGES = {
  month: 'Choose a month as YYYY-MM, for example 2026-10.',
  beforeGst: `GST came into force in July 2017: choose a month from ${GST_FIRST_MONTH}.`,
} as const;

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

export const GST_REPORT_FORMATS = ['json', 'csv', 'xlsx'] as const;

export const GstReportQuerySchema = z.object({
  /** YYYY-MM, India */
  month: z
    .string({ error: GST_REPORT_MESSAGES.month })
    .regex(MONTH, GST_REPORT_MESSAGES.month)
    .refine((month) => !MONTH.test(month) || month >= GST_FIRST_MONTH, GST_REPORT_MESSAGES.beforeGst),
  format: z.enum(GST_REPORT_FORMATS).default('json'),
});
export type GstReportQuery = z.infer<typeof GstReportQuerySchema>;

/** INTRA: CGST + SGST (or UTGST) within the supplier's state; INTER: IGST. */
export const GST_SUPPLY_KINDS = ['INTRA', 'INTER'] as const;

/** A place of supply as GSTR-1 names it: '29-Karnataka'. */
const PlaceSchema = z.string();

const TaxesShape = {
  taxableValue: MoneySchema,
  igst: MoneySchema,
  cgst: MoneySchema,
  /** State tax, or Union territory tax within a union territory without a legislature */
  sgst: MoneySchema,
};

/** GSTR-1 table 4A: an invoice to a registered buyer (a GSTIN on the invoice). */
export const GstB2bRowSchema = z.object({
  buyerGstin: z.string(),
  buyerName: z.string(),
  invoiceNumber: z.string(),
  /** YYYY-MM-DD, India */
  invoiceDate: z.string(),
  invoiceValue: MoneySchema,
  placeOfSupply: PlaceSchema,
  /** GST rate in per cent */
  rate: z.number(),
  ...TaxesShape,
});

/** GSTR-1 table 7: supplies to buyers without a GSTIN, by place of supply and rate, net of the month's credit notes to them. */
export const GstB2csRowSchema = z.object({
  type: z.enum(GST_SUPPLY_KINDS),
  placeOfSupply: PlaceSchema,
  rate: z.number(),
  /** invoices of the month in the group */
  invoices: z.number().int(),
  /** credit notes of the month taken off the group */
  creditNotes: z.number().int(),
  ...TaxesShape,
  /** taxable value + taxes */
  total: MoneySchema,
});

/** GSTR-1 table 9B: a credit note of the month, with the invoice it credits. */
export const GstCreditNoteRowSchema = z.object({
  /** the buyer's GSTIN (CDNR); null for a buyer without one */
  buyerGstin: z.string().nullable(),
  buyerName: z.string(),
  creditNoteNumber: z.string(),
  creditNoteDate: z.string(),
  invoiceNumber: z.string(),
  invoiceDate: z.string(),
  noteValue: MoneySchema,
  type: z.enum(GST_SUPPLY_KINDS),
  placeOfSupply: PlaceSchema,
  rate: z.number(),
  ...TaxesShape,
});

/** GSTR-1 table 12: the month's supplies by SAC and rate, net of its credit notes. */
export const GstHsnRowSchema = z.object({
  sacCode: z.string(),
  description: z.string(),
  /** unit quantity code: OTH for services */
  uqc: z.string(),
  /** units invoiced in the month (credit notes return money, not units) */
  quantity: z.number().int(),
  rate: z.number(),
  ...TaxesShape,
  /** taxable value + taxes */
  total: MoneySchema,
});

const TotalsSchema = z.object({
  rows: z.number().int(),
  /** invoice or note value (B2B, credit notes) or taxable value + taxes (B2CS, HSN) */
  value: MoneySchema,
  ...TaxesShape,
});
export type GstTableTotals = z.infer<typeof TotalsSchema>;

const table = <T extends z.ZodTypeAny>(row: T) => z.object({ rows: z.array(row), totals: TotalsSchema });

export const GstReportSchema = z.object({
  /** YYYY-MM */
  month: z.string(),
  /** the month's first and last India days */
  from: z.string(),
  to: z.string(),
  supplierGstin: z.string().nullable(),
  b2b: table(GstB2bRowSchema),
  b2cs: table(GstB2csRowSchema),
  /** credit notes to registered buyers (table 9B, CDNR) */
  cdnr: table(GstCreditNoteRowSchema),
  /** credit notes to buyers without a GSTIN: listed here, and already taken off B2CS */
  creditNotesUnregistered: table(GstCreditNoteRowSchema),
  hsn: table(GstHsnRowSchema),
});
export type GstReport = z.infer<typeof GstReportSchema>;
export type GstB2bRow = z.infer<typeof GstB2bRowSchema>;
export type GstB2csRow = z.infer<typeof GstB2csRowSchema>;
export type GstCreditNoteRow = z.infer<typeof GstCreditNoteRowSchema>;
export type GstHsnRow = z.infer<typeof GstHsnRowSchema>;
