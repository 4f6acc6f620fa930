// What the GST documents share (the tax invoice, invoice-pdf.ts; the credit note, credit-note-pdf.ts):
// an A4 page in one look, the title block with the document's numbers, the supplier and the recipient
// as the invoice names them, tables ruled alike, and the sums column. Each document adds its own body.
import { formatMoney, type Invoice, type Money } from '@lectern/contract';
import type { Content, ContentStack, TDocumentDefinitions } from 'pdfmake/interfaces';

// Roboto (pdfmake's) is embedded as a subset in every PDF, so a document looks the same on any reader;
// names, addresses and descriptions in the scripts of India print in their Noto fonts (lib/pdf.ts).
// Amounts read 'Rs. 4,999' (formatMoney), as on screen.

const MUTED = '#555555';
const RULE = '#9e9e9e';
const HEADER_FILL = '#eeeeee';

export const percent = (value: number): string => `${Number(value.toFixed(2))}%`;

/** A tax cell: the amount, and its rate beneath it. */
export function taxCell(amount: Money, rate: number): ContentStack {
  return { stack: [formatMoney(amount), { text: `@ ${rate === 0 ? '0%' : percent(rate)}`, style: 'rate' }] };
}

/** A ruled table with a shaded heading row. */
export const tableLayout = {
  hLineWidth: () => 0.5,
  vLineWidth: () => 0.5,
  hLineColor: () => RULE,
  vLineColor: () => RULE,
  fillColor: (row: number) => (row === 0 ? HEADER_FILL : null),
  paddingTop: () => 3,
  paddingBottom: () => 3,
};

/** The sums at the right under a table: label and amount per row, the last (strong) ruled above. */
export function sumsColumn(rows: [string, string, boolean?][]): Content {
  return {
    columns: [
      { width: '*', text: '' },
      {
        width: 230,
        table: {
          widths: ['*', 90],
          body: rows.map(([label, value, strong]) => [
            { text: label, bold: strong ?? false, fontSize: strong ? 10 : 9 },
            { text: value, alignment: 'right', bold: strong ?? false, fontSize: strong ? 10 : 9 },
          ]),
        },
        layout: {
          hLineWidth: (i: number, node: { table: { body: unknown[] } }) => (i === node.table.body.length - 1 ? 0.8 : 0),
          vLineWidth: () => 0,
          hLineColor: () => RULE,
          paddingTop: () => 2,
          paddingBottom: () => 2,
        },
      },
    ],
    margin: [0, 6, 0, 0],
  };
}

/** A party's block: name, address and the lines that identify it for GST. */
function party(heading: string, lines: (string | null)[], name: string, address: string): Content {
  return {
    stack: [
      { text: heading, style: 'label' },
      { text: name, bold: true, fontSize: 10, margin: [0, 1, 0, 1] },
      { text: address },
      ...lines.filter((line): line is string => line !== null).map((line) => ({ text: line })),
    ],
  };
}

export const stateLine = (name: string, code: string) => `${name} (State code ${code})`;

export interface GstDocumentParts {
  /** 'Tax Invoice', 'Credit Note' */
  title: string;
  /** the document's own number, printed bold in the meta table and on continuation pages */
  number: string;
  /** the meta table's rows; the first is the number */
  meta: [string, string][];
  /** the PDF's subject line */
  subject: string;
  /** 'This is a computer-generated invoice.' */
  footer: string;
  /** the parties and place of supply come from the invoice (a credit note's are its invoice's) */
  invoice: Invoice;
  body: Content[];
}

/** A GST document: title and numbers, supplier and recipient, then its body, on A4 in the house look. */
export function gstDocument(parts: GstDocumentParts): TDocumentDefinitions {
  const { supplier, buyer } = parts.invoice;
  const numberLabel = parts.meta[0]?.[0];
  return {
    pageSize: 'A4',
    pageMargins: [36, 36, 36, 48],
    info: {
      title: `${parts.title} ${parts.number}`,
      author: supplier.name,
      subject: parts.subject,
      creator: 'Lectern',
    },
    defaultStyle: { fontSize: 9, lineHeight: 1.15 },
    styles: {
      title: { fontSize: 18, bold: true },
      label: { fontSize: 7.5, color: MUTED, characterSpacing: 0.3 },
      section: { fontSize: 10, bold: true },
      tableHeader: { bold: true, fontSize: 8 },
      lines: { fontSize: 8 },
      rate: { fontSize: 7, color: MUTED },
      note: { fontSize: 8, color: MUTED },
    },
    // A continuation page names its document, so a loose sheet can be put back.
    header: (currentPage) =>
      currentPage > 1
        ? { text: `${parts.title} ${parts.number} (continued)`, style: 'note', margin: [36, 18, 36, 0] }
        : '',
    footer: (currentPage, pageCount) => ({
      columns: [
        { text: parts.footer, style: 'note' },
        pageCount > 1 ? { text: `Page ${currentPage} of ${pageCount}`, style: 'note', alignment: 'right' } : '',
      ],
      margin: [36, 16, 36, 0],
    }),
    content: [
      {
        columns: [
          {
            width: '*',
            stack: [
              { text: parts.title, style: 'title' },
              { text: 'Original for recipient', style: 'note', margin: [0, 2, 0, 0] },
            ],
          },
          {
            width: 'auto',
            table: {
              body: parts.meta.map(([label, value]) => [
                { text: label, style: 'label', margin: [0, 1, 8, 0] },
                { text: value, bold: label === numberLabel },
              ]),
            },
            layout: 'noBorders',
          },
        ],
      },
      {
        canvas: [{ type: 'line', x1: 0, y1: 0, x2: 523, y2: 0, lineWidth: 0.8, lineColor: RULE }],
        margin: [0, 10, 0, 10],
      },
      {
        columns: [
          party(
            'SUPPLIER',
            [`GSTIN: ${supplier.gstin ?? 'NA'}`, `State: ${stateLine(supplier.stateName, supplier.stateCode)}`],
            supplier.name,
            supplier.address,
          ),
          party(
            'BILLED TO',
            [
              // a registered buyer (B2B) is billed by its legal name, for the student named under it
              buyer.legalName ? `Student: ${buyer.name}` : null,
              `Mobile: ${buyer.mobileNumber}`,
              buyer.email ? `E-mail: ${buyer.email}` : null,
              buyer.gstin ? `GSTIN: ${buyer.gstin}` : null,
              `State: ${stateLine(buyer.stateName, buyer.stateCode)}`,
            ],
            buyer.legalName ?? buyer.name,
            buyer.address,
          ),
        ],
        columnGap: 24,
        margin: [0, 0, 0, 14],
      },
      ...parts.body,
    ],
  };
}
