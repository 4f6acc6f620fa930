import { z } from 'zod';
import { route } from '../route';
import { GstReportQuerySchema, GstReportSchema } from './gst-report.schemas';
import {
  CreateOrderBodySchema,
  CreditNoteFormatQuerySchema,
  CreditNoteParamsSchema,
  CreditNoteSchema,
  OfflinePaymentBodySchema,
  OrderDetailSchema,
  OrderIdSchema,
  OrderOffersSchema,
  RefundBodySchema,
} from './payments.schemas';
import { OrdersListQuerySchema, OrdersListSchema } from './orders-list.schemas';

// DESIGN §10 "Orders and payments": FINANCE and SUPER_ADMIN (the commerce area) place offline orders
// and record the money received. Service callers (API keys) come with issue 33's keys.
export const paymentsContract = {
  createOrder: route({
    method: 'POST',
    path: '/payments/order/create',
    summary:
      "Place an order for a student (by mobile; a new mobile makes a student): a listing's plan, add-ons and a coupon, priced with GST; the coupon use is reserved",
    access: { kind: 'session', area: 'commerce', apiKey: 'orders:create' },
    body: CreateOrderBodySchema,
    response: OrderDetailSchema,
  }),
  offers: route({
    method: 'GET',
    path: '/payments/order/offers',
    summary:
      "What an order may be placed on: each store listing still sold, the plans it sells (a FIXED plan that has ended is left out) and its catalogue's add-ons, with the GST rate and the supplier's state",
    access: { kind: 'session', area: 'commerce' },
    response: OrderOffersSchema,
  }),
  order: route({
    method: 'GET',
    path: '/payments/order/{orderId}',
    summary: 'One order: its lines, amounts, payments and invoice',
    access: { kind: 'session', area: 'commerce', apiKey: 'orders:read' },
    params: OrderIdSchema,
    response: OrderDetailSchema,
  }),
  offlinePayment: route({
    method: 'POST',
    path: '/payments/order/{orderId}/offline-payment',
    summary:
      'Record money received offline (cash, UPI, bank transfer, cheque): the order is paid, its invoice issued, its subscription granted and its packages made, at once; the same receipt again changes nothing',
    access: { kind: 'session', area: 'commerce' },
    params: OrderIdSchema,
    body: OfflinePaymentBodySchema,
    response: OrderDetailSchema,
  }),
  refund: route({
    method: 'POST',
    path: '/payments/order/{orderId}/refund',
    summary:
      'Refund a paid order, fully or in part, with a reason: a GST credit note from its own series; online payments go back through the gateway, offline ones are recorded with how the money went back. A full refund cancels the subscription, any undispatched package and the coupon use',
    access: { kind: 'session', area: 'commerce' },
    params: OrderIdSchema,
    body: RefundBodySchema,
    response: OrderDetailSchema,
  }),
  creditNote: route({
    method: 'GET',
    path: '/payments/order/{orderId}/credit-note/{creditNoteId}',
    summary: 'One credit note of an order (`?format=pdf`: the printable PDF)',
    access: { kind: 'session', area: 'commerce' },
    params: CreditNoteParamsSchema,
    query: CreditNoteFormatQuerySchema,
    response: CreditNoteSchema,
  }),
  gstReport: route({
    method: 'GET',
    path: '/payments/gst-report',
    summary:
      "A month's GST return data (GSTR-1): B2B invoices, B2CS by place of supply and rate net of credit notes, the credit notes, and the SAC summary; `format=csv` (one table with a Section column) or `xlsx` (a sheet per table) as a file",
    access: { kind: 'session', area: 'commerce' },
    query: GstReportQuerySchema,
    response: GstReportSchema,
  }),
  razorpayWebhook: route({
    method: 'POST',
    path: '/payments/webhook/razorpay',
    summary:
      "Razorpay's webhook (no session: X-Razorpay-Signature over the raw body is verified, 401 otherwise): payment.captured pays the order, payment.failed fails an unpaid one, refund.processed settles a refund; each event (x-razorpay-event-id) is applied once",
    access: { kind: 'open' },
    raw: true,
    body: z.object({ event: z.string() }).passthrough(),
    response: z.object({ received: z.boolean() }),
  }),
  orders: route({
    method: 'GET',
    path: '/payments/orders',
    summary:
      "Every order, newest first: filtered by status, the India days it was placed (`from`, `to` inclusive), payment mode, coupon and listing, searched by order id, invoice number, or the student's mobile, name or e-mail; paged from 0, with the totals of the whole filtered set (`?format=csv` or `xlsx`: every matching row as a file)",
    access: { kind: 'session', area: 'commerce' },
    query: OrdersListQuerySchema,
    response: OrdersListSchema,
  }),
};
