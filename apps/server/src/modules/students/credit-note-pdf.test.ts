import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  amountInWords,
  computeInvoice,
  creditNoteAmounts,
  financialYear,
  formatMoney,
  GST_STATES,
  gstinCheckCharacter,
  paise,
  type CreditNote,
  type Invoice,
} from '@lectern/contract';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { drawnGlyphIds, embeddedFonts, INDIC_SAMPLES } from '../../test/pdf-glyphs';
import { renderCreditNotePdf } from './credit-note-pdf';

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
    creditNotes: [],
  };
}

/** A credit note as the payments module issues it: its figures split from the invoice by the contract's rule. */
function creditNoteFor(
  invoice: Invoice,
  options: { number: string; amount: number; reason: string } & Partial<
    Pick<CreditNote, 'refundMode' | 'reference' | 'refundStatus' | 'failureReason'>
  >,
): CreditNote {
  const amounts = creditNoteAmounts(invoice.totals, [], paise(options.amount));
  return {
    creditNoteId: `cn-${options.number}`,
    creditNoteNumber: options.number,
    creditNoteDate: '2026-11-28',
    invoiceNumber: invoice.invoiceNumber,
    ...amounts,
    reason: options.reason,
    refundMode: options.refundMode ?? 'ONLINE',
    reference: options.reference === undefined ? 'rfnd_N3xQ8bT2Lk' : options.reference,
    refundStatus: options.refundStatus ?? 'PROCESSED',
    failureReason: options.failureReason ?? null,
    createdBy: 'staff-finance-1',
    createdAt: '2026-11-28T11:30:00+05:30',
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

// Karnataka to Maharashtra, a business with a GSTIN: IGST.
const interState = invoiceFor({
  number: 'LEC/2627/000043',
  buyer: {
    name: 'Sahyadri Skills LLP',
    address: 'Office 504, Kalpataru Plaza, Senapati Bapat Road, Pune, Maharashtra 411016',
    stateCode: '27',
    stateName: GST_STATES['27']!,
    gstin: BUYER_GSTIN,
    mobileNumber: '9823098765',
    email: null,
  },
  lines: [{ description: 'JEE Main Crash Course - 6 months', quantity: 1, unitPrice: 4_999_00 }],
});

const intraNote = creditNoteFor(intraState, {
  number: 'CN/2627/000007',
  amount: 1_000_00,
  reason: 'Printed material not delivered',
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

describe('the GST credit note PDF', () => {
  it('prints an intra-state credit note with CGST and SGST, its total in rupees and in words, on one A4 page', async () => {
    const pdf = await renderCreditNotePdf(intraNote, intraState);
    if (process.env.CREDIT_NOTE_PDF_OUT) fs.writeFileSync(path.join(os.tmpdir(), 'credit-note-intra.pdf'), pdf);
    const opened = await openPdf(pdf);
    expectSingleA4Page(pdf, opened);
    const { text } = opened;

    expect(text).toContain('Credit Note');
    expect(text).toContain('Credit note number CN/2627/000007 Credit note date 28-11-2026');
    expect(text).toContain('Against invoice LEC/2627/000042 of 24-11-2026');
    expect(text).toContain('Place of supply Karnataka (State code 29)');
    expect(text).toContain('Supply Within the state');
    expect(text).toContain('Reverse charge No');
    expect(text).toContain('Lectern Learning Private Limited');
    expect(text).toContain(`GSTIN: ${SUPPLIER_GSTIN}`);
    expect(text).toContain('BILLED TO');
    expect(text).toContain('Ananya Krishnamurthy');
    expect(text).toContain('Mobile: 9845012345');
    // the recipient has no GSTIN: only the supplier's is printed
    expect(text.match(/GSTIN/g)).toHaveLength(1);

    expect(text).toContain('Refund against invoice LEC/2627/000042: Printed material not delivered');
    expect(text).toContain('999293');

    // the figures are the note's own: Rs. 1,000 with 18% GST in it, halved
    expect(intraNote.cgst).toBe(intraNote.sgst);
    expect(intraNote.igst).toBe(0);
    expect(text).toContain('CGST');
    expect(text).toContain('SGST');
    expect(text).not.toContain('IGST');
    expect(text).toContain(`Taxable value ${formatMoney(intraNote.taxableValue)}`);
    expect(text).toContain(`CGST @ 9% ${formatMoney(intraNote.cgst)}`);
    expect(text).toContain(`SGST @ 9% ${formatMoney(intraNote.sgst)}`);
    expect(text).toContain('Credit note total Rs. 1,000');
    expect(text).toContain('TOTAL IN WORDS Rupees One Thousand Only');

    expect(text).toContain('Mode: Through the payment gateway');
    expect(text).toContain('Reference: rfnd_N3xQ8bT2Lk');
    // the money is back: no status to report
    expect(text).not.toContain('Status');
    expect(text).toContain('This is a computer-generated credit note.');
    // nor the invoice's own totals or internal ids
    expect(text).not.toContain('Rs. 4,999');
    expect(text).not.toContain(intraState.orderId);
    expect(pdf.toString('latin1')).not.toContain(intraState.orderId);
  });

  it('prints an inter-state credit note with IGST only, the recipient GSTIN and an offline refund', async () => {
    const note = creditNoteFor(interState, {
      number: 'CN/2627/000008',
      amount: 2_499_50,
      reason: 'Batch cancelled',
      refundMode: 'UPI',
      reference: '432198765012',
    });
    const pdf = await renderCreditNotePdf(note, interState);
    if (process.env.CREDIT_NOTE_PDF_OUT) fs.writeFileSync(path.join(os.tmpdir(), 'credit-note-inter.pdf'), pdf);
    const opened = await openPdf(pdf);
    expectSingleA4Page(pdf, opened);
    const { text } = opened;

    expect(text).toContain('CN/2627/000008');
    expect(text).toContain('Against invoice LEC/2627/000043 of 24-11-2026');
    expect(text).toContain(`GSTIN: ${BUYER_GSTIN}`);
    expect(text).toContain('Maharashtra (State code 27)');
    expect(text).toContain('Supply Inter-state');
    expect(text).not.toContain('E-mail');

    expect(note.cgst + note.sgst).toBe(0);
    expect(text).toContain('IGST');
    expect(text).toContain(`IGST @ 18% ${formatMoney(note.igst)}`);
    expect(text).not.toContain('CGST');
    expect(text).not.toContain('SGST');
    expect(text).toContain(`Taxable value ${formatMoney(note.taxableValue)}`);
    expect(text).toContain('Credit note total Rs. 2,499.50');
    expect(text).toContain('Rupees Two Thousand Four Hundred Ninety-Nine and Fifty Paise Only');

    expect(text).toContain('Mode: UPI');
    expect(text).toContain('Reference: 432198765012');
    expect(text).not.toContain('payment gateway');
  });

  it.each([
    ['CASH', null, 'Mode: Cash'],
    ['BANK_TRANSFER', 'UTR HDFC0001234567', 'Mode: Bank transfer Reference: UTR HDFC0001234567'],
    ['CHEQUE', '004512', 'Mode: Cheque Reference: 004512'],
  ] as const)('names a refund paid back by %s readably', async (refundMode, reference, shown) => {
    const note = creditNoteFor(intraState, {
      number: 'CN/2627/000009',
      amount: 500_00,
      reason: 'Goodwill refund',
      refundMode,
      reference,
    });
    const { text } = await openPdf(await renderCreditNotePdf(note, intraState));
    expect(text).toContain(shown);
    if (reference === null) expect(text).not.toContain('Reference');
    expect(text).not.toContain(refundMode);
  });

  it('says where a gateway refund stands until the money is back', async () => {
    const pending = creditNoteFor(intraState, {
      number: 'CN/2627/000010',
      amount: 500_00,
      reason: 'Duplicate payment',
      refundStatus: 'PENDING',
      reference: null,
    });
    expect((await openPdf(await renderCreditNotePdf(pending, intraState))).text).toContain(
      'Mode: Through the payment gateway Status: Pending',
    );
    const failed = { ...pending, refundStatus: 'FAILED' as const, failureReason: 'The payment is too old to refund' };
    expect((await openPdf(await renderCreditNotePdf(failed, intraState))).text).toContain(
      'Status: Failed (The payment is too old to refund)',
    );
  });

  it('names the state half UTGST in a union territory without a legislature', async () => {
    const chandigarh = {
      ...intraState,
      supplier: { ...supplier, stateCode: '04', stateName: GST_STATES['04']! },
      stateTaxName: 'UTGST' as const,
    };
    const { text } = await openPdf(await renderCreditNotePdf(intraNote, chandigarh));
    expect(text).toContain(`UTGST @ 9% ${formatMoney(intraNote.sgst)}`);
    expect(text).not.toContain('SGST');
  });

  it('refuses an invoice the credit note was not issued against', async () => {
    await expect(renderCreditNotePdf(intraNote, interState)).rejects.toThrow(/against invoice LEC\/2627\/000042/);
  });

  it.each(INDIC_SAMPLES)(
    'prints a recipient and a reason in $script in its Noto font, with no missing glyph',
    async ({ script, name, line, city }) => {
      const invoice = invoiceFor({
        number: 'LEC/2627/000045',
        buyer: { ...intraState.buyer, name, address: `${line}, ${city} 560011` },
        lines: [{ description: `${city} - NEET Complete Course 2027`, quantity: 1, unitPrice: 4_999_00 }],
      });
      const note = creditNoteFor(invoice, { number: 'CN/2627/000011', amount: 4_999_00, reason: `${city} - ${name}` });
      const pdf = await renderCreditNotePdf(note, invoice);
      if (process.env.CREDIT_NOTE_PDF_OUT)
        fs.writeFileSync(path.join(os.tmpdir(), `credit-note-${script.toLowerCase()}.pdf`), pdf);
      const glyphs = drawnGlyphIds(pdf);
      expect(glyphs.length).toBeGreaterThan(300);
      expect(glyphs.filter((id) => id === 0)).toEqual([]);
      expect(embeddedFonts(pdf)).toEqual(
        expect.arrayContaining([`NotoSans${script}-Regular`, `NotoSans${script}-SemiBold`]),
      );
      const { text } = await openPdf(pdf);
      expect(text).toContain('560011');
      expect(text).toContain('Credit note total Rs. 4,999');
    },
  );
});
