import crypto from 'node:crypto';
import {
  GST_STATES,
  amountInWords,
  computeInvoice,
  creditNoteAmounts,
  financialYear,
  formatInvoiceSerial,
  indianDate,
  paise,
  type Invoice,
  type Order,
  type Money,
  type StudentAddress,
} from '@lectern/contract';
import type { InvoicingConfig } from '../../config';
import type { Db } from '../../db/client';
import type { CreditNoteRow, StudentRow, StudentsRepository } from './students.repository';

type OrderItem = Order['items'][number];

// A paid order's GST invoice: built from the order, numbered in its financial year, stored once.

const addressLine = (a: StudentAddress | undefined) =>
  a ? [a.addressLine1, a.addressLine2, a.landMark, a.city, `${a.state} ${a.pin}`].filter(Boolean).join(', ') : '';

/** A paid order as an invoice needs it. */
export interface PaidOrder {
  id: string;
  items: OrderItem[];
  discount: number;
  paidAt: Date;
  /** a registered buyer the order names (a B2B invoice); else the student, with their GSTIN if any */
  buyer?: { gstin: string; legalName: string | null } | null;
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
      gstin: order.buyer?.gstin ?? student.gstin,
      legalName: order.buyer?.legalName ?? null,
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

/** The credit notes' series: CN/2627/000001 (14 characters, within GST's 16), one per financial year. */
export const CREDIT_NOTE_PREFIX = 'CN';

/** A refund to issue against an invoice: what goes back, why, and how. */
export interface CreditNoteInput {
  id: string;
  invoice: { id: string; orderId: string; document: unknown };
  amount: Money;
  reason: string;
  refundMode: string;
  reference: string | null;
  refundStatus: 'PENDING' | 'PROCESSED';
  requestId: string | null;
  createdByName: string;
  at: Date;
}

/**
 * Issues a GST credit note against an invoice: its figures split from what the invoice has left after
 * the credit notes before it (creditNoteAmounts), its serial the next of its own series in the credit
 * note's financial year, taken in the same transaction (no gap when it rolls back).
 */
export async function issueCreditNote(
  tx: Db,
  repo: StudentsRepository,
  input: CreditNoteInput,
): Promise<CreditNoteRow> {
  const totals = (input.invoice.document as Invoice).totals;
  const earlier = await repo.creditNotesOf([input.invoice.id], tx);
  const figures = creditNoteAmounts(
    totals,
    earlier.map((note) => ({
      taxableValue: paise(note.taxableValue),
      cgst: paise(note.cgst),
      sgst: paise(note.sgst),
      igst: paise(note.igst),
      total: paise(note.amount),
    })),
    input.amount,
  );
  const year = financialYear(input.at);
  const sequence = await repo.nextCreditNoteSequence(tx, year);
  const row: CreditNoteRow = {
    id: input.id,
    invoiceId: input.invoice.id,
    orderId: input.invoice.orderId,
    creditNoteNumber: formatInvoiceSerial(CREDIT_NOTE_PREFIX, year, sequence),
    financialYear: year,
    sequence,
    creditNoteDate: indianDate(input.at),
    amount: figures.total,
    taxableValue: figures.taxableValue,
    cgst: figures.cgst,
    sgst: figures.sgst,
    igst: figures.igst,
    reason: input.reason,
    refundMode: input.refundMode,
    reference: input.reference,
    refundStatus: input.refundStatus,
    failureReason: null,
    requestId: input.requestId,
    createdByName: input.createdByName,
    createdAt: input.at,
  };
  await repo.insertCreditNote(tx, row);
  return row;
}

/** An order's invoice as issued, with the credit notes against it since; null before it is paid. */
export async function issuedInvoiceOf(repo: StudentsRepository, orderId: string): Promise<Invoice | null> {
  const row = await repo.invoiceOfOrder(orderId);
  if (!row) return null;
  const credits = await repo.creditNotesOf([row.id]);
  return {
    ...(row.document as Invoice),
    creditNotes: credits.map((c) => ({
      creditNoteNumber: c.creditNoteNumber,
      date: c.creditNoteDate,
      amount: paise(c.amount),
      reason: c.reason,
    })),
  };
}
