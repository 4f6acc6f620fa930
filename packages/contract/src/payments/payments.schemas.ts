import { z } from 'zod';
import { DaySchema } from '../fields';
import { MoneySchema } from '../money';
import { OrderSchema } from '../students/students.schemas';

// Orders and payments (DESIGN §10): an order for a student, priced from a store listing's plan and
// add-ons (GST included) with an optional coupon, paid online through the gateway or offline to
// finance staff (cash, UPI, bank transfer, cheque: the embedded default).

const Id = z.string().min(1).max(64);

export const ORDER_PAYMENT_MODES = ['ONLINE', 'OFFLINE'] as const;
export const OFFLINE_PAYMENT_MODES = ['CASH', 'UPI', 'BANK_TRANSFER', 'CHEQUE'] as const;
export type OfflinePaymentMode = (typeof OFFLINE_PAYMENT_MODES)[number];

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

export const OrderDetailSchema = OrderSchema.extend({
  storeListingId: z.string().nullable(),
  subscriptionId: z.string().nullable(),
  paymentMode: z.enum(ORDER_PAYMENT_MODES),
  /** an unpaid order expires then (ORDER_TTL_MINUTES), releasing its coupon use */
  expiresAt: z.string().nullable(),
  amounts: OrderAmountsSchema,
  payments: z.array(PaymentSchema),
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
