import { asc, eq, ne } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  deliveryAddresses,
  deliveryCancellations,
  deliveryInHand,
  deliveryPackages,
  deliveryPickups,
  deliveryTrackers,
  settings,
  students,
} from '../db/schema';

const SEEDED = 'demo_seed_delivery';
const DAY = 86_400_000;
const HOUR = 3_600_000;

/**
 * Demo packages the docs, tests and journeys name (ids are DP- and the order's id; the states follow
 * from the demo orders' dates, which move with the day the demo is seeded, so they stay the same).
 */
export const DEMO_DELIVERY = {
  /** pending courier packages (no consignment yet) of the newest orders */
  pending: ['DP-0151-2', 'DP-0179-3', 'DP-0154-1', 'DP-0277-1'],
  /** processed by courier, on its way */
  processed: 'DP-0125-3',
  delivered: 'DP-0274-2',
  /** cancelled after it was processed: its consignment came back */
  cancelledWithReturn: 'DP-0091-1',
} as const;

const HAND_OVER = [
  'Lectern Learning Centre, 3rd Floor, Koramangala 5th Block, Bengaluru',
  'Lectern Kota Centre, Talwandi Circle, Kota',
  'Lectern Pune Centre, FC Road, Shivaji Nagar, Pune',
];
const MOVES: readonly (readonly [line1: string, landMark: string, city: string, state: string, pin: string])[] = [
  ['Flat 302, Sai Residency, 14th Main, HSR Layout', 'Near BDA Complex', 'Bengaluru', 'Karnataka', '560102'],
  ['B-17, Hostel Block C, IIT Campus, Powai', 'Opposite Main Gate', 'Mumbai', 'Maharashtra', '400076'],
  ['House 45, Sector 21', 'Near Community Centre', 'Chandigarh', 'Chandigarh', '160022'],
  ['12/3, Anna Salai, Teynampet', 'Behind Bus Stand', 'Chennai', 'Tamil Nadu', '600018'],
  ['Plot 9, Rajeev Gandhi Nagar', 'Near Coaching Area', 'Kota', 'Rajasthan', '324005'],
];
const CANCEL_REASONS: readonly (readonly [type: string, description: string])[] = [
  ['STUDENT_REQUEST', 'Student asked to cancel: already has the printed notes from a senior.'],
  ['ORDER_REFUNDED', 'Order refunded on request within the refund window.'],
  ['ADDRESS_NOT_SERVICEABLE', 'Courier does not serve this PIN; student could not give another address.'],
  ['DUPLICATE_ORDER', 'Duplicate order: the material was already sent with the earlier plan.'],
];

/** A courier and a tracking id in its own format: DTDC, Blue Dart (11 digits) or India Post (EE…IN). */
function consignment(n: number): { serviceProvider: string; trackingId: string } {
  const serial = String(10_000_000 + ((n * 7_919) % 89_999_999)).slice(0, 8);
  switch (n % 6) {
    case 3:
    case 4:
      return { serviceProvider: 'BLUE_DART', trackingId: `504${serial}` };
    case 5:
      return { serviceProvider: 'INDIA_POST', trackingId: `EE${serial}${n % 10}IN` };
    default:
      return { serviceProvider: 'DTDC', trackingId: `D${serial}` };
  }
}

const earlier = (a: Date, b: Date) => (a < b ? a : b);

/**
 * Seeds the demo delivery packages once (remembered in settings), after the demo orders: the orders
 * service made a package for every paid order line of printed study material (and cancelled those of
 * orders refunded in full, which stay as they are); of the others, the oldest orders delivered, the middle ones processed
 * (courier with DTDC, Blue Dart and India Post consignments, in hand, pickup), the newest pending; some
 * cancelled before and after processing (the latter with the return on its way or back); some addresses
 * changed before dispatch.
 */
export async function seedDemoDelivery(db: Db, now = new Date()): Promise<boolean> {
  const done = await db.select().from(settings).where(eq(settings.key, SEEDED));
  if (done.length > 0) return false;
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ pkg: deliveryPackages, studentName: students.name, mobileNumber: students.mobileNumber })
      .from(deliveryPackages)
      .innerJoin(students, eq(students.id, deliveryPackages.studentId))
      .where(ne(deliveryPackages.status, 'CANCELLED'))
      .orderBy(asc(deliveryPackages.orderedAt), asc(deliveryPackages.id));
    if (rows.length === 0) return false;
    const total = rows.length;
    for (const [n, { pkg, studentName, mobileNumber }] of rows.entries()) {
      const rank = n / total;
      // the newest of the processed band went out half an hour before seeding: 'processed today' on the overview
      const processedAt =
        rank >= 0.72 && rank < 0.75
          ? new Date(Math.max(pkg.orderedAt.getTime() + 10 * 60_000, now.getTime() - 30 * 60_000))
          : earlier(new Date(pkg.orderedAt.getTime() + (1 + (n % 3)) * DAY), new Date(now.getTime() - 2 * HOUR));
      const deliveredAt = earlier(
        new Date(processedAt.getTime() + (2 + (n % 5)) * DAY),
        new Date(now.getTime() - HOUR),
      );
      const mode = n % 10 === 8 ? 'IN_HAND' : n % 10 === 9 ? 'IN_PERSON' : 'COURIER';
      // the oldest orders delivered, the middle ones on their way, the newest waiting; a few cancelled
      let status: 'PENDING' | 'PROCESSED' | 'DELIVERED' =
        rank < 0.55 ? 'DELIVERED' : rank < 0.75 ? 'PROCESSED' : 'PENDING';
      let cancelled: 'PENDING' | 'PROCESSED' | null = null;
      if (status === 'DELIVERED' && n % 9 === 4) [status, cancelled] = ['PENDING', 'PENDING'];
      else if (status === 'DELIVERED' && mode === 'COURIER' && n % 13 === 6)
        [status, cancelled] = ['PROCESSED', 'PROCESSED'];
      else if (status === 'PROCESSED' && mode === 'COURIER' && n % 11 === 3) cancelled = 'PROCESSED';
      else if (status === 'PENDING' && n % 7 === 2 && rank < 0.95) cancelled = 'PENDING';

      // an address changed before dispatch: the one the order came with stays in the history
      if (n % 8 === 1 && (status === 'PENDING' || cancelled !== null || rank < 0.9)) {
        const [line1, landMark, city, state, pin] = MOVES[n % MOVES.length]!;
        await tx.update(deliveryAddresses).set({ current: false }).where(eq(deliveryAddresses.packageId, pkg.id));
        await tx.insert(deliveryAddresses).values({
          id: `${pkg.id}-A2`,
          packageId: pkg.id,
          type: n % 16 === 1 ? 'OTHER' : 'HOME',
          addressLine1: line1,
          landMark,
          city,
          state,
          pin,
          current: true,
          createdBy: 'Vikram Sethi',
          createdAt: new Date(pkg.orderedAt.getTime() + 6 * HOUR),
        });
      }

      const values: Partial<typeof deliveryPackages.$inferInsert> = {
        status: cancelled ? 'CANCELLED' : status,
        dispatchType: n % 5 === 0 ? 'EXPRESS' : 'STANDARD',
        updatedAt: status === 'DELIVERED' ? deliveredAt : status === 'PROCESSED' ? processedAt : pkg.orderedAt,
      };
      if (status !== 'PENDING') {
        values.deliveryMode = mode;
        values.processedAt = processedAt;
        if (mode === 'COURIER') {
          const { serviceProvider, trackingId } = consignment(n);
          const trackerStatus =
            cancelled === 'PROCESSED'
              ? rank < 0.55
                ? 'RETURNED'
                : 'RETURN_IN_TRANSIT'
              : status === 'DELIVERED'
                ? 'DELIVERED'
                : (['BOOKED', 'IN_TRANSIT', 'OUT_FOR_DELIVERY'] as const)[n % 3]!;
          await tx.insert(deliveryTrackers).values({
            id: `${pkg.id}-T1`,
            packageId: pkg.id,
            serviceProvider,
            trackingId,
            notes: n % 4 === 0 ? '2 boxes, 3.5 kg' : '',
            status: trackerStatus,
            state: 'ACTIVE',
            createdAt: processedAt,
            updatedAt: status === 'DELIVERED' && !cancelled ? deliveredAt : processedAt,
          });
        } else if (mode === 'IN_HAND') {
          await tx.insert(deliveryInHand).values({
            packageId: pkg.id,
            handDeliveryLocation: HAND_OVER[n % HAND_OVER.length]!,
            handDeliveryNotes: n % 3 === 0 ? 'Hand over at the front desk, 10 am to 6 pm.' : '',
          });
        } else {
          const parent = n % 3 === 0;
          await tx.insert(deliveryPickups).values({
            packageId: pkg.id,
            recipientType: parent ? 'PARENT_OR_GUARDIAN' : 'REGISTERED_STUDENT',
            recipientName: parent ? `Parent of ${studentName}` : studentName,
            recipientPhoneNumber: parent ? String(9_700_000_000 + n * 1_231) : mobileNumber,
            notes: parent ? 'Parent collects; ID proof checked at the desk.' : '',
          });
        }
        if (status === 'DELIVERED' && !cancelled) values.deliveredAt = deliveredAt;
      }
      if (cancelled) {
        const [type, description] = CANCEL_REASONS[n % CANCEL_REASONS.length]!;
        await tx.insert(deliveryCancellations).values({
          packageId: pkg.id,
          cancellationRequestType: type,
          description,
          cancelledFrom: cancelled,
          returnTrackerId: cancelled === 'PROCESSED' && mode === 'COURIER' ? `${pkg.id}-T1` : null,
          cancelledBy: 'Vikram Sethi',
          cancelledAt: cancelled === 'PROCESSED' ? new Date(processedAt.getTime() + DAY) : pkg.orderedAt,
        });
      }
      await tx.update(deliveryPackages).set(values).where(eq(deliveryPackages.id, pkg.id));
    }
    await tx.insert(settings).values({ key: SEEDED, value: now.toISOString() });
    return true;
  });
}
