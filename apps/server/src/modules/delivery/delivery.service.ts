import crypto from 'node:crypto';
import {
  DELIVERY_MESSAGES,
  DELIVERY_STATUSES,
  MESSAGES,
  deliveryTransition,
  fillMessage,
  trackerLink,
  type AddressSave,
  type CancelBody,
  type CourierTracker,
  type DeliveryAction,
  type DeliveryAddress,
  type DeliveryFailure,
  type DeliveryListQuery,
  type DeliveryPackage,
  type DeliveryPackageDetail,
  type DeliveryStatus,
  type ProcessPackage,
  type UpdateBody,
} from '@lectern/contract';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { changeAggregate, recordChange, type ActivityDraft, type Aggregate } from '../../lib/aggregate';
import { AppError, failWith } from '../../lib/app-error';
import type { Actor } from '../../lib/routing';
import type { AddressRow, DeliveryRepository, PackageBundle, PackageRow, TrackerRow } from './delivery.repository';

const fail = failWith(DELIVERY_MESSAGES);
const M = DELIVERY_MESSAGES;

function toAddress(row: AddressRow): DeliveryAddress {
  return {
    addressId: row.id,
    type: row.type as DeliveryAddress['type'],
    addressLine1: row.addressLine1,
    addressLine2: row.addressLine2,
    landMark: row.landMark,
    city: row.city,
    state: row.state,
    pin: row.pin,
    preferredAddress: row.preferredAddress,
    deliveryPackageId: row.packageId,
    current: row.current,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
  };
}

/** The package's name in a failure list: 'Ananya Sharma (DP-1A2B3C4D5E)'. */
const nameOf = (packageId: string, studentName: string | undefined) =>
  studentName ? `${studentName} (${packageId})` : packageId;

export class DeliveryService {
  private readonly packages: Aggregate<PackageRow>;

  constructor(
    private readonly db: Db,
    private readonly repo: DeliveryRepository,
    /** courier code -> tracking URL template */
    private readonly couriers: Record<string, string>,
  ) {
    this.packages = {
      entity: 'delivery package',
      lock: (tx, id) => repo.lock(tx, id),
      bumpVersion: (tx, id) => repo.bumpVersion(tx, id),
      missing: () => AppError.of(404, 'notFound', { what: 'that delivery package' }),
    };
  }

  private toTracker(row: TrackerRow): CourierTracker {
    const template = this.couriers[row.serviceProvider];
    return {
      trackerId: row.id,
      serviceProvider: row.serviceProvider,
      trackingId: row.trackingId,
      notes: row.notes,
      status: row.status as CourierTracker['status'],
      trackerLink: template ? trackerLink(template, row.trackingId) : '',
      state: row.state as CourierTracker['state'],
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  toPackage(b: PackageBundle): DeliveryPackage {
    const current = b.addresses.find((a) => a.current);
    return {
      deliveryPackageId: b.row.id,
      orderId: b.row.orderId,
      studentId: b.row.studentId,
      studentName: b.studentName,
      mobileNumber: b.mobileNumber,
      catalogueId: b.row.catalogueId,
      catalogueName: b.catalogueName,
      items: (b.row.items as DeliveryPackage['items']) ?? [],
      deliveryStatus: b.row.status as DeliveryStatus,
      deliveryMode: b.row.deliveryMode as DeliveryPackage['deliveryMode'],
      dispatchType: b.row.dispatchType as DeliveryPackage['dispatchType'],
      address: current ? toAddress(current) : null,
      deliveryTrackerList: b.trackers.map((t) => this.toTracker(t)),
      inHandDeliveryDetails: b.inHand
        ? { handDeliveryLocation: b.inHand.handDeliveryLocation, handDeliveryNotes: b.inHand.handDeliveryNotes }
        : null,
      inPersonPickup: b.pickup
        ? {
            recipientType: b.pickup.recipientType as 'REGISTERED_STUDENT',
            recipientName: b.pickup.recipientName,
            recipientPhoneNumber: b.pickup.recipientPhoneNumber,
            notes: b.pickup.notes,
          }
        : null,
      cancellation: b.cancellation
        ? {
            cancellationRequestType: b.cancellation.cancellationRequestType as 'OTHER',
            description: b.cancellation.description,
            cancelledAt: b.cancellation.cancelledAt.toISOString(),
            cancelledBy: b.cancellation.cancelledBy,
            cancelledFrom: b.cancellation.cancelledFrom as 'PENDING',
            returnTrackerId: b.cancellation.returnTrackerId,
          }
        : null,
      orderedAt: b.row.orderedAt.toISOString(),
      processedAt: b.row.processedAt?.toISOString() ?? null,
      deliveredAt: b.row.deliveredAt?.toISOString() ?? null,
      createdAt: b.row.createdAt.toISOString(),
      updatedAt: b.row.updatedAt.toISOString(),
      version: b.row.version,
    };
  }

  private toDetail(b: PackageBundle): DeliveryPackageDetail {
    return { ...this.toPackage(b), addressHistory: b.addresses.map(toAddress) };
  }

  async list(status: DeliveryStatus | 'ALL', query: DeliveryListQuery): Promise<DeliveryPackage[]> {
    const bundles = await this.repo.list(status === 'ALL' ? undefined : status, query);
    return bundles.map((b) => this.toPackage(b));
  }

  async byId(packageId: string): Promise<DeliveryPackageDetail> {
    const [bundle] = await this.repo.byIds([packageId]);
    if (!bundle) throw fail(404, 'notFound', { packageId });
    return this.toDetail(bundle);
  }

  /** Processed packages for printing, in the order asked: every one must exist and be PROCESSED. */
  async forLabels(packageIds: string[]): Promise<DeliveryPackage[]> {
    const found = new Map((await this.repo.byIds(packageIds)).map((b) => [b.row.id, b]));
    const unknown = packageIds.filter((id) => !found.has(id));
    if (unknown.length > 0) throw fail(404, 'labelsUnknown', { packageIds: unknown.join(', ') });
    const notProcessed = packageIds.filter((id) => found.get(id)!.row.status !== 'PROCESSED');
    if (notProcessed.length > 0) throw fail(409, 'labelsNotProcessed', { packageIds: notProcessed.join(', ') });
    return packageIds.map((id) => this.toPackage(found.get(id)!));
  }

  async catalogues() {
    const rows = await this.repo.countsByCatalogue();
    const byCatalogue = new Map<
      string,
      { catalogueId: string; catalogueName: string; counts: Record<DeliveryStatus, number>; total: number }
    >();
    for (const row of rows) {
      const entry =
        byCatalogue.get(row.catalogueId) ??
        byCatalogue
          .set(row.catalogueId, {
            catalogueId: row.catalogueId,
            catalogueName: row.catalogueName,
            counts: Object.fromEntries(DELIVERY_STATUSES.map((s) => [s, 0])) as Record<DeliveryStatus, number>,
            total: 0,
          })
          .get(row.catalogueId)!;
      entry.counts[row.status as DeliveryStatus] += row.n;
      entry.total += row.n;
    }
    return [...byCatalogue.values()];
  }

  /** 409 with why, when `action` is not open to the package. */
  private allow(row: PackageRow, action: DeliveryAction) {
    const result = deliveryTransition(row.status as DeliveryStatus, action);
    if (!result.ok) throw fail(409, 'refused', { packageId: row.id, reason: result.reason });
    return result.next;
  }

  /** POST adds an address (it becomes current); PUT corrects the current one (`addressId`). Pending packages only. */
  async saveAddress(actor: Actor, body: AddressSave): Promise<{ pkg: DeliveryPackageDetail; message: string }> {
    const addressId = 'addressId' in body ? body.addressId : undefined;
    await changeAggregate(
      this.db,
      this.packages,
      { actor, id: body.deliveryPackageId, version: body.version },
      {
        check: async (tx, row) => {
          this.allow(row, 'changeAddress');
          if (addressId !== undefined) {
            const current = await this.repo.currentAddress(tx, row.id);
            if (current?.id !== addressId) {
              throw fail(409, 'addressNotCurrent', { addressId, packageId: row.id });
            }
          }
        },
        apply: async ({ tx, row }) => {
          const before = await this.repo.currentAddress(tx, row.id);
          // a correction keeps what it leaves out (POST's defaults fill every field of a new address)
          const address = {
            id: crypto.randomUUID(),
            packageId: row.id,
            type: body.type ?? before?.type ?? 'HOME',
            addressLine1: body.addressLine1,
            addressLine2: body.addressLine2 ?? before?.addressLine2 ?? '',
            landMark: body.landMark ?? before?.landMark ?? '',
            city: body.city,
            state: body.state,
            pin: body.pin,
            preferredAddress: body.preferredAddress ?? before?.preferredAddress ?? true,
            createdBy: actor.name,
          };
          await this.repo.addAddress(tx, address);
          return {
            activity: {
              action: addressId ? 'delivery.address.change' : 'delivery.address.add',
              entityType: 'delivery_package',
              entityId: row.id,
              before: before ? toAddress(before) : null,
              after: address,
              summary: `${actor.name} ${addressId ? 'changed' : 'added'} the address of package ${row.id} (${body.city} ${body.pin})`,
            },
          };
        },
      },
    );
    return { pkg: await this.byId(body.deliveryPackageId), message: MESSAGES.addressSaved };
  }

  /**
   * Processes many pending packages in one transaction. Each package is checked on its locked row; the
   * ones that cannot go are listed with why and nothing of them is written, the others go through.
   */
  async process(
    actor: Actor,
    packages: ProcessPackage[],
  ): Promise<{ processed: DeliveryPackage[]; failures: DeliveryFailure[]; message: string }> {
    let failures: DeliveryFailure[] = [];
    let done: string[] = [];
    await recordChange(this.db, actor, {
      apply: async (tx) => {
        failures = [];
        done = [];
        const ids = [...new Set(packages.map((p) => p.deliveryPackageId))];
        const rows = await this.repo.lockMany(tx, ids);
        const people = new Map((await this.repo.byIds(ids, tx)).map((b) => [b.row.id, b]));
        const names = new Map([...people].map(([id, b]) => [id, b.studentName]));
        const withAddress = await this.repo.withAddress(tx, ids);
        const trackingIds = packages.flatMap((p) => (p.courier ? [p.courier.trackingId] : []));
        const owners = await this.repo.trackingIdOwners(tx, trackingIds);
        const uses = new Map<string, number>();
        for (const id of trackingIds) uses.set(id, (uses.get(id) ?? 0) + 1);
        const seen = new Set<string>();
        const activity: ActivityDraft[] = [];
        const now = new Date();

        for (const p of packages) {
          const id = p.deliveryPackageId;
          const refuse = (key: keyof typeof M, values: Record<string, string> = {}) =>
            failures.push({
              deliveryPackageId: id,
              name: nameOf(id, names.get(id)),
              reason: fillMessage(M[key], values),
            });
          if (seen.has(id)) {
            refuse('packageTwice');
            continue;
          }
          seen.add(id);
          const row = rows.get(id);
          if (!row) {
            refuse('missing');
            continue;
          }
          const transition = deliveryTransition(row.status as DeliveryStatus, 'process');
          if (!transition.ok) {
            failures.push({ deliveryPackageId: id, name: nameOf(id, names.get(id)), reason: transition.reason });
            continue;
          }
          if (p.version !== undefined && p.version !== row.version) {
            refuse('stale');
            continue;
          }
          const mode = p.deliveryMode;
          const others =
            (mode !== 'COURIER' && p.courier) ||
            (mode !== 'IN_HAND' && p.inHandDeliveryDetails) ||
            (mode !== 'IN_PERSON' && p.inPersonPickup);
          if (others) {
            refuse('detailsOfOtherMode', { mode });
            continue;
          }
          if (mode === 'COURIER') {
            if (!p.courier) {
              refuse('courierNeeded');
              continue;
            }
            const { serviceProvider, trackingId } = p.courier;
            if (!this.couriers[serviceProvider]) {
              refuse('unknownCourier', { serviceProvider, known: Object.keys(this.couriers).join(', ') });
              continue;
            }
            const owner = owners.get(trackingId);
            if (owner !== undefined) {
              refuse('trackingIdTaken', { trackingId, otherPackageId: owner });
              continue;
            }
            if ((uses.get(trackingId) ?? 0) > 1) {
              refuse('trackingIdTwice', { trackingId });
              continue;
            }
            if (!withAddress.has(id)) {
              refuse('noAddress');
              continue;
            }
          }
          if (mode === 'IN_HAND' && !p.inHandDeliveryDetails) {
            refuse('inHandNeeded');
            continue;
          }
          let pickup = p.inPersonPickup;
          if (mode === 'IN_PERSON') {
            if (!pickup) {
              refuse('pickupNeeded');
              continue;
            }
            if (pickup.recipientType === 'REGISTERED_STUDENT') {
              // the student collects it: their own name and number unless staff typed others
              const student = people.get(id)!;
              pickup = {
                ...pickup,
                recipientName: pickup.recipientName || student.studentName,
                recipientPhoneNumber: pickup.recipientPhoneNumber || student.mobileNumber,
              };
            } else if (!pickup.recipientName || !pickup.recipientPhoneNumber) {
              refuse('pickupNeeded');
              continue;
            }
          }

          await this.repo.update(tx, id, {
            status: 'PROCESSED',
            deliveryMode: mode,
            dispatchType: p.dispatchType ?? row.dispatchType,
            processedAt: now,
          });
          if (mode === 'COURIER' && p.courier) {
            await this.repo.insertTracker(tx, {
              id: crypto.randomUUID(),
              packageId: id,
              serviceProvider: p.courier.serviceProvider,
              trackingId: p.courier.trackingId,
              notes: p.courier.notes,
              status: 'BOOKED',
              state: 'ACTIVE',
            });
          }
          if (mode === 'IN_HAND' && p.inHandDeliveryDetails) {
            await this.repo.setInHand(tx, { packageId: id, ...p.inHandDeliveryDetails });
          }
          if (mode === 'IN_PERSON' && pickup) await this.repo.setPickup(tx, { packageId: id, ...pickup });
          await this.repo.bumpVersion(tx, id);
          done.push(id);
          activity.push({
            action: 'delivery.process',
            entityType: 'delivery_package',
            entityId: id,
            before: { status: row.status },
            after: { status: 'PROCESSED', deliveryMode: mode, courier: p.courier ?? null },
            summary: `${actor.name} processed package ${id} (${mode === 'COURIER' ? `${p.courier!.serviceProvider} ${p.courier!.trackingId}` : mode})`,
          });
        }
        return { activity };
      },
      onError: (error) => (isUniqueViolation(error) ? fail(409, 'trackingIdRace') : undefined),
    });
    const byId = new Map((await this.repo.byIds(done)).map((b) => [b.row.id, b]));
    const processed = done.map((id) => this.toPackage(byId.get(id)!));
    const message =
      processed.length === 0
        ? M.noneProcessed
        : failures.length === 0
          ? fillMessage(M.processed, { count: processed.length })
          : fillMessage(M.processedWithFailures, { count: processed.length, failed: failures.length });
    return { processed, failures, message };
  }

  /** Order data, the courier's status, or delivered. */
  async update(actor: Actor, body: UpdateBody): Promise<{ pkg: DeliveryPackageDetail; message: string }> {
    let message: string = fillMessage(M.updated, { packageId: body.deliveryPackageId });
    await changeAggregate(
      this.db,
      this.packages,
      { actor, id: body.deliveryPackageId, version: body.version },
      {
        check: async (tx, row) => {
          if (body.action === 'ORDER_DATA') {
            this.allow(row, 'update');
            if (body.inHandDeliveryDetails && row.deliveryMode !== 'IN_HAND') {
              throw fail(409, 'refused', {
                packageId: row.id,
                reason: fillMessage(M.detailsOfOtherMode, { mode: row.deliveryMode }),
              });
            }
            if (body.inPersonPickup && row.deliveryMode !== 'IN_PERSON') {
              throw fail(409, 'refused', {
                packageId: row.id,
                reason: fillMessage(M.detailsOfOtherMode, { mode: row.deliveryMode }),
              });
            }
            if (body.trackerNotes !== undefined && !(await this.repo.activeTracker(tx, row.id))) {
              throw fail(409, 'noActiveTracker', { packageId: row.id });
            }
          } else if (body.action === 'TRACKER_STATUS') {
            const returning = body.status === 'RETURN_IN_TRANSIT' || body.status === 'RETURNED';
            if (row.status === 'CANCELLED') {
              this.allow(row, 'trackReturn');
              if (!returning) this.allow(row, 'update');
            } else {
              this.allow(row, body.status === 'DELIVERED' ? 'deliver' : 'update');
              if (returning) this.allow(row, 'trackReturn');
            }
            if (!(await this.repo.activeTracker(tx, row.id))) throw fail(409, 'noActiveTracker', { packageId: row.id });
          } else {
            this.allow(row, 'deliver');
            if (body.deliveredAt && Date.parse(body.deliveredAt) > Date.now() + 60_000) {
              throw fail(400, 'deliveredInFuture');
            }
            if (body.deliveredAt && row.processedAt && Date.parse(body.deliveredAt) < row.processedAt.getTime()) {
              throw fail(400, 'deliveredBeforeProcessed', { packageId: row.id });
            }
          }
        },
        apply: async ({ tx, row }) => {
          const tracker = await this.repo.activeTracker(tx, row.id);
          const before = { status: row.status, dispatchType: row.dispatchType, tracker: tracker?.status ?? null };
          if (body.action === 'ORDER_DATA') {
            if (body.dispatchType) await this.repo.update(tx, row.id, { dispatchType: body.dispatchType });
            if (body.inHandDeliveryDetails)
              await this.repo.setInHand(tx, { packageId: row.id, ...body.inHandDeliveryDetails });
            if (body.inPersonPickup) await this.repo.setPickup(tx, { packageId: row.id, ...body.inPersonPickup });
            if (body.trackerNotes !== undefined && tracker) {
              await this.repo.updateTracker(tx, tracker.id, { notes: body.trackerNotes });
            }
          } else {
            const deliveredAt =
              body.action === 'DELIVERED' && body.deliveredAt ? new Date(body.deliveredAt) : new Date();
            const trackerStatus = body.action === 'TRACKER_STATUS' ? body.status : 'DELIVERED';
            if (tracker) {
              await this.repo.updateTracker(tx, tracker.id, {
                status: trackerStatus,
                ...(body.notes !== undefined ? { notes: body.notes } : {}),
              });
            }
            if (trackerStatus === 'DELIVERED') {
              await this.repo.update(tx, row.id, { status: 'DELIVERED', deliveredAt });
              message = fillMessage(M.delivered, { packageId: row.id });
            }
          }
          return {
            activity: {
              action: `delivery.update.${body.action.toLowerCase()}`,
              entityType: 'delivery_package',
              entityId: row.id,
              before,
              after: body,
              summary: `${actor.name} updated package ${row.id} (${body.action === 'TRACKER_STATUS' ? body.status : body.action})`,
            },
          };
        },
      },
    );
    return { pkg: await this.byId(body.deliveryPackageId), message };
  }

  /** Cancels a pending or processed package; a processed courier package's consignment comes back (its return). */
  async cancel(actor: Actor, body: CancelBody): Promise<{ pkg: DeliveryPackageDetail; message: string }> {
    await changeAggregate(
      this.db,
      this.packages,
      { actor, id: body.deliveryPackageId, version: body.version },
      {
        check: (_tx, row) => {
          this.allow(row, 'cancel');
        },
        apply: async ({ tx, row }) => {
          let returnTrackerId: string | null = null;
          const tracker = row.deliveryMode === 'COURIER' ? await this.repo.activeTracker(tx, row.id) : null;
          if (row.status === 'PROCESSED' && tracker) {
            await this.repo.updateTracker(tx, tracker.id, { status: 'RETURN_IN_TRANSIT' });
            returnTrackerId = tracker.id;
          }
          await this.repo.update(tx, row.id, { status: 'CANCELLED' });
          await this.repo.insertCancellation(tx, {
            packageId: row.id,
            cancellationRequestType: body.cancellationRequestType,
            description: body.description,
            cancelledFrom: row.status,
            returnTrackerId,
            cancelledBy: actor.name,
          });
          return {
            activity: {
              action: 'delivery.cancel',
              entityType: 'delivery_package',
              entityId: row.id,
              before: { status: row.status },
              after: { status: 'CANCELLED', ...body, returnTrackerId },
              summary: `${actor.name} cancelled package ${row.id} (${body.cancellationRequestType}): ${body.description}`,
            },
          };
        },
      },
    );
    return { pkg: await this.byId(body.deliveryPackageId), message: MESSAGES.orderCancelled };
  }
}
