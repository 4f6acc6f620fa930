import { boolean, jsonb, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, id, stampedAt, timestamps, ts, version } from './columns';
import { catalogues } from './catalogues';
import { orders, students } from './students';

/** Delivery packages of printed study material (issue 17): one per shipping line of a paid order. */
export const deliveryPackages = pgTable(
  'delivery_packages',
  {
    id: id(),
    orderId: belongsTo('order_id', () => orders.id),
    /** the add-on (automation DELIVERY) the package ships */
    addOnId: text('add_on_id').notNull(),
    studentId: belongsTo('student_id', () => students.id),
    catalogueId: text('catalogue_id')
      .notNull()
      .references(() => catalogues.id, { onDelete: 'restrict' }),
    /** what is in it: [{ description, quantity }] */
    items: jsonb('items').notNull(),
    status: text('status').notNull().default('PENDING'),
    deliveryMode: text('delivery_mode').notNull().default('COURIER'),
    dispatchType: text('dispatch_type').notNull().default('STANDARD'),
    orderedAt: ts('ordered_at').notNull(),
    processedAt: ts('processed_at'),
    deliveredAt: ts('delivered_at'),
    version: version(),
    ...timestamps(),
  },
  (t) => [unique().on(t.orderId, t.addOnId)],
);

/** Every address a package had; exactly one is current (a partial unique index). */
export const deliveryAddresses = pgTable('delivery_addresses', {
  id: id(),
  packageId: belongsTo('package_id', () => deliveryPackages.id),
  type: text('type').notNull().default('HOME'),
  addressLine1: text('address_line1').notNull(),
  addressLine2: text('address_line2').notNull().default(''),
  landMark: text('land_mark').notNull().default(''),
  city: text('city').notNull(),
  state: text('state').notNull(),
  pin: text('pin').notNull(),
  preferredAddress: boolean('preferred_address').notNull().default(true),
  current: boolean('current').notNull().default(true),
  /** the name of who added it ('' for the address the order came with) */
  createdBy: text('created_by').notNull().default(''),
  createdAt: createdAt(),
});

/** Courier consignments; a tracking id belongs to one package (unique index). */
export const deliveryTrackers = pgTable('delivery_trackers', {
  id: id(),
  packageId: belongsTo('package_id', () => deliveryPackages.id),
  serviceProvider: text('service_provider').notNull().default('DTDC'),
  trackingId: text('tracking_id').notNull(),
  notes: text('notes').notNull().default(''),
  status: text('status').notNull().default('BOOKED'),
  state: text('state').notNull().default('ACTIVE'),
  ...timestamps(),
});

export const deliveryInHand = pgTable('delivery_in_hand', {
  packageId: text('package_id')
    .primaryKey()
    .references(() => deliveryPackages.id, { onDelete: 'cascade' }),
  handDeliveryLocation: text('hand_delivery_location').notNull(),
  handDeliveryNotes: text('hand_delivery_notes').notNull().default(''),
});

export const deliveryPickups = pgTable('delivery_pickups', {
  packageId: text('package_id')
    .primaryKey()
    .references(() => deliveryPackages.id, { onDelete: 'cascade' }),
  recipientType: text('recipient_type').notNull().default('REGISTERED_STUDENT'),
  recipientName: text('recipient_name').notNull(),
  recipientPhoneNumber: text('recipient_phone_number').notNull(),
  notes: text('notes').notNull().default(''),
});

export const deliveryCancellations = pgTable('delivery_cancellations', {
  packageId: text('package_id')
    .primaryKey()
    .references(() => deliveryPackages.id, { onDelete: 'cascade' }),
  cancellationRequestType: text('cancellation_request_type').notNull(),
  description: text('description').notNull(),
  cancelledFrom: text('cancelled_from').notNull(),
  returnTrackerId: text('return_tracker_id').references(() => deliveryTrackers.id, { onDelete: 'set null' }),
  cancelledBy: text('cancelled_by').notNull(),
  cancelledAt: stampedAt('cancelled_at'),
});
