import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { num } from '../../db/raw-row';

// The month's GST return read from the invoices and credit notes as issued: an invoice's figures are
// its stored document's (never recomputed), a credit note's its own columns. Days are India days
// (`invoice_date`, `credit_note_date`), `from` and `to` inclusive.

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** An invoice document's parts the return reads. */
const DOC = {
  gstin: sql`nullif(i.document -> 'buyer' ->> 'gstin', '')`,
  buyerName: sql`coalesce(i.document -> 'buyer' ->> 'legalName', i.document -> 'buyer' ->> 'name')`,
  inter: sql`(i.document ->> 'supplyType' = 'INTER_STATE')`,
  placeCode: sql`(i.document -> 'placeOfSupply' ->> 'stateCode')`,
  placeName: sql`(i.document -> 'placeOfSupply' ->> 'stateName')`,
  rate: sql`(i.document ->> 'gstPercent')::numeric`,
  total: (figure: string) => sql`(i.document -> 'totals' ->> ${figure})::bigint`,
};

export interface TaxFigures {
  taxableValue: number;
  igst: number;
  cgst: number;
  sgst: number;
}

interface Place {
  inter: boolean;
  placeCode: string;
  placeName: string;
  rate: number;
}

export type B2bInvoice = TaxFigures &
  Place & { buyerGstin: string; buyerName: string; invoiceNumber: string; invoiceDate: string; invoiceValue: number };

export type MonthCreditNote = TaxFigures &
  Place & {
    buyerGstin: string | null;
    buyerName: string;
    creditNoteNumber: string;
    creditNoteDate: string;
    invoiceNumber: string;
    invoiceDate: string;
    noteValue: number;
  };

export type B2csGroup = TaxFigures & Place & { invoices: number; creditNotes: number };

export type SacGroup = TaxFigures & { sacCode: string; rate: number; quantity: number };

type Raw = Record<string, unknown>;
const taxes = (r: Raw): TaxFigures => ({
  taxableValue: num(r.taxableValue),
  igst: num(r.igst),
  cgst: num(r.cgst),
  sgst: num(r.sgst),
});
const place = (r: Raw): Place => ({
  inter: r.inter === true,
  placeCode: String(r.placeCode),
  placeName: String(r.placeName ?? ''),
  rate: num(r.rate),
});

/** The figures of GSTR-1 for a range of India days. */
export class GstReportRepository {
  constructor(private readonly db: Db) {}

  /** Invoices to registered buyers (a GSTIN on the invoice), by date and serial. */
  async b2bInvoices(from: string, to: string): Promise<B2bInvoice[]> {
    const result = await this.db.execute(sql`
      SELECT ${DOC.gstin} AS "buyerGstin", ${DOC.buyerName} AS "buyerName", i.invoice_number AS "invoiceNumber",
             i.invoice_date::text AS "invoiceDate", i.total AS "invoiceValue", ${DOC.inter} AS inter,
             ${DOC.placeCode} AS "placeCode", ${DOC.placeName} AS "placeName", ${DOC.rate} AS rate,
             ${DOC.total('taxableValue')} AS "taxableValue", ${DOC.total('igst')} AS igst,
             ${DOC.total('cgst')} AS cgst, ${DOC.total('sgst')} AS sgst
        FROM invoices i
       WHERE i.invoice_date BETWEEN ${from}::date AND ${to}::date AND ${DOC.gstin} IS NOT NULL
       ORDER BY i.invoice_date, i.financial_year, i.sequence`);
    return rowsOf<Raw>(result).map((r) => ({
      buyerGstin: String(r.buyerGstin),
      buyerName: String(r.buyerName),
      invoiceNumber: String(r.invoiceNumber),
      invoiceDate: String(r.invoiceDate),
      invoiceValue: num(r.invoiceValue),
      ...place(r),
      ...taxes(r),
    }));
  }

  /** Every credit note dated in the range (whatever became of its refund: the note is issued), with its invoice. */
  async creditNotes(from: string, to: string): Promise<MonthCreditNote[]> {
    const result = await this.db.execute(sql`
      SELECT ${DOC.gstin} AS "buyerGstin", ${DOC.buyerName} AS "buyerName",
             c.credit_note_number AS "creditNoteNumber", c.credit_note_date::text AS "creditNoteDate",
             i.invoice_number AS "invoiceNumber", i.invoice_date::text AS "invoiceDate", c.amount AS "noteValue",
             ${DOC.inter} AS inter, ${DOC.placeCode} AS "placeCode", ${DOC.placeName} AS "placeName", ${DOC.rate} AS rate,
             c.taxable_value AS "taxableValue", c.igst, c.cgst, c.sgst
        FROM credit_notes c JOIN invoices i ON i.id = c.invoice_id
       WHERE c.credit_note_date BETWEEN ${from}::date AND ${to}::date
       ORDER BY c.credit_note_date, c.financial_year, c.sequence`);
    return rowsOf<Raw>(result).map((r) => ({
      buyerGstin: r.buyerGstin === null ? null : String(r.buyerGstin),
      buyerName: String(r.buyerName),
      creditNoteNumber: String(r.creditNoteNumber),
      creditNoteDate: String(r.creditNoteDate),
      invoiceNumber: String(r.invoiceNumber),
      invoiceDate: String(r.invoiceDate),
      noteValue: num(r.noteValue),
      ...place(r),
      ...taxes(r),
    }));
  }

  /**
   * Supplies to buyers without a GSTIN (B2CS) by supply type, place of supply and rate: the range's
   * invoices less the range's credit notes to such buyers (whatever the month of the invoice they credit).
   */
  async b2csGroups(from: string, to: string): Promise<B2csGroup[]> {
    const result = await this.db.execute(sql`
      WITH figures AS (
        SELECT ${DOC.inter} AS inter, ${DOC.placeCode} AS "placeCode", ${DOC.placeName} AS "placeName",
               ${DOC.rate} AS rate, 1 AS invoices, 0 AS notes,
               ${DOC.total('taxableValue')} AS taxable, ${DOC.total('igst')} AS igst,
               ${DOC.total('cgst')} AS cgst, ${DOC.total('sgst')} AS sgst
          FROM invoices i
         WHERE i.invoice_date BETWEEN ${from}::date AND ${to}::date AND ${DOC.gstin} IS NULL
        UNION ALL
        SELECT ${DOC.inter}, ${DOC.placeCode}, ${DOC.placeName}, ${DOC.rate}, 0, 1,
               -c.taxable_value, -c.igst, -c.cgst, -c.sgst
          FROM credit_notes c JOIN invoices i ON i.id = c.invoice_id
         WHERE c.credit_note_date BETWEEN ${from}::date AND ${to}::date AND ${DOC.gstin} IS NULL
      )
      SELECT inter, "placeCode", max("placeName") AS "placeName", rate,
             sum(invoices)::int AS invoices, sum(notes)::int AS "creditNotes",
             sum(taxable)::bigint AS "taxableValue", sum(igst)::bigint AS igst,
             sum(cgst)::bigint AS cgst, sum(sgst)::bigint AS sgst
        FROM figures
       GROUP BY inter, "placeCode", rate
       ORDER BY inter, "placeCode", rate`);
    return rowsOf<Raw>(result).map((r) => ({
      invoices: num(r.invoices),
      creditNotes: num(r.creditNotes),
      ...place(r),
      ...taxes(r),
    }));
  }

  /**
   * The SAC summary: the range's invoice lines by SAC and rate, less the range's credit notes (each
   * under its invoice's SAC: an invoice's lines share the configured one). Quantity counts invoiced units.
   */
  async sacGroups(from: string, to: string): Promise<SacGroup[]> {
    const result = await this.db.execute(sql`
      WITH figures AS (
        SELECT l ->> 'sacCode' AS sac, ${DOC.rate} AS rate, (l ->> 'quantity')::int AS quantity,
               (l ->> 'taxableValue')::bigint AS taxable, (l ->> 'igst')::bigint AS igst,
               (l ->> 'cgst')::bigint AS cgst, (l ->> 'sgst')::bigint AS sgst
          FROM invoices i CROSS JOIN LATERAL jsonb_array_elements(i.document -> 'lines') AS l
         WHERE i.invoice_date BETWEEN ${from}::date AND ${to}::date
        UNION ALL
        SELECT i.document -> 'lines' -> 0 ->> 'sacCode', ${DOC.rate}, 0,
               -c.taxable_value, -c.igst, -c.cgst, -c.sgst
          FROM credit_notes c JOIN invoices i ON i.id = c.invoice_id
         WHERE c.credit_note_date BETWEEN ${from}::date AND ${to}::date
      )
      SELECT sac AS "sacCode", rate, sum(quantity)::int AS quantity,
             sum(taxable)::bigint AS "taxableValue", sum(igst)::bigint AS igst,
             sum(cgst)::bigint AS cgst, sum(sgst)::bigint AS sgst
        FROM figures
       GROUP BY sac, rate
       ORDER BY sac, rate`);
    return rowsOf<Raw>(result).map((r) => ({
      sacCode: String(r.sacCode),
      rate: num(r.rate),
      quantity: num(r.quantity),
      ...taxes(r),
    }));
  }
}
