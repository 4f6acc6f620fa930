import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  amountInWords,
  computeInvoice,
  financialYear,
  formatMoney,
  GST_STATES,
  gstinCheckCharacter,
  paise,
  type Invoice,
} from '@lectern/contract';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { drawnGlyphIds, embeddedFonts, INDIC_SAMPLES } from '../../test/pdf-glyphs';
import { renderInvoicePdf } from './invoice-pdf';

const gstin = (first14: string) => `${first14}${gstinCheckCharacter(first14)}`;
const SUPPLIER_GSTIN = gstin('29AAACL1234F1Z');
const BUYER_GSTIN = gstin('27AABCS9876K1Z');

const supplier = {
  name: 'Lectern Learning Private Limited',
  address: '4th Floor, Prestige Tech Park, Outer Ring Road, Bengaluru, Karnataka 560103',
  stateCode: '29',
  stateName: GST_STATES['29']!,
  gstin: SUPPLIER_GSTIN,
};

/** An invoice as the students module issues it: amounts from the contract's rules, never typed in. */
function invoiceFor(options: {
  number: string;
  buyer: Invoice['buyer'];
  lines: { description: string; quantity: number; unitPrice: number }[];
  discount?: number;
  creditNotes?: Invoice['creditNotes'];
}): Invoice {
  const computed = computeInvoice({
    lines: options.lines.map((line) => ({ ...line, unitPrice: paise(line.unitPrice) })),
    discount: paise(options.discount ?? 0),
    supplierStateCode: supplier.stateCode,
    placeOfSupplyStateCode: options.buyer.stateCode,
  });
  return {
    invoiceId: `inv-${options.number}`,
    invoiceNumber: options.number,
    invoiceDate: '2026-11-24',
    financialYear: financialYear(new Date('2026-11-24T10:00:00+05:30')),
    orderId: 'ord_7Kq2mX9pLw',
    supplier,
    buyer: options.buyer,
    placeOfSupply: { stateCode: options.buyer.stateCode, stateName: options.buyer.stateName },
    supplyType: computed.supplyType,
    stateTaxName: computed.stateTaxName,
    gstPercent: computed.gstPercent,
    lines: computed.lines,
    totals: computed.totals,
    amountInWords: amountInWords(computed.totals.total),
    creditNotes: options.creditNotes ?? [],
  };
}

// Karnataka to Karnataka: CGST + SGST. A subscription and printed material, less a coupon: Rs. 4,999.
const intraState = invoiceFor({
  number: 'LEC/2627/000042',
  buyer: {
    name: 'Ananya Krishnamurthy',
    address: '12, 3rd Cross, Jayanagar 4th Block, Bengaluru, Karnataka 560011',
    stateCode: '29',
    stateName: GST_STATES['29']!,
    gstin: null,
    mobileNumber: '9845012345',
    email: 'ananya.k@example.in',
  },
  lines: [
    { description: 'NEET Complete Course 2027 - 12 months', quantity: 1, unitPrice: 4_499_00 },
    { description: 'Printed study material (add-on)', quantity: 1, unitPrice: 1_500_00 },
  ],
  discount: 1_000_00,
});

// Karnataka to Maharashtra, a business with a GSTIN: IGST; partly refunded.
const interState = invoiceFor({
  number: 'LEC/2627/000043',
  buyer: {
    name: 'Sahyadri Skills LLP',
    address: 'Office 504, Kalpataru Plaza, Senapati Bapat Road, Pune, Maharashtra 411016',
    stateCode: '27',
    stateName: GST_STATES['27']!,
    gstin: BUYER_GSTIN,
    mobileNumber: '9822098765',
    email: null,
  },
  lines: [{ description: 'JEE Main Crash Course - 6 months', quantity: 1, unitPrice: 4_999_00 }],
  creditNotes: [
    { creditNoteNumber: 'CN/2627/000007', date: '2026-11-28', amount: paise(1_000_00), reason: 'Goodwill refund' },
  ],
});

interface OpenedPdf {
  pages: number;
  /** width and height of the first page, in points */
  size: [number, number];
  /** every text item of every page, joined by single spaces */
  text: string;
}

/** Opens the PDF with pdf.js (as a reader would) and reads its pages and text. */
async function openPdf(pdf: Buffer): Promise<OpenedPdf> {
  const doc = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, useSystemFonts: false }).promise;
  try {
    const parts: string[] = [];
    let size: [number, number] = [0, 0];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      if (n === 1) {
        const viewport = page.getViewport({ scale: 1 });
        size = [viewport.width, viewport.height];
      }
      const content = await page.getTextContent();
      for (const item of content.items) if ('str' in item) parts.push(item.str);
    }
    return { pages: doc.numPages, size, text: parts.join(' ').replace(/\s+/g, ' ') };
  } finally {
    await doc.destroy();
  }
}

const A4: [number, number] = [595.28, 841.89];

function expectSingleA4Page(pdf: Buffer, opened: OpenedPdf): void {
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdf.subarray(-6).toString('latin1')).toContain('%%EOF');
  expect(opened.pages).toBe(1);
  expect(opened.size[0]).toBeCloseTo(A4[0], 0);
  expect(opened.size[1]).toBeCloseTo(A4[1], 0);
}

describe('the GST invoice PDF', () => {
  it('prints an intra-state invoice with CGST and SGST, the total in rupees and in words, on one A4 page', async () => {
    const pdf = await renderInvoicePdf(intraState);
    if (process.env.INVOICE_PDF_OUT) fs.writeFileSync(path.join(os.tmpdir(), 'invoice-intra.pdf'), pdf);
    const opened = await openPdf(pdf);
    expectSingleA4Page(pdf, opened);
    const { text } = opened;

    expect(text).toContain('Tax Invoice');
    expect(text).toContain('LEC/2627/000042');
    expect(text).toContain('24-11-2026');
    expect(text).toContain('Lectern Learning Private Limited');
    expect(text).toContain(`GSTIN: ${SUPPLIER_GSTIN}`);
    expect(text).toContain('Ananya Krishnamurthy');
    expect(text).toContain('Mobile: 9845012345');
    expect(text).toContain('E-mail: ananya.k@example.in');
    expect(text).toContain('Karnataka (State code 29)');
    expect(text).toContain('999293');
    // the buyer has no GSTIN: only the supplier's is printed
    expect(text.match(/GSTIN/g)).toHaveLength(1);

    expect(text).toContain('CGST');
    expect(text).toContain('SGST');
    expect(text).not.toContain('IGST');
    expect(text).toContain('CGST @ 9%');
    expect(text).toContain('Discount');
    expect(text).toContain('Less: discount Rs. 1,000');

    expect(intraState.totals.total).toBe(4_999_00);
    expect(text).toContain(`Taxable value ${formatMoney(intraState.totals.taxableValue)}`);
    expect(text).toContain(`Total tax ${formatMoney(intraState.totals.totalTax)}`);
    expect(text).toContain('Invoice total Rs. 4,999');
    expect(text).toContain('Rupees Four Thousand Nine Hundred Ninety-Nine Only');
    expect(text).toContain('This is a computer-generated invoice.');
    expect(text).not.toContain('Credit note');
  });

  it('prints an inter-state invoice with IGST only, the buyer GSTIN and its credit notes', async () => {
    const pdf = await renderInvoicePdf(interState);
    if (process.env.INVOICE_PDF_OUT) fs.writeFileSync(path.join(os.tmpdir(), 'invoice-inter.pdf'), pdf);
    const opened = await openPdf(pdf);
    expectSingleA4Page(pdf, opened);
    const { text } = opened;

    expect(text).toContain('LEC/2627/000043');
    expect(text).toContain(`GSTIN: ${SUPPLIER_GSTIN}`);
    expect(text).toContain(`GSTIN: ${BUYER_GSTIN}`);
    expect(text).toContain('Maharashtra (State code 27)');
    expect(text).toContain('Inter-state');
    expect(text).not.toContain('E-mail');

    expect(text).toContain('IGST');
    expect(text).toContain('IGST @ 18%');
    expect(text).not.toContain('CGST');
    expect(text).not.toContain('SGST');
    // no line has a discount: no discount column
    expect(text).not.toContain('Discount');

    expect(text).toContain('Invoice total Rs. 4,999');
    expect(text).toContain('Rupees Four Thousand Nine Hundred Ninety-Nine Only');
    expect(text).toContain('CN/2627/000007');
    expect(text).toContain('28-11-2026');
    expect(text).toContain('Goodwill refund');
    expect(text).toContain('Total credited Rs. 1,000');
  });

  it('bills a registered buyer by its legal name and GSTIN, naming the student under it', async () => {
    const b2b = invoiceFor({
      number: 'LEC/2627/000045',
      buyer: { ...intraState.buyer, gstin: BUYER_GSTIN, legalName: 'Sahyadri Skills LLP' },
      lines: [{ description: 'NEET 2027: 12 months', quantity: 1, unitPrice: 4_999_00 }],
    });
    const { text } = await openPdf(await renderInvoicePdf(b2b));
    expect(text).toContain('Sahyadri Skills LLP');
    expect(text).toContain(`Student: ${intraState.buyer.name}`);
    expect(text).toContain(`GSTIN: ${BUYER_GSTIN}`);
  });

  it('continues a long invoice on further A4 pages, numbering them, with every line', async () => {
    const long = invoiceFor({
      number: 'LEC/2627/000044',
      buyer: intraState.buyer,
      lines: Array.from({ length: 45 }, (_, i) => ({
        description: `Test series ${i + 1}`,
        quantity: 1,
        unitPrice: 499_00,
      })),
    });
    const pdf = await renderInvoicePdf(long);
    if (process.env.INVOICE_PDF_OUT) fs.writeFileSync(path.join(os.tmpdir(), 'invoice-long.pdf'), pdf);
    const opened = await openPdf(pdf);
    expect(opened.pages).toBeGreaterThan(1);
    expect(opened.size[1]).toBeCloseTo(A4[1], 0);
    expect(opened.text).toContain(`Page 1 of ${opened.pages}`);
    expect(opened.text).toContain(`Page ${opened.pages} of ${opened.pages}`);
    expect(opened.text).toContain('Test series 45');
    expect(opened.text).toContain(`Invoice total ${formatMoney(long.totals.total)}`);
  });

  it('names the invoice by its number and date, never by the internal order id', async () => {
    const pdf = await renderInvoicePdf(intraState);
    const { text } = await openPdf(pdf);
    expect(text).toContain('Invoice number LEC/2627/000042 Invoice date 24-11-2026');
    expect(text).not.toContain(intraState.orderId);
    expect(text).not.toMatch(/\bOrder\b/);
    // nor in the document's properties a reader shows
    expect(pdf.toString('latin1')).not.toContain(intraState.orderId);
  });

  it('names the state half UTGST in a union territory without a legislature', async () => {
    const chandigarh = {
      ...intraState,
      supplier: { ...supplier, stateCode: '04', stateName: GST_STATES['04']! },
      stateTaxName: 'UTGST' as const,
    };
    const { text } = await openPdf(await renderInvoicePdf(chandigarh));
    expect(text).toContain('UTGST');
    expect(text).not.toContain('SGST');
  });

  it.each(INDIC_SAMPLES)(
    'prints a buyer and lines in $script in its Noto font, with no missing glyph',
    async ({ script, name, line, city }) => {
      const invoice = invoiceFor({
        number: 'LEC/2627/000045',
        buyer: { ...intraState.buyer, name, address: `${line}, ${city} 560011` },
        lines: [{ description: `${city} - NEET Complete Course 2027`, quantity: 1, unitPrice: 4_999_00 }],
        creditNotes: [{ creditNoteNumber: 'CN/2627/000008', date: '2026-11-28', amount: paise(500_00), reason: name }],
      });
      const pdf = await renderInvoicePdf(invoice);
      if (process.env.INVOICE_PDF_OUT)
        fs.writeFileSync(path.join(os.tmpdir(), `invoice-${script.toLowerCase()}.pdf`), pdf);
      const glyphs = drawnGlyphIds(pdf);
      expect(glyphs.length).toBeGreaterThan(300);
      expect(glyphs.filter((id) => id === 0)).toEqual([]);
      // the buyer's name is bold, the address and the line regular
      expect(embeddedFonts(pdf)).toEqual(
        expect.arrayContaining([`NotoSans${script}-Regular`, `NotoSans${script}-SemiBold`]),
      );
      const { text } = await openPdf(pdf);
      expect(text).toContain('560011');
      expect(text).toContain('NEET Complete Course 2027');
      expect(text).toContain('Invoice total Rs. 4,999');
    },
  );
});
