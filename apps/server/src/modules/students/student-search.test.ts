import crypto from 'node:crypto';
import type { Role, StudentSearchHit, StudentSearchPage } from '@lectern/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCatalogue,
  createOrder,
  createStudent,
  createStudentSubscription,
  type CatalogueFields,
  type StudentFields,
} from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';
import { mobileDigits, nameWords } from './student-search.service';

const DAY = 86_400_000;

/** A word of letters no name of the demo data or of another run holds (the suite's own students carry it). */
const word = (prefix: string) =>
  prefix + Array.from(crypto.randomBytes(6), (b) => String.fromCharCode(97 + (b % 26))).join('');

describe('student search', () => {
  let t: TestContext;
  const tokens = new Map<Role, string>();
  let course: CatalogueFields;
  // the suite's names are made of words nobody else's hold
  const clan = word('Qv');
  const other = word('Zx');
  let prefixed: StudentFields; // '<clan> Rao': the name starts with the text
  let worded: StudentFields; // 'Kiran <clan>': a word of the name starts with it
  let inside: StudentFields; // 'Ravi Ab<clan>': the text is inside a word
  let mailed: StudentFields; // the text is only in the e-mail
  let zoe: StudentFields; // 'Zoë Fernández <other>': accents
  let noEmail: StudentFields;
  let buyer: StudentFields;
  let paidOrderId: string;
  let invoiceNumber: string;

  beforeAll(async () => {
    t = await createTestApp();
    for (const role of ['SUPER_ADMIN', 'FINANCE', 'CONTENT_ADMIN'] as const) tokens.set(role, await t.sessionFor(role));
    course = await createCatalogue(t);
    prefixed = await createStudent(t, { name: `${clan} Rao` });
    worded = await createStudent(t, { name: `Kiran ${clan}` });
    inside = await createStudent(t, { name: `Ravi Ab${clan.toLowerCase()}` });
    mailed = await createStudent(t, { name: 'Meera Pillai', email: `meera.${clan.toLowerCase()}@example.in` });
    zoe = await createStudent(t, { name: `Zoë Fernández ${other}` });
    noEmail = await createStudent(t, { name: `Arjun Nair ${other}`, email: null });
    buyer = await createStudent(t, { name: `Divya Menon ${other}` });
    const older = await createOrder(t, { student: buyer, catalogue: course, paidAt: new Date(Date.now() - 40 * DAY) });
    await createStudentSubscription(t, { student: buyer, catalogue: course, orderId: older.id });
    paidOrderId = older.id;
    const orders = (await finance(`/payments/student/subscription/studentid/${buyer.id}`)).body.data as {
      orderId: string;
      invoice: { invoiceNumber: string } | null;
    }[];
    invoiceNumber = orders.find((o) => o.orderId === paidOrderId)!.invoice!.invoiceNumber;
  });
  afterAll(async () => t?.close());

  const as = (role: Role, path: string) => t.call('GET', `/api${path}`, { token: tokens.get(role), role });
  const finance = (path: string) => as('FINANCE', path);
  const search = async (q: string, extra = '') => {
    const res = await finance(`/students/student/search?q=${encodeURIComponent(q)}${extra}`);
    expect(res.status).toBe(200);
    return res.body.data as StudentSearchPage;
  };
  const ids = (page: StudentSearchPage) => page.content.map((hit) => hit.studentId);
  const hitOf = (page: StudentSearchPage, id: string) => page.content.find((hit) => hit.studentId === id);

  it('finds a name by any part of it, in any case, every word matching', async () => {
    const page = await search(clan.toUpperCase());
    expect(ids(page)).toEqual([prefixed.id, worded.id, mailed.id, inside.id]);
    expect(hitOf(page, prefixed.id)).toMatchObject({ matchedOn: 'NAME', matchedValue: `${clan} Rao`, exact: false });
    expect(hitOf(page, mailed.id)).toMatchObject({ matchedOn: 'EMAIL', matchedValue: mailed.email });

    // several words: each must be in the name, in any order
    expect(ids(await search(`rao ${clan.toLowerCase()}`))).toEqual([prefixed.id]);
    expect(ids(await search(`${clan} Nobody`))).toEqual([]);
  });

  it('ignores accents both ways', async () => {
    expect(ids(await search(`zoe fernandez ${other}`))).toEqual([zoe.id]);
    expect(ids(await search(`ZOË ${other}`))).toEqual([zoe.id]);
    expect(hitOf(await search(`fernández ${other}`), zoe.id)?.matchedValue).toBe(`Zoë Fernández ${other}`);
  });

  it('ranks a name prefix, then a word of the name, then any other part, each by name', async () => {
    const page = await search(clan);
    expect(page.content.map((hit) => hit.name)).toEqual([
      `${clan} Rao`,
      `Kiran ${clan}`,
      'Meera Pillai', // e-mail part and name part share the last rank, by name
      `Ravi Ab${clan.toLowerCase()}`,
    ]);
  });

  it('finds a mobile number by any part of its digits, with or without +91 and spaces', async () => {
    const m = worded.mobileNumber;
    const exact = await search(m);
    expect(exact.content[0]).toMatchObject({ studentId: worded.id, matchedOn: 'MOBILE', matchedValue: m, exact: true });
    for (const typed of [`+91 ${m.slice(0, 5)} ${m.slice(5)}`, `91${m}`, `0${m}`]) {
      expect((await search(typed)).content[0]).toMatchObject({ studentId: worded.id, exact: true });
    }
    const part = await search(m.slice(3, 9));
    expect(hitOf(part, worded.id)).toMatchObject({ matchedOn: 'MOBILE', exact: false });
  });

  it('puts the exact mobile number before an e-mail that merely holds its digits', async () => {
    const holder = await createStudent(t, { name: 'Lata Iyer', email: `${worded.mobileNumber}.lata@example.in` });
    const page = await search(worded.mobileNumber);
    expect(ids(page)).toEqual([worded.id, holder.id]);
    expect(page.content[1]).toMatchObject({ matchedOn: 'EMAIL', exact: false });
  });

  it('finds an e-mail by any part, in any case; the whole address is an exact match', async () => {
    const email = mailed.email!;
    expect(hitOf(await search(email.toUpperCase()), mailed.id)).toMatchObject({ matchedOn: 'EMAIL', exact: true });
    expect(hitOf(await search(`MEERA.${clan}`), mailed.id)).toMatchObject({ matchedOn: 'EMAIL', exact: false });
  });

  it('finds an order id and an invoice number exactly, in any case, never a part of them', async () => {
    const byOrder = await search(paidOrderId.toUpperCase());
    expect(byOrder.content).toHaveLength(1);
    expect(byOrder.content[0]).toMatchObject({
      studentId: buyer.id,
      matchedOn: 'ORDER_ID',
      matchedValue: paidOrderId,
      exact: true,
    });
    const byInvoice = await search(invoiceNumber.toLowerCase());
    expect(byInvoice.content).toHaveLength(1);
    expect(byInvoice.content[0]).toMatchObject({
      studentId: buyer.id,
      matchedOn: 'INVOICE_NUMBER',
      matchedValue: invoiceNumber,
      exact: true,
    });
    expect((await search(paidOrderId.slice(0, -2))).content.some((h) => h.studentId === buyer.id)).toBe(false);
    expect((await search(invoiceNumber.slice(0, -1))).content.some((h) => h.matchedOn === 'INVOICE_NUMBER')).toBe(
      false,
    );
  });

  it("tells the student's running plans and newest order apart from the rest", async () => {
    const newer = await createOrder(t, { student: buyer, catalogue: course, status: 'FAILED' });
    const hit = hitOf(await search(`divya ${other}`), buyer.id) as StudentSearchHit;
    expect(hit.activePlans).toBe(1);
    expect(hit.latestOrder).toMatchObject({ orderId: newer.id, paymentStatus: 'FAILED', invoiceNumber: null });
    const none = hitOf(await search(`zoe ${other}`), zoe.id) as StudentSearchHit;
    expect(none).toMatchObject({ activePlans: 0, latestOrder: null });
  });

  it('answers a student without an e-mail', async () => {
    const page = await search(`arjun nair ${other}`);
    expect(page.content).toEqual([
      expect.objectContaining({ studentId: noEmail.id, email: null, matchedOn: 'NAME', matchedValue: noEmail.name }),
    ]);
  });

  it('pages from 0 with the total, in a stable order', async () => {
    const family = word('Pg');
    for (const first of ['Asha', 'Bala', 'Chitra', 'Deepa', 'Esha'])
      await createStudent(t, { name: `${first} ${family}` });
    const pages = [
      await search(family, '&page=0&size=2'),
      await search(family, '&page=1&size=2'),
      await search(family, '&page=2&size=2'),
    ];
    expect(pages.map((p) => p.content.map((h) => h.name.split(' ')[0]))).toEqual([
      ['Asha', 'Bala'],
      ['Chitra', 'Deepa'],
      ['Esha'],
    ]);
    expect(pages[0]).toMatchObject({ page: 0, size: 2, totalElements: 5, totalPages: 3 });
    expect((await search(family, '&page=3&size=2')).content).toEqual([]);
  });

  it('refuses a text shorter than 2 characters with a clear 400', async () => {
    for (const q of ['a', '  b  ', '']) {
      const res = await finance(`/students/student/search?q=${encodeURIComponent(q)}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toContain('type at least 2 characters');
    }
    expect((await finance('/students/student/search')).status).toBe(400);
  });

  it('takes % and _ as themselves, not as wildcards', async () => {
    expect((await search('%%')).totalElements).toBe(0);
    expect((await search('__')).totalElements).toBe(0);
  });

  it('is for commerce staff only', async () => {
    expect((await as('SUPER_ADMIN', `/students/student/search?q=${clan}`)).status).toBe(200);
    expect((await as('CONTENT_ADMIN', `/students/student/search?q=${clan}`)).status).toBe(403);
    expect((await as('CONTENT_ADMIN', '/students/student/recent')).status).toBe(403);
  });

  it('shows the newest students and the newest orders before anything is typed', async () => {
    const later = new Date(Date.now() + 2 * DAY);
    const newcomer = await createStudent(t, { name: `Farah ${other}`, createdAt: later });
    const order = await createOrder(t, { student: newcomer, catalogue: course, paidAt: later });
    const res = await finance('/students/student/recent');
    expect(res.status).toBe(200);
    const { students, orders } = res.body.data as {
      students: { studentId: string; name: string }[];
      orders: { orderId: string; studentId: string; studentName: string; invoiceNumber: string | null }[];
    };
    expect(students).toHaveLength(10);
    expect(students[0]).toMatchObject({ studentId: newcomer.id, name: `Farah ${other}` });
    expect(orders).toHaveLength(10);
    expect(orders[0]).toMatchObject({ orderId: order.id, studentId: newcomer.id, studentName: `Farah ${other}` });
    expect(orders[0]!.invoiceNumber).toMatch(/\//);
  });
});

describe('search text', () => {
  it('reads a mobile number typed any way, and nothing else as one', () => {
    expect(mobileDigits('+91 98765 43210')).toBe('9876543210');
    expect(mobileDigits('919876543210')).toBe('9876543210');
    expect(mobileDigits('09876543210')).toBe('9876543210');
    expect(mobileDigits('98765-432')).toBe('98765432');
    expect(mobileDigits('9198')).toBe('9198');
    expect(mobileDigits('LEC/2627/000042')).toBeNull();
    expect(mobileDigits('ananya')).toBeNull();
  });

  it('splits a name into at most five words', () => {
    expect(nameWords('  Ananya   Sharma ')).toEqual(['Ananya', 'Sharma']);
    expect(nameWords('a b c d e f g')).toHaveLength(5);
  });
});
