// The GST tax invoice as a printable A4 PDF (DESIGN §9 "Real parts", Rule 46 of the CGST Rules, 2017),
// drawn by pdfmake on the server from the invoice as it was stored. Nothing is worked out here: the
// amounts, rates and words are the invoice's own (contract `computeInvoice`, `amountInWords`), so the
// PDF can never disagree with the invoice the console shows.
import { formatDate, formatMoney, type Invoice, type Money } from '@lectern/contract';
import type {
  Alignment,
  Content,
  ContentStack,
  ContentText,
  TableCell,
  TDocumentDefinitions,
} from 'pdfmake/interfaces';
import { renderPdf } from '../../lib/pdf';

// Roboto (pdfmake's) is embedded as a subset in every PDF, so the invoice looks the same on any reader;
// names, addresses and descriptions in the scripts of India print in their Noto fonts (lib/pdf.ts).
// Amounts read 'Rs. 4,999' (formatMoney), as on screen.

const MUTED = '#555555';
const RULE = '#9e9e9e';
const HEADER_FILL = '#eeeeee';

type Line = Invoice['lines'][number];

/** A column of the lines table: its heading, width, and how a line fills it. */
interface Column {
  heading: string;
  width: number | '*';
  cell: (line: Line, index: number) => string | ContentText | ContentStack;
  align?: Alignment;
}

const percent = (value: number): string => `${Number(value.toFixed(2))}%`;

/** A tax cell: the amount, and its rate beneath it. */
function taxCell(amount: Money, rate: number): ContentStack {
  return { stack: [formatMoney(amount), { text: `@ ${rate === 0 ? '0%' : percent(rate)}`, style: 'rate' }] };
}

/** The columns this invoice needs: CGST + SGST/UTGST inside a state, IGST across states; Discount only when any. */
function columns(invoice: Invoice): Column[] {
  const anyDiscount = invoice.lines.some((line) => line.discount !== 0);
  const taxes: Column[] =
    invoice.supplyType === 'INTRA_STATE'
      ? [
          { heading: 'CGST', width: 50, align: 'right', cell: (line) => taxCell(line.cgst, line.cgstPercent) },
          {
            heading: invoice.stateTaxName,
            width: 50,
            align: 'right',
            cell: (line) => taxCell(line.sgst, line.sgstPercent),
          },
        ]
      : [{ heading: 'IGST', width: 56, align: 'right', cell: (line) => taxCell(line.igst, line.igstPercent) }];
  return [
    { heading: '#', width: 12, cell: (_line, index) => String(index + 1) },
    { heading: 'Description', width: '*', cell: (line) => line.description },
    { heading: 'SAC', width: 32, cell: (line) => line.sacCode },
    { heading: 'Qty', width: 20, align: 'right', cell: (line) => String(line.quantity) },
    { heading: 'Unit price (incl. GST)', width: 52, align: 'right', cell: (line) => formatMoney(line.unitPrice) },
    ...(anyDiscount
      ? [
          {
            heading: 'Discount',
            width: 48,
            align: 'right',
            cell: (line) => formatMoney(line.discount),
          } satisfies Column,
        ]
      : []),
    { heading: 'Taxable value', width: 56, align: 'right', cell: (line) => formatMoney(line.taxableValue) },
    ...taxes,
    { heading: 'Total', width: 56, align: 'right', cell: (line) => ({ text: formatMoney(line.total), bold: true }) },
  ];
}

function linesTable(invoice: Invoice): Content {
  const cols = columns(invoice);
  return {
    table: {
      headerRows: 1,
      dontBreakRows: true,
      widths: cols.map((col) => col.width),
      body: [
        cols.map((col) => ({ text: col.heading, style: 'tableHeader', alignment: col.align ?? 'left' })),
        ...invoice.lines.map((line, index) =>
          cols.map((col): TableCell => {
            const cell = col.cell(line, index);
            const alignment = col.align ?? 'left';
            return typeof cell === 'string' ? { text: cell, alignment } : { ...cell, alignment };
          }),
        ),
      ],
    },
    layout: tableLayout,
    style: 'lines',
  };
}

const tableLayout = {
  hLineWidth: () => 0.5,
  vLineWidth: () => 0.5,
  hLineColor: () => RULE,
  vLineColor: () => RULE,
  fillColor: (row: number) => (row === 0 ? HEADER_FILL : null),
  paddingTop: () => 3,
  paddingBottom: () => 3,
};

/** The totals under the table: what was charged, the tax in it by name and rate, and the total. */
function totals(invoice: Invoice): Content {
  const t = invoice.totals;
  const first = invoice.lines[0];
  const rows: [string, string, boolean?][] = [];
  if (t.discount !== 0) {
    rows.push(['Amount before discount', formatMoney(t.gross)]);
    rows.push(['Less: discount', formatMoney(t.discount)]);
  }
  rows.push(['Taxable value', formatMoney(t.taxableValue)]);
  if (invoice.supplyType === 'INTRA_STATE') {
    rows.push([`CGST @ ${percent(first?.cgstPercent ?? invoice.gstPercent / 2)}`, formatMoney(t.cgst)]);
    rows.push([
      `${invoice.stateTaxName} @ ${percent(first?.sgstPercent ?? invoice.gstPercent / 2)}`,
      formatMoney(t.sgst),
    ]);
  } else {
    rows.push([`IGST @ ${percent(first?.igstPercent ?? invoice.gstPercent)}`, formatMoney(t.igst)]);
  }
  rows.push(['Total tax', formatMoney(t.totalTax)]);
  rows.push(['Invoice total', formatMoney(t.total), true]);
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

function creditNotes(invoice: Invoice): Content[] {
  if (invoice.creditNotes.length === 0) return [];
  const credited = invoice.creditNotes.reduce((sum, note) => sum + note.amount, 0) as Money;
  return [
    { text: 'Credit notes (refunds) issued against this invoice', style: 'section', margin: [0, 14, 0, 4] },
    {
      table: {
        headerRows: 1,
        widths: [90, 60, '*', 70],
        body: [
          [
            { text: 'Credit note', style: 'tableHeader' },
            { text: 'Date', style: 'tableHeader' },
            { text: 'Reason', style: 'tableHeader' },
            { text: 'Amount', style: 'tableHeader', alignment: 'right' },
          ],
          ...invoice.creditNotes.map((note): TableCell[] => [
            note.creditNoteNumber,
            formatDate(note.date),
            note.reason,
            { text: formatMoney(note.amount), alignment: 'right' },
          ]),
          [
            { text: 'Total credited', bold: true, colSpan: 3 },
            '',
            '',
            { text: formatMoney(credited), alignment: 'right', bold: true },
          ],
        ],
      },
      layout: tableLayout,
      style: 'lines',
    },
  ];
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

const stateLine = (name: string, code: string) => `${name} (State code ${code})`;

/** The invoice's document: title and numbers, supplier and buyer, lines, totals, words, credit notes. */
function documentOf(invoice: Invoice): TDocumentDefinitions {
  const { supplier, buyer, placeOfSupply } = invoice;
  // A person finds the invoice by its number and date; the order's id is an internal key, never printed.
  const meta: [string, string][] = [
    ['Invoice number', invoice.invoiceNumber],
    ['Invoice date', formatDate(invoice.invoiceDate)],
    ['Place of supply', stateLine(placeOfSupply.stateName, placeOfSupply.stateCode)],
    ['Supply', invoice.supplyType === 'INTRA_STATE' ? 'Within the state' : 'Inter-state'],
    ['Reverse charge', 'No'],
  ];
  return {
    pageSize: 'A4',
    pageMargins: [36, 36, 36, 48],
    info: {
      title: `Tax Invoice ${invoice.invoiceNumber}`,
      author: supplier.name,
      subject: `Tax invoice ${invoice.invoiceNumber} of ${formatDate(invoice.invoiceDate)}`,
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
    // A continuation page names its invoice, so a loose sheet can be put back.
    header: (currentPage) =>
      currentPage > 1
        ? { text: `Tax Invoice ${invoice.invoiceNumber} (continued)`, style: 'note', margin: [36, 18, 36, 0] }
        : '',
    footer: (currentPage, pageCount) => ({
      columns: [
        { text: 'This is a computer-generated invoice.', style: 'note' },
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
              { text: 'Tax Invoice', style: 'title' },
              { text: 'Original for recipient', style: 'note', margin: [0, 2, 0, 0] },
            ],
          },
          {
            width: 'auto',
            table: {
              body: meta.map(([label, value]) => [
                { text: label, style: 'label', margin: [0, 1, 8, 0] },
                { text: value, bold: label === 'Invoice number' },
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
              `Mobile: ${buyer.mobileNumber}`,
              buyer.email ? `E-mail: ${buyer.email}` : null,
              buyer.gstin ? `GSTIN: ${buyer.gstin}` : null,
              `State: ${stateLine(buyer.stateName, buyer.stateCode)}`,
            ],
            buyer.name,
            buyer.address,
          ),
        ],
        columnGap: 24,
        margin: [0, 0, 0, 14],
      },
      linesTable(invoice),
      {
        // The totals and the words stay together: a long invoice never ends a page halfway through its sums.
        unbreakable: true,
        stack: [
          totals(invoice),
          {
            stack: [
              { text: 'TOTAL IN WORDS', style: 'label' },
              { text: invoice.amountInWords, bold: true },
            ],
            margin: [0, 10, 0, 0],
          },
          {
            text: `Prices include GST at ${percent(invoice.gstPercent)}. Financial year ${invoice.financialYear}.`,
            style: 'note',
            margin: [0, 6, 0, 0],
          },
        ],
      },
      ...creditNotes(invoice),
    ],
  };
}

/** The invoice as a printable A4 PDF (one page for an ordinary order; the lines table continues on the next page when long). */
export async function renderInvoicePdf(invoice: Invoice): Promise<Buffer> {
  return renderPdf(documentOf(invoice));
}
