// The GST credit note as a printable A4 PDF (section 34 of the CGST Act, Rule 53 of the CGST Rules, 2017:
// issued against a tax invoice for a refund), drawn by pdfmake on the server in the look of the tax invoice
// (invoice-pdf.ts). Nothing is worked out here: the figures are the credit note's own (contract
// `creditNoteAmounts`), the rates, parties and place of supply the invoice's, so the PDF can never disagree
// with the credit note the console shows.
import { amountInWords, formatDate, formatMoney, type CreditNote, type Invoice } from '@lectern/contract';
import type { Content, ContentStack, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { renderPdf } from '../../lib/pdf';
import { gstDocument, percent, stateLine, sumsColumn, tableLayout, taxCell } from './gst-document';

/** The invoice's rates, as its lines carry them (its GST rate, halved inside a state, when it has none). */
function ratesOf(invoice: Invoice) {
  const first = invoice.lines[0];
  return {
    cgst: first?.cgstPercent ?? invoice.gstPercent / 2,
    sgst: first?.sgstPercent ?? invoice.gstPercent / 2,
    igst: first?.igstPercent ?? invoice.gstPercent,
  };
}

/** The SAC code(s) of the invoice's lines: what the refund takes back is of the same services. */
function sacOf(invoice: Invoice): string {
  const codes = [...new Set(invoice.lines.map((line) => line.sacCode))];
  return codes.length > 0 ? codes.join(', ') : 'NA';
}

/** How the money went back, as a person says it. */
const REFUND_MODE_LABELS: Record<CreditNote['refundMode'], string> = {
  ONLINE: 'Through the payment gateway',
  CASH: 'Cash',
  UPI: 'UPI',
  BANK_TRANSFER: 'Bank transfer',
  CHEQUE: 'Cheque',
};

const REFUND_STATUS_LABELS: Record<CreditNote['refundStatus'], string> = {
  PENDING: 'Pending',
  PROCESSED: 'Refunded',
  FAILED: 'Failed',
};

/** The one row of the credit note: what is refunded, against which invoice and why, and its figures. */
function figuresTable(note: CreditNote, invoice: Invoice): Content {
  const rates = ratesOf(invoice);
  const intraState = invoice.supplyType === 'INTRA_STATE';
  const taxHeadings = intraState ? ['CGST', invoice.stateTaxName] : ['IGST'];
  const taxCells = intraState
    ? [taxCell(note.cgst, rates.cgst), taxCell(note.sgst, rates.sgst)]
    : [taxCell(note.igst, rates.igst)];
  const right = (cell: ContentStack): TableCell => ({ ...cell, alignment: 'right' });
  return {
    table: {
      headerRows: 1,
      dontBreakRows: true,
      widths: ['*', 36, 60, ...taxHeadings.map(() => (intraState ? 56 : 62)), 62],
      body: [
        [
          { text: 'Description', style: 'tableHeader' },
          { text: 'SAC', style: 'tableHeader' },
          { text: 'Taxable value', style: 'tableHeader', alignment: 'right' },
          ...taxHeadings.map((heading): TableCell => ({ text: heading, style: 'tableHeader', alignment: 'right' })),
          { text: 'Total', style: 'tableHeader', alignment: 'right' },
        ],
        [
          { text: `Refund against invoice ${invoice.invoiceNumber}: ${note.reason}` },
          { text: sacOf(invoice) },
          { text: formatMoney(note.taxableValue), alignment: 'right' },
          ...taxCells.map(right),
          { text: formatMoney(note.total), alignment: 'right', bold: true },
        ],
      ],
    },
    layout: tableLayout,
    style: 'lines',
  };
}

/** The sums under the table, each the credit note's own figure, by name and rate. */
function totals(note: CreditNote, invoice: Invoice): Content {
  const rates = ratesOf(invoice);
  const rows: [string, string, boolean?][] = [['Taxable value', formatMoney(note.taxableValue)]];
  if (invoice.supplyType === 'INTRA_STATE') {
    rows.push([`CGST @ ${percent(rates.cgst)}`, formatMoney(note.cgst)]);
    rows.push([`${invoice.stateTaxName} @ ${percent(rates.sgst)}`, formatMoney(note.sgst)]);
  } else {
    rows.push([`IGST @ ${percent(rates.igst)}`, formatMoney(note.igst)]);
  }
  rows.push(['Credit note total', formatMoney(note.total), true]);
  return sumsColumn(rows);
}

/** How the refund went back: its mode, its reference, and where it stands unless the money is back. */
function refund(note: CreditNote): Content {
  const lines: string[] = [`Mode: ${REFUND_MODE_LABELS[note.refundMode]}`];
  if (note.reference) lines.push(`Reference: ${note.reference}`);
  if (note.refundStatus !== 'PROCESSED') {
    const status = REFUND_STATUS_LABELS[note.refundStatus];
    lines.push(note.failureReason ? `Status: ${status} (${note.failureReason})` : `Status: ${status}`);
  }
  return { stack: [{ text: 'REFUND', style: 'label' }, ...lines.map((text) => ({ text }))], margin: [0, 10, 0, 0] };
}

/** The credit note's document: title and numbers, supplier and recipient, the refund's figures, words, how it went back. */
function documentOf(note: CreditNote, invoice: Invoice): TDocumentDefinitions {
  const { placeOfSupply } = invoice;
  return gstDocument({
    title: 'Credit Note',
    number: note.creditNoteNumber,
    meta: [
      ['Credit note number', note.creditNoteNumber],
      ['Credit note date', formatDate(note.creditNoteDate)],
      ['Against invoice', `${invoice.invoiceNumber} of ${formatDate(invoice.invoiceDate)}`],
      ['Place of supply', stateLine(placeOfSupply.stateName, placeOfSupply.stateCode)],
      ['Supply', invoice.supplyType === 'INTRA_STATE' ? 'Within the state' : 'Inter-state'],
      ['Reverse charge', 'No'],
    ],
    subject: `Credit note ${note.creditNoteNumber} of ${formatDate(note.creditNoteDate)} against tax invoice ${invoice.invoiceNumber}`,
    footer: 'This is a computer-generated credit note.',
    invoice,
    body: [
      figuresTable(note, invoice),
      {
        // The sums, the words and the refund stay together on one page.
        unbreakable: true,
        stack: [
          totals(note, invoice),
          {
            stack: [
              { text: 'TOTAL IN WORDS', style: 'label' },
              { text: amountInWords(note.total), bold: true },
            ],
            margin: [0, 10, 0, 0],
          },
          refund(note),
          {
            text:
              // spelt out: an inter-state credit note prints no 'CGST' that is not a tax it carries
              `Issued under section 34 of the Central Goods and Services Tax Act, 2017 (Rule 53 of its Rules), ` +
              `reducing the value and tax of tax invoice ${invoice.invoiceNumber} of ${formatDate(invoice.invoiceDate)}.`,
            style: 'note',
            margin: [0, 10, 0, 0],
          },
        ],
      },
    ],
  });
}

/**
 * The credit note as a printable A4 PDF, with the parties, place of supply and rates of `invoice`, the
 * tax invoice it was issued against (the one its `invoiceNumber` names).
 */
export async function renderCreditNotePdf(note: CreditNote, invoice: Invoice): Promise<Buffer> {
  if (note.invoiceNumber !== invoice.invoiceNumber) {
    throw new Error(
      `credit note ${note.creditNoteNumber} is against invoice ${note.invoiceNumber}, not ${invoice.invoiceNumber}`,
    );
  }
  return renderPdf(documentOf(note, invoice));
}
