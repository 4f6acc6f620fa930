import { z } from 'zod';
import { DaySchema } from '../fields';
import { MoneySchema } from '../money';

// Students, their subscriptions, orders and GST invoices (spec 2 §3 "Student data", §7 "Students and
// payments", DESIGN §9). Finance staff find a student by mobile number and answer 'where is my
// course?', 'send me my invoice', 'my e-mail is not verified'.

const Id = z.string().min(1).max(64);
const Version = z.number().int().min(0);
const Reason = z.string().trim().min(1, 'a reason is required').max(500, 'a reason must be at most 500 characters');

export const ADDRESS_TYPES = ['HOME', 'WORK', 'OTHER'] as const;

export const StudentAddressSchema = z.object({
  addressId: z.string(),
  /** HOME by default (spec 2 §9) */
  type: z.enum(ADDRESS_TYPES),
  addressLine1: z.string(),
  addressLine2: z.string(),
  landMark: z.string(),
  city: z.string(),
  state: z.string(),
  /** six digits */
  pin: z.string(),
  preferredAddress: z.boolean(),
});
export type StudentAddress = z.infer<typeof StudentAddressSchema>;

export const StudentSchema = z.object({
  studentId: z.string(),
  name: z.string(),
  mobileNumber: z.string(),
  email: z.string().nullable(),
  emailVerified: z.boolean(),
  /** who verified the e-mail and how: the student's link, or staff (with their reason) */
  emailVerification: z
    .object({ at: z.string(), by: z.string(), method: z.enum(['LINK', 'STAFF']), reason: z.string().nullable() })
    .nullable(),
  /** GST state code of the student's place of supply (their preferred address's state) */
  stateCode: z.string(),
  /** the student's GSTIN, when registered for GST (a business buying for staff) */
  gstin: z.string().nullable(),
  addresses: z.array(StudentAddressSchema),
  createdAt: z.string(),
});
export type Student = z.infer<typeof StudentSchema>;

export const STUDENT_SUBSCRIPTION_STATUSES = ['ACTIVE', 'EXPIRED', 'CANCELLED'] as const;
export const StudentSubscriptionStatusSchema = z.enum(STUDENT_SUBSCRIPTION_STATUSES);
export type StudentSubscriptionStatus = z.infer<typeof StudentSubscriptionStatusSchema>;

export const StudentSubscriptionSchema = z.object({
  studentSubscriptionId: z.string(),
  studentId: z.string(),
  catalogueId: z.string(),
  catalogueName: z.string(),
  subscriptionId: z.string().nullable(),
  subscriptionLabel: z.string(),
  /** YYYY-MM-DD */
  startDate: z.string(),
  /** YYYY-MM-DD: the last day of access */
  endDate: z.string(),
  /** ACTIVE until its end date (then EXPIRED), or CANCELLED by staff */
  status: StudentSubscriptionStatusSchema,
  /** staff moved the end date later at least once (the 'extended' tag) */
  extended: z.boolean(),
  /** the end date the subscription was bought or granted with */
  originalEndDate: z.string(),
  /** the order that paid for it; null when staff granted it */
  sourceOrderId: z.string().nullable(),
  /** why staff granted it without payment */
  grantReason: z.string().nullable(),
  cancelReason: z.string().nullable(),
  version: z.number().int(),
});
export type StudentSubscription = z.infer<typeof StudentSubscriptionSchema>;

/** DESIGN §10: PENDING -> PAID | FAILED | EXPIRED; PAID -> PARTIALLY_REFUNDED -> REFUNDED */
export const PAYMENT_STATUSES = ['PENDING', 'PAID', 'FAILED', 'EXPIRED', 'PARTIALLY_REFUNDED', 'REFUNDED'] as const;
export const PaymentStatusSchema = z.enum(PAYMENT_STATUSES);
/** how the student paid: online through the gateway (UPI, card, net banking, wallet), or offline to staff */
export const PAYMENT_METHODS = ['UPI', 'CARD', 'NETBANKING', 'WALLET', 'CASH', 'BANK_TRANSFER', 'CHEQUE'] as const;
export const PaymentMethodSchema = z.enum(PAYMENT_METHODS);

export const OrderItemSchema = z.object({
  description: z.string(),
  catalogueId: z.string().nullable(),
  subscriptionId: z.string().nullable(),
  addOnId: z.string().nullable(),
  quantity: z.number().int(),
  /** paise, GST included */
  unitPrice: MoneySchema,
});

export const InvoiceSummarySchema = z.object({
  invoiceId: z.string(),
  /** the Rule 46 serial, e.g. LEC/2627/000042 */
  invoiceNumber: z.string(),
  /** YYYY-MM-DD */
  invoiceDate: z.string(),
  total: MoneySchema,
  /** credit notes issued against it (refunds), total */
  credited: MoneySchema,
});

export const OrderSchema = z.object({
  orderId: z.string(),
  studentId: z.string(),
  items: z.array(OrderItemSchema),
  couponCode: z.string().nullable(),
  /** the coupon's discount, paise */
  discount: MoneySchema,
  /** what the student paid (or was asked to pay), paise, GST included */
  total: MoneySchema,
  paymentStatus: PaymentStatusSchema,
  paymentMethod: PaymentMethodSchema.nullable(),
  gatewayReference: z.string().nullable(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
  /** issued once the order is paid; null before */
  invoice: InvoiceSummarySchema.nullable(),
});
export type Order = z.infer<typeof OrderSchema>;

const PartySchema = z.object({
  name: z.string(),
  address: z.string(),
  stateCode: z.string(),
  stateName: z.string(),
  gstin: z.string().nullable(),
});

const AmountsShape = {
  gross: MoneySchema,
  discount: MoneySchema,
  grossAfterDiscount: MoneySchema,
  taxableValue: MoneySchema,
  cgst: MoneySchema,
  sgst: MoneySchema,
  igst: MoneySchema,
  totalTax: MoneySchema,
  total: MoneySchema,
};

/** A GST tax invoice with what Rule 46 asks, as stored when it was issued (never edited afterwards). */
export const InvoiceSchema = z.object({
  invoiceId: z.string(),
  invoiceNumber: z.string(),
  invoiceDate: z.string(),
  financialYear: z.string(),
  orderId: z.string(),
  supplier: PartySchema,
  buyer: PartySchema.extend({
    mobileNumber: z.string(),
    email: z.string().nullable(),
    /** a registered buyer's legal name (an order placed with the buyer's GSTIN); absent on earlier invoices */
    legalName: z.string().nullable().optional(),
  }),
  placeOfSupply: z.object({ stateCode: z.string(), stateName: z.string() }),
  supplyType: z.enum(['INTRA_STATE', 'INTER_STATE']),
  stateTaxName: z.enum(['SGST', 'UTGST']),
  gstPercent: z.number(),
  lines: z.array(
    z.object({
      description: z.string(),
      sacCode: z.string(),
      quantity: z.number().int(),
      unitPrice: MoneySchema,
      cgstPercent: z.number(),
      sgstPercent: z.number(),
      igstPercent: z.number(),
      ...AmountsShape,
    }),
  ),
  totals: z.object(AmountsShape),
  amountInWords: z.string(),
  /** refunds: credit notes against this invoice */
  creditNotes: z.array(
    z.object({ creditNoteNumber: z.string(), date: z.string(), amount: MoneySchema, reason: z.string() }),
  ),
});
export type Invoice = z.infer<typeof InvoiceSchema>;

// ---- inputs

export const MobileNumberQuerySchema = z.object({
  mobileNumber: z.string().regex(/^[0-9]{10}$/, 'a mobile number is 10 digits'),
});
export const StudentIdParamSchema = z.object({ studentId: Id });
export const StudentIdQuerySchema = z.object({
  studentId: Id,
  /** why staff verify the e-mail themselves (recorded) */
  reason: z.string().trim().max(500).optional(),
});
export const VerificationTokenQuerySchema = z.object({ token: z.string().min(1).max(2000) });
export const OrderIdParamSchema = z.object({ orderId: Id });
export const InvoiceFormatQuerySchema = z.object({ format: z.enum(['json', 'pdf']).default('json') });

export const StudentIdsBodySchema = z.strictObject({
  studentIds: z.array(Id).min(1, 'name at least one student').max(1000),
});

/** Staff changes to a student's subscriptions (spec 2 §7 "POST update subscriptions"), each with its reason. */
export const SubscriptionUpdateBodySchema = z.discriminatedUnion('action', [
  z.strictObject({
    action: z.literal('GRANT'),
    studentId: Id,
    /** a subscription plan of a catalogue that is not archived */
    subscriptionId: Id,
    /** YYYY-MM-DD; today when absent */
    startDate: DaySchema.optional(),
    reason: Reason,
  }),
  z.strictObject({
    action: z.literal('EXTEND'),
    studentSubscriptionId: Id,
    version: Version,
    /** YYYY-MM-DD, later than the current end date */
    endDate: DaySchema,
    reason: Reason,
  }),
  z.strictObject({
    action: z.literal('CANCEL'),
    studentSubscriptionId: Id,
    version: Version,
    reason: Reason,
  }),
]);
export type SubscriptionUpdateBody = z.input<typeof SubscriptionUpdateBodySchema>;
