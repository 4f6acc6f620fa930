import crypto from 'node:crypto';
import {
  hasPermission,
  MESSAGES,
  fillMessage,
  formatDate,
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
import type { Db } from '../../db/client';
import { changeAggregate, recordChange, type Aggregate } from '../../lib/aggregate';
import { AppError } from '../../lib/app-error';
import type { Actor, Viewer } from '../../lib/routing';
import { issuedInvoiceOf } from './invoicing';
import type { OrderWithInvoice, StudentRow, StudentSubscriptionRow, StudentsRepository } from './students.repository';

// invoicing.ts's names, read from here by the seed and the order flow
export { buildInvoice, issueInvoice } from './invoicing';

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

export function toOrder({ order: row, invoice }: OrderWithInvoice): Order {
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

/**
 * Student lookup, subscriptions, orders and invoices, and the staff changes to them (spec 2 §7).
 * Invoices are built in invoicing.ts; e-mail verification is email-verification.service.ts.
 */
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
    const invoice = await issuedInvoiceOf(this.repo, orderId);
    if (!invoice) throw AppError.of(404, 'invoiceNotIssued', { orderId, status: order.paymentStatus.toLowerCase() });
    return invoice;
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
}
