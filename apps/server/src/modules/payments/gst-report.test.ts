import { GST_REPORT_MESSAGES, gstinCheckCharacter, indianDate, type GstReport, type Invoice } from '@lectern/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCatalogue,
  createStoreListing,
  createStudent,
  uniqueCode,
  type CatalogueFields,
  type StudentFields,
} from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';
import { GST_SECTIONS } from './gst-report-files';
import { parseCsv } from '../../test/csv';

// The month's GST return (GSTR-1 data): orders placed, paid and refunded through the orders service
// across two months, within the supplier's state and across states, to registered buyers and to
// students; every figure of the month's report is the sum of that month's invoices less its credit
// notes, figure by figure in paise, and the CSV and XLSX carry the same figures.

const MONTH = '2024-05';
const NEXT = '2024-06';
const PATH = '/api/payments/gst-report';
const gstin = (first14: string) => `${first14}${gstinCheckCharacter(first14)}`;

let t: TestContext;
let finance: string;
let catalogue: CatalogueFields;
let listing: { id: string };
let home: string;
const orderIds: string[] = [];

/** Moves the orders service's clock (an instant, UTC). */
const at = (iso: string) => {
  const when = new Date(iso);
  t.app.orders.now = () => when;
};

async function paidOrder(
  student: StudentFields,
  paidAt: string,
  options: { buyerGstin?: string; buyerLegalName?: string; addOn?: boolean } = {},
): Promise<string> {
  at(paidAt);
  const placed = await t.call('POST', '/api/payments/order/create', {
    token: finance,
    body: {
      mobileNumber: student.mobileNumber,
      storeListingId: listing.id,
      subscriptionId: catalogue.plans[0]!.id,
      paymentMode: 'OFFLINE',
      ...(options.addOn ? { addOnIds: [catalogue.printedAddOn!.id] } : {}),
      ...(options.buyerGstin ? { buyerGstin: options.buyerGstin } : {}),
      ...(options.buyerLegalName ? { buyerLegalName: options.buyerLegalName } : {}),
    },
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  const orderId = placed.body.data.orderId as string;
  const paid = await t.call('POST', `/api/payments/order/${orderId}/offline-payment`, {
    token: finance,
    body: { mode: 'UPI', reference: uniqueCode('UPI'), receivedOn: indianDate(new Date(paidAt)) },
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  orderIds.push(orderId);
  return orderId;
}

async function refund(orderId: string, when: string, amount?: number) {
  at(when);
  const detail = await t.call('GET', `/api/payments/order/${orderId}`, { token: finance });
  const res = await t.call('POST', `/api/payments/order/${orderId}/refund`, {
    token: finance,
    body: {
      amount: amount ?? detail.body.data.refundable,
      reason: 'Moved to another city',
      refundMode: 'UPI',
      reference: uniqueCode('RFND'),
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

const report = async (month: string): Promise<GstReport> => {
  const res = await t.call('GET', `${PATH}?month=${month}`, { token: finance });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as GstReport;
};

async function file(month: string, format: 'csv' | 'xlsx') {
  const res = await t.app.inject({
    method: 'GET',
    url: `${PATH}?month=${month}&format=${format}`,
    headers: { authorization: finance, 'x-user-info': 'FINANCE', 'x-signature': await t.signer('GET', PATH) },
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-disposition']).toBe(`attachment; filename="gst-return-${month}.${format}"`);
  return res;
}

const LEGAL_NAME = '=SUM(1+1)*cmd|calc';
const INJECTED_STUDENT = '=HYPERLINK("http://evil.example","Click")';

beforeAll(async () => {
  t = await createTestApp();
  finance = await t.sessionFor('FINANCE');
  home = t.config.invoicing.supplierStateCode;
  const away = home === '27' ? '29' : '27';
  catalogue = await createCatalogue(t, {
    plans: [{ label: '12 months', months: 12, price: 899_900 }],
    printedMaterial: true,
  });
  listing = await createStoreListing(t, catalogue);

  const local = await createStudent(t, { stateCode: home });
  const injected = await createStudent(t, { stateCode: home, name: INJECTED_STUDENT });
  const outside = await createStudent(t, { stateCode: away });
  const firm = await createStudent(t, { stateCode: home });
  const outsideFirm = await createStudent(t, { stateCode: away });

  // April: an inter-state sale refunded in May (a May credit note against an April invoice)
  const april = await paidOrder(outside, '2024-04-20T05:00:00Z');
  await refund(april, '2024-05-02T05:00:00Z', 200_001);
  // May, within the state, to students: one partly refunded in May, one (a formula-like name) fully
  const a = await paidOrder(local, '2024-05-03T05:00:00Z', { addOn: true });
  await refund(a, '2024-05-20T05:00:00Z', 123_457);
  const b = await paidOrder(injected, '2024-05-04T05:00:00Z');
  await refund(b, '2024-05-25T05:00:00Z');
  // May, across states, to a student: 23:30 on 31 May in India is May; 00:30 on 1 June is June
  await paidOrder(outside, '2024-05-31T18:00:00Z', { addOn: true });
  await paidOrder(outside, '2024-05-31T19:00:00Z');
  // May, to registered buyers: one within the state refunded in full in May, one across states refunded in part in June
  const c = await paidOrder(firm, '2024-05-10T05:00:00Z', {
    buyerGstin: gstin(`${home}AABCS9876K1Z`),
    buyerLegalName: LEGAL_NAME,
    addOn: true,
  });
  await refund(c, '2024-05-28T05:00:00Z');
  const d = await paidOrder(outsideFirm, '2024-05-12T05:00:00Z', {
    buyerGstin: gstin(`${away}AAACP1234Q2Z`),
    buyerLegalName: 'Pune Prep Academy LLP',
  });
  await refund(d, '2024-06-03T05:00:00Z', 99_999);
});
afterAll(async () => t?.close());

type Figures = { taxableValue: number; igst: number; cgst: number; sgst: number; total: number };
const zero = (): Figures => ({ taxableValue: 0, igst: 0, cgst: 0, sgst: 0, total: 0 });
const FIGURES = ['taxableValue', 'igst', 'cgst', 'sgst', 'total'] as const;
const add = (into: Figures, f: Figures, sign = 1) => {
  for (const key of FIGURES) into[key] += sign * f[key];
};

/** The month's invoices and credit notes of this suite's orders, as issued. */
async function issued(month: string) {
  const invoices = await t.database.query<{ number: string; date: string; document: Invoice }>(
    `SELECT invoice_number AS number, invoice_date::text AS date, document FROM invoices WHERE order_id = ANY($1)
      ORDER BY invoice_date, financial_year, sequence`,
    [orderIds],
  );
  const notes = await t.database.query<{
    number: string;
    date: string;
    invoiceNumber: string;
    taxableValue: string;
    igst: string;
    cgst: string;
    sgst: string;
    amount: string;
  }>(
    `SELECT c.credit_note_number AS number, c.credit_note_date::text AS date, i.invoice_number AS "invoiceNumber",
            c.taxable_value AS "taxableValue", c.igst, c.cgst, c.sgst, c.amount
       FROM credit_notes c JOIN invoices i ON i.id = c.invoice_id WHERE c.order_id = ANY($1)
      ORDER BY c.credit_note_date, c.financial_year, c.sequence`,
    [orderIds],
  );
  const byNumber = new Map(invoices.map((i) => [i.number, i.document]));
  const inMonth = (date: string) => date.startsWith(`${month}-`);
  return {
    invoices: invoices.filter((i) => inMonth(i.date)).map((i) => i.document),
    notes: notes
      .filter((n) => inMonth(n.date))
      .map((n) => ({
        number: n.number,
        invoice: byNumber.get(n.invoiceNumber)!,
        figures: {
          taxableValue: Number(n.taxableValue),
          igst: Number(n.igst),
          cgst: Number(n.cgst),
          sgst: Number(n.sgst),
          total: Number(n.amount),
        },
      })),
  };
}

const place = (invoice: Invoice) => `${invoice.placeOfSupply.stateCode}-${invoice.placeOfSupply.stateName}`;

describe('the GST return of a month', () => {
  let may: GstReport;
  beforeAll(async () => {
    may = await report(MONTH);
  });

  it('lists B2B invoices, B2CS net of credit notes, credit notes and the SAC summary, to the paisa', async () => {
    const { invoices, notes } = await issued(MONTH);
    // the suite's orders are the month's only ones (the demo seed's history is later)
    expect(invoices).toHaveLength(5);
    expect(notes).toHaveLength(4);

    // B2B: every invoice with a buyer GSTIN, as issued
    const b2b = invoices.filter((i) => i.buyer.gstin);
    expect(may.b2b.rows).toEqual(
      b2b.map((i) => ({
        buyerGstin: i.buyer.gstin,
        buyerName: i.buyer.legalName ?? i.buyer.name,
        invoiceNumber: i.invoiceNumber,
        invoiceDate: i.invoiceDate,
        invoiceValue: i.totals.total,
        placeOfSupply: place(i),
        rate: 18,
        taxableValue: i.totals.taxableValue,
        igst: i.totals.igst,
        cgst: i.totals.cgst,
        sgst: i.totals.sgst,
      })),
    );
    expect(may.b2b.rows.map((r) => r.buyerName)).toContain(LEGAL_NAME);

    // B2CS: the other invoices by type, place and rate, less the month's credit notes against them
    const groups = new Map<string, Figures & { invoices: number; creditNotes: number }>();
    const group = (i: Invoice) => {
      const key = `${i.supplyType === 'INTER_STATE' ? 'INTER' : 'INTRA'}|${place(i)}`;
      if (!groups.has(key)) groups.set(key, { ...zero(), invoices: 0, creditNotes: 0 });
      return groups.get(key)!;
    };
    for (const i of invoices.filter((i) => !i.buyer.gstin)) {
      const g = group(i);
      add(g, i.totals);
      g.invoices += 1;
    }
    for (const n of notes.filter((n) => !n.invoice.buyer.gstin)) {
      const g = group(n.invoice);
      add(g, n.figures, -1);
      g.creditNotes += 1;
    }
    expect(may.b2cs.rows).toHaveLength(groups.size);
    for (const row of may.b2cs.rows) {
      const g = groups.get(`${row.type}|${row.placeOfSupply}`)!;
      expect(row).toEqual({ type: row.type, placeOfSupply: row.placeOfSupply, rate: 18, ...g });
      if (row.type === 'INTER') expect(row.cgst + row.sgst).toBe(0);
      else expect(row.cgst).toBe(row.sgst);
    }
    // the inter-state group: the two May sales, less the refund of the April one (0:30 on 1 June is June's)
    expect(may.b2cs.rows.find((r) => r.type === 'INTER')).toMatchObject({ invoices: 1, creditNotes: 1 });

    // credit notes: registered buyers' (CDNR) and the others', each with the invoice it credits
    const noteRow = (n: (typeof notes)[number]) => ({
      buyerGstin: n.invoice.buyer.gstin,
      buyerName: n.invoice.buyer.legalName ?? n.invoice.buyer.name,
      creditNoteNumber: n.number,
      creditNoteDate: expect.stringMatching(new RegExp(`^${MONTH}-`)),
      invoiceNumber: n.invoice.invoiceNumber,
      invoiceDate: n.invoice.invoiceDate,
      noteValue: n.figures.total,
      type: n.invoice.supplyType === 'INTER_STATE' ? 'INTER' : 'INTRA',
      placeOfSupply: place(n.invoice),
      rate: 18,
      taxableValue: n.figures.taxableValue,
      igst: n.figures.igst,
      cgst: n.figures.cgst,
      sgst: n.figures.sgst,
    });
    expect(may.cdnr.rows).toEqual(notes.filter((n) => n.invoice.buyer.gstin).map(noteRow));
    expect(may.creditNotesUnregistered.rows).toEqual(notes.filter((n) => !n.invoice.buyer.gstin).map(noteRow));
    expect(may.cdnr.rows).toHaveLength(1); // the June refund of the inter-state B2B sale is June's
    expect(may.creditNotesUnregistered.rows.map((r) => r.buyerName)).toContain(INJECTED_STUDENT);

    // HSN: every invoice line of the month less every credit note of the month, units invoiced
    const sac = zero();
    let quantity = 0;
    for (const i of invoices) {
      for (const line of i.lines) {
        add(sac, { ...line, total: line.total });
        quantity += line.quantity;
      }
    }
    for (const n of notes) add(sac, n.figures, -1);
    expect(may.hsn.rows).toEqual([
      {
        sacCode: t.config.invoicing.sacCode,
        description: expect.any(String),
        uqc: 'OTH',
        quantity,
        rate: 18,
        taxableValue: sac.taxableValue,
        igst: sac.igst,
        cgst: sac.cgst,
        sgst: sac.sgst,
        total: sac.total,
      },
    ]);
    expect(quantity).toBe(8); // five plans and three printed-material add-ons
  });

  it('totals each table, and the tables agree with the SAC summary', () => {
    for (const table of [may.b2b, may.b2cs, may.cdnr, may.creditNotesUnregistered, may.hsn]) {
      const rows = table.rows as unknown as Figures[];
      expect(table.totals.rows).toBe(rows.length);
      for (const key of ['taxableValue', 'igst', 'cgst', 'sgst'] as const) {
        expect(table.totals[key]).toBe(rows.reduce((sum, row) => sum + row[key], 0));
      }
      expect(table.totals.taxableValue + table.totals.igst + table.totals.cgst + table.totals.sgst).toBe(
        table.totals.value,
      );
      expect(table.totals.cgst).toBe(table.totals.sgst);
    }
    // what was invoiced less what was credited, either way it is counted
    expect(may.b2b.totals.value + may.b2cs.totals.value - may.cdnr.totals.value).toBe(may.hsn.totals.value);
    expect(may.hsn.totals.value).toBeGreaterThan(0);
  });

  it('puts the June invoice and the June credit note in June, not in May', async () => {
    const june = await report(NEXT);
    const { invoices, notes } = await issued(NEXT);
    expect(invoices).toHaveLength(1);
    expect(notes).toHaveLength(1);
    expect(june.b2cs.rows).toEqual([
      expect.objectContaining({ type: 'INTER', invoices: 1, creditNotes: 0, total: invoices[0]!.totals.total }),
    ]);
    expect(june.cdnr.rows).toEqual([
      expect.objectContaining({ creditNoteNumber: notes[0]!.number, noteValue: 99_999 }),
    ]);
    expect(june.b2b.rows).toEqual([]);
  });

  it('carries the same figures in the CSV, one table with a Section column, formulas defused', async () => {
    const res = await file(MONTH, 'csv');
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const [heading, ...rows] = parseCsv(res.body);
    expect(heading!.slice(0, 3)).toEqual(['Section', 'GSTIN of recipient', 'Recipient name']);
    const column = (name: string) => heading!.indexOf(name);
    const bySection = (section: string) => rows.filter((r) => r[0] === section);
    const rupees = (paise: number) => (paise / 100).toFixed(2);

    const b2b = bySection(GST_SECTIONS.b2b);
    expect(b2b.map((r) => r[column('Invoice or note number')])).toEqual(may.b2b.rows.map((r) => r.invoiceNumber));
    expect(b2b.map((r) => r[column('CGST (Rs.)')])).toEqual(may.b2b.rows.map((r) => rupees(r.cgst)));
    expect(b2b.map((r) => r[column('Value (Rs.)')])).toEqual(may.b2b.rows.map((r) => rupees(r.invoiceValue)));
    expect(bySection(GST_SECTIONS.b2cs).map((r) => r[column('Taxable value (Rs.)')])).toEqual(
      may.b2cs.rows.map((r) => rupees(r.taxableValue)),
    );
    expect(bySection(GST_SECTIONS.cdnr).map((r) => r[column('IGST (Rs.)')])).toEqual(
      may.cdnr.rows.map((r) => rupees(r.igst)),
    );
    expect(bySection(GST_SECTIONS.creditNotesUnregistered)).toHaveLength(may.creditNotesUnregistered.rows.length);
    const [hsn] = bySection(GST_SECTIONS.hsn);
    expect(hsn![column('Quantity')]).toBe(String(may.hsn.rows[0]!.quantity));
    expect(hsn![column('Value (Rs.)')]).toBe(rupees(may.hsn.totals.value));

    // a name that starts like a formula is text in the spreadsheet
    expect(b2b.map((r) => r[column('Recipient name')])).toContain(`'${LEGAL_NAME}`);
    expect(bySection(GST_SECTIONS.creditNotesUnregistered).map((r) => r[column('Recipient name')])).toContain(
      `'${INJECTED_STUDENT}`,
    );
    for (const row of rows) for (const value of row) expect(value).not.toMatch(/^[=+@]/);
  });

  it('carries the same figures in the XLSX, a sheet per table, formulas defused', async () => {
    const res = await file(MONTH, 'xlsx');
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(Object.values(GST_SECTIONS));
    const table = (name: string) => {
      const sheet = workbook.getWorksheet(name)!;
      const heading = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
      const rows: Record<string, unknown>[] = [];
      sheet.eachRow((row, n) => {
        if (n === 1) return;
        const values = (row.values as unknown[]).slice(1);
        rows.push(Object.fromEntries(heading.map((h, i) => [h, values[i]])));
      });
      return rows;
    };
    const paiseOf = (value: unknown) => Math.round(Number(value) * 100);

    const b2b = table(GST_SECTIONS.b2b);
    expect(b2b.map((r) => paiseOf(r['Taxable value (Rs.)']))).toEqual(may.b2b.rows.map((r) => r.taxableValue));
    expect(b2b.map((r) => paiseOf(r['SGST/UTGST (Rs.)']))).toEqual(may.b2b.rows.map((r) => r.sgst));
    expect(b2b.map((r) => r['Recipient name'])).toContain(`'${LEGAL_NAME}`);
    expect(table(GST_SECTIONS.b2cs).map((r) => paiseOf(r['Value (Rs.)']))).toEqual(may.b2cs.rows.map((r) => r.total));
    expect(table(GST_SECTIONS.cdnr).map((r) => paiseOf(r['Value (Rs.)']))).toEqual(
      may.cdnr.rows.map((r) => r.noteValue),
    );
    const unregistered = table(GST_SECTIONS.creditNotesUnregistered);
    expect(unregistered.map((r) => paiseOf(r['CGST (Rs.)']))).toEqual(
      may.creditNotesUnregistered.rows.map((r) => r.cgst),
    );
    expect(unregistered.map((r) => r['Recipient name'])).toContain(`'${INJECTED_STUDENT}`);
    expect(table(GST_SECTIONS.hsn)).toEqual([
      expect.objectContaining({ SAC: t.config.invoicing.sacCode, Quantity: may.hsn.rows[0]!.quantity, UQC: 'OTH' }),
    ]);
    expect(paiseOf(table(GST_SECTIONS.hsn)[0]!['Value (Rs.)'])).toBe(may.hsn.totals.value);
  });

  it('answers empty tables for a month with no invoices (a future one)', async () => {
    const future = await report('2099-01');
    expect(future).toMatchObject({ month: '2099-01', from: '2099-01-01', to: '2099-01-31' });
    for (const table of [future.b2b, future.b2cs, future.cdnr, future.creditNotesUnregistered, future.hsn]) {
      expect(table).toEqual({ rows: [], totals: { rows: 0, value: 0, taxableValue: 0, igst: 0, cgst: 0, sgst: 0 } });
    }
    expect((await report('2024-02')).to).toBe('2024-02-29');
  });

  it.each([
    ['2024-5', GST_REPORT_MESSAGES.month],
    ['2024-13', GST_REPORT_MESSAGES.month],
    ['May 2024', GST_REPORT_MESSAGES.month],
    ['2017-06', GST_REPORT_MESSAGES.beforeGst],
  ])('refuses month=%s with a clear message', async (month, message) => {
    const res = await t.call('GET', `${PATH}?month=${encodeURIComponent(month)}`, { token: finance });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
  });

  it('refuses an order whose buyer GSTIN is not valid', async () => {
    const student = await createStudent(t);
    const res = await t.call('POST', '/api/payments/order/create', {
      token: finance,
      body: {
        mobileNumber: student.mobileNumber,
        storeListingId: listing.id,
        subscriptionId: catalogue.plans[0]!.id,
        paymentMode: 'OFFLINE',
        buyerGstin: `${home}AABCS9876K1Z0`,
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('buyerGstin: not a valid GSTIN');
  });
});
