// What other modules may use of the students module; lint refuses an import deeper than this file.
import type { Invoice } from '@lectern/contract';
import type { InvoicingConfig } from '../../config';
import type { Db } from '../../db/client';
import { issueCreditNote, issueInvoice, issuedInvoiceOf, type CreditNoteInput, type PaidOrder } from './invoicing';
import { endOfMonths, toOrder } from './students.service';
import { StudentsRepository, type StudentRow } from './students.repository';

export type { CreditNoteRow, StudentRow } from './students.repository';
export { renderInvoicePdf } from './invoice-pdf';
export { renderCreditNotePdf } from './credit-note-pdf';

/** An order row (with its invoice's summary) as the contract's `Order`: the students' invoice list and an order's page agree. */
export { toOrder };

/** The students batches find, name and add from a sheet. */
export type StudentsDirectory = Pick<StudentsRepository, 'byId' | 'byMobiles' | 'namesOf' | 'insertMany'>;

export function studentsDirectory(db: Db): StudentsDirectory {
  return new StudentsRepository(db);
}

/** A plan as a paid order grants it. */
export interface PlanToGrant {
  subscriptionId: string;
  catalogueId: string;
  label: string;
  subscriptionType: string;
  numberOfMonths: number | null;
  /** a FIXED plan's last day */
  endDate: string | null;
}

/**
 * What placing and paying an order does to a student, all inside the order's transaction `tx`: find
 * or add the student, issue the invoice (the next serial of its financial year), and grant the plan
 * (after the student's current subscription to the same catalogue, so a renewal extends it).
 */
export function studentsForOrders(tx: Db, invoicing: InvoicingConfig) {
  // every read and write of this repository runs in `tx`
  const repo = new StudentsRepository(tx);
  return {
    byMobile: (mobileNumber: string): Promise<StudentRow | null> => repo.byMobile(mobileNumber),
    byId: (id: string) => repo.byId(id),
    /** a new student; false when the mobile number was taken meanwhile */
    add: async (row: { id: string; name: string; mobileNumber: string }): Promise<boolean> =>
      (await repo.insertMany(tx, [{ ...row, email: null, stateCode: invoicing.supplierStateCode }])).length === 1,
    issueInvoice: (order: PaidOrder, student: StudentRow): Promise<Invoice> =>
      issueInvoice(tx, repo, invoicing, order, student),
    /** the invoice row of an order (its document and id), null before it is paid */
    invoiceOf: (orderId: string) => repo.invoiceOfOrder(orderId),
    /** a refund's credit note, from its own series (CreditNoteSplitError for an amount that cannot be halved) */
    issueCreditNote: (input: CreditNoteInput) => issueCreditNote(tx, repo, input),
    creditNoteOfRequest: (requestId: string) => repo.creditNoteOfRequest(tx, requestId),
    /** a full refund: what the order granted is cancelled, saying why */
    cancelGrantsOf: (orderId: string, reason: string) => repo.cancelSubscriptionsOfOrder(tx, orderId, reason),
    grant: async (input: {
      id: string;
      studentId: string;
      orderId: string;
      plan: PlanToGrant;
      today: string;
    }): Promise<{ startDate: string; endDate: string }> => {
      const latest = await repo.latestEndOf(tx, input.studentId, input.plan.catalogueId);
      const dayAfter = latest ? nextDay(latest) : null;
      const startDate = dayAfter && dayAfter > input.today ? dayAfter : input.today;
      const { plan } = input;
      const endDate =
        plan.subscriptionType === 'FIXED' && plan.endDate
          ? plan.endDate
          : endOfMonths(startDate, plan.numberOfMonths ?? 1);
      await repo.insertSubscription(tx, {
        id: input.id,
        studentId: input.studentId,
        catalogueId: plan.catalogueId,
        subscriptionId: plan.subscriptionId,
        label: plan.label,
        startDate,
        endDate,
        originalEndDate: endDate,
        sourceOrderId: input.orderId,
      });
      return { startDate, endDate };
    },
  };
}

function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** An order's invoice as issued, with the credit notes against it since; null before it is paid. */
export function issuedInvoice(db: Db, orderId: string): Promise<Invoice | null> {
  return issuedInvoiceOf(new StudentsRepository(db), orderId);
}

/** The subscriptions an order granted, for its timeline. */
export function grantsOfOrder(db: Db, orderId: string) {
  return new StudentsRepository(db).subscriptionsOfOrder(orderId);
}
