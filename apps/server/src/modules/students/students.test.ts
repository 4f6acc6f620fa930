import { indianDate, isValidGstin, type Role } from '@lectern/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import {
  createCatalogue,
  createOrder,
  createStudent,
  createStudentSubscription,
  type CatalogueFields,
  type StudentFields,
} from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';
import { EmailVerificationService } from './email-verification.service';
import { StudentsRepository } from './students.repository';
import { issueInvoice } from './students.service';

const DAY = 86_400_000;
const addDays = (iso: string, days: number) => new Date(Date.parse(iso) + days * DAY).toISOString().slice(0, 10);

describe('students API', () => {
  let t: TestContext;
  const tokens = new Map<Role, string>();
  // The suite's own rows: Ananya Sharma (Karnataka, an unverified e-mail) who bought a plan this month
  // and one that ran out last year, and three other students.
  let ananya: StudentFields;
  let other: StudentFields;
  let unverified: StudentFields;
  let mailable: StudentFields;
  let quant: CatalogueFields;
  let archivedCourse: CatalogueFields;
  let failedOrderId: string;
  beforeAll(async () => {
    t = await createTestApp();
    for (const role of ['SUPER_ADMIN', 'FINANCE', 'CONTENT_ADMIN'] as const) tokens.set(role, await t.sessionFor(role));
    ananya = await createStudent(t, { name: 'Ananya Sharma' });
    other = await createStudent(t);
    unverified = await createStudent(t);
    mailable = await createStudent(t);
    const course = await createCatalogue(t);
    quant = await createCatalogue(t, {
      name: 'CAT 2026 Quantitative Aptitude',
      plans: [{ label: '6 months', months: 6, price: 599_900 }],
    });
    archivedCourse = await createCatalogue(t, { name: 'SSC CGL 2025 Complete Course', archived: true });
    for (const days of [380, 20]) {
      const paidAt = new Date(Date.now() - days * DAY);
      const order = await createOrder(t, { student: ananya, catalogue: course, paidAt });
      const startDate = paidAt.toISOString().slice(0, 10);
      await createStudentSubscription(t, { student: ananya, catalogue: course, startDate, orderId: order.id });
    }
    failedOrderId = (await createOrder(t, { student: other, catalogue: course, status: 'FAILED' })).id;
  });
  afterAll(async () => t?.close());

  const as = (role: Role, method: string, path: string, body?: unknown) =>
    t.call(method, `/api${path}`, { token: tokens.get(role), role, body });
  const finance = (method: string, path: string, body?: unknown) => as('FINANCE', method, path, body);
  const subscriptionsOf = async (studentId: string) =>
    (await finance('GET', `/students/subscription/studentid/${studentId}`)).body.data as Record<string, unknown>[];

  it('finds a student by mobile number, and says so plainly when none has it', async () => {
    const res = await finance('GET', `/students/student/info?mobileNumber=${ananya.mobileNumber}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      studentId: ananya.id,
      name: 'Ananya Sharma',
      emailVerified: false,
      addresses: [{ type: 'HOME', preferredAddress: true }],
    });
    const none = await finance('GET', '/students/student/info?mobileNumber=9000012345');
    expect(none.status).toBe(404);
    expect(none.body.message).toBe('No student found for 9000012345.');
    const bad = await finance('GET', '/students/student/info?mobileNumber=12ab');
    expect(bad.status).toBe(400);
  });

  it("lists a student's subscriptions with their states, and students by ids in the order asked", async () => {
    const subs = await subscriptionsOf(ananya.id);
    expect(subs.map((s) => s.status)).toEqual(['ACTIVE', 'EXPIRED']);
    const many = await finance('POST', '/students/student/byStudentIds', {
      studentIds: [other.id, 'nobody', ananya.id],
    });
    expect(many.body.data.map((s: { studentId: string }) => s.studentId)).toEqual([other.id, ananya.id]);
  });

  it('extends, then refuses an earlier end date; cancels, then refuses to cancel or extend again', async () => {
    const [active] = await subscriptionsOf(ananya.id);
    const later = addDays(String(active!.endDate), 45);
    const extended = await finance('POST', '/students/subscription/update', {
      action: 'EXTEND',
      studentSubscriptionId: active!.studentSubscriptionId,
      version: active!.version,
      endDate: later,
      reason: 'Hospitalised for three weeks',
    });
    expect(extended.status, extended.body.message).toBe(200);
    expect(extended.body.data).toMatchObject({ endDate: later, extended: true, status: 'ACTIVE', version: 1 });
    expect(extended.body.message).toMatch(/^Ananya Sharma's '.+' now ends on \d{2}-\d{2}-\d{4}\.$/);
    const earlier = await finance('POST', '/students/subscription/update', {
      action: 'EXTEND',
      studentSubscriptionId: active!.studentSubscriptionId,
      version: 1,
      endDate: addDays(later, -1),
      reason: 'x',
    });
    expect(earlier.status).toBe(409);
    expect(earlier.body.message).toMatch(/^The new end date \(.+\) must be after the current end date \(.+\)\.$/);
    const stale = await finance('POST', '/students/subscription/update', {
      action: 'CANCEL',
      studentSubscriptionId: active!.studentSubscriptionId,
      version: 0,
      reason: 'x',
    });
    expect(stale.status).toBe(409);
    const cancelled = await finance('POST', '/students/subscription/update', {
      action: 'CANCEL',
      studentSubscriptionId: active!.studentSubscriptionId,
      version: 1,
      reason: 'Asked to cancel on the phone',
    });
    expect(cancelled.body.data).toMatchObject({ status: 'CANCELLED', cancelReason: 'Asked to cancel on the phone' });
    for (const body of [
      { action: 'CANCEL', reason: 'again' },
      { action: 'EXTEND', endDate: addDays(later, 30), reason: 'again' },
    ]) {
      const res = await finance('POST', '/students/subscription/update', {
        ...body,
        studentSubscriptionId: active!.studentSubscriptionId,
        version: 2,
      });
      expect(res.status).toBe(409);
      expect(res.body.message).toMatch(
        /^Ananya Sharma's '.+' is (already cancelled|cancelled and cannot be extended)\.$/,
      );
    }
    const activity = await t.database.query<{ action: string; summary: string }>(
      'SELECT action, summary FROM activity_log WHERE entity_id = $1 ORDER BY created_at',
      [active!.studentSubscriptionId],
    );
    expect(activity.map((a) => a.action)).toEqual(['student.subscription.extend', 'student.subscription.cancel']);
    expect(activity[0]?.summary).toMatch(/^Vikram Sethi: .+ Reason: Hospitalised for three weeks$/);
  });

  it('grants a plan without payment with a reason; refuses a plan of an archived catalogue', async () => {
    const granted = await finance('POST', '/students/subscription/update', {
      action: 'GRANT',
      studentId: other.id,
      subscriptionId: quant.plans[0]!.id,
      reason: 'Compensation for the outage on 3 November',
    });
    expect(granted.status, granted.body.message).toBe(200);
    expect(granted.body.data).toMatchObject({
      catalogueName: quant.name,
      subscriptionLabel: '6 months',
      startDate: indianDate(),
      status: 'ACTIVE',
      sourceOrderId: null,
      grantReason: 'Compensation for the outage on 3 November',
    });
    const archived = await finance('POST', '/students/subscription/update', {
      action: 'GRANT',
      studentId: other.id,
      subscriptionId: archivedCourse.plans[0]!.id,
      reason: 'x',
    });
    expect(archived.status).toBe(409);
    expect(archived.body.message).toBe(`'${archivedCourse.name}' is archived: its plans cannot be granted.`);
    const noReason = await finance('POST', '/students/subscription/update', {
      action: 'GRANT',
      studentId: other.id,
      subscriptionId: quant.plans[0]!.id,
      reason: ' ',
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toMatch(/a reason is required/);
  });

  it("lists a student's orders with invoices, and answers the GST invoice of one", async () => {
    const orders = (await finance('GET', `/payments/student/subscription/studentid/${ananya.id}`)).body.data;
    expect(orders).toHaveLength(2);
    const [newest] = orders;
    expect(newest).toMatchObject({
      paymentStatus: 'PAID',
      invoice: { invoiceNumber: expect.stringMatching(/^LEC\/\d{4}\/\d{6}$/) },
    });
    const res = await finance('GET', `/payments/invoice/orderid/${newest.orderId}`);
    expect(res.status).toBe(200);
    const invoice = res.body.data;
    // Ananya lives in Karnataka (29), where the supplier is registered: CGST + SGST
    expect(invoice).toMatchObject({
      supplier: { gstin: '29AAACL1234F1ZV', stateCode: '29' },
      buyer: { name: 'Ananya Sharma', mobileNumber: ananya.mobileNumber },
      placeOfSupply: { stateCode: '29', stateName: 'Karnataka' },
      supplyType: 'INTRA_STATE',
      lines: [{ sacCode: '999293', cgstPercent: 9, sgstPercent: 9, igstPercent: 0 }],
    });
    expect(isValidGstin(invoice.supplier.gstin)).toBe(true);
    expect(invoice.totals.taxableValue + invoice.totals.totalTax).toBe(newest.total);
    expect(invoice.amountInWords).toMatch(/^Rupees .+ Only$/);
    const pdfPath = `/api/payments/invoice/orderid/${newest.orderId}`;
    const pdf = await t.app.inject({
      method: 'GET',
      url: `${pdfPath}?format=pdf`,
      headers: {
        'x-signature': await t.signer('GET', pdfPath),
        authorization: tokens.get('FINANCE')!,
        'x-user-info': 'FINANCE',
      },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(
      `inline; filename="invoice-${invoice.invoiceNumber.replaceAll('/', '-')}.pdf"`,
    );
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const none = await finance('GET', `/payments/invoice/orderid/${failedOrderId}`);
    expect(none.status).toBe(404);
    expect(none.body.message).toBe(`No invoice has been issued for order ${failedOrderId}: it is failed.`);
  });

  it('marks an e-mail verified once, recorded with who and why', async () => {
    const res = await finance(
      'GET',
      `/users/user/autoverify/email_otp?studentId=${ananya.id}&reason=Confirmed%20on%20the%20phone`,
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      emailVerified: true,
      emailVerification: { by: 'Vikram Sethi', method: 'STAFF', reason: 'Confirmed on the phone' },
    });
    expect(res.body.message).toMatch(/^Ananya Sharma's e-mail .+ is now verified\.$/);
    const again = await finance('GET', `/users/user/autoverify/email_otp?studentId=${ananya.id}`);
    expect(again.body.message).toMatch(/was already verified\.$/);
    const [row] = await t.database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM activity_log WHERE entity_id = $1 AND action = 'student.email.verify'",
      [ananya.id],
    );
    expect(row?.n).toBe(1);
  });

  it('mails a verification link; the link verifies the address once, and a forged one does not', async () => {
    const student = (await finance('GET', `/students/student/info?mobileNumber=${unverified.mobileNumber}`)).body.data;
    expect(student).toMatchObject({ studentId: unverified.id, emailVerified: false });
    const sent = await finance('POST', `/students/student/verify-email/${unverified.id}`);
    expect(sent.status, sent.body.message).toBe(200);
    expect(sent.body.message).toBe(`A verification link was sent to ${student.email}.`);
    const outbox = await t.call('GET', `/api/dev/mail-outbox?to=${encodeURIComponent(student.email)}`);
    const [mail] = outbox.body.data;
    expect(mail.subject).toBe('Verify your e-mail address');
    const link = /http:\/\/\S+\/api(\/students\/student\/confirm-email\?token=\S+)/.exec(mail.text);
    expect(link).not.toBeNull();
    const forged = await t.call('GET', `/api${link![1]!.slice(0, -3)}abc`, { signature: false });
    expect(forged.status).toBe(400);
    expect(forged.body.message).toBe('This verification link is not valid or has expired. Ask for a new one.');
    const opened = await t.app.inject({ method: 'GET', url: `/api${link![1]}` });
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toMatch(/^text\/html/);
    expect(opened.body).toContain('is verified');
    const after = (await finance('GET', `/students/student/info?mobileNumber=${unverified.mobileNumber}`)).body.data;
    expect(after).toMatchObject({ emailVerified: true, emailVerification: { method: 'LINK', by: student.name } });
    const again = await finance('POST', `/students/student/verify-email/${unverified.id}`);
    expect(again.status).toBe(409);
  });

  it('reports a failed send to the caller instead of dropping it', async () => {
    const service = new EmailVerificationService(t.database.db, new StudentsRepository(t.database.db));
    const mailer = { kind: 'broken', send: async () => Promise.reject(new Error('550 mailbox unavailable')) };
    const actor = { userId: 'x', name: 'Vikram Sethi', roles: ['FINANCE' as const] };
    await expect(
      service.sendVerification(actor, mailable.id, { mailer, secret: 's', publicUrl: 'http://localhost' }),
    ).rejects.toMatchObject({
      statusCode: 502,
      message: expect.stringMatching(/could not be sent: 550 mailbox unavailable$/),
    });
  });

  it('is for SUPER_ADMIN and FINANCE only', async () => {
    expect((await as('SUPER_ADMIN', 'GET', `/students/subscription/studentid/${ananya.id}`)).status).toBe(200);
    const refused = await as('CONTENT_ADMIN', 'GET', `/students/student/info?mobileNumber=${ananya.mobileNumber}`);
    expect(refused.status).toBe(403);
  });

  it('numbers invoices consecutively, and a rolled-back issue gives its number back', async () => {
    const repo = new StudentsRepository(t.database.db);
    const settings = loadConfig({ NODE_ENV: 'test' }).invoicing;
    const student = (await repo.byId(ananya.id))!;
    const paidAt = new Date('2031-06-01T06:00:00Z');
    const order = (id: string) => ({
      id,
      items: [
        {
          description: 'Test plan',
          catalogueId: null,
          subscriptionId: null,
          addOnId: null,
          quantity: 1,
          unitPrice: 11_800,
        },
      ],
      discount: 0,
      paidAt,
    });
    const insertOrder = (id: string) =>
      t.database.query(
        `INSERT INTO orders (id, student_id, items, total, payment_status, paid_at) VALUES ($1, $2, '[]', 11800, 'PAID', $3)`,
        [id, ananya.id, paidAt],
      );
    await insertOrder('o-seq-1');
    await insertOrder('o-seq-2');
    const first = await t.database.db.transaction((tx) =>
      issueInvoice(tx, repo, settings, order('o-seq-1') as never, student),
    );
    await expect(
      t.database.db.transaction(async (tx) => {
        await issueInvoice(tx, repo, settings, order('o-seq-2') as never, student);
        throw new Error('payment reversed');
      }),
    ).rejects.toThrow('payment reversed');
    const second = await t.database.db.transaction((tx) =>
      issueInvoice(tx, repo, settings, order('o-seq-2') as never, student),
    );
    expect([first.invoiceNumber, second.invoiceNumber]).toEqual(['LEC/3132/000001', 'LEC/3132/000002']);
    expect(first.totals).toMatchObject({ taxableValue: 10_000, cgst: 900, sgst: 900, total: 11_800 });
  });
});
