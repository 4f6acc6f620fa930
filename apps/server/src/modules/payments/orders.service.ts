import crypto from 'node:crypto';
import {
  PAYMENT_MESSAGES,
  computeInvoice,
  fillMessage,
  formatMoney,
  indianDate,
  paise,
  type CreateOrderBody,
  type OfflinePaymentBody,
  type Order,
  type OrderAmounts,
  type OrderDetail,
  PAYMENT_METHODS,
} from '@lectern/contract';
import type { InvoicingConfig, PaymentsConfig } from '../../config';
import type { Db } from '../../db/client';
import { recordChange } from '../../lib/aggregate';
import { failWith } from '../../lib/app-error';
import { recordActivity } from '../../lib/activity.repository';
import { GatewayError, type GatewayEvent, type PaymentGateway } from '../../payments/gateway';
import type { Actor } from '../../lib/routing';
import { couponUses } from '../coupons';
import { makePackagesOfPaidOrder } from '../delivery';
import { studentsForOrders, toOrder } from '../students';
import type { OrderRow, PaymentRow, PaymentsRepository } from './payments.repository';

const fail = failWith(PAYMENT_MESSAGES);

type OrderItem = Order['items'][number];

export interface OrdersSettings {
  invoicing: InvoicingConfig;
  payments: PaymentsConfig;
  /** the payment gateway of ONLINE orders; null: payments are offline only (the embedded default) */
  gateway: PaymentGateway | null;
}

/**
 * Orders and their payments (DESIGN §10). Placing an order prices it from the listing's plan and
 * add-ons and reserves its coupon use, in one transaction; paying it does everything a payment means
 * in one transaction, idempotent on the payment's cause: the coupon use confirmed, the GST invoice
 * issued with the next serial, the plan granted (after a current subscription to the same catalogue)
 * and a delivery package made for each printed-material add-on. Either all of it is there or none.
 */
export class OrdersService {
  constructor(
    private readonly db: Db,
    private readonly repo: PaymentsRepository,
    private readonly settings: OrdersSettings,
    /** when an order is placed and paid, and whether its time is up (tests move it) */
    public now: () => Date = () => new Date(),
    /** queues the order's expiry at its time, once the order is committed */
    private readonly scheduleExpiry: (orderId: string, at: Date) => Promise<unknown> = async () => undefined,
  ) {}

  async create(actor: Actor, body: CreateOrderBody): Promise<{ order: OrderDetail; message: string }> {
    const orderId = `order-${crypto.randomUUID()}`;
    const { invoicing } = this.settings;
    let message = '';
    /** what the transaction placed: the expiry to queue and what the gateway is asked for */
    let placed = { studentId: '', total: 0, expiresAt: new Date(0) };
    await recordChange(this.db, actor, {
      apply: async (tx) => {
        const students = studentsForOrders(tx, invoicing);
        let student = await students.byMobile(body.mobileNumber);
        if (!student) {
          if (!body.studentName) throw fail(422, 'studentNameNeeded', { mobileNumber: body.mobileNumber });
          await students.add({ id: crypto.randomUUID(), name: body.studentName, mobileNumber: body.mobileNumber });
          student = await students.byMobile(body.mobileNumber);
          if (!student) throw fail(422, 'studentNameNeeded', { mobileNumber: body.mobileNumber });
        }
        const listing = await this.repo.listingPlan(tx, body.storeListingId, body.subscriptionId);
        if (!listing) throw fail(404, 'listingNotFound');
        if (listing.archived) throw fail(409, 'catalogueArchived', { catalogueName: listing.catalogueName });
        const plan = listing.plan;
        if (!plan) throw fail(409, 'planNotOnListing', { storeListingName: listing.storeListingName });
        const today = indianDate(this.now());
        if (plan.subscriptionType === 'FIXED' && plan.endDate && plan.endDate < today) {
          throw fail(409, 'planEnded', { planLabel: plan.label, endDate: plan.endDate });
        }
        const addOnIds = [...new Set(body.addOnIds ?? [])];
        const unknown = addOnIds.filter((id) => !listing.addOns.some((a) => a.id === id));
        if (unknown.length > 0) {
          throw fail(409, 'addOnNotOnListing', { storeListingName: listing.storeListingName, ids: unknown.join(', ') });
        }
        const items: OrderItem[] = [
          {
            description: `${plan.label} (${listing.catalogueName})`,
            catalogueId: listing.catalogueId,
            subscriptionId: plan.subscriptionId,
            addOnId: null,
            quantity: 1,
            unitPrice: paise(plan.price),
          },
          ...listing.addOns
            .filter((a) => addOnIds.includes(a.id))
            .map((a) => ({
              description: `${a.name} (${listing.catalogueName})`,
              catalogueId: listing.catalogueId,
              subscriptionId: null,
              addOnId: a.id,
              quantity: 1,
              unitPrice: paise(a.price),
            })),
        ];
        const placedAt = this.now();
        const expiresAt = new Date(placedAt.getTime() + this.settings.payments.orderTtlMinutes * 60_000);
        const priced = (discount: number) => amountsOf(invoicing, items, discount, student.stateCode);
        let amounts = priced(0);
        await this.repo.insertOrder(tx, {
          id: orderId,
          studentId: student.id,
          items,
          discount: 0,
          total: amounts.total,
          paymentStatus: 'PENDING',
          storeListingId: listing.storeListingId,
          subscriptionId: plan.subscriptionId,
          paymentMode: body.paymentMode,
          amounts,
          expiresAt,
          createdByName: actor.name,
          createdAt: placedAt,
        });
        // the coupon's rules, and its use reserved, in this transaction: of orders racing for a
        // coupon's last use, the later ones are refused with every reason. The use names the order,
        // so the order row comes first and takes the discount once the use is reserved.
        let couponCode: string | null = null;
        if (body.couponName) {
          const reservation = await couponUses(tx, this.now).reserve(tx, {
            couponName: body.couponName,
            studentId: student.id,
            orderId,
            storeListingId: listing.storeListingId,
            subscriptionId: plan.subscriptionId,
          });
          amounts = priced(reservation.amountSaved);
          couponCode = body.couponName.toUpperCase();
          await this.repo.setPrice(tx, orderId, {
            couponCode,
            discount: reservation.amountSaved,
            total: amounts.total,
            amounts,
          });
        }
        placed = { studentId: student.id, total: amounts.total, expiresAt };
        message = fillMessage(PAYMENT_MESSAGES.orderCreated, {
          orderId,
          studentName: student.name,
          total: formatMoney(amounts.total),
          paymentMode: body.paymentMode === 'OFFLINE' ? 'offline' : 'online',
        });
        return {
          activity: {
            action: 'order.create',
            entityType: 'order',
            entityId: orderId,
            after: { studentId: student.id, items, couponCode, total: amounts.total },
            summary: `${actor.name}: ${message}`,
          },
        };
      },
    });
    await this.scheduleExpiry(orderId, placed.expiresAt);
    if (body.paymentMode === 'ONLINE' && this.settings.gateway) await this.openAtGateway(actor, orderId, placed);
    return { order: await this.detail(orderId), message };
  }

  /**
   * Makes the gateway's order the student's checkout pays (receipt: the order id without its prefix,
   * within Razorpay's 40 characters). When the gateway refuses or cannot be reached, the order is
   * FAILED at once and its coupon use given back, and the caller is told to try again.
   */
  private async openAtGateway(
    actor: Actor,
    orderId: string,
    order: { studentId: string; total: number },
  ): Promise<void> {
    try {
      const opened = await this.settings.gateway!.createOrder({
        amount: order.total,
        receipt: orderId.replace(/^order-/, ''),
        notes: { orderId, studentId: order.studentId },
      });
      await this.repo.setGatewayOrder(orderId, opened.gatewayOrderId);
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      await recordChange(this.db, actor, {
        apply: async (tx) => {
          await this.repo.setStatus(tx, orderId, 'FAILED');
          await couponUses(tx, this.now).release(tx, orderId, 'PAYMENT_FAILED');
          return {
            activity: {
              action: 'order.fail',
              entityType: 'order',
              entityId: orderId,
              after: { reason: error.message },
              summary: `${actor.name}: order ${orderId} could not be opened at the payment gateway: ${error.message}`,
            },
          };
        },
      });
      throw fail(502, 'gatewayUnavailable', { orderId });
    }
  }

  /**
   * Records money received offline. The same receipt (mode and reference) recorded again for the same
   * order changes nothing and says so; for another order it is refused. A paid, expired or failed order
   * takes no payment.
   */
  async payOffline(
    actor: Actor,
    orderId: string,
    body: OfflinePaymentBody,
  ): Promise<{ order: OrderDetail; message: string }> {
    const today = indianDate(this.now());
    if (body.receivedOn > today) throw fail(400, 'receivedInFuture', { today });
    let message = '';
    await recordChange(this.db, actor, {
      apply: async (tx) => {
        const order = await this.repo.lockOrder(tx, orderId);
        if (!order) throw fail(404, 'orderNotFound');
        const earlier = await this.repo.paymentByReference(tx, body.mode, body.reference);
        if (earlier) {
          if (earlier.orderId !== orderId) {
            throw fail(409, 'referenceUsed', { mode: body.mode, reference: body.reference, orderId: earlier.orderId });
          }
          message = fillMessage(PAYMENT_MESSAGES.alreadyPaid, { reference: body.reference });
          return { activity: [] };
        }
        if (order.paymentStatus !== 'PENDING') {
          if (order.paymentStatus === 'PAID' || order.paymentStatus.includes('REFUNDED')) {
            throw fail(409, 'paidAlready', { orderId, reference: order.gatewayReference ?? '' });
          }
          throw fail(409, 'notPayable', { orderId, status: order.paymentStatus.toLowerCase() });
        }
        const paidAt = this.now();
        await this.repo.insertPayment(tx, {
          id: crypto.randomUUID(),
          orderId,
          mode: body.mode,
          reference: body.reference,
          amount: order.total,
          receivedOn: body.receivedOn,
          recordedBy: actor.userId,
          recordedByName: actor.name,
          createdAt: paidAt,
        });
        const invoiceNumber = await this.paid(tx, order, {
          paidAt,
          paymentMethod: body.mode,
          gatewayReference: body.reference,
        });
        message = fillMessage(PAYMENT_MESSAGES.paidOffline, {
          amount: formatMoney(paise(order.total)),
          mode: body.mode.replace('_', ' ').toLowerCase(),
          reference: body.reference,
          orderId,
          invoiceNumber,
        });
        return {
          activity: {
            action: 'order.pay',
            entityType: 'order',
            entityId: orderId,
            after: { mode: body.mode, reference: body.reference, receivedOn: body.receivedOn, amount: order.total },
            summary: `${actor.name}: ${message}`,
          },
        };
      },
    });
    return { order: await this.detail(orderId), message };
  }

  /**
   * A webhook call from the gateway: its signature over the raw body is checked first (401 when it
   * does not match: nothing is read), then the event is applied in the transaction that records its
   * id, so a replay or a repeat changes nothing and an event whose effect was rolled back is applied
   * when the gateway sends it again. Events of orders not placed here are acknowledged and left.
   */
  async gatewayEvent(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<{ received: boolean }> {
    const gateway = this.settings.gateway;
    if (!gateway) throw fail(404, 'gatewayOff');
    let event: ReturnType<PaymentGateway['readWebhook']>;
    try {
      event = gateway.readWebhook(rawBody, headers);
    } catch (error) {
      if (error instanceof GatewayError) throw fail(400, 'webhookUnreadable', { reason: error.message });
      throw error;
    }
    if (event === null) throw fail(401, 'webhookForged');
    if (event === 'ignored') return { received: true };
    const applied = event;
    await this.db.transaction(async (tx) => {
      if (!(await this.repo.claimEvent(tx, { eventId: applied.eventId, gateway: gateway.name, kind: applied.kind }))) {
        return;
      }
      if (applied.kind === 'payment.captured') await this.captured(tx, applied);
      else if (applied.kind === 'payment.failed') await this.failed(tx, applied);
      // refund.processed: refunds are not made here yet (issue 33), so there is nothing of ours to settle
    });
    return { received: true };
  }

  /**
   * Money captured for a gateway order: the order is paid (once: the payment id is unique), whatever
   * state it reached meanwhile short of paid: a failed attempt may be followed by a captured one, and
   * the gateway's order outlives ORDER_TTL_MINUTES. A capture of another amount is recorded as
   * activity for finance staff and pays nothing.
   */
  private async captured(tx: Db, event: Extract<GatewayEvent, { kind: 'payment.captured' }>): Promise<void> {
    const order = await this.repo.lockOrderAtGateway(tx, event.gatewayOrderId);
    if (!order) return;
    if (await this.repo.paymentByReference(tx, 'ONLINE', event.paymentId)) return;
    const note = (action: string, summary: string) =>
      recordActivity(tx, {
        actorId: null,
        action,
        entityType: 'order',
        entityId: order.id,
        after: { paymentId: event.paymentId, amount: event.amount },
        summary,
      });
    if (order.paymentStatus === 'PAID' || order.paymentStatus.endsWith('REFUNDED')) {
      await note(
        'order.payment.extra',
        `Razorpay captured ${event.paymentId} for order ${order.id}, which was paid already: refund it.`,
      );
      return;
    }
    if (event.amount !== order.total) {
      await note(
        'order.payment.mismatch',
        `Razorpay captured ${formatMoney(paise(event.amount))} (${event.paymentId}) for order ${order.id} of ${formatMoney(paise(order.total))}: not paid; check it in the Razorpay Dashboard.`,
      );
      return;
    }
    const paidAt = this.now();
    await this.repo.insertPayment(tx, {
      id: crypto.randomUUID(),
      orderId: order.id,
      mode: 'ONLINE',
      reference: event.paymentId,
      amount: event.amount,
      receivedOn: indianDate(paidAt),
      recordedBy: null,
      recordedByName: 'Razorpay',
      createdAt: paidAt,
    });
    const method = (event.method ?? '').toUpperCase();
    const invoiceNumber = await this.paid(tx, order, {
      paidAt,
      paymentMethod: (PAYMENT_METHODS as readonly string[]).includes(method) ? method : 'ONLINE',
      gatewayReference: event.paymentId,
    });
    await note(
      'order.pay',
      `Razorpay: payment ${event.paymentId} of ${formatMoney(paise(event.amount))} captured: order ${order.id} is paid, invoice ${invoiceNumber} issued.`,
    );
  }

  /** A failed attempt fails an unpaid order and gives its coupon use back; a later capture still pays it. */
  private async failed(tx: Db, event: Extract<GatewayEvent, { kind: 'payment.failed' }>): Promise<void> {
    const order = await this.repo.lockOrderAtGateway(tx, event.gatewayOrderId);
    if (!order || order.paymentStatus !== 'PENDING') return;
    await this.repo.setStatus(tx, order.id, 'FAILED');
    await couponUses(tx, this.now).release(tx, order.id, 'PAYMENT_FAILED');
    await recordActivity(tx, {
      actorId: null,
      action: 'order.fail',
      entityType: 'order',
      entityId: order.id,
      after: { paymentId: event.paymentId, reason: event.reason },
      summary: `Razorpay: payment ${event.paymentId} for order ${order.id} failed: ${event.reason}`,
    });
  }

  /** Everything a payment means, in the payment's transaction; gives the invoice's number. */
  private async paid(
    tx: Db,
    order: OrderRow,
    payment: { paidAt: Date; paymentMethod: string; gatewayReference: string },
  ): Promise<string> {
    await this.repo.markPaid(tx, order.id, payment);
    await couponUses(tx, this.now).confirm(tx, order.id);
    const students = studentsForOrders(tx, this.settings.invoicing);
    const student = (await students.byId(order.studentId))!;
    const items = order.items as OrderItem[];
    const invoice = await students.issueInvoice(
      { id: order.id, items, discount: order.discount, paidAt: payment.paidAt },
      student,
    );
    const plan = order.subscriptionId ? await this.repo.planToGrant(tx, order.subscriptionId) : null;
    if (plan) {
      await students.grant({
        id: crypto.randomUUID(),
        studentId: order.studentId,
        orderId: order.id,
        plan,
        today: indianDate(payment.paidAt),
      });
    }
    await makePackagesOfPaidOrder(tx, order.id);
    return invoice.invoiceNumber;
  }

  /**
   * An unpaid order past its time becomes EXPIRED and gives its coupon use back. True when it did;
   * a paid order, one expired already, or one whose time has not come is left as it is.
   */
  async expire(orderId: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const order = await this.repo.lockOrder(tx, orderId);
      if (!order || order.paymentStatus !== 'PENDING') return false;
      if (!order.expiresAt || order.expiresAt > this.now()) return false;
      await this.repo.setStatus(tx, orderId, 'EXPIRED');
      await couponUses(tx, this.now).release(tx, orderId, 'ORDER_EXPIRED');
      return true;
    });
  }

  async detail(orderId: string): Promise<OrderDetail> {
    const order = await this.repo.order(orderId);
    if (!order) throw fail(404, 'orderNotFound');
    const [received, [invoice]] = await Promise.all([this.repo.paymentsOf(orderId), this.repo.invoicesOf([orderId])]);
    const gateway =
      order.gatewayOrderId && this.settings.payments.razorpay
        ? { name: 'razorpay', gatewayOrderId: order.gatewayOrderId, keyId: this.settings.payments.razorpay.keyId }
        : null;
    return { ...toDetail(order, received, invoice ?? null), gateway };
  }
}

/** The order's money: the GST-inclusive lines less the discount, split as its invoice will be. */
function amountsOf(settings: InvoicingConfig, items: OrderItem[], discount: number, stateCode: string): OrderAmounts {
  const { totals } = computeInvoice({
    lines: items.map((item) => ({ description: item.description, quantity: item.quantity, unitPrice: item.unitPrice })),
    discount: paise(discount),
    gstPercent: settings.gstPercent,
    supplierStateCode: settings.supplierStateCode,
    placeOfSupplyStateCode: stateCode,
  });
  return {
    price: totals.gross,
    discount: totals.discount,
    taxableValue: totals.taxableValue,
    cgst: totals.cgst,
    sgst: totals.sgst,
    igst: totals.igst,
    total: totals.total,
  };
}

function toDetail(
  row: OrderRow,
  received: PaymentRow[],
  invoice: { id: string; invoiceNumber: string; invoiceDate: string; total: number } | null,
): Omit<OrderDetail, 'gateway'> {
  const amounts = (row.amounts as OrderAmounts | null) ?? {
    price: paise(row.total + row.discount),
    discount: paise(row.discount),
    taxableValue: paise(row.total),
    cgst: paise(0),
    sgst: paise(0),
    igst: paise(0),
    total: paise(row.total),
  };
  return {
    // refunds (credit notes) are not taken yet: nothing is credited
    ...toOrder({ order: row, invoice: invoice ? { ...invoice, credited: 0 } : null }),
    storeListingId: row.storeListingId,
    subscriptionId: row.subscriptionId,
    paymentMode: row.paymentMode as OrderDetail['paymentMode'],
    expiresAt: row.expiresAt?.toISOString() ?? null,
    amounts,
    payments: received.map((p) => ({
      paymentId: p.id,
      mode: p.mode as OrderDetail['payments'][number]['mode'],
      reference: p.reference,
      amount: paise(p.amount),
      receivedOn: String(p.receivedOn),
      recordedBy: p.recordedByName,
      createdAt: p.createdAt.toISOString(),
    })),
  };
}
