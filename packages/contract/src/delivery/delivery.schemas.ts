import { z } from 'zod';
import { DateTimeSchema, DaySchema } from '../fields';
import { ADDRESS_TYPES } from '../students/students.schemas';
import { DELIVERY_STATUSES, PIN_PATTERN, TRACKING_ID_PATTERN } from './delivery-rules';

// Delivery packages of printed study material (spec 2 §3 "Delivery", §4, §7 "Delivery", DESIGN §9):
// made from paid orders whose add-on ships material; finance staff dispatch them by courier, hand
// them over (in hand) or keep them for pickup (in person), and cancel them.

const Id = z.string().trim().min(1).max(64);
const Version = z.number().int().min(0);
const Text = (max: number) => z.string().trim().max(max, `at most ${max} characters`);

export const DeliveryStatusSchema = z.enum(DELIVERY_STATUSES);
export type DeliveryStatus = z.infer<typeof DeliveryStatusSchema>;

/** COURIER by default (spec 2 §9); IN_HAND: staff hand it over at a place; IN_PERSON: picked up by the student or someone for them. */
export const DELIVERY_MODES = ['COURIER', 'IN_PERSON', 'IN_HAND'] as const;
export const DeliveryModeSchema = z.enum(DELIVERY_MODES);
export type DeliveryMode = z.infer<typeof DeliveryModeSchema>;

/** How fast the courier is booked (the courier's product): STANDARD by default. */
export const DISPATCH_TYPES = ['STANDARD', 'EXPRESS'] as const;
export const DispatchTypeSchema = z.enum(DISPATCH_TYPES);

/** Where a courier consignment is: the courier's own milestones, and the return of a cancelled one. */
export const TRACKER_STATUSES = [
  'BOOKED',
  'IN_TRANSIT',
  'OUT_FOR_DELIVERY',
  'DELIVERED',
  'RETURN_IN_TRANSIT',
  'RETURNED',
] as const;
export const TrackerStatusSchema = z.enum(TRACKER_STATUSES);
export type TrackerStatus = z.infer<typeof TrackerStatusSchema>;

/** ACTIVE: the consignment now carrying the package; CLOSED: an earlier one (returned or replaced). */
export const TRACKER_STATES = ['ACTIVE', 'CLOSED'] as const;

/** REGISTERED_STUDENT by default (spec 2 §9). */
export const RECIPIENT_TYPES = ['REGISTERED_STUDENT', 'PARENT_OR_GUARDIAN', 'AUTHORISED_PERSON'] as const;

export const CANCELLATION_REQUEST_TYPES = [
  'STUDENT_REQUEST',
  'ORDER_REFUNDED',
  'DUPLICATE_ORDER',
  'ADDRESS_NOT_SERVICEABLE',
  'OUT_OF_STOCK',
  'OTHER',
] as const;

/** A courier: DTDC by default; the others are the couriers with a tracking address configured on the server. */
const ServiceProvider = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z][A-Z0-9_]{1,31}$/, 'a courier is named like DTDC or BLUE_DART');
const TrackingId = z
  .string()
  .trim()
  .toUpperCase()
  .regex(TRACKING_ID_PATTERN, 'a tracking id is 6 to 30 letters, digits or hyphens');

export const CourierTrackerSchema = z.object({
  trackerId: z.string(),
  serviceProvider: z.string(),
  trackingId: z.string(),
  notes: z.string(),
  status: TrackerStatusSchema,
  /** built from the courier's tracking-URL template, never typed */
  trackerLink: z.string(),
  state: z.enum(TRACKER_STATES),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CourierTracker = z.infer<typeof CourierTrackerSchema>;

export const InHandDeliveryDetailsSchema = z.object({
  handDeliveryLocation: z.string(),
  handDeliveryNotes: z.string(),
});

export const InPersonPickupSchema = z.object({
  recipientType: z.enum(RECIPIENT_TYPES),
  recipientName: z.string(),
  recipientPhoneNumber: z.string(),
  notes: z.string(),
});

export const DeliveryAddressSchema = z.object({
  addressId: z.string(),
  /** HOME by default (spec 2 §9) */
  type: z.enum(ADDRESS_TYPES),
  addressLine1: z.string(),
  addressLine2: z.string(),
  landMark: z.string(),
  city: z.string(),
  state: z.string(),
  /** six digits, not starting with 0 */
  pin: z.string(),
  preferredAddress: z.boolean(),
  deliveryPackageId: z.string(),
  /** the address the package goes to now; earlier ones stay as its history */
  current: z.boolean(),
  createdAt: z.string(),
  createdBy: z.string(),
});
export type DeliveryAddress = z.infer<typeof DeliveryAddressSchema>;

export const CancellationSchema = z.object({
  cancellationRequestType: z.enum(CANCELLATION_REQUEST_TYPES),
  description: z.string(),
  cancelledAt: z.string(),
  cancelledBy: z.string(),
  /** the status the package had when it was cancelled */
  cancelledFrom: z.enum(['PENDING', 'PROCESSED']),
  /** a processed courier package comes back: the consignment of its return */
  returnTrackerId: z.string().nullable(),
});

export const DeliveryItemSchema = z.object({ description: z.string(), quantity: z.number().int() });

/** A delivery package as the list shows it. */
export const DeliveryPackageSchema = z.object({
  deliveryPackageId: z.string(),
  orderId: z.string(),
  studentId: z.string(),
  studentName: z.string(),
  mobileNumber: z.string(),
  catalogueId: z.string(),
  catalogueName: z.string(),
  items: z.array(DeliveryItemSchema),
  deliveryStatus: DeliveryStatusSchema,
  deliveryMode: DeliveryModeSchema,
  dispatchType: DispatchTypeSchema,
  /** the current address (null only for a package that never had one) */
  address: DeliveryAddressSchema.nullable(),
  /** every consignment of the package, newest first */
  deliveryTrackerList: z.array(CourierTrackerSchema),
  inHandDeliveryDetails: InHandDeliveryDetailsSchema.nullable(),
  inPersonPickup: InPersonPickupSchema.nullable(),
  cancellation: CancellationSchema.nullable(),
  orderedAt: z.string(),
  processedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type DeliveryPackage = z.infer<typeof DeliveryPackageSchema>;

/** One package with its address history (newest first). */
export const DeliveryPackageDetailSchema = DeliveryPackageSchema.extend({
  addressHistory: z.array(DeliveryAddressSchema),
});
export type DeliveryPackageDetail = z.infer<typeof DeliveryPackageDetailSchema>;

export const DeliveryFailureSchema = z.object({
  deliveryPackageId: z.string(),
  /** the student and the package, as the failure list shows them ('For {name} {reason}') */
  name: z.string(),
  reason: z.string(),
});
export type DeliveryFailure = z.infer<typeof DeliveryFailureSchema>;

export const ProcessResultSchema = z.object({
  processed: z.array(DeliveryPackageSchema),
  /** the packages that were not processed, each with why; nothing of them was written */
  failures: z.array(DeliveryFailureSchema),
});

export const CatalogueDeliverySchema = z.object({
  catalogueId: z.string(),
  catalogueName: z.string(),
  counts: z.object({ PENDING: z.number(), PROCESSED: z.number(), DELIVERED: z.number(), CANCELLED: z.number() }),
  total: z.number(),
});

// ---- inputs

export const DeliveryStatusParamSchema = z.object({ status: z.enum([...DELIVERY_STATUSES, 'ALL']) });
export const PackageIdParamSchema = z.object({ packageId: Id });

/** Narrowing the list (and its CSV): search by student name, mobile, package id or tracking id; dates of the order. */
export const DeliveryListQuerySchema = z.object({
  search: Text(100).optional(),
  catalogueId: Id.optional(),
  deliveryMode: DeliveryModeSchema.optional(),
  /** YYYY-MM-DD, the order's day in India, inclusive */
  from: DaySchema.optional(),
  to: DaySchema.optional(),
});
export type DeliveryListQuery = z.output<typeof DeliveryListQuerySchema>;

export const LabelsQuerySchema = z.object({
  /** comma-separated package ids, at most 200 */
  packageIds: z
    .string()
    .transform((text) => [
      ...new Set(
        text
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(Id).min(1, 'name at least one package').max(200, 'at most 200 packages at once')),
});

const AddressFields = {
  type: z.enum(ADDRESS_TYPES).default('HOME'),
  addressLine1: z.string().trim().min(1, 'address line 1 is required').max(200),
  addressLine2: Text(200).default(''),
  landMark: Text(200).default(''),
  city: z.string().trim().min(1, 'the city is required').max(100),
  state: z.string().trim().min(1, 'the state is required').max(100),
  pin: z.string().trim().regex(PIN_PATTERN, 'a PIN is 6 digits and does not start with 0'),
  preferredAddress: z.boolean().default(true),
};

/** POST adds a new address, which becomes the package's current one. */
export const AddAddressBodySchema = z.strictObject({
  deliveryPackageId: Id,
  version: Version,
  ...AddressFields,
});
/**
 * PUT corrects the current address (`addressId`); the address as it was stays in the history. A field
 * with a default on POST (type, line 2, landmark, preferred) keeps the current address's value when
 * left out, rather than being reset.
 */
export const ChangeAddressBodySchema = AddAddressBodySchema.extend({
  addressId: Id,
  type: z.enum(ADDRESS_TYPES).optional(),
  addressLine2: Text(200).optional(),
  landMark: Text(200).optional(),
  preferredAddress: z.boolean().optional(),
});
export type AddressBody = z.output<typeof AddAddressBodySchema> & { addressId?: string };
/** What the server saves: a new address (POST), or a correction whose left-out fields keep the current ones. */
export type AddressSave = z.output<typeof AddAddressBodySchema> | z.output<typeof ChangeAddressBodySchema>;

const PickupInput = z
  .strictObject({
    recipientType: z.enum(RECIPIENT_TYPES).default('REGISTERED_STUDENT'),
    recipientName: Text(100).default(''),
    recipientPhoneNumber: z
      .string()
      .trim()
      .regex(/^[6-9][0-9]{9}$/, 'a phone number is 10 digits starting with 6 to 9')
      .optional(),
    /** the same field as recipientPhoneNumber (spec 2 §3 names both) */
    recipientContactNo: z
      .string()
      .trim()
      .regex(/^[6-9][0-9]{9}$/, 'a phone number is 10 digits starting with 6 to 9')
      .optional(),
    notes: Text(500).default(''),
  })
  .refine(
    (p) => !(p.recipientPhoneNumber && p.recipientContactNo && p.recipientPhoneNumber !== p.recipientContactNo),
    'recipientPhoneNumber and recipientContactNo are the same field: give one, or the same number in both',
  )
  .transform(({ recipientContactNo, recipientPhoneNumber, ...rest }) => ({
    ...rest,
    recipientPhoneNumber: recipientPhoneNumber ?? recipientContactNo ?? '',
  }));

const InHandInput = z.strictObject({
  handDeliveryLocation: z.string().trim().min(1, 'say where it is handed over').max(200),
  handDeliveryNotes: Text(500).default(''),
});

const CourierInput = z.strictObject({
  serviceProvider: ServiceProvider.default('DTDC'),
  trackingId: TrackingId,
  notes: Text(500).default(''),
});

/** One package to process: how it goes out. The mode decides which of the three details is needed. */
export const ProcessPackageSchema = z.strictObject({
  deliveryPackageId: Id,
  /** the version the editor saw; when given, a package changed since is reported, not processed */
  version: Version.optional(),
  deliveryMode: DeliveryModeSchema.default('COURIER'),
  dispatchType: DispatchTypeSchema.optional(),
  courier: CourierInput.optional(),
  inHandDeliveryDetails: InHandInput.optional(),
  inPersonPickup: PickupInput.optional(),
});
export type ProcessPackage = z.output<typeof ProcessPackageSchema>;

export const ProcessBodySchema = z.strictObject({
  packages: z.array(ProcessPackageSchema).min(1, 'choose at least one package').max(500, 'at most 500 at once'),
});

/** Changes to a package after it was made: order data, its courier's status, or delivered. */
export const UpdateBodySchema = z.discriminatedUnion('action', [
  z.strictObject({
    action: z.literal('ORDER_DATA'),
    deliveryPackageId: Id,
    version: Version,
    dispatchType: DispatchTypeSchema.optional(),
    inHandDeliveryDetails: InHandInput.optional(),
    inPersonPickup: PickupInput.optional(),
    /** a note on the active consignment */
    trackerNotes: Text(500).optional(),
  }),
  z.strictObject({
    action: z.literal('TRACKER_STATUS'),
    deliveryPackageId: Id,
    version: Version,
    /** DELIVERED also marks the package delivered */
    status: TrackerStatusSchema,
    notes: Text(500).optional(),
  }),
  z.strictObject({
    action: z.literal('DELIVERED'),
    deliveryPackageId: Id,
    version: Version,
    /** when it was delivered; now when absent; never in the future */
    deliveredAt: DateTimeSchema.optional(),
    notes: Text(500).optional(),
  }),
]);
export type UpdateBody = z.output<typeof UpdateBodySchema>;

export const CancelBodySchema = z.strictObject({
  deliveryPackageId: Id,
  version: Version,
  cancellationRequestType: z.enum(CANCELLATION_REQUEST_TYPES),
  description: z.string().trim().min(1, 'say why it is cancelled').max(500, 'at most 500 characters'),
});
export type CancelBody = z.output<typeof CancelBodySchema>;
