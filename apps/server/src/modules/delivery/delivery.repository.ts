import type { DeliveryListQuery } from '@lectern/contract';
import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  catalogues,
  deliveryAddresses,
  deliveryCancellations,
  deliveryInHand,
  deliveryPackages,
  deliveryPickups,
  deliveryTrackers,
  students,
} from '../../db/schema';

export type PackageRow = typeof deliveryPackages.$inferSelect;
export type AddressRow = typeof deliveryAddresses.$inferSelect;
export type TrackerRow = typeof deliveryTrackers.$inferSelect;
export type InHandRow = typeof deliveryInHand.$inferSelect;
export type PickupRow = typeof deliveryPickups.$inferSelect;
export type CancellationRow = typeof deliveryCancellations.$inferSelect;

/** A package with everything the list and the drawer show. */
export interface PackageBundle {
  row: PackageRow;
  studentName: string;
  mobileNumber: string;
  catalogueName: string;
  /** newest first; the current one among them */
  addresses: AddressRow[];
  /** newest first */
  trackers: TrackerRow[];
  inHand: InHandRow | null;
  pickup: PickupRow | null;
  cancellation: CancellationRow | null;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export class DeliveryRepository {
  constructor(private readonly db: Db) {}

  /** Packages in `status` (every status when undefined), narrowed by the list's search and filters, oldest order first. */
  async list(status: PackageRow['status'] | undefined, query: DeliveryListQuery, db: Db = this.db) {
    const where: SQL[] = [];
    if (status) where.push(eq(deliveryPackages.status, status));
    if (query.catalogueId) where.push(eq(deliveryPackages.catalogueId, query.catalogueId));
    if (query.deliveryMode) where.push(eq(deliveryPackages.deliveryMode, query.deliveryMode));
    if (query.from) where.push(sql`(${deliveryPackages.orderedAt} AT TIME ZONE 'Asia/Kolkata')::date >= ${query.from}`);
    if (query.to) where.push(sql`(${deliveryPackages.orderedAt} AT TIME ZONE 'Asia/Kolkata')::date <= ${query.to}`);
    if (query.search) {
      const like = `%${escapeLike(query.search)}%`;
      where.push(
        or(
          ilike(students.name, like),
          ilike(students.mobileNumber, like),
          ilike(deliveryPackages.id, like),
          sql`EXISTS (SELECT 1 FROM delivery_trackers t WHERE t.package_id = ${deliveryPackages.id} AND t.tracking_id ILIKE ${like})`,
        )!,
      );
    }
    const rows = await this.baseSelect(db)
      .where(where.length > 0 ? and(...where) : undefined)
      .orderBy(asc(deliveryPackages.orderedAt), asc(deliveryPackages.id));
    return this.bundle(db, rows);
  }

  /** The packages named, in no particular order (unknown ids left out). */
  async byIds(ids: string[], db: Db = this.db): Promise<PackageBundle[]> {
    if (ids.length === 0) return [];
    return this.bundle(db, await this.baseSelect(db).where(inArray(deliveryPackages.id, ids)));
  }

  private baseSelect(db: Db) {
    return db
      .select({
        row: deliveryPackages,
        studentName: students.name,
        mobileNumber: students.mobileNumber,
        catalogueName: catalogues.name,
      })
      .from(deliveryPackages)
      .innerJoin(students, eq(students.id, deliveryPackages.studentId))
      .innerJoin(catalogues, eq(catalogues.id, deliveryPackages.catalogueId));
  }

  private async bundle(
    db: Db,
    rows: { row: PackageRow; studentName: string; mobileNumber: string; catalogueName: string }[],
  ): Promise<PackageBundle[]> {
    const ids = rows.map((r) => r.row.id);
    if (ids.length === 0) return [];
    const [addresses, trackers, inHand, pickups, cancellations] = await Promise.all([
      db
        .select()
        .from(deliveryAddresses)
        .where(inArray(deliveryAddresses.packageId, ids))
        .orderBy(desc(deliveryAddresses.createdAt), desc(deliveryAddresses.id)),
      db
        .select()
        .from(deliveryTrackers)
        .where(inArray(deliveryTrackers.packageId, ids))
        .orderBy(desc(deliveryTrackers.createdAt), desc(deliveryTrackers.id)),
      db.select().from(deliveryInHand).where(inArray(deliveryInHand.packageId, ids)),
      db.select().from(deliveryPickups).where(inArray(deliveryPickups.packageId, ids)),
      db.select().from(deliveryCancellations).where(inArray(deliveryCancellations.packageId, ids)),
    ]);
    const group = <T extends { packageId: string }>(list: T[]) => {
      const map = new Map<string, T[]>();
      for (const item of list) (map.get(item.packageId) ?? map.set(item.packageId, []).get(item.packageId)!).push(item);
      return map;
    };
    const byAddress = group(addresses);
    const byTracker = group(trackers);
    const one = <T extends { packageId: string }>(list: T[]) => new Map(list.map((item) => [item.packageId, item]));
    const inHandOf = one(inHand);
    const pickupOf = one(pickups);
    const cancellationOf = one(cancellations);
    return rows.map((r) => ({
      ...r,
      addresses: byAddress.get(r.row.id) ?? [],
      trackers: byTracker.get(r.row.id) ?? [],
      inHand: inHandOf.get(r.row.id) ?? null,
      pickup: pickupOf.get(r.row.id) ?? null,
      cancellation: cancellationOf.get(r.row.id) ?? null,
    }));
  }

  // ---- changes (inside the caller's transaction)

  async lock(tx: Db, id: string): Promise<PackageRow | null> {
    const [row] = await tx.select().from(deliveryPackages).where(eq(deliveryPackages.id, id)).for('update');
    return row ?? null;
  }

  /** Several packages locked in id order, so two selections overlapping never deadlock. */
  async lockMany(tx: Db, ids: string[]): Promise<Map<string, PackageRow>> {
    if (ids.length === 0) return new Map();
    const rows = await tx
      .select()
      .from(deliveryPackages)
      .where(inArray(deliveryPackages.id, ids))
      .orderBy(asc(deliveryPackages.id))
      .for('update');
    return new Map(rows.map((row) => [row.id, row]));
  }

  async bumpVersion(tx: Db, id: string): Promise<void> {
    await tx
      .update(deliveryPackages)
      .set({ version: sql`${deliveryPackages.version} + 1`, updatedAt: new Date() })
      .where(eq(deliveryPackages.id, id));
  }

  async update(tx: Db, id: string, values: Partial<typeof deliveryPackages.$inferInsert>): Promise<void> {
    await tx.update(deliveryPackages).set(values).where(eq(deliveryPackages.id, id));
  }

  async currentAddress(tx: Db, packageId: string): Promise<AddressRow | null> {
    const [row] = await tx
      .select()
      .from(deliveryAddresses)
      .where(and(eq(deliveryAddresses.packageId, packageId), eq(deliveryAddresses.current, true)));
    return row ?? null;
  }

  /** Packages among `ids` that have a current address. */
  async withAddress(tx: Db, ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await tx
      .select({ packageId: deliveryAddresses.packageId })
      .from(deliveryAddresses)
      .where(and(inArray(deliveryAddresses.packageId, ids), eq(deliveryAddresses.current, true)));
    return new Set(rows.map((r) => r.packageId));
  }

  /** Makes `values` the package's current address; the one before stays in the history. */
  async addAddress(tx: Db, values: typeof deliveryAddresses.$inferInsert): Promise<void> {
    await tx
      .update(deliveryAddresses)
      .set({ current: false })
      .where(and(eq(deliveryAddresses.packageId, values.packageId), eq(deliveryAddresses.current, true)));
    await tx.insert(deliveryAddresses).values({ ...values, current: true });
  }

  /** Which packages already hold these tracking ids. */
  async trackingIdOwners(tx: Db, trackingIds: string[]): Promise<Map<string, string>> {
    if (trackingIds.length === 0) return new Map();
    const rows = await tx
      .select({ trackingId: deliveryTrackers.trackingId, packageId: deliveryTrackers.packageId })
      .from(deliveryTrackers)
      .where(inArray(deliveryTrackers.trackingId, trackingIds));
    return new Map(rows.map((r) => [r.trackingId, r.packageId]));
  }

  async insertTracker(tx: Db, values: typeof deliveryTrackers.$inferInsert): Promise<void> {
    await tx.insert(deliveryTrackers).values(values);
  }

  async activeTracker(tx: Db, packageId: string): Promise<TrackerRow | null> {
    const [row] = await tx
      .select()
      .from(deliveryTrackers)
      .where(and(eq(deliveryTrackers.packageId, packageId), eq(deliveryTrackers.state, 'ACTIVE')));
    return row ?? null;
  }

  async updateTracker(tx: Db, id: string, values: Partial<typeof deliveryTrackers.$inferInsert>): Promise<void> {
    await tx
      .update(deliveryTrackers)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(deliveryTrackers.id, id));
  }

  async setInHand(tx: Db, values: InHandRow): Promise<void> {
    await tx
      .insert(deliveryInHand)
      .values(values)
      .onConflictDoUpdate({ target: deliveryInHand.packageId, set: values });
  }

  async setPickup(tx: Db, values: PickupRow): Promise<void> {
    await tx
      .insert(deliveryPickups)
      .values(values)
      .onConflictDoUpdate({ target: deliveryPickups.packageId, set: values });
  }

  async insertCancellation(tx: Db, values: typeof deliveryCancellations.$inferInsert): Promise<void> {
    await tx.insert(deliveryCancellations).values(values);
  }

  /** Packages counted per catalogue and status. */
  async countsByCatalogue(): Promise<{ catalogueId: string; catalogueName: string; status: string; n: number }[]> {
    return this.db
      .select({
        catalogueId: deliveryPackages.catalogueId,
        catalogueName: catalogues.name,
        status: deliveryPackages.status,
        n: sql<number>`count(*)::int`,
      })
      .from(deliveryPackages)
      .innerJoin(catalogues, eq(catalogues.id, deliveryPackages.catalogueId))
      .groupBy(deliveryPackages.catalogueId, catalogues.name, deliveryPackages.status)
      .orderBy(asc(catalogues.name));
  }
}

/**
 * Makes the missing packages of paid orders (of one order when `orderId` is given): one per order line whose add-on ships material
 * (automation DELIVERY), PENDING, to the student's preferred address, named DP-{order id without 'order-'}.
 * Making them again makes none twice.
 * Returns how many were made.
 */
export async function createPackagesForPaidOrders(tx: Db, orderId?: string): Promise<number> {
  const ofOrder = orderId === undefined ? sql`` : sql` AND o.id = ${orderId}`;
  const made = await tx.execute(sql`
    INSERT INTO delivery_packages (id, order_id, add_on_id, student_id, catalogue_id, items, ordered_at)
    SELECT 'DP-' || upper(regexp_replace(o.id, '^order-', '')) || CASE WHEN a.position > 0 THEN '-' || (a.position + 1) ELSE '' END,
           o.id, a.id, o.student_id, a.catalogue_id,
           jsonb_build_array(jsonb_build_object('description', a.name || ' (' || c.name || ')',
                                                'quantity', coalesce((item->>'quantity')::int, 1))),
           coalesce(o.paid_at, o.created_at)
      FROM orders o
      CROSS JOIN LATERAL jsonb_array_elements(o.items) AS item
      JOIN add_ons a ON a.id = item->>'addOnId' AND a.automation_type = 'DELIVERY'
      JOIN catalogues c ON c.id = a.catalogue_id
     WHERE o.payment_status = 'PAID'${ofOrder}
    ON CONFLICT DO NOTHING
    RETURNING id`);
  // Both drivers (PGlite and node-postgres) answer with `rows`.
  const count = (made as unknown as { rows: unknown[] }).rows.length;
  if (count > 0) {
    await tx.execute(sql`
      INSERT INTO delivery_addresses (id, package_id, type, address_line1, address_line2, land_mark, city, state, pin, preferred_address, current)
      SELECT p.id || '-A1', p.id, coalesce(a->>'type', 'HOME'), a->>'addressLine1', coalesce(a->>'addressLine2', ''),
             coalesce(a->>'landMark', ''), a->>'city', a->>'state', a->>'pin', true, true
        FROM delivery_packages p
        JOIN students s ON s.id = p.student_id
        CROSS JOIN LATERAL (
          SELECT addr FROM jsonb_array_elements(s.addresses) AS addr
           ORDER BY (addr->>'preferredAddress')::boolean DESC NULLS LAST LIMIT 1
        ) AS chosen(a)
       WHERE NOT EXISTS (SELECT 1 FROM delivery_addresses d WHERE d.package_id = p.id)
         AND a->>'pin' ~ '^[1-9][0-9]{5}$'`);
  }
  return count;
}

/**
 * A fully refunded order's packages not yet dispatched (PENDING) are cancelled in the refund's
 * transaction, saying why; dispatched ones are left to staff (a return). Gives the cancelled ids.
 */
export async function cancelUndispatchedOfOrder(
  tx: Db,
  orderId: string,
  cancel: { by: string; description: string },
): Promise<string[]> {
  const cancelled = await tx
    .update(deliveryPackages)
    .set({ status: 'CANCELLED', version: sql`${deliveryPackages.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(deliveryPackages.orderId, orderId), eq(deliveryPackages.status, 'PENDING')))
    .returning({ id: deliveryPackages.id });
  if (cancelled.length > 0) {
    await tx.insert(deliveryCancellations).values(
      cancelled.map(({ id }) => ({
        packageId: id,
        cancellationRequestType: 'ORDER_REFUNDED',
        description: cancel.description,
        cancelledFrom: 'PENDING',
        cancelledBy: cancel.by,
      })),
    );
  }
  return cancelled.map(({ id }) => id);
}

/** The packages of an order: what its timeline shows. */
export function packagesOfOrder(db: Db, orderId: string) {
  return db
    .select({
      id: deliveryPackages.id,
      status: deliveryPackages.status,
      orderedAt: deliveryPackages.orderedAt,
      processedAt: deliveryPackages.processedAt,
      deliveredAt: deliveryPackages.deliveredAt,
      updatedAt: deliveryPackages.updatedAt,
    })
    .from(deliveryPackages)
    .where(eq(deliveryPackages.orderId, orderId))
    .orderBy(asc(deliveryPackages.id));
}
