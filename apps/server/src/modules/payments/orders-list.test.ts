import { MESSAGES, type OrderListRow, type OrdersList } from '@lectern/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCatalogue,
  createOrder,
  createStoreListing,
  createStudent,
  uniqueCode,
  uniqueKey,
  type CatalogueFields,
  type StudentFields,
} from '../../test/factories';
import { expireOrder, failOrder, payOffline, placeOrder, refundOrder } from '../../test/orders';
import { createTestApp, type TestContext } from '../../test/test-app';
import { parseCsv } from '../../test/csv';

// Every order in one list (issue 34): each filter, each search key, paging from 0, the totals of the
// whole filtered set, India days at their edges, and the files with every matching row. The suite's
// orders are on listings of its own, so the demo data in the copy never counts.

let t: TestContext;
let finance: string;
let catalogue: CatalogueFields;
let other: CatalogueFields;
let listing: { id: string; name: string };
let otherListing: { id: string; name: string };
let asha: StudentFields;
let ravi: StudentFields;
let mischief: StudentFields;
let couponName: string;
const ids = {} as Record<
  'late' | 'early' | 'partial' | 'refunded' | 'failed' | 'expired' | 'coupon' | 'mischief' | 'online',
  string
>;
let invoiceOfLate = '';

/** An instant given as India wall-clock time. */
const ist = (local: string) => new Date(`${local}+05:30`);

async function list(query: Record<string, string | number | undefined>): Promise<OrdersList> {
  const search = new URLSearchParams(
    Object.entries(query).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])),
  );
  const answer = await t.call('GET', `/api/payments/orders?${search}`, { token: finance });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as OrdersList;
}
const idsOf = (rows: OrderListRow[]) => rows.map((row) => row.orderId);

/** A file of the list as its raw bytes. */
async function download(query: Record<string, string>) {
  const path = '/api/payments/orders';
  const res = await t.app.inject({
    method: 'GET',
    url: `${path}?${new URLSearchParams(query)}`,
    headers: { authorization: finance, 'x-signature': await t.signer('GET', path) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

beforeAll(async () => {
  t = await createTestApp();
  finance = await t.sessionFor('FINANCE');
  catalogue = await createCatalogue(t, { plans: [{ label: '12 months', months: 12, price: 899_900 }] });
  other = await createCatalogue(t, { plans: [{ label: '6 months', months: 6, price: 499_900 }] });
  listing = await createStoreListing(t, catalogue);
  otherListing = await createStoreListing(t, other);
  const suffix = uniqueKey('x').replace(/[^a-z0-9]/gi, '');
  asha = await createStudent(t, { name: `Asha Varghese ${suffix}`, email: `asha.${suffix}@example.in` });
  ravi = await createStudent(t, { name: `Ravi Menon ${suffix}`, email: `ravi.${suffix}@example.in` });
  mischief = await createStudent(t, { name: `=HYPERLINK("http://x.example","Fee, ${suffix}")`, email: null });
  const coupon = await t.call('POST', '/api/publisher/coupon', {
    token: finance,
    body: {
      couponName: uniqueCode('LIST').replace(/-/g, '').slice(0, 20),
      percentage: true,
      amount: 10,
      applicableFrom: '2026-01-01',
      applicableUpto: '2099-12-31',
      storeListingInfoList: [{ storeListingId: otherListing.id }],
    },
  });
  expect(coupon.status, JSON.stringify(coupon.body)).toBe(200);
  couponName = coupon.body.data.couponName;

  const on = { listing, catalogue };
  // 23:50 in India on 5 March (18:20 UTC): still the 5th; 00:10 on the 6th is 18:40 UTC on the 5th
  ids.late = await placeOrder(t, finance, { ...on, student: asha, at: ist('2026-03-05T23:50:00') });
  invoiceOfLate = (await payOffline(t, finance, ids.late, 'UPI', ist('2026-03-06T10:00:00'))).invoiceNumber;
  ids.early = await placeOrder(t, finance, { ...on, student: asha, at: ist('2026-03-06T00:10:00') });
  ids.partial = await placeOrder(t, finance, { ...on, student: ravi, at: ist('2026-03-04T11:00:00') });
  await payOffline(t, finance, ids.partial, 'CASH', ist('2026-03-04T11:05:00'));
  await refundOrder(t, finance, ids.partial, 200_000);
  ids.refunded = await placeOrder(t, finance, { ...on, student: ravi, at: ist('2026-03-04T12:00:00') });
  const { total } = await payOffline(t, finance, ids.refunded, 'CHEQUE', ist('2026-03-04T12:30:00'));
  await refundOrder(t, finance, ids.refunded, total);
  ids.failed = await placeOrder(t, finance, { ...on, student: ravi, at: ist('2026-03-03T09:00:00') });
  await failOrder(t, ids.failed);
  ids.expired = await placeOrder(t, finance, { ...on, student: asha, at: ist('2026-03-02T09:00:00') });
  await expireOrder(t, ids.expired);
  // today: a coupon's order on the other listing, and an order for a student whose name is a formula
  ids.coupon = await placeOrder(t, finance, {
    listing: otherListing,
    catalogue: other,
    student: ravi,
    couponName: couponName.toLowerCase(),
  });
  await payOffline(t, finance, ids.coupon, 'BANK_TRANSFER');
  ids.mischief = await placeOrder(t, finance, { listing: otherListing, catalogue: other, student: mischief });
  // an order paid online through the gateway (as the students' own checkout leaves it)
  ids.online = (await createOrder(t, { student: asha, catalogue })).id;
});
afterAll(async () => t?.close());

describe('the orders list', () => {
  it('lists the orders of a listing newest first with the student, listing, plan, amounts, mode, status and invoice', async () => {
    const answer = await list({ storeListingId: listing.id });
    expect(idsOf(answer.content)).toEqual([ids.early, ids.late, ids.refunded, ids.partial, ids.failed, ids.expired]);
    const late = answer.content.find((row) => row.orderId === ids.late)!;
    expect(late).toMatchObject({
      createdAt: '2026-03-05T18:20:00.000Z',
      student: { studentId: asha.id, name: asha.name, mobileNumber: asha.mobileNumber, email: asha.email },
      storeListingId: listing.id,
      storeListingName: listing.name,
      plan: '12 months',
      couponCode: null,
      paymentMode: 'UPI',
      paymentStatus: 'PAID',
      invoiceNumber: invoiceOfLate,
    });
    // GST included: 8,999 rupees are 7,626.28 taxable and 686.36 each of CGST and SGST (equal halves)
    expect(late.amounts).toEqual({ gross: 899_900, discount: 0, gst: 137_272, net: 899_900, refunded: 0 });
    const byId = new Map(answer.content.map((row) => [row.orderId, row]));
    expect(byId.get(ids.early)).toMatchObject({
      paymentMode: 'OFFLINE',
      paymentStatus: 'PENDING',
      invoiceNumber: null,
    });
    expect(byId.get(ids.partial)).toMatchObject({ paymentMode: 'CASH', paymentStatus: 'PARTIALLY_REFUNDED' });
    expect(byId.get(ids.partial)!.amounts.refunded).toBe(200_000);
    expect(byId.get(ids.refunded)).toMatchObject({ paymentMode: 'CHEQUE', paymentStatus: 'REFUNDED' });
    expect(byId.get(ids.refunded)!.amounts.refunded).toBe(899_900);
    expect(byId.get(ids.failed)!.paymentStatus).toBe('FAILED');
    expect(byId.get(ids.expired)!.paymentStatus).toBe('EXPIRED');
  });

  it('filters by each status', async () => {
    const expected = {
      PAID: [ids.late],
      PENDING: [ids.early],
      PARTIALLY_REFUNDED: [ids.partial],
      REFUNDED: [ids.refunded],
      FAILED: [ids.failed],
      EXPIRED: [ids.expired],
    };
    for (const [status, orders] of Object.entries(expected)) {
      const answer = await list({ storeListingId: listing.id, status });
      expect(idsOf(answer.content), status).toEqual(orders);
      expect(answer.totals.count).toBe(orders.length);
    }
  });

  it('takes the India days of the order, both ends included: 23:50 on the 5th is the 5th, 00:10 on the 6th is not', async () => {
    expect(idsOf((await list({ storeListingId: listing.id, from: '2026-03-05', to: '2026-03-05' })).content)).toEqual([
      ids.late,
    ]);
    expect(idsOf((await list({ storeListingId: listing.id, from: '2026-03-06', to: '2026-03-06' })).content)).toEqual([
      ids.early,
    ]);
    expect(idsOf((await list({ storeListingId: listing.id, from: '2026-03-03', to: '2026-03-04' })).content)).toEqual([
      ids.refunded,
      ids.partial,
      ids.failed,
    ]);
    expect(idsOf((await list({ storeListingId: listing.id, from: '2026-03-05' })).content)).toEqual([
      ids.early,
      ids.late,
    ]);
    expect(idsOf((await list({ storeListingId: listing.id, to: '2026-03-02' })).content)).toEqual([ids.expired]);
  });

  it("refuses a range that ends before it starts with 'Select proper date range!'", async () => {
    const answer = await t.call('GET', '/api/payments/orders?from=2026-03-06&to=2026-03-05', { token: finance });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(MESSAGES.dateRange);
    expect(MESSAGES.dateRange).toBe('Select proper date range!');
  });

  it('filters by payment mode: online, any offline, or the offline mode the money came by', async () => {
    const mode = async (paymentMode: string) =>
      idsOf((await list({ storeListingId: listing.id, paymentMode })).content);
    expect(await mode('UPI')).toEqual([ids.late]);
    expect(await mode('CASH')).toEqual([ids.partial]);
    expect(await mode('CHEQUE')).toEqual([ids.refunded]);
    expect(await mode('BANK_TRANSFER')).toEqual([]);
    expect(await mode('OFFLINE')).toHaveLength(6);
    expect(await mode('ONLINE')).toEqual([]);
    const online = await list({ q: asha.name, paymentMode: 'ONLINE' });
    expect(idsOf(online.content)).toEqual([ids.online]);
    expect(online.content[0]!.paymentMode).toBe('ONLINE');
    const transfer = await list({ storeListingId: otherListing.id, paymentMode: 'BANK_TRANSFER' });
    expect(idsOf(transfer.content)).toEqual([ids.coupon]);
  });

  it('filters by coupon (in any case) and by listing', async () => {
    const coupon = await list({ couponName: couponName.toLowerCase() });
    expect(idsOf(coupon.content)).toEqual([ids.coupon]);
    const row = coupon.content[0]!;
    expect(row.couponCode).toBe(couponName);
    // 10% off 4,999 rupees
    expect(row.amounts).toMatchObject({ gross: 499_900, discount: 49_990, net: 449_910 });
    expect(row.amounts.gst).toBeGreaterThan(0);
    expect(idsOf((await list({ storeListingId: otherListing.id })).content)).toEqual([ids.mischief, ids.coupon]);
  });

  it('searches by order id, invoice number, mobile, name and e-mail', async () => {
    expect(idsOf((await list({ q: ids.partial })).content)).toEqual([ids.partial]);
    expect(idsOf((await list({ q: invoiceOfLate.toLowerCase() })).content)).toEqual([ids.late]);
    const ravis = [ids.coupon, ids.refunded, ids.partial, ids.failed];
    // a mobile as people write it: +91 and a space
    const spaced = `+91 ${ravi.mobileNumber.slice(0, 5)} ${ravi.mobileNumber.slice(5)}`;
    expect(idsOf((await list({ q: spaced })).content)).toEqual(ravis);
    expect(idsOf((await list({ q: ravi.name.toUpperCase() })).content)).toEqual(ravis);
    expect(idsOf((await list({ q: ravi.email!.slice(0, -4) })).content)).toEqual(ravis);
    // LIKE's own characters are only text
    expect((await list({ q: '%' })).totals.count).toBe(0);
    expect((await list({ q: ravi.name, status: 'PAID' })).content.map((row) => row.orderId)).toEqual([ids.coupon]);
  });

  it('pages from 0 with the totals of every matching order on each page', async () => {
    const all = await list({ storeListingId: listing.id });
    const pages = await Promise.all([0, 1, 2, 3].map((page) => list({ storeListingId: listing.id, page, size: 2 })));
    expect(pages.map((p) => idsOf(p.content))).toEqual([
      idsOf(all.content).slice(0, 2),
      idsOf(all.content).slice(2, 4),
      idsOf(all.content).slice(4, 6),
      [],
    ]);
    for (const page of pages) {
      expect(page).toMatchObject({ size: 2, totalElements: 6, totalPages: 3, totals: all.totals });
    }
  });

  it("sums the whole filtered set: each total is the sum of the matching rows' figures", async () => {
    for (const query of [{ storeListingId: listing.id }, { q: ravi.name }, { storeListingId: otherListing.id }]) {
      const answer = await list({ ...query, size: 1000 });
      const sum = (pick: (row: OrderListRow) => number) => answer.content.reduce((n, row) => n + pick(row), 0);
      expect(answer.totals).toEqual({
        count: answer.content.length,
        gross: sum((r) => r.amounts.gross),
        discount: sum((r) => r.amounts.discount),
        gst: sum((r) => r.amounts.gst),
        net: sum((r) => r.amounts.net),
        refunded: sum((r) => r.amounts.refunded),
      });
    }
    const ravis = await list({ q: ravi.name });
    expect(ravis.totals.refunded).toBe(200_000 + 899_900);
    expect(ravis.totals.discount).toBe(49_990);
  });
});

describe('the orders list as a file', () => {
  it('gives every matching row as CSV, not a page, with a formula in a name defused', async () => {
    const res = await download({ storeListingId: listing.id, format: 'csv', size: '2' });
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    const [heading, ...rows] = parseCsv(res.body);
    expect(heading).toEqual([
      'Order ID',
      'Placed on (India)',
      'Student',
      'Mobile',
      'E-mail',
      'Listing',
      'Plan',
      'Gross (Rs.)',
      'Discount (Rs.)',
      'GST (Rs.)',
      'Net (Rs.)',
      'Refunded (Rs.)',
      'Coupon',
      'Payment mode',
      'Status',
      'Invoice number',
    ]);
    expect(rows.map((row) => row[0])).toEqual(idsOf((await list({ storeListingId: listing.id })).content));
    const late = rows.find((row) => row[0] === ids.late)!;
    expect(late.slice(1)).toEqual([
      '05-03-2026, 11:50 PM',
      asha.name,
      asha.mobileNumber,
      asha.email,
      listing.name,
      '12 months',
      '8999',
      '0',
      '1372.72',
      '8999',
      '0',
      '',
      'UPI',
      'Paid',
      invoiceOfLate,
    ]);
    const file = await download({ storeListingId: otherListing.id, format: 'csv' });
    const mischievous = parseCsv(file.body).find((row) => row[0] === ids.mischief)!;
    expect(mischievous[2]).toBe(`'${mischief.name}`);
  });

  it('gives every matching row as an XLSX sheet whose texts are never formulas', async () => {
    const res = await download({ storeListingId: otherListing.id, format: 'xlsx' });
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Orders')!;
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(2).getCell(1).value).toBe(ids.mischief);
    const name = sheet.getRow(2).getCell(3);
    expect(name.type).toBe(ExcelJS.ValueType.String);
    expect(name.value).toBe(mischief.name);
    expect(name.formula).toBeUndefined();
    const coupon = sheet.getRow(3);
    expect(coupon.getCell(1).value).toBe(ids.coupon);
    expect(coupon.getCell(9).value).toBe(499.9);
    expect(coupon.getCell(11).value).toBe(4499.1);
    expect(coupon.getCell(13).value).toBe(couponName);
    expect(coupon.getCell(14).value).toBe('Bank transfer');
  });
});
