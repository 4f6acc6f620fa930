import crypto from 'node:crypto';
import {
  hasPermission,
  GST_STATES,
  MESSAGES,
  amountInWords,
  computeInvoice,
  fillMessage,
  financialYear,
  formatDate,
  formatInvoiceSerial,
  indianDate,
  paise,
  type Invoice,
  type Order,
  type Student,
  type StudentAddress,
  type StudentSubscription,
  type SubscriptionUpdateBodySchema,
} from '@lectern/contract';
import type { z } from 'zod';
import type { InvoicingConfig } from '../../config';
import type { Db } from '../../db/client';
import { recordActivity } from '../../lib/activity.repository';
import { changeAggregate, recordChange, type Aggregate } from '../../lib/aggregate';
import { AppError } from '../../lib/app-error';
import type { Actor, Viewer } from '../../lib/routing';
import type { Mailer } from '../../mail/mailer';
import { readVerification, signVerification } from './email-verification';
import type { OrderWithInvoice, StudentRow, StudentSubscriptionRow, StudentsRepository } from './students.repository';

type SubscriptionUpdate = z.output<typeof SubscriptionUpdateBodySchema>;
type OrderItem = Order['items'][number];

const missingStudent = () => AppError.of(404, 'notFound', { what: 'that student' });
const missingSubscription = () => AppError.of(404, 'notFound', { what: 'that subscription' });
/** The last day of a plan of `months` months starting on `start` (YYYY-MM-DD): the day before the same date `months` later. */
export function endOfMonths(start: string, months: number): string {
  const [y, m, d] = start.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  const end = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth(), Math.min(d, lastDay)));
  end.setUTCDate(end.getUTCDate() - 1);
  return end.toISOString().slice(0, 10);
}

/** DD-MM-YYYY, as the spec's tables show dates. */
const ddmmyyyy = (iso: string) => formatDate(iso);

export function toStudent(row: StudentRow): Student {
  return {
    studentId: row.id,
    name: row.name,
    mobileNumber: row.mobileNumber,
    email: row.email,
    emailVerified: row.emailVerified,
    emailVerification: (row.emailVerification as Student['emailVerification']) ?? null,
    stateCode: row.stateCode,
    gstin: row.gstin,
    addresses: (row.addresses as StudentAddress[]) ?? [],
    createdAt: row.createdAt.toISOString(),
  };
}

function toSubscription(row: StudentSubscriptionRow, today: string): StudentSubscription {
  return {
    studentSubscriptionId: row.id,
    studentId: row.studentId,
    catalogueId: row.catalogueId,
    catalogueName: row.catalogueName,
    subscriptionId: row.subscriptionId,
    subscriptionLabel: row.label,
    startDate: row.startDate,
    endDate: row.endDate,
    status: row.cancelled ? 'CANCELLED' : row.endDate < today ? 'EXPIRED' : 'ACTIVE',
    extended: row.endDate > row.originalEndDate,
    originalEndDate: row.originalEndDate,
    sourceOrderId: row.sourceOrderId,
    grantReason: row.grantReason,
    cancelReason: row.cancelReason,
    version: row.version,
  };
}

function toOrder({ order: row, invoice }: OrderWithInvoice): Order {
  return {
    orderId: row.id,
    studentId: row.studentId,
    items: (row.items as OrderItem[]) ?? [],
    couponCode: row.couponCode,
    discount: paise(row.discount),
    total: paise(row.total),
    paymentStatus: (row.paymentStatus as Order['paymentStatus']) ?? 'PENDING',
    paymentMethod: (row.paymentMethod as Order['paymentMethod']) ?? null,
    gatewayReference: row.gatewayReference,
    paidAt: row.paidAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    invoice: invoice
      ? {
          invoiceId: invoice.id,
          invoiceNumber: invoice.invoiceNumber,
          invoiceDate: invoice.invoiceDate,
          total: paise(invoice.total),
          credited: paise(invoice.credited),
        }
      : null,
  };
}

const addressLine = (a: StudentAddress | undefined) =>
  a ? [a.addressLine1, a.addressLine2, a.landMark, a.city, `${a.state} ${a.pin}`].filter(Boolean).join(', ') : '';

/** A paid order as an invoice needs it. */
export interface PaidOrder {
  id: string;
  items: OrderItem[];
  discount: number;
  paidAt: Date;
}

/** The GST tax invoice of a paid order (Rule 46), numbered `sequence` in its financial year. */
export function buildInvoice(
  settings: InvoicingConfig,
  order: PaidOrder,
  student: StudentRow,
  sequence: number,
): Invoice {
  const year = financialYear(order.paidAt);
  const computed = computeInvoice({
    lines: order.items.map((item) => ({
      description: item.description,
      sacCode: settings.sacCode,
      quantity: item.quantity,
      unitPrice: item.unitPrice,
    })),
    discount: paise(order.discount),
    gstPercent: settings.gstPercent,
    supplierStateCode: settings.supplierStateCode,
    placeOfSupplyStateCode: student.stateCode,
  });
  const addresses = (student.addresses as StudentAddress[]) ?? [];
  const preferred = addresses.find((a) => a.preferredAddress) ?? addresses[0];
  return {
    invoiceId: crypto.randomUUID(),
    invoiceNumber: formatInvoiceSerial(settings.invoicePrefix, year, sequence),
    invoiceDate: indianDate(order.paidAt),
    financialYear: year,
    orderId: order.id,
    supplier: {
      name: settings.supplierName,
      address: settings.supplierAddress,
      stateCode: settings.supplierStateCode,
      stateName: GST_STATES[settings.supplierStateCode] ?? '',
      gstin: settings.supplierGstin,
    },
    buyer: {
      name: student.name,
      address: addressLine(preferred),
      stateCode: student.stateCode,
      stateName: GST_STATES[student.stateCode] ?? '',
      gstin: student.gstin,
      mobileNumber: student.mobileNumber,
      email: student.email,
    },
    placeOfSupply: { stateCode: student.stateCode, stateName: GST_STATES[student.stateCode] ?? '' },
    supplyType: computed.supplyType,
    stateTaxName: computed.stateTaxName,
    gstPercent: computed.gstPercent,
    lines: computed.lines,
    totals: computed.totals,
    amountInWords: amountInWords(computed.totals.total),
    creditNotes: [],
  };
}

/** The row that stores an issued invoice. */
export function invoiceRow(invoice: Invoice, sequence: number) {
  return {
    id: invoice.invoiceId,
    orderId: invoice.orderId,
    invoiceNumber: invoice.invoiceNumber,
    financialYear: invoice.financialYear,
    sequence,
    invoiceDate: invoice.invoiceDate,
    total: invoice.totals.total as number,
    document: invoice,
  };
}

/**
 * Issues a paid order's invoice: the serial is the next of its financial year, taken in the same
 * transaction, so a rolled-back issue leaves no gap; the document is stored whole and never edited
 * (refunds are credit notes against it).
 */
export async function issueInvoice(
  tx: Db,
  repo: StudentsRepository,
  settings: InvoicingConfig,
  order: PaidOrder,
  student: StudentRow,
): Promise<Invoice> {
  const sequence = await repo.nextInvoiceSequence(tx, financialYear(order.paidAt));
  const invoice = buildInvoice(settings, order, student, sequence);
  await repo.insertInvoice(tx, invoiceRow(invoice, sequence));
  return invoice;
}

/** Student lookup, subscriptions, orders and invoices, and the staff changes to them (spec 2 §7). */
export class StudentsService {
  private readonly subscriptions: Aggregate<StudentSubscriptionRow>;

  constructor(
    private readonly db: Db,
    private readonly repo: StudentsRepository,
  ) {
    this.subscriptions = {
      entity: 'subscription',
      lock: (tx, id) => repo.lockSubscription(tx, id),
      bumpVersion: (tx, id) => repo.bumpSubscriptionVersion(tx, id),
      missing: missingSubscription,
    };
  }

  async byMobile(mobileNumber: string): Promise<Student> {
    const row = await this.repo.byMobile(mobileNumber);
    if (!row) throw AppError.of(404, 'studentNotFound', { mobileNumber });
    return toStudent(row);
  }

  private async student(studentId: string, tx?: Db): Promise<StudentRow> {
    const row = await this.repo.byId(studentId, tx);
    if (!row) throw missingStudent();
    return row;
  }

  /**
   * Students by id, in the order asked, unknown ids left out. Batch staff outside commerce (a content
   * admin) read students through their batches: those in no batch are left out like unknown ids.
   */
  async byIds(viewer: Viewer, ids: string[]): Promise<Student[]> {
    const inBatchOnly = !hasPermission(viewer.roles, 'commerce');
    const rows = new Map((await this.repo.byIds(ids, inBatchOnly)).map((r) => [r.id, r]));
    return ids.flatMap((id) => {
      const row = rows.get(id);
      return row ? [toStudent(row)] : [];
    });
  }

  async subscriptionsOf(studentId: string): Promise<StudentSubscription[]> {
    await this.student(studentId);
    const today = indianDate();
    return (await this.repo.subscriptionsOf(studentId)).map((r) => toSubscription(r, today));
  }

  async ordersOf(studentId: string): Promise<Order[]> {
    const rows = await this.repo.ordersOf(studentId);
    // no orders: a student with none, or no such student
    if (rows.length === 0) await this.student(studentId);
    return rows.map(toOrder);
  }

  /** The invoice of an order as issued, with the credit notes issued against it since. */
  async invoice(orderId: string): Promise<Invoice> {
    const order = await this.repo.orderById(orderId);
    if (!order) throw AppError.of(404, 'notFound', { what: 'that order' });
    const row = await this.repo.invoiceOfOrder(orderId);
    if (!row) throw AppError.of(404, 'invoiceNotIssued', { orderId, status: order.paymentStatus.toLowerCase() });
    const credits = await this.repo.creditNotesOf([row.id]);
    const document = row.document as Invoice;
    return {
      ...document,
      creditNotes: credits.map((c) => ({
        creditNoteNumber: c.creditNoteNumber,
        date: indianDate(c.createdAt),
        amount: paise(c.amount),
        reason: c.reason,
      })),
    };
  }

  /** Grants, extends or cancels a student's subscription; each recorded with who and why. */
  async updateSubscription(
    actor: Actor,
    input: SubscriptionUpdate,
  ): Promise<{ subscription: StudentSubscription; message: string }> {
    const today = indianDate();
    if (input.action === 'GRANT') return this.grant(actor, input, today);
    let message = '';
    const { studentSubscriptionId: id } = input;
    await changeAggregate(
      this.db,
      this.subscriptions,
      { actor, id, version: input.version },
      {
        check: async (tx, row) => {
          const student = await this.student(row.studentId, tx);
          const names = { studentName: student.name, subscriptionLabel: row.label };
          if (input.action === 'CANCEL' && row.cancelled) throw AppError.of(409, 'subscriptionAlreadyCancelled', names);
          if (input.action === 'EXTEND') {
            if (row.cancelled) throw AppError.of(409, 'subscriptionCancelledNoExtend', names);
            if (input.endDate <= row.endDate) {
              throw AppError.of(409, 'subscriptionExtendNotLater', {
                endDate: ddmmyyyy(input.endDate),
                currentEndDate: ddmmyyyy(row.endDate),
              });
            }
          }
          message =
            input.action === 'EXTEND'
              ? fillMessage(MESSAGES.subscriptionExtended, { ...names, endDate: ddmmyyyy(input.endDate) })
              : fillMessage(MESSAGES.subscriptionCancelled, names);
        },
        apply: async ({ tx, row }) => {
          const changes =
            input.action === 'EXTEND' ? { endDate: input.endDate } : { cancelled: true, cancelReason: input.reason };
          await this.repo.updateSubscription(tx, id, changes);
          return {
            activity: {
              action: `student.subscription.${input.action.toLowerCase()}`,
              entityType: 'studentSubscription',
              entityId: id,
              before: { endDate: row.endDate, cancelled: row.cancelled },
              after: { ...changes, reason: input.reason },
              summary: `${actor.name}: ${message} Reason: ${input.reason}`,
            },
          };
        },
      },
    );
    const saved = await this.repo.subscriptionById(id);
    if (!saved) throw missingSubscription();
    return { subscription: toSubscription(saved, today), message };
  }

  private async grant(
    actor: Actor,
    input: Extract<SubscriptionUpdate, { action: 'GRANT' }>,
    today: string,
  ): Promise<{ subscription: StudentSubscription; message: string }> {
    const student = await this.student(input.studentId);
    const plan = await this.repo.plan(input.subscriptionId);
    if (!plan) throw AppError.of(404, 'notFound', { what: 'that subscription plan' });
    if (plan.archived) throw AppError.of(409, 'subscriptionArchivedCatalogue', { catalogueName: plan.catalogueName });
    const start = input.startDate ?? today;
    const end =
      plan.subscriptionType === 'FIXED' && plan.endDate ? plan.endDate : endOfMonths(start, plan.numberOfMonths ?? 1);
    if (end < start || end < today) {
      throw AppError.of(409, 'subscriptionPlanEnded', {
        subscriptionLabel: plan.label,
        catalogueName: plan.catalogueName,
        endDate: ddmmyyyy(end),
      });
    }
    const id = crypto.randomUUID();
    const message = fillMessage(MESSAGES.subscriptionGranted, {
      subscriptionLabel: plan.label,
      catalogueName: plan.catalogueName,
      studentName: student.name,
      endDate: ddmmyyyy(end),
    });
    await recordChange(this.db, actor, {
      apply: async (tx) => {
        await this.repo.insertSubscription(tx, {
          id,
          studentId: student.id,
          catalogueId: plan.catalogueId,
          subscriptionId: plan.id,
          label: plan.label,
          startDate: start,
          endDate: end,
          originalEndDate: end,
          grantReason: input.reason,
        });
        return {
          activity: {
            action: 'student.subscription.grant',
            entityType: 'studentSubscription',
            entityId: id,
            after: {
              studentId: student.id,
              subscriptionId: plan.id,
              startDate: start,
              endDate: end,
              reason: input.reason,
            },
            summary: `${actor.name}: ${message} Reason: ${input.reason}`,
          },
        };
      },
    });
    const saved = await this.repo.subscriptionById(id);
    if (!saved) throw missingSubscription();
    return { subscription: toSubscription(saved, today), message };
  }

  /** Staff mark the e-mail verified (the spec's "verify student e-mail"), recorded with who and why. */
  async verifyEmail(
    actor: Actor,
    studentId: string,
    reason: string | undefined,
  ): Promise<{ student: Student; message: string }> {
    let message = '';
    await recordChange(this.db, actor, {
      apply: async (tx) => {
        const row = await this.repo.lockStudent(tx, studentId);
        if (!row) throw missingStudent();
        if (!row.email) throw AppError.of(409, 'emailMissing', { studentName: row.name });
        const names = { studentName: row.name, email: row.email };
        if (row.emailVerified) {
          message = fillMessage(MESSAGES.emailAlreadyVerified, names);
          return { activity: [] };
        }
        const verification = { at: new Date().toISOString(), by: actor.name, method: 'STAFF', reason: reason ?? null };
        await this.repo.setEmailVerification(tx, studentId, verification);
        message = fillMessage(MESSAGES.emailVerified, names);
        return {
          activity: {
            action: 'student.email.verify',
            entityType: 'student',
            entityId: studentId,
            after: verification,
            summary: `${actor.name} verified ${row.name}'s e-mail ${row.email}${reason ? `: ${reason}` : ''}`,
          },
        };
      },
    });
    return { student: toStudent(await this.student(studentId)), message };
  }

  /** E-mails the student a signed link that verifies their address; a failed send is the caller's error, never dropped. */
  async sendVerification(
    actor: Actor,
    studentId: string,
    mail: { mailer: Mailer; secret: string; publicUrl: string },
  ): Promise<{ studentId: string; email: string; message: string }> {
    const student = await this.student(studentId);
    if (!student.email) throw AppError.of(409, 'emailMissing', { studentName: student.name });
    const names = { studentName: student.name, email: student.email };
    if (student.emailVerified) throw AppError.of(409, 'emailAlreadyVerified', names);
    const token = signVerification(mail.secret, student.id, student.email);
    const link = `${mail.publicUrl}/api/students/student/confirm-email?token=${encodeURIComponent(token)}`;
    try {
      await mail.mailer.send({
        to: student.email,
        subject: 'Verify your e-mail address',
        text: `Dear ${student.name},\n\nPlease verify your e-mail address by opening this link within 7 days:\n${link}\n\nIf you did not ask for this, ignore this e-mail.\n\nLectern Learning`,
      });
    } catch (error) {
      throw AppError.of(502, 'verificationNotSent', {
        email: student.email,
        reason: error instanceof Error ? error.message : String(error),
      });
    }
    await recordChange(this.db, actor, {
      apply: async () => ({
        activity: {
          action: 'student.email.link',
          entityType: 'student',
          entityId: student.id,
          summary: `${actor.name} sent ${student.name} a verification link to ${student.email}`,
        },
      }),
    });
    return { studentId: student.id, email: student.email, message: fillMessage(MESSAGES.verificationSent, names) };
  }

  /** The verification link: marks the address verified by the student, when the token is good and the address unchanged. */
  async confirmEmail(secret: string, token: string): Promise<{ studentId: string; message: string }> {
    const claims = readVerification(secret, token);
    if (!claims) throw AppError.of(400, 'verificationLinkInvalid');
    let message = '';
    await this.db.transaction(async (tx) => {
      const row = await this.repo.lockStudent(tx, claims.studentId);
      if (!row || row.email !== claims.email) throw AppError.of(400, 'verificationLinkInvalid');
      message = fillMessage(MESSAGES.verificationLinkDone, { studentName: row.name, email: row.email });
      if (row.emailVerified) return;
      const verification = { at: new Date().toISOString(), by: row.name, method: 'LINK', reason: null };
      await this.repo.setEmailVerification(tx, row.id, verification);
      await recordActivity(tx, {
        actorId: null,
        action: 'student.email.verify',
        entityType: 'student',
        entityId: row.id,
        after: verification,
        summary: `${row.name} verified the e-mail ${row.email} through the link`,
      });
    });
    return { studentId: claims.studentId, message };
  }
}
