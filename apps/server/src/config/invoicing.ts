import { z } from 'zod';
import { decimal, textAsGiven } from './env';

/** The supplier on every GST tax invoice, the rate and the serial's prefix (Rule 46, README "Invoices"). */
export const invoicingSchema = z
  .object({
    INVOICE_SUPPLIER_NAME: textAsGiven('Lectern Learning Private Limited'),
    INVOICE_SUPPLIER_ADDRESS: textAsGiven(
      '4th Floor, Prestige Tech Park, Outer Ring Road, Bengaluru, Karnataka 560103',
    ),
    INVOICE_SUPPLIER_GSTIN: textAsGiven('29AAACL1234F1ZV'),
    INVOICE_SUPPLIER_STATE_CODE: textAsGiven('29').refine((value) => /^\d{2}$/.test(value), {
      error: (issue) => `must be a two-digit GST state code like 29, got '${String(issue.input)}'`,
    }),
    GST_PERCENT: decimal(18, { min: 0, max: 100 }),
    INVOICE_SAC_CODE: textAsGiven('999293'),
    INVOICE_PREFIX: textAsGiven('LEC'),
  })
  .transform((env) => ({
    supplierName: env.INVOICE_SUPPLIER_NAME,
    supplierAddress: env.INVOICE_SUPPLIER_ADDRESS,
    supplierGstin: env.INVOICE_SUPPLIER_GSTIN,
    /** two-digit GST state code of the supplier's registration: decides CGST+SGST or IGST */
    supplierStateCode: env.INVOICE_SUPPLIER_STATE_CODE,
    gstPercent: env.GST_PERCENT,
    /** Services Accounting Code on each line (999293: commercial training and coaching) */
    sacCode: env.INVOICE_SAC_CODE,
    /** the serial's prefix: PREFIX/YYyy/NNNNNN, at most 16 characters in all */
    invoicePrefix: env.INVOICE_PREFIX,
  }));

export type InvoicingConfig = z.output<typeof invoicingSchema>;
