import { z } from 'zod';
import { DaySchema } from '../fields';
import { MoneySchema } from '../money';
import { PaymentStatusSchema } from '../students/students.schemas';
import { OFFLINE_PAYMENT_MODES } from './payments.schemas';

// Every order in one list (DESIGN §10 "orders across students", issue 34): filtered, searched, paged
// from 0 like the specification's calls, with the totals of the whole filtered set.

/** How an order is (to be) paid as the list shows it: online, offline not yet received, or the offline mode it was received by. */
export const ORDER_LIST_PAYMENT_MODES = ['ONLINE', 'OFFLINE', ...OFFLINE_PAYMENT_MODES] as const;
export type OrderListPaymentMode = (typeof ORDER_LIST_PAYMENT_MODES)[number];

/** The payment modes as people read them. */
export const ORDER_LIST_PAYMENT_MODE_LABELS: Record<OrderListPaymentMode, string> = {
  ONLINE: 'Online',
  OFFLINE: 'Offline',
  CASH: 'Cash',
  UPI: 'UPI',
  BANK_TRANSFER: 'Bank transfer',
  CHEQUE: 'Cheque',
};

/** The order statuses as people read them. */
export const ORDER_STATUS_LABELS: Record<z.infer<typeof PaymentStatusSchema>, string> = {
  PENDING: 'Pending',
  PAID: 'Paid',
  PARTIALLY_REFUNDED: 'Partially refunded',
  REFUNDED: 'Refunded',
  FAILED: 'Failed',
  EXPIRED: 'Expired',
};

/** The list's formats: a page as JSON, or every matching row as a spreadsheet. */
export const ORDER_LIST_FORMATS = ['json', 'csv', 'xlsx'] as const;

export const OrdersListQuerySchema = z.object({
  status: PaymentStatusSchema.optional(),
  /** YYYY-MM-DD: orders placed on or after this India day */
  from: DaySchema.optional(),
  /** YYYY-MM-DD: orders placed on or before this India day */
  to: DaySchema.optional(),
  /** order id, invoice number (whole), or part of the student's mobile, name or e-mail */
  q: z.string().trim().max(100).optional(),
  /** ONLINE, OFFLINE (any offline order), or one offline mode (CASH, UPI, BANK_TRANSFER, CHEQUE) */
  paymentMode: z.enum(ORDER_LIST_PAYMENT_MODES).optional(),
  couponName: z.string().trim().min(1).max(50).optional(),
  storeListingId: z.string().min(1).max(64).optional(),
  /** from 0 */
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(1000).default(50),
  /** csv or xlsx: every matching row as a file (page and size are ignored) */
  format: z.enum(ORDER_LIST_FORMATS).default('json'),
});
export type OrdersListQuery = z.output<typeof OrdersListQuerySchema>;

/** An order's money in paise: gross (GST included) less discount is net; GST is the tax inside net; refunded is its credit notes. */
export const OrderListAmountsSchema = z.object({
  gross: MoneySchema,
  discount: MoneySchema,
  gst: MoneySchema,
  net: MoneySchema,
  refunded: MoneySchema,
});

export const OrderListRowSchema = z.object({
  orderId: z.string(),
  createdAt: z.string(),
  student: z.object({
    studentId: z.string(),
    name: z.string(),
    mobileNumber: z.string(),
    email: z.string().nullable(),
  }),
  storeListingId: z.string().nullable(),
  storeListingName: z.string().nullable(),
  /** the plan's label, or the order's first line when the order names no plan */
  plan: z.string().nullable(),
  amounts: OrderListAmountsSchema,
  couponCode: z.string().nullable(),
  paymentMode: z.enum(ORDER_LIST_PAYMENT_MODES),
  paymentStatus: PaymentStatusSchema,
  invoiceNumber: z.string().nullable(),
});
export type OrderListRow = z.infer<typeof OrderListRowSchema>;

/** The totals of every order the filters match (not only the page), summed by the database. */
export const OrderListTotalsSchema = OrderListAmountsSchema.extend({ count: z.number().int() });
export type OrderListTotals = z.infer<typeof OrderListTotalsSchema>;

export const OrdersListSchema = z.object({
  content: z.array(OrderListRowSchema),
  page: z.number().int(),
  size: z.number().int(),
  totalElements: z.number().int(),
  totalPages: z.number().int(),
  totals: OrderListTotalsSchema,
});
export type OrdersList = z.infer<typeof OrdersListSchema>;
