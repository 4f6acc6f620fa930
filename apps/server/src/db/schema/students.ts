import { sql } from 'drizzle-orm';
import { bigint, boolean, date, integer, jsonb, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, id, timestamps, ts, version } from './columns';
import { catalogues, storeListings, subscriptions } from './catalogues';

/** Students: the people who buy catalogues (issue 14). */
export const students = pgTable('students', {
  id: id(),
  name: text('name').notNull(),
  mobileNumber: text('mobile_number').notNull().unique(),
  email: text('email'),
  emailVerified: boolean('email_verified').notNull().default(false),
  /** who verified the e-mail, when and how ({ at, by, method, reason }) */
  emailVerification: jsonb('email_verification'),
  stateCode: text('state_code').notNull().default('29'),
  gstin: text('gstin'),
  addresses: jsonb('addresses').notNull().default([]),
  createdAt: createdAt(),
  /** the name and e-mail as the student search compares them (migration 0026): accents dropped, lower case */
  searchName: text('search_name').generatedAlwaysAs(sql`search_fold(name)`),
  searchEmail: text('search_email').generatedAlwaysAs(sql`lower(email)`),
});

export const orders = pgTable('orders', {
  id: id(),
  studentId: belongsTo('student_id', () => students.id),
  items: jsonb('items').notNull(),
  couponCode: text('coupon_code'),
  discount: bigint('discount', { mode: 'number' }).notNull().default(0),
  total: bigint('total', { mode: 'number' }).notNull(),
  paymentStatus: text('payment_status').notNull().default('PENDING'),
  paymentMethod: text('payment_method'),
  gatewayReference: text('gateway_reference'),
  paidAt: ts('paid_at'),
  createdAt: createdAt(),
  // orders placed by the console or a service caller (DESIGN §10); the demo's older orders have none
  storeListingId: text('store_listing_id').references(() => storeListings.id, { onDelete: 'set null' }),
  subscriptionId: text('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
  paymentMode: text('payment_mode').notNull().default('ONLINE'),
  /** price, discount, taxable value, CGST, SGST, IGST and total in paise, as the order was priced */
  amounts: jsonb('amounts'),
  expiresAt: ts('expires_at'),
  gatewayOrderId: text('gateway_order_id').unique(),
  createdByName: text('created_by_name').notNull().default(''),
  /** the receipt e-mail (with the invoice PDF) went out then */
  receiptSentAt: ts('receipt_sent_at'),
  /** the caller's id for the create request: the same again answers this order */
  requestId: text('request_id').unique(),
  /** a registered buyer's GSTIN and legal name for a B2B invoice (else the student's GSTIN, if any) */
  buyerGstin: text('buyer_gstin'),
  buyerLegalName: text('buyer_legal_name'),
  /** paise, GST included, before the coupon: the priced amounts' price, else total + discount (migration 0025) */
  gross: bigint('gross', { mode: 'number' }).generatedAlwaysAs(
    sql`COALESCE((amounts ->> 'price')::bigint, total + discount)`,
  ),
  /** paise: the GST inside the total (CGST + SGST + IGST of the priced amounts; 0 for orders priced before them) */
  gst: bigint('gst', { mode: 'number' }).generatedAlwaysAs(
    sql`COALESCE((amounts ->> 'cgst')::bigint + (amounts ->> 'sgst')::bigint + (amounts ->> 'igst')::bigint, 0)`,
  ),
});

export const studentSubscriptions = pgTable('student_subscriptions', {
  id: id(),
  studentId: belongsTo('student_id', () => students.id),
  catalogueId: text('catalogue_id')
    .notNull()
    .references(() => catalogues.id, { onDelete: 'restrict' }),
  subscriptionId: text('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
  label: text('label').notNull(),
  startDate: date('start_date', { mode: 'string' }).notNull(),
  endDate: date('end_date', { mode: 'string' }).notNull(),
  originalEndDate: date('original_end_date', { mode: 'string' }).notNull(),
  cancelled: boolean('cancelled').notNull().default(false),
  sourceOrderId: text('source_order_id').references(() => orders.id, { onDelete: 'set null' }),
  grantReason: text('grant_reason'),
  cancelReason: text('cancel_reason'),
  version: version(),
  ...timestamps(),
});

export const invoiceSequences = pgTable('invoice_sequences', {
  financialYear: text('financial_year').primaryKey(),
  last: integer('last').notNull(),
});

export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    orderId: text('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'restrict' }),
    invoiceNumber: text('invoice_number').notNull().unique(),
    financialYear: text('financial_year').notNull(),
    sequence: integer('sequence').notNull(),
    invoiceDate: date('invoice_date', { mode: 'string' }).notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
    /** the invoice as issued (InvoiceSchema): never edited afterwards */
    document: jsonb('document').notNull(),
    createdAt: createdAt(),
  },
  (t) => [unique().on(t.financialYear, t.sequence)],
);

export const creditNotes = pgTable(
  'credit_notes',
  {
    id: id(),
    invoiceId: text('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    creditNoteNumber: text('credit_note_number').notNull().unique(),
    financialYear: text('financial_year').notNull(),
    /** the credit notes' own gap-free series in the financial year */
    sequence: integer('sequence').notNull(),
    creditNoteDate: date('credit_note_date', { mode: 'string' }).notNull(),
    /** paise, GST included: taxable value + CGST + SGST + IGST */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    taxableValue: bigint('taxable_value', { mode: 'number' }).notNull().default(0),
    cgst: bigint('cgst', { mode: 'number' }).notNull().default(0),
    sgst: bigint('sgst', { mode: 'number' }).notNull().default(0),
    igst: bigint('igst', { mode: 'number' }).notNull().default(0),
    reason: text('reason').notNull(),
    /** ONLINE (through the gateway) or how staff paid it back: CASH, UPI, BANK_TRANSFER, CHEQUE */
    refundMode: text('refund_mode').notNull().default('ONLINE'),
    /** the gateway's refund id, or the refund's receipt reference */
    reference: text('reference'),
    /** PENDING while the gateway is asked, PROCESSED, FAILED */
    refundStatus: text('refund_status').notNull().default('PROCESSED'),
    failureReason: text('failure_reason'),
    /** the caller's id for the refund request: the same again makes no second refund */
    requestId: text('request_id').unique(),
    createdByName: text('created_by_name').notNull().default('Lectern'),
    createdAt: createdAt(),
  },
  (t) => [unique('credit_notes_series_key').on(t.financialYear, t.sequence)],
);

/** The last credit-note sequence of each financial year (their own series, like invoices'). */
export const creditNoteSequences = pgTable('credit_note_sequences', {
  financialYear: text('financial_year').primaryKey(),
  last: integer('last').notNull(),
});
