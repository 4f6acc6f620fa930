import {
  DEFAULT_SAC_CODE,
  paise,
  type GstCreditNoteRow,
  type GstReport,
  type GstTableTotals,
  type Money,
} from '@lectern/contract';
import type { InvoicingConfig } from '../../config';
import type { GstReportRepository, MonthCreditNote, TaxFigures } from './gst-report.repository';

// A month's GSTR-1 tables (DESIGN §10) from the repository's sums: rows in paise, each table's totals.

/** What each SAC is, as the HSN summary names it. */
const SAC_DESCRIPTIONS: Readonly<Record<string, string>> = {
  [DEFAULT_SAC_CODE]: 'Commercial training and coaching services',
};

/** The first and last India day of a 'YYYY-MM' month. */
function monthDays(month: string): { from: string; to: string } {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

const placeOfSupply = (code: string, name: string) => (name ? `${code}-${name}` : code);
const taxTotal = (f: TaxFigures) => f.taxableValue + f.igst + f.cgst + f.sgst;
const money = (figures: TaxFigures) => ({
  taxableValue: paise(figures.taxableValue),
  igst: paise(figures.igst),
  cgst: paise(figures.cgst),
  sgst: paise(figures.sgst),
});

/** A table's totals: its rows' count and the sums of its figures. */
function totalsOf<T extends TaxFigures>(rows: readonly T[], value: (row: T) => number): GstTableTotals {
  const sum = (pick: (row: T) => number): Money => paise(rows.reduce((total, row) => total + pick(row), 0));
  return {
    rows: rows.length,
    value: sum(value),
    taxableValue: sum((r) => r.taxableValue),
    igst: sum((r) => r.igst),
    cgst: sum((r) => r.cgst),
    sgst: sum((r) => r.sgst),
  };
}

function creditNoteRow(note: MonthCreditNote): GstCreditNoteRow {
  return {
    buyerGstin: note.buyerGstin,
    buyerName: note.buyerName,
    creditNoteNumber: note.creditNoteNumber,
    creditNoteDate: note.creditNoteDate,
    invoiceNumber: note.invoiceNumber,
    invoiceDate: note.invoiceDate,
    noteValue: paise(note.noteValue),
    type: note.inter ? 'INTER' : 'INTRA',
    placeOfSupply: placeOfSupply(note.placeCode, note.placeName),
    rate: note.rate,
    ...money(note),
  };
}

export class GstReportService {
  constructor(
    private readonly repo: GstReportRepository,
    private readonly invoicing: InvoicingConfig,
  ) {}

  /** The month's return data; a month with no invoice or credit note (a future one) has empty tables. */
  async report(month: string): Promise<GstReport> {
    const { from, to } = monthDays(month);
    const [b2bInvoices, notes, b2csGroups, sacGroups] = await Promise.all([
      this.repo.b2bInvoices(from, to),
      this.repo.creditNotes(from, to),
      this.repo.b2csGroups(from, to),
      this.repo.sacGroups(from, to),
    ]);
    const b2b = b2bInvoices.map((invoice) => ({
      buyerGstin: invoice.buyerGstin,
      buyerName: invoice.buyerName,
      invoiceNumber: invoice.invoiceNumber,
      invoiceDate: invoice.invoiceDate,
      invoiceValue: paise(invoice.invoiceValue),
      placeOfSupply: placeOfSupply(invoice.placeCode, invoice.placeName),
      rate: invoice.rate,
      ...money(invoice),
    }));
    const b2cs = b2csGroups.map((group) => ({
      type: group.inter ? ('INTER' as const) : ('INTRA' as const),
      placeOfSupply: placeOfSupply(group.placeCode, group.placeName),
      rate: group.rate,
      invoices: group.invoices,
      creditNotes: group.creditNotes,
      ...money(group),
      total: paise(taxTotal(group)),
    }));
    const cdnr = notes.filter((note) => note.buyerGstin !== null).map(creditNoteRow);
    const unregistered = notes.filter((note) => note.buyerGstin === null).map(creditNoteRow);
    const hsn = sacGroups.map((group) => ({
      sacCode: group.sacCode,
      description: SAC_DESCRIPTIONS[group.sacCode] ?? '',
      uqc: 'OTH',
      quantity: group.quantity,
      rate: group.rate,
      ...money(group),
      total: paise(taxTotal(group)),
    }));
    return {
      month,
      from,
      to,
      supplierGstin: this.invoicing.supplierGstin ?? null,
      b2b: { rows: b2b, totals: totalsOf(b2b, (r) => r.invoiceValue) },
      b2cs: { rows: b2cs, totals: totalsOf(b2cs, (r) => r.total) },
      cdnr: { rows: cdnr, totals: totalsOf(cdnr, (r) => r.noteValue) },
      creditNotesUnregistered: { rows: unregistered, totals: totalsOf(unregistered, (r) => r.noteValue) },
      hsn: { rows: hsn, totals: totalsOf(hsn, (r) => r.total) },
    };
  }
}
