// A month's GST return as files for the accountant: CSV (one table: a Section column names the GSTR-1
// table of each row, so one file holds the month) and XLSX (a sheet per table). Amounts are rupees
// with two decimals, as the GST portal's offline tool takes them; text cells are defused.
import type { GstReport } from '@lectern/contract';
import ExcelJS from 'exceljs';
import { defuseFormula, toCsv } from '../../lib/spreadsheet-cell';

const COLUMNS = {
  section: 'Section',
  gstin: 'GSTIN of recipient',
  name: 'Recipient name',
  number: 'Invoice or note number',
  date: 'Date',
  invoiceNumber: 'Invoice number (credited)',
  invoiceDate: 'Invoice date (credited)',
  type: 'Type',
  place: 'Place of supply',
  sac: 'SAC',
  description: 'Description',
  uqc: 'UQC',
  quantity: 'Quantity',
  invoices: 'Invoices',
  notes: 'Credit notes',
  rate: 'Rate (%)',
  value: 'Value (Rs.)',
  taxable: 'Taxable value (Rs.)',
  igst: 'IGST (Rs.)',
  cgst: 'CGST (Rs.)',
  sgst: 'SGST/UTGST (Rs.)',
} as const;
type Key = keyof typeof COLUMNS;
const MONEY: ReadonlySet<Key> = new Set(['value', 'taxable', 'igst', 'cgst', 'sgst']);

/** The Section column's names of the tables, and the XLSX sheets'. */
export const GST_SECTIONS = {
  b2b: 'B2B',
  b2cs: 'B2CS',
  cdnr: 'CDNR',
  creditNotesUnregistered: 'Credit notes B2C',
  hsn: 'HSN',
} as const;

type Row = Partial<Record<Key, string | number | null>>;
interface Section {
  name: string;
  columns: Key[];
  rows: Row[];
}

const taxes = (r: { taxableValue: number; igst: number; cgst: number; sgst: number }) => ({
  taxable: r.taxableValue,
  igst: r.igst,
  cgst: r.cgst,
  sgst: r.sgst,
});
const TAX_KEYS: Key[] = ['rate', 'value', 'taxable', 'igst', 'cgst', 'sgst'];
const NOTE_KEYS: Key[] = [
  'gstin',
  'name',
  'number',
  'date',
  'invoiceNumber',
  'invoiceDate',
  'type',
  'place',
  ...TAX_KEYS,
];

function sections(report: GstReport): Section[] {
  const notes = (rows: GstReport['cdnr']['rows']): Row[] =>
    rows.map((r) => ({
      gstin: r.buyerGstin,
      name: r.buyerName,
      number: r.creditNoteNumber,
      date: r.creditNoteDate,
      invoiceNumber: r.invoiceNumber,
      invoiceDate: r.invoiceDate,
      type: r.type,
      place: r.placeOfSupply,
      rate: r.rate,
      value: r.noteValue,
      ...taxes(r),
    }));
  return [
    {
      name: GST_SECTIONS.b2b,
      columns: ['gstin', 'name', 'number', 'date', 'place', ...TAX_KEYS],
      rows: report.b2b.rows.map((r) => ({
        gstin: r.buyerGstin,
        name: r.buyerName,
        number: r.invoiceNumber,
        date: r.invoiceDate,
        place: r.placeOfSupply,
        rate: r.rate,
        value: r.invoiceValue,
        ...taxes(r),
      })),
    },
    {
      name: GST_SECTIONS.b2cs,
      columns: ['type', 'place', 'invoices', 'notes', ...TAX_KEYS],
      rows: report.b2cs.rows.map((r) => ({
        type: r.type,
        place: r.placeOfSupply,
        invoices: r.invoices,
        notes: r.creditNotes,
        rate: r.rate,
        value: r.total,
        ...taxes(r),
      })),
    },
    { name: GST_SECTIONS.cdnr, columns: NOTE_KEYS, rows: notes(report.cdnr.rows) },
    {
      name: GST_SECTIONS.creditNotesUnregistered,
      columns: NOTE_KEYS.filter((key) => key !== 'gstin'),
      rows: notes(report.creditNotesUnregistered.rows),
    },
    {
      name: GST_SECTIONS.hsn,
      columns: ['sac', 'description', 'uqc', 'quantity', ...TAX_KEYS],
      rows: report.hsn.rows.map((r) => ({
        sac: r.sacCode,
        description: r.description,
        uqc: r.uqc,
        quantity: r.quantity,
        rate: r.rate,
        value: r.total,
        ...taxes(r),
      })),
    },
  ];
}

/** Paise as rupees with two decimals, in whole numbers (no floating-point rounding): -1234.05. */
function rupees(amount: number): string {
  const sign = amount < 0 ? '-' : '';
  const abs = Math.abs(amount);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const textOf = (key: Key, value: string | number | null | undefined): string | number =>
  value === null || value === undefined ? '' : MONEY.has(key) ? rupees(Number(value)) : value;

/** The month as one CSV: a heading row, then every table's rows, each naming its table in Section. */
export function gstReportCsv(report: GstReport): string {
  const keys = Object.keys(COLUMNS) as Key[];
  const lines: (string | number)[][] = [keys.map((key) => COLUMNS[key])];
  for (const section of sections(report)) {
    for (const row of section.rows)
      lines.push(keys.map((key) => (key === 'section' ? section.name : textOf(key, row[key]))));
  }
  return toCsv(lines);
}

/** The month as a workbook: a sheet per table (its own columns, the heading row frozen), amounts as numbers in rupees. */
export async function gstReportXlsx(report: GstReport): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Lectern';
  for (const section of sections(report)) {
    const sheet = workbook.addWorksheet(section.name);
    sheet.columns = section.columns.map((key) => ({
      header: COLUMNS[key],
      key,
      width: Math.max(12, COLUMNS[key].length + 2),
      ...(MONEY.has(key) ? { style: { numFmt: '0.00' } } : {}),
    }));
    sheet.getRow(1).font = { bold: true };
    for (const row of section.rows) {
      sheet.addRow(
        section.columns.map((key) => {
          const value = row[key];
          if (value === null || value === undefined) return '';
          if (MONEY.has(key)) return Number(value) / 100;
          return typeof value === 'string' ? defuseFormula(value) : value;
        }),
      );
    }
    sheet.views = [{ state: 'frozen', ySplit: 1 }];
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
