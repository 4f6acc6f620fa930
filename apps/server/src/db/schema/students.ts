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

export const creditNotes = pgTable('credit_notes', {
  id: id(),
  invoiceId: text('invoice_id')
    .notNull()
    .references(() => invoices.id, { onDelete: 'restrict' }),
  creditNoteNumber: text('credit_note_number').notNull().unique(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  reason: text('reason').notNull(),
  createdAt: createdAt(),
});
