import { bigint, date, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { createdAt, id, stampedAt } from './columns';
import { users } from './staff';
import { orders } from './students';

/** Money received for an order: one row per cause (a gateway payment, an offline receipt). DESIGN §10. */
export const payments = pgTable(
  'payments',
  {
    id: id(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    /** ONLINE, or how the money reached staff: CASH, UPI, BANK_TRANSFER, CHEQUE */
    mode: text('mode').notNull(),
    /** the gateway's payment id, or the receipt's reference */
    reference: text('reference').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    receivedOn: date('received_on').notNull(),
    recordedBy: text('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    recordedByName: text('recorded_by_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [unique().on(t.mode, t.reference)],
);

/** Gateway webhook events applied, by the gateway's event id (DESIGN §10): each is applied once. */
export const paymentEvents = pgTable('payment_events', {
  eventId: text('event_id').primaryKey(),
  gateway: text('gateway').notNull(),
  kind: text('kind').notNull(),
  receivedAt: stampedAt('received_at'),
});
