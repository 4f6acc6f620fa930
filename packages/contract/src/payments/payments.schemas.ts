import { z } from 'zod';
import { DaySchema } from '../fields';
import { MoneySchema } from '../money';
import { isValidGstin } from './invoice-rules';
import { OrderSchema } from '../students/students.schemas';

// Orders and payments (DESIGN §10): an order for a student, priced from a store listing's plan and
// add-ons (GST included) with an optional coupon, paid online through the gateway or offline to
// finance staff (cash, UPI, bank transfer, cheque: the embedded default).

const Id = z.string().min(1).max(64);

export const ORDER_PAYMENT_MODES = ['ONLINE', 'OFFLINE'] as const;
export const OFFLINE_PAYMENT_MODES = ['CASH', 'UPI', 'BANK_TRANSFER', 'CHEQUE'] as const;
export type OfflinePaymentMode = (typeof OFFLINE_PAYMENT_MODES)[number];

/** Why a buyer's GSTIN is refused. */
export const BUYER_GSTIN_MESSAGE =
  "not a valid GSTIN: 15 characters, the state code, the buyer's PAN, entity number, Z and a check character (e.g. 27AABCS9876K1ZK)";

export const CreateOrderBodySchema = z.object({
  /** the student's mobile; a new one makes a student record (then `studentName` is required) */
  mobileNumber: z.string().regex(/^[0-9]{10}$/, 'a mobile number is 10 digits'),
  studentName: z.string().trim().min(1).max(100).optional(),
  storeListingId: Id,
  /** one of the listing's plans */
  subscriptionId: Id,
  /** add-ons of the listing's catalogue (printed material, a test series) */
  addOnIds: z.array(Id).max(20).optional(),
  couponName: z.string().trim().min(1).max(50).optional(),
  paymentMode: z.enum(ORDER_PAYMENT_MODES),
  /** a registered buyer's GSTIN (a B2B invoice), printed on the invoice; else the student's own, if any */
  buyerGstin: z.string().trim().toUpperCase().refine(isValidGstin, BUYER_GSTIN_MESSAGE).optional(),
  /** the registered buyer's legal name, printed on the invoice with the GSTIN */
  buyerLegalName: z.string().trim().min(1).max(100).optional(),
  /** the caller's id for this order: sent again (a retry whose answer was lost), it answers the order placed, and places no second one */
  requestId: z.string().uuid().optional(),
});
export type CreateOrderBody = z.infer<typeof CreateOrderBodySchema>;

/** The order's money, in paise: price and discount GST included; taxable + CGST + SGST + IGST = total. */
export const OrderAmountsSchema = z.object({
  price: MoneySchema,
  discount: MoneySchema,
  taxableValue: MoneySchema,
  cgst: MoneySchema,
  sgst: MoneySchema,
  igst: MoneySchema,
  total: MoneySchema,
});
export type OrderAmounts = z.infer<typeof OrderAmountsSchema>;

export const PaymentSchema = z.object({
  paymentId: z.string(),
  /** ONLINE (the gateway) or how the money reached staff */
  mode: z.enum(['ONLINE', ...OFFLINE_PAYMENT_MODES]),
  /** the gateway's payment id, or the receipt's reference (UPI reference, cheque number) */
  reference: z.string(),
  amount: MoneySchema,
  /** YYYY-MM-DD */
  receivedOn: z.string(),
  recordedBy: z.string(),
  createdAt: z.string(),
});
export type Payment = z.infer<typeof PaymentSchema>;

/** A credit note's refund: PENDING while the gateway is asked, PROCESSED once the money went back, FAILED when the gateway refused. */
export const REFUND_STATUSES = ['PENDING', 'PROCESSED', 'FAILED'] as const;
/** how a refund's money went back: through the gateway (ONLINE) or as staff paid it back */
export const REFUND_MODES = ['ONLINE', ...OFFLINE_PAYMENT_MODES] as const;

/** A GST credit note: a refund against the order's invoice, from its own gap-free series. */
export const CreditNoteSchema = z.object({
  creditNoteId: z.string(),
  /** e.g. CN/2627/000003: the credit notes' own series in the financial year */
  creditNoteNumber: z.string(),
  /** YYYY-MM-DD, India */
  creditNoteDate: z.string(),
  invoiceNumber: z.string(),
  taxableValue: MoneySchema,
  cgst: MoneySchema,
  sgst: MoneySchema,
  igst: MoneySchema,
  total: MoneySchema,
  reason: z.string(),
  refundMode: z.enum(REFUND_MODES),
  /** the gateway's refund id, or how staff paid it back (UPI reference, cheque number) */
  reference: z.string().nullable(),
  refundStatus: z.enum(REFUND_STATUSES),
  /** why the gateway refused the refund (FAILED) */
  failureReason: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
});
export type CreditNote = z.infer<typeof CreditNoteSchema>;

/** One step of an order's life, oldest first: what a person reads on the order's timeline. */
export const ORDER_EVENT_KINDS = [
  'CREATED',
  'PAID',
  'INVOICED',
  'SUBSCRIPTION',
  'PACKAGE',
  'REFUNDED',
  'FAILED',
  'EXPIRED',
] as const;
export const OrderEventSchema = z.object({
  at: z.string(),
  kind: z.enum(ORDER_EVENT_KINDS),
  text: z.string(),
});
export type OrderEvent = z.infer<typeof OrderEventSchema>;

export const OrderDetailSchema = OrderSchema.extend({
  storeListingId: z.string().nullable(),
  subscriptionId: z.string().nullable(),
  paymentMode: z.enum(ORDER_PAYMENT_MODES),
  /** an unpaid order expires then (ORDER_TTL_MINUTES), releasing its coupon use */
  expiresAt: z.string().nullable(),
  amounts: OrderAmountsSchema,
  payments: z.array(PaymentSchema),
  creditNotes: z.array(CreditNoteSchema),
  /** what may still be refunded: the invoice's total less its credit notes (0 before payment) */
  refundable: MoneySchema,
  /** created, paid, invoiced, subscription, packages, refunds, failed or expired, oldest first */
  timeline: z.array(OrderEventSchema),
  /** what the student's checkout needs from the gateway (ONLINE orders with a gateway configured) */
  gateway: z.object({ name: z.string(), gatewayOrderId: z.string(), keyId: z.string() }).nullable(),
});
export type OrderDetail = z.infer<typeof OrderDetailSchema>;

export const OfflinePaymentBodySchema = z.object({
  mode: z.enum(OFFLINE_PAYMENT_MODES),
  /** the receipt's reference: unique per mode, so recording the same receipt again changes nothing */
  reference: z.string().trim().min(1, 'a receipt reference is required').max(60),
  receivedOn: DaySchema,
});
export type OfflinePaymentBody = z.infer<typeof OfflinePaymentBodySchema>;

export const OrderIdSchema = z.object({ orderId: Id });

export const RefundBodySchema = z.object({
  /** paise, GST included: from 1 to what remains refundable */
  amount: MoneySchema.refine((value) => value >= 1, 'a refund is at least 1 paisa'),
  reason: z.string().trim().min(3, 'say why the money goes back').max(300),
  /** an order paid offline: how the money went back (required then); ONLINE orders refund through the gateway */
  refundMode: z.enum(OFFLINE_PAYMENT_MODES).optional(),
  /** the refund's receipt (UPI reference, cheque number); required with refundMode */
  reference: z.string().trim().min(1).max(60).optional(),
  /** the caller's id for this refund: the same id again answers the refund made, and makes no second one */
  requestId: z.string().uuid().optional(),
});
export type RefundBody = z.infer<typeof RefundBodySchema>;

export const CreditNoteParamsSchema = z.object({ orderId: Id, creditNoteId: Id });
export const CreditNoteFormatQuerySchema = z.object({ format: z.enum(['json', 'pdf']).default('json') });

/** What an order may be placed on: each store listing still sold, the plans it sells and its catalogue's add-ons. */
export const OrderOffersSchema = z.object({
  /** the GST rate and the supplier's state, so a screen can split a price as the invoice will */
  gstPercent: z.number(),
  supplierStateCode: z.string(),
  listings: z.array(
    z.object({
      storeListingId: z.string(),
      storeListingName: z.string(),
      catalogueId: z.string(),
      catalogueName: z.string(),
      plans: z.array(
        z.object({
          subscriptionId: z.string(),
          label: z.string(),
          subscriptionType: z.string(),
          numberOfMonths: z.number().int().nullable(),
          endDate: z.string().nullable(),
          /** paise, GST included */
          price: MoneySchema,
        }),
      ),
      addOns: z.array(z.object({ addOnId: z.string(), name: z.string(), price: MoneySchema, delivered: z.boolean() })),
    }),
  ),
});
export type OrderOffers = z.infer<typeof OrderOffersSchema>;
