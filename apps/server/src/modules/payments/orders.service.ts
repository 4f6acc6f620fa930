import crypto from 'node:crypto';
import {
  CreditNoteSplitError,
  PAYMENT_MESSAGES,
  PAYMENT_METHODS,
  computeInvoice,
  fillMessage,
  formatDate,
  formatMoney,
  indianDate,
  paise,
  type CreateOrderBody,
  type CreditNote,
  type Invoice,
  type OfflinePaymentBody,
  type Order,
  type OrderAmounts,
  type OrderDetail,
  type OrderEvent,
  type OrderOffers,
  type RefundBody,
} from '@lectern/contract';
import type { InvoicingConfig, PaymentsConfig } from '../../config';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { recordChange } from '../../lib/aggregate';
import { failWith } from '../../lib/app-error';
import { recordActivity } from '../../lib/activity.repository';
import { GatewayError, type GatewayEvent, type PaymentGateway } from '../../payments/gateway';
import type { Actor } from '../../lib/routing';
import type { Mailer } from '../../mail/mailer';
import { couponUses } from '../coupons';
import { cancelPackagesOfRefundedOrder, makePackagesOfPaidOrder, packagesOfOrder } from '../delivery';
import {
  grantsOfOrder,
  issuedInvoice,
  renderInvoicePdf,
  studentsForOrders,
  toOrder,
  type CreditNoteRow,
} from '../students';
import type { OrderQueue } from './order-jobs';
import type { OrderRow, PaymentRow, PaymentsRepository } from './payments.repository';

const fail = failWith(PAYMENT_MESSAGES);

type OrderItem = Order['items'][number];

export interface OrdersSettings {
  invoicing: InvoicingConfig;
  payments: PaymentsConfig;
  /** the payment gateway of ONLINE orders; null: payments are offline only (the embedded default) */
  gateway: PaymentGateway | null;
  /** where receipts go (the development outbox in demo mode) */
  mailer: Mailer;
}

/**
 * Orders and their payments (DESIGN §10). Placing an order prices it from the listing's plan and
 * add-ons and reserves its coupon use, in one transaction; paying it does everything a payment means
 * in one transaction, idempotent on the payment's cause: the coupon use confirmed, the GST invoice
 * issued with the next serial, the plan granted (after a current subscription to the same catalogue)
 * and a delivery package made for each printed-material add-on, and its receipt e-mail queued. Either
 * all of it is there or none. A refund is a credit note of its own series, in one transaction with
 * what a full refund cancels; an online one is then made at the gateway by a job queued with it.
 */
export class OrdersService {
  /** when an order is placed, paid and refunded, and whether its time is up (tests move it) */
  now: () => Date = () => new Date();
  /** the id of the next order placed (the demo seed gives its history readable ones) */
  newOrderId: () => string = () => `order-${crypto.randomUUID()}`;

  constructor(
    private readonly db: Db,
    private readonly repo: PaymentsRepository,
    private readonly settings: OrdersSettings,
    /** the jobs an order's changes queue, each in the change's own transaction */
    private readonly queue: OrderQueue,
  ) {}

  async create(actor: Actor, body: CreateOrderBody): Promise<{ order: OrderDetail; message: string }> {
    // a repeated request (its answer lost) answers the order it placed
    const repeated = async () => {
      const earlier = body.requestId ? await this.repo.orderOfRequest(body.requestId) : null;
      return earlier
        ? {
            order: await this.detail(earlier.id),
            message: fillMessage(PAYMENT_MESSAGES.orderRepeated, { orderId: earlier.id }),
          }
        : null;
    };
    const before = await repeated();
    if (before) return before;
    try {
      const placed = await this.placeOrder(actor, body);
      return { order: await this.detail(placed.orderId), message: placed.message };
    } catch (error) {
      // the same request placed meanwhile by a call running alongside: its order stands
      const raced = isUniqueViolation(error) ? await repeated() : null;
      if (raced) return raced;
      throw error;
    }
  }

  /** Places an order (`create` without the order read back: the demo seed places hundreds). */
  async placeOrder(actor: Actor, body: CreateOrderBody): Promise<{ orderId: string; message: string }> {
    const orderId = this.newOrderId();
    const { invoicing } = this.settings;
    await this.queue.ready();
    let message = '';
    /** what the transaction placed: what the gateway is asked for */
    let placed = { studentId: '', total: 0 };
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
          requestId: body.requestId ?? null,
          buyerGstin: body.buyerGstin ?? null,
          buyerLegalName: body.buyerGstin ? (body.buyerLegalName ?? null) : null,
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
        placed = { studentId: student.id, total: amounts.total };
        await this.queue.expire(tx, orderId, expiresAt);
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
    if (body.paymentMode === 'ONLINE' && this.settings.gateway) await this.openAtGateway(actor, orderId, placed);
    return { orderId, message };
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
    const { message } = await this.recordPayment(actor, orderId, body);
    return { order: await this.detail(orderId), message };
  }

  /** Records money received offline (`payOffline` without the order read back). */
  async recordPayment(actor: Actor, orderId: string, body: OfflinePaymentBody): Promise<{ message: string }> {
    const today = indianDate(this.now());
    if (body.receivedOn > today) throw fail(400, 'receivedInFuture', { today });
    await this.queue.ready();
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
    return { message };
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
    await this.queue.ready();
    await this.db.transaction(async (tx) => {
      if (!(await this.repo.claimEvent(tx, { eventId: applied.eventId, gateway: gateway.name, kind: applied.kind }))) {
        return;
      }
      if (applied.kind === 'payment.captured') await this.captured(tx, applied);
      else if (applied.kind === 'payment.failed') await this.failed(tx, applied);
      else await this.refundProcessed(tx, applied);
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
      {
        id: order.id,
        items,
        discount: order.discount,
        paidAt: payment.paidAt,
        buyer: order.buyerGstin ? { gstin: order.buyerGstin, legalName: order.buyerLegalName } : null,
      },
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
    await this.queue.receipt(tx, order.id);
    return invoice.invoiceNumber;
  }

  /**
   * Refunds a paid order, fully or in part: a GST credit note of its own series against the invoice,
   * the order PARTIALLY_REFUNDED or REFUNDED, and for a full refund its subscription, undispatched
   * packages and coupon use cancelled, all in one transaction. An order paid online is refunded at
   * the gateway by a job queued in that transaction (the credit note's id its idempotency key); one
   * paid offline records how the money went back. The same `requestId` again changes nothing.
   */
  async refund(actor: Actor, orderId: string, body: RefundBody): Promise<{ order: OrderDetail; message: string }> {
    const { message } = await this.makeRefund(actor, orderId, body);
    return { order: await this.detail(orderId), message };
  }

  /** Refunds a paid order (`refund` without the order read back); gives the credit note's number. */
  async makeRefund(
    actor: Actor,
    orderId: string,
    body: RefundBody,
  ): Promise<{ message: string; creditNoteNumber: string }> {
    await this.queue.ready();
    let message = '';
    let creditNoteNumber = '';
    await recordChange(this.db, actor, {
      apply: async (tx) => {
        const students = studentsForOrders(tx, this.settings.invoicing);
        const order = await this.repo.lockOrder(tx, orderId);
        if (!order) throw fail(404, 'orderNotFound');
        if (body.requestId) {
          const made = await students.creditNoteOfRequest(body.requestId);
          if (made) {
            message = fillMessage(PAYMENT_MESSAGES.refundRepeated, { creditNoteNumber: made.creditNoteNumber });
            creditNoteNumber = made.creditNoteNumber;
            return { activity: [] };
          }
        }
        const invoice = await students.invoiceOf(orderId);
        if (!invoice || !(order.paymentStatus === 'PAID' || order.paymentStatus === 'PARTIALLY_REFUNDED')) {
          throw fail(409, 'notRefundable', { orderId, status: order.paymentStatus.replace('_', ' ').toLowerCase() });
        }
        const credited = (await this.repo.creditNotesOf(orderId, tx)).reduce((sum, note) => sum + note.amount, 0);
        const remaining = invoice.total - credited;
        if (body.amount > remaining) {
          throw fail(409, 'refundAboveRemaining', {
            amount: formatMoney(body.amount),
            remaining: formatMoney(paise(remaining)),
            orderId,
          });
        }
        const [payment] = await this.repo.paymentsOf(orderId, tx);
        const online = (payment?.mode ?? 'ONLINE') === 'ONLINE';
        if (!online && (!body.refundMode || !body.reference)) throw fail(422, 'refundModeNeeded', { orderId });
        if (online && !this.settings.gateway) throw fail(409, 'gatewayOff');
        const at = this.now();
        let note: CreditNoteRow;
        try {
          note = await students.issueCreditNote({
            id: crypto.randomUUID(),
            invoice,
            amount: body.amount,
            reason: body.reason,
            refundMode: online ? 'ONLINE' : body.refundMode!,
            reference: online ? null : body.reference!,
            refundStatus: online ? 'PENDING' : 'PROCESSED',
            requestId: body.requestId ?? null,
            createdByName: actor.name,
            at,
          });
        } catch (error) {
          if (error instanceof CreditNoteSplitError)
            throw fail(422, 'refundSplit', { amount: formatMoney(body.amount) });
          throw error;
        }
        const full = body.amount === remaining;
        await this.repo.setStatus(tx, orderId, full ? 'REFUNDED' : 'PARTIALLY_REFUNDED');
        let cancelled: { subscriptions: number; packages: string[]; couponUse: boolean } | null = null;
        if (full) {
          cancelled = {
            subscriptions: await students.cancelGrantsOf(
              orderId,
              `Refunded (${note.creditNoteNumber}): ${body.reason}`,
            ),
            packages: await cancelPackagesOfRefundedOrder(tx, orderId, {
              by: actor.name,
              description: `Order refunded (${note.creditNoteNumber}): ${body.reason}`,
            }),
            couponUse: await couponUses(tx, this.now).giveBack(tx, orderId),
          };
        }
        if (online) await this.queue.gatewayRefund(tx, note.id);
        creditNoteNumber = note.creditNoteNumber;
        message = fillMessage(PAYMENT_MESSAGES.refunded, {
          amount: formatMoney(body.amount),
          orderId,
          creditNoteNumber: note.creditNoteNumber,
          more: (online ? PAYMENT_MESSAGES.refundedOnline : '') + (full ? PAYMENT_MESSAGES.refundedFully : ''),
        });
        return {
          activity: {
            action: 'order.refund',
            entityType: 'order',
            entityId: orderId,
            before: { paymentStatus: order.paymentStatus, refundable: remaining },
            after: {
              creditNoteNumber: note.creditNoteNumber,
              amount: body.amount,
              reason: body.reason,
              refundMode: note.refundMode,
              reference: note.reference,
              cancelled,
            },
            summary: `${actor.name}: ${message}`,
          },
        };
      },
    });
    return { message, creditNoteNumber };
  }

  /**
   * The refund job: asks the gateway to pay a credit note's refund back, with the credit note's id as
   * the idempotency key, so a job retried after a lost answer makes no second refund. A refusal (not
   * worth retrying) marks the credit note FAILED with the gateway's reason for finance staff; a
   * failure worth retrying throws, and the job is retried.
   */
  async refundAtGateway(creditNoteId: string): Promise<string> {
    const gateway = this.settings.gateway;
    const note = await this.repo.creditNote(creditNoteId);
    if (!note || note.refundStatus !== 'PENDING' || note.refundMode !== 'ONLINE') return 'nothing to do';
    if (!gateway) throw new Error('the payment gateway is not configured (PAYMENT_GATEWAY=offline): the refund waits');
    const [payment] = await this.repo.paymentsOf(note.orderId);
    if (!payment || payment.mode !== 'ONLINE') throw new Error(`order ${note.orderId} has no online payment to refund`);
    try {
      const refund = await gateway.refund({
        paymentId: payment.reference,
        amount: note.amount,
        notes: { orderId: note.orderId, creditNoteNumber: note.creditNoteNumber },
        idempotencyKey: note.id,
      });
      const status = refund.status === 'processed' ? 'PROCESSED' : refund.status === 'failed' ? 'FAILED' : 'PENDING';
      await this.repo.settleRefund(this.db, note.id, {
        reference: refund.refundId,
        refundStatus: status,
        failureReason: status === 'FAILED' ? 'The payment gateway could not refund this payment.' : null,
      });
      return `${refund.refundId} ${refund.status}`;
    } catch (error) {
      if (!(error instanceof GatewayError) || error.retryable) throw error;
      await this.db.transaction(async (tx) => {
        await this.repo.settleRefund(tx, note.id, {
          reference: null,
          refundStatus: 'FAILED',
          failureReason: error.message,
        });
        await recordActivity(tx, {
          actorId: null,
          action: 'order.refund.failed',
          entityType: 'order',
          entityId: note.orderId,
          after: { creditNoteNumber: note.creditNoteNumber, reason: error.message },
          summary: `Razorpay refused the refund of credit note ${note.creditNoteNumber} (order ${note.orderId}): ${error.message}. Pay it back another way and record it.`,
        });
      });
      return `refused: ${error.message}`;
    }
  }

  /** The gateway paid a refund back: its credit note is PROCESSED (found by the refund's id, or the payment's pending one). */
  private async refundProcessed(tx: Db, event: Extract<GatewayEvent, { kind: 'refund.processed' }>): Promise<void> {
    const note =
      (await this.repo.creditNoteByReference(tx, event.refundId)) ??
      (await this.repo.pendingCreditNoteOfPayment(tx, event.paymentId, event.amount));
    if (!note || note.refundStatus === 'PROCESSED') return;
    await this.repo.settleRefund(tx, note.id, {
      reference: event.refundId,
      refundStatus: 'PROCESSED',
      failureReason: null,
    });
    await recordActivity(tx, {
      actorId: null,
      action: 'order.refund.processed',
      entityType: 'order',
      entityId: note.orderId,
      after: { creditNoteNumber: note.creditNoteNumber, refundId: event.refundId, amount: event.amount },
      summary: `Razorpay: refund ${event.refundId} of ${formatMoney(paise(event.amount))} (credit note ${note.creditNoteNumber}) is paid back.`,
    });
  }

  /**
   * The receipt job: e-mails the student their paid order's invoice PDF, once (the order records when
   * it went). A student without an e-mail address gets none, and the order's activity says so.
   */
  async sendReceipt(orderId: string): Promise<string> {
    const order = await this.repo.order(orderId);
    if (!order || order.receiptSentAt) return 'sent already';
    const invoice = await issuedInvoice(this.db, orderId);
    if (!invoice) return 'no invoice';
    const to = invoice.buyer.email;
    if (!to) {
      await this.db.transaction(async (tx) => {
        if (!(await this.repo.markReceiptSent(tx, orderId, this.now()))) return;
        await recordActivity(tx, {
          actorId: null,
          action: 'order.receipt.skipped',
          entityType: 'order',
          entityId: orderId,
          summary: `No receipt e-mail for order ${orderId}: the student has no e-mail address. Download the invoice from their page.`,
        });
      });
      return 'no e-mail address';
    }
    const pdf = await renderInvoicePdf(invoice);
    const { supplier } = invoice;
    await this.settings.mailer.send({
      to,
      subject: `${supplier.name}: your receipt and tax invoice ${invoice.invoiceNumber}`,
      text: [
        `Dear ${invoice.buyer.name},`,
        '',
        `Thank you for your payment of ${formatMoney(invoice.totals.total)}. Your tax invoice ${invoice.invoiceNumber} of ${formatDate(invoice.invoiceDate)} is attached.`,
        '',
        ...invoice.lines.map((line) => `- ${line.description}: ${formatMoney(line.total)}`),
        '',
        `${supplier.name}`,
        `GSTIN ${supplier.gstin ?? 'NA'}`,
      ].join('\n'),
      attachments: [
        {
          fileName: `invoice-${invoice.invoiceNumber.replaceAll('/', '-')}.pdf`,
          contentType: 'application/pdf',
          content: pdf,
        },
      ],
    });
    await this.db.transaction(async (tx) => {
      if (!(await this.repo.markReceiptSent(tx, orderId, this.now()))) return;
      await recordActivity(tx, {
        actorId: null,
        action: 'order.receipt.sent',
        entityType: 'order',
        entityId: orderId,
        summary: `Receipt with invoice ${invoice.invoiceNumber} e-mailed to ${to}.`,
      });
    });
    return `sent to ${to}`;
  }

  /** One credit note of an order, and the invoice it credits (for its PDF). */
  async creditNote(orderId: string, creditNoteId: string): Promise<{ note: CreditNote; invoice: Invoice }> {
    const note = await this.repo.creditNote(creditNoteId);
    if (!note || note.orderId !== orderId) throw fail(404, 'creditNoteNotFound');
    const invoice = await issuedInvoice(this.db, orderId);
    if (!invoice) throw fail(404, 'creditNoteNotFound');
    return { note: toCreditNote(note, invoice.invoiceNumber), invoice };
  }

  /** What an order may be placed on today: listings, the plans they sell, their add-ons; the GST settings. */
  async offers(): Promise<OrderOffers> {
    const { plans, extras } = await this.repo.offers(indianDate(this.now()));
    const listings = new Map<string, OrderOffers['listings'][number]>();
    for (const p of plans) {
      let listing = listings.get(p.storeListingId);
      if (!listing) {
        listing = {
          storeListingId: p.storeListingId,
          storeListingName: p.storeListingName,
          catalogueId: p.catalogueId,
          catalogueName: p.catalogueName,
          plans: [],
          addOns: extras
            .filter((a) => a.catalogueId === p.catalogueId)
            .map((a) => ({
              addOnId: a.addOnId,
              name: a.name,
              price: paise(a.price),
              delivered: a.automationType === 'DELIVERY',
            })),
        };
        listings.set(p.storeListingId, listing);
      }
      listing.plans.push({
        subscriptionId: p.subscriptionId,
        label: p.label,
        subscriptionType: p.subscriptionType,
        numberOfMonths: p.numberOfMonths,
        endDate: p.endDate,
        price: paise(p.price),
      });
    }
    const { gstPercent, supplierStateCode } = this.settings.invoicing;
    return { gstPercent, supplierStateCode, listings: [...listings.values()] };
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
    const [received, [invoice], notes, grants, packages, failures] = await Promise.all([
      this.repo.paymentsOf(orderId),
      this.repo.invoicesOf([orderId]),
      this.repo.creditNotesOf(orderId),
      grantsOfOrder(this.db, orderId),
      packagesOfOrder(this.db, orderId),
      this.repo.activityOf(orderId, ['order.fail']),
    ]);
    const gateway =
      order.gatewayOrderId && this.settings.payments.razorpay
        ? { name: 'razorpay', gatewayOrderId: order.gatewayOrderId, keyId: this.settings.payments.razorpay.keyId }
        : null;
    const creditNotes = notes.map((note) => toCreditNote(note, invoice?.invoiceNumber ?? ''));
    const credited = creditNotes.reduce((sum, note) => sum + note.total, 0);
    return {
      ...toDetail(order, received, invoice ? { ...invoice, credited } : null),
      creditNotes,
      refundable: paise(invoice ? invoice.total - credited : 0),
      timeline: timelineOf({ order, received, invoice: invoice ?? null, creditNotes, grants, packages, failures }),
      gateway,
    };
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
  invoice: { id: string; invoiceNumber: string; invoiceDate: string; total: number; credited: number } | null,
): Omit<OrderDetail, 'gateway' | 'creditNotes' | 'refundable' | 'timeline'> {
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
    ...toOrder({ order: row, invoice }),
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

function toCreditNote(row: CreditNoteRow, invoiceNumber: string): CreditNote {
  return {
    creditNoteId: row.id,
    creditNoteNumber: row.creditNoteNumber,
    creditNoteDate: row.creditNoteDate,
    invoiceNumber,
    taxableValue: paise(row.taxableValue),
    cgst: paise(row.cgst),
    sgst: paise(row.sgst),
    igst: paise(row.igst),
    total: paise(row.amount),
    reason: row.reason,
    refundMode: row.refundMode as CreditNote['refundMode'],
    reference: row.reference,
    refundStatus: row.refundStatus as CreditNote['refundStatus'],
    failureReason: row.failureReason,
    createdBy: row.createdByName,
    createdAt: row.createdAt.toISOString(),
  };
}

const readable = (mode: string) => mode.replace('_', ' ').toLowerCase();

/** The order's life as a person reads it, oldest first: from its rows, never from a separate log. */
function timelineOf(parts: {
  order: OrderRow;
  received: PaymentRow[];
  invoice: { invoiceNumber: string; invoiceDate: string; total: number } | null;
  creditNotes: CreditNote[];
  grants: Awaited<ReturnType<typeof grantsOfOrder>>;
  packages: Awaited<ReturnType<typeof packagesOfOrder>>;
  failures: { createdAt: Date; summary: string | null }[];
}): OrderEvent[] {
  const { order } = parts;
  const events: OrderEvent[] = [
    {
      at: order.createdAt.toISOString(),
      kind: 'CREATED',
      text: `Placed${order.createdByName ? ` by ${order.createdByName}` : ''}: ${formatMoney(paise(order.total))} to pay ${order.paymentMode === 'OFFLINE' ? 'offline' : 'online'}${order.couponCode ? `, coupon ${order.couponCode} (${formatMoney(paise(order.discount))} off)` : ''}.`,
    },
  ];
  for (const p of parts.received) {
    events.push({
      at: p.createdAt.toISOString(),
      kind: 'PAID',
      text: `${formatMoney(paise(p.amount))} received ${p.mode === 'ONLINE' ? 'online' : `by ${readable(p.mode)}`} (${p.reference}) on ${formatDate(String(p.receivedOn))}, recorded by ${p.recordedByName}.`,
    });
  }
  if (parts.invoice && order.paidAt) {
    events.push({
      at: order.paidAt.toISOString(),
      kind: 'INVOICED',
      text: `Tax invoice ${parts.invoice.invoiceNumber} issued for ${formatMoney(paise(parts.invoice.total))}.`,
    });
  }
  for (const g of parts.grants) {
    events.push({
      at: g.createdAt.toISOString(),
      kind: 'SUBSCRIPTION',
      text: `'${g.label}' granted from ${formatDate(g.startDate)} to ${formatDate(g.endDate)}.`,
    });
    if (g.cancelled) {
      events.push({
        at: g.updatedAt.toISOString(),
        kind: 'SUBSCRIPTION',
        text: `'${g.label}' cancelled${g.cancelReason ? `: ${g.cancelReason}` : ''}.`,
      });
    }
  }
  for (const p of parts.packages) {
    events.push({ at: p.orderedAt.toISOString(), kind: 'PACKAGE', text: `Package ${p.id} made for dispatch.` });
    if (p.processedAt)
      events.push({ at: p.processedAt.toISOString(), kind: 'PACKAGE', text: `Package ${p.id} dispatched.` });
    if (p.deliveredAt)
      events.push({ at: p.deliveredAt.toISOString(), kind: 'PACKAGE', text: `Package ${p.id} delivered.` });
    if (p.status === 'CANCELLED') {
      events.push({ at: p.updatedAt.toISOString(), kind: 'PACKAGE', text: `Package ${p.id} cancelled.` });
    }
  }
  for (const n of parts.creditNotes) {
    const how =
      n.refundMode === 'ONLINE'
        ? n.refundStatus === 'PROCESSED'
          ? 'paid back through the payment gateway'
          : n.refundStatus === 'FAILED'
            ? `the payment gateway refused it: ${n.failureReason ?? 'no reason given'}`
            : 'being paid back through the payment gateway'
        : `paid back by ${readable(n.refundMode)} (${n.reference ?? ''})`;
    events.push({
      at: n.createdAt,
      kind: 'REFUNDED',
      text: `Credit note ${n.creditNoteNumber}: ${formatMoney(n.total)} refunded by ${n.createdBy}, ${how}. Reason: ${n.reason}`,
    });
  }
  if (order.paymentStatus === 'FAILED') {
    const failure = parts.failures[0];
    events.push({
      at: (failure?.createdAt ?? order.createdAt).toISOString(),
      kind: 'FAILED',
      text: failure?.summary ?? 'The payment failed.',
    });
  }
  if (order.paymentStatus === 'EXPIRED' && order.expiresAt) {
    events.push({
      at: order.expiresAt.toISOString(),
      kind: 'EXPIRED',
      text: `Not paid within its time: expired${order.couponCode ? ', its coupon use given back' : ''}.`,
    });
  }
  return events.sort((a, b) => a.at.localeCompare(b.at));
}
