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
import { gstDocument, percent, stateLine, sumsColumn, tableLayout, taxCell } from './gst-document';

type Line = Invoice['lines'][number];

/** A column of the lines table: its heading, width, and how a line fills it. */
interface Column {
  heading: string;
  width: number | '*';
  cell: (line: Line, index: number) => string | ContentText | ContentStack;
  align?: Alignment;
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
  return sumsColumn(rows);
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

/** The invoice's document: title and numbers, supplier and buyer, lines, totals, words, credit notes. */
function documentOf(invoice: Invoice): TDocumentDefinitions {
  const { placeOfSupply } = invoice;
  // A person finds the invoice by its number and date; the order's id is an internal key, never printed.
  return gstDocument({
    title: 'Tax Invoice',
    number: invoice.invoiceNumber,
    meta: [
      ['Invoice number', invoice.invoiceNumber],
      ['Invoice date', formatDate(invoice.invoiceDate)],
      ['Place of supply', stateLine(placeOfSupply.stateName, placeOfSupply.stateCode)],
      ['Supply', invoice.supplyType === 'INTRA_STATE' ? 'Within the state' : 'Inter-state'],
      ['Reverse charge', 'No'],
    ],
    subject: `Tax invoice ${invoice.invoiceNumber} of ${formatDate(invoice.invoiceDate)}`,
    footer: 'This is a computer-generated invoice.',
    invoice,
    body: [
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
  });
}

/** The invoice as a printable A4 PDF (one page for an ordinary order; the lines table continues on the next page when long). */
export async function renderInvoicePdf(invoice: Invoice): Promise<Buffer> {
  return renderPdf(documentOf(invoice));
}
