import { and, asc, desc, eq, gte, inArray, isNull, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sellsPlan } from '../../db/sells-plan';
import type { PlanToGrant } from '../students';
import {
  activityLog,
  addOns,
  catalogues,
  creditNotes,
  invoices,
  orders,
  paymentEvents,
  payments,
  storeListings,
  subscriptions,
} from '../../db/schema';

export type OrderRow = typeof orders.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
type CreditNoteRow = typeof creditNotes.$inferSelect;

/** A listing's plan as an order is priced from it, with the add-ons of its catalogue. */
export interface ListingPlan {
  storeListingId: string;
  storeListingName: string;
  catalogueId: string;
  catalogueName: string;
  archived: boolean;
  plan: {
    subscriptionId: string;
    label: string;
    subscriptionType: string;
    numberOfMonths: number | null;
    endDate: string | null;
    /** paise, GST included */
    price: number;
  } | null;
  addOns: { id: string; name: string; price: number; automationType: string }[];
}

/** Orders placed here and the payments received for them (DESIGN §10). */
export class PaymentsRepository {
  constructor(private readonly db: Db) {}

  /** The listing, its catalogue, the plan asked for when the listing sells it, and the catalogue's add-ons. */
  async listingPlan(tx: Db, storeListingId: string, subscriptionId: string): Promise<ListingPlan | null> {
    const [listing] = await tx
      .select({
        storeListingId: storeListings.id,
        storeListingName: storeListings.name,
        catalogueId: catalogues.id,
        catalogueName: catalogues.name,
        archived: catalogues.archived,
      })
      .from(storeListings)
      .innerJoin(catalogues, eq(catalogues.id, storeListings.catalogueId))
      .where(eq(storeListings.id, storeListingId));
    if (!listing) return null;
    const [plan] = await tx
      .select({
        subscriptionId: subscriptions.id,
        label: subscriptions.label,
        subscriptionType: subscriptions.subscriptionType,
        numberOfMonths: subscriptions.numberOfMonths,
        endDate: subscriptions.endDate,
        price: subscriptions.price,
      })
      .from(subscriptions)
      .innerJoin(storeListings, eq(storeListings.catalogueId, subscriptions.catalogueId))
      .where(and(eq(storeListings.id, storeListingId), eq(subscriptions.id, subscriptionId), sellsPlan));
    const extras = await tx
      .select({ id: addOns.id, name: addOns.name, price: addOns.price, automationType: addOns.automationType })
      .from(addOns)
      .where(eq(addOns.catalogueId, listing.catalogueId))
      .orderBy(asc(addOns.position));
    return { ...listing, plan: plan ?? null, addOns: extras };
  }

  async insertOrder(tx: Db, values: typeof orders.$inferInsert): Promise<void> {
    await tx.insert(orders).values(values);
  }

  /** The coupon's discount and the amounts it leaves, once the coupon use is reserved. */
  async setPrice(
    tx: Db,
    id: string,
    values: { couponCode: string; discount: number; total: number; amounts: unknown },
  ): Promise<void> {
    await tx.update(orders).set(values).where(eq(orders.id, id));
  }

  /** The plan a paid order grants, as it is now. */
  async planToGrant(tx: Db, subscriptionId: string): Promise<PlanToGrant | null> {
    const [row] = await tx
      .select({
        subscriptionId: subscriptions.id,
        catalogueId: subscriptions.catalogueId,
        label: subscriptions.label,
        subscriptionType: subscriptions.subscriptionType,
        numberOfMonths: subscriptions.numberOfMonths,
        endDate: subscriptions.endDate,
      })
      .from(subscriptions)
      .where(eq(subscriptions.id, subscriptionId));
    return row ?? null;
  }

  /** The order placed for a caller's request id, if any. */
  async orderOfRequest(requestId: string): Promise<OrderRow | null> {
    const [row] = await this.db.select().from(orders).where(eq(orders.requestId, requestId));
    return row ?? null;
  }

  async order(id: string, db: Db = this.db): Promise<OrderRow | null> {
    const [row] = await db.select().from(orders).where(eq(orders.id, id));
    return row ?? null;
  }

  /** The order, locked until the end of `tx`: two payments of one order queue here. */
  async lockOrder(tx: Db, id: string): Promise<OrderRow | null> {
    const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
    return row ?? null;
  }

  async paymentsOf(orderId: string, db: Db = this.db): Promise<PaymentRow[]> {
    return db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.createdAt));
  }

  /** The payment recorded for a receipt (its mode and reference), whichever order it was for. */
  async paymentByReference(tx: Db, mode: string, reference: string): Promise<PaymentRow | null> {
    const [row] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.mode, mode), eq(payments.reference, reference)));
    return row ?? null;
  }

  async insertPayment(tx: Db, values: typeof payments.$inferInsert): Promise<void> {
    await tx.insert(payments).values(values);
  }

  async markPaid(tx: Db, id: string, values: { paidAt: Date; paymentMethod: string; gatewayReference: string }) {
    await tx
      .update(orders)
      .set({ paymentStatus: 'PAID', ...values })
      .where(eq(orders.id, id));
  }

  /** Records a gateway event as applied in `tx`; false when it was applied before (a replay or a repeat). */
  async claimEvent(tx: Db, event: { eventId: string; gateway: string; kind: string }): Promise<boolean> {
    const rows = await tx
      .insert(paymentEvents)
      .values(event)
      .onConflictDoNothing()
      .returning({ eventId: paymentEvents.eventId });
    return rows.length === 1;
  }

  /** The order a gateway order was opened for, locked until the end of `tx`. */
  async lockOrderAtGateway(tx: Db, gatewayOrderId: string): Promise<OrderRow | null> {
    const [row] = await tx.select().from(orders).where(eq(orders.gatewayOrderId, gatewayOrderId)).for('update');
    return row ?? null;
  }

  async setGatewayOrder(id: string, gatewayOrderId: string): Promise<void> {
    await this.db.update(orders).set({ gatewayOrderId }).where(eq(orders.id, id));
  }

  async setStatus(tx: Db, id: string, status: 'EXPIRED' | 'FAILED' | 'PARTIALLY_REFUNDED' | 'REFUNDED'): Promise<void> {
    await tx.update(orders).set({ paymentStatus: status }).where(eq(orders.id, id));
  }

  /** The invoice summary of each order that has one. */
  async invoicesOf(orderIds: string[], db: Db = this.db) {
    if (orderIds.length === 0) return [];
    return db
      .select({
        orderId: invoices.orderId,
        id: invoices.id,
        invoiceNumber: invoices.invoiceNumber,
        invoiceDate: invoices.invoiceDate,
        total: invoices.total,
      })
      .from(invoices)
      .where(inArray(invoices.orderId, orderIds));
  }

  /** An order's credit notes (refunds), in their series' order. */
  async creditNotesOf(orderId: string, db: Db = this.db): Promise<CreditNoteRow[]> {
    return db
      .select()
      .from(creditNotes)
      .where(eq(creditNotes.orderId, orderId))
      .orderBy(asc(creditNotes.createdAt), asc(creditNotes.sequence));
  }

  async creditNote(id: string, db: Db = this.db): Promise<CreditNoteRow | null> {
    const [row] = await db.select().from(creditNotes).where(eq(creditNotes.id, id));
    return row ?? null;
  }

  /** The credit note a gateway refund was made for, by the refund's id, locked until the end of `tx`. */
  async creditNoteByReference(tx: Db, reference: string): Promise<CreditNoteRow | null> {
    const [row] = await tx
      .select()
      .from(creditNotes)
      .where(and(eq(creditNotes.refundMode, 'ONLINE'), eq(creditNotes.reference, reference)))
      .for('update');
    return row ?? null;
  }

  /**
   * A refund the gateway reports before its id reached us (the job's answer lost): the pending credit
   * note of that payment with that amount, the oldest first, locked until the end of `tx`.
   */
  async pendingCreditNoteOfPayment(tx: Db, paymentId: string, amount: number): Promise<CreditNoteRow | null> {
    const [row] = await tx
      .select({ note: creditNotes })
      .from(creditNotes)
      .innerJoin(payments, and(eq(payments.orderId, creditNotes.orderId), eq(payments.mode, 'ONLINE')))
      .where(
        and(
          eq(payments.reference, paymentId),
          eq(creditNotes.refundStatus, 'PENDING'),
          eq(creditNotes.amount, amount),
          isNull(creditNotes.reference),
        ),
      )
      .orderBy(asc(creditNotes.sequence))
      .limit(1)
      .for('update');
    return row?.note ?? null;
  }

  /** What the gateway said of a refund: its id, and whether the money went back. */
  async settleRefund(
    db: Db,
    id: string,
    values: {
      reference: string | null;
      refundStatus: 'PENDING' | 'PROCESSED' | 'FAILED';
      failureReason: string | null;
    },
  ): Promise<void> {
    await db
      .update(creditNotes)
      .set(
        values.reference === null ? { refundStatus: values.refundStatus, failureReason: values.failureReason } : values,
      )
      .where(eq(creditNotes.id, id));
  }

  /** Notes that the receipt went; false when it had gone already (another delivery of the job). */
  async markReceiptSent(tx: Db, orderId: string, at: Date): Promise<boolean> {
    const rows = await tx
      .update(orders)
      .set({ receiptSentAt: at })
      .where(and(eq(orders.id, orderId), isNull(orders.receiptSentAt)))
      .returning({ id: orders.id });
    return rows.length === 1;
  }

  /** An order's activity rows of the given actions, newest first. */
  async activityOf(orderId: string, actions: string[]) {
    return this.db
      .select({ createdAt: activityLog.createdAt, summary: activityLog.summary })
      .from(activityLog)
      .where(
        and(
          eq(activityLog.entityType, 'order'),
          eq(activityLog.entityId, orderId),
          inArray(activityLog.action, actions),
        ),
      )
      .orderBy(desc(activityLog.createdAt));
  }

  /** The listings of catalogues not archived, the plans each sells (not ended by `today`) and the catalogue's add-ons. */
  async offers(today: string) {
    const plans = await this.db
      .select({
        storeListingId: storeListings.id,
        storeListingName: storeListings.name,
        catalogueId: catalogues.id,
        catalogueName: catalogues.name,
        subscriptionId: subscriptions.id,
        label: subscriptions.label,
        subscriptionType: subscriptions.subscriptionType,
        numberOfMonths: subscriptions.numberOfMonths,
        endDate: subscriptions.endDate,
        price: subscriptions.price,
      })
      .from(storeListings)
      .innerJoin(catalogues, eq(catalogues.id, storeListings.catalogueId))
      .innerJoin(subscriptions, eq(subscriptions.catalogueId, catalogues.id))
      .where(
        and(
          eq(catalogues.archived, false),
          sellsPlan,
          or(
            ne(subscriptions.subscriptionType, 'FIXED'),
            isNull(subscriptions.endDate),
            gte(subscriptions.endDate, today),
          ),
        ),
      )
      .orderBy(asc(storeListings.name), asc(subscriptions.price));
    const catalogueIds = [...new Set(plans.map((p) => p.catalogueId))];
    const extras =
      catalogueIds.length === 0
        ? []
        : await this.db
            .select({
              catalogueId: addOns.catalogueId,
              addOnId: addOns.id,
              name: addOns.name,
              price: addOns.price,
              automationType: addOns.automationType,
            })
            .from(addOns)
            .where(inArray(addOns.catalogueId, catalogueIds))
            .orderBy(asc(addOns.position));
    return { plans, extras };
  }
}
