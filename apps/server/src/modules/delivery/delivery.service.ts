import crypto from 'node:crypto';
import {
  DELIVERY_MESSAGES,
  DELIVERY_STATUSES,
  MESSAGES,
  deliveryTransition,
  fillMessage,
  type AddressSave,
  type CancelBody,
  type DeliveryAction,
  type DeliveryListQuery,
  type DeliveryPackage,
  type DeliveryPackageDetail,
  type DeliveryStatus,
  type ProcessPackage,
  type UpdateBody,
} from '@lectern/contract';
import type { Db } from '../../db/client';
import { changeAggregate, type Aggregate, aggregateOf } from '../../lib/aggregate';
import { AppError, failWith } from '../../lib/app-error';
import type { Actor } from '../../lib/routing';
import type { DeliveryRepository, PackageBundle, PackageRow } from './delivery.repository';
import { toAddress, toDetail, toPackage } from './delivery-view';
import { processPackages } from './package-processing';

const fail = failWith(DELIVERY_MESSAGES);
const M = DELIVERY_MESSAGES;

export class DeliveryService {
  private readonly packages: Aggregate<PackageRow>;

  constructor(
    private readonly db: Db,
    private readonly repo: DeliveryRepository,
    /** courier code -> tracking URL template */
    private readonly couriers: Record<string, string>,
  ) {
    this.packages = aggregateOf('delivery package', repo, () =>
      AppError.of(404, 'notFound', { what: 'that delivery package' }),
    );
  }

  private view(b: PackageBundle): DeliveryPackage {
    return toPackage(b, this.couriers);
  }

  private detail(b: PackageBundle): DeliveryPackageDetail {
    return toDetail(b, this.couriers);
  }

  async list(status: DeliveryStatus | 'ALL', query: DeliveryListQuery): Promise<DeliveryPackage[]> {
    const bundles = await this.repo.list(status === 'ALL' ? undefined : status, query);
    return bundles.map((b) => this.view(b));
  }

  async byId(packageId: string): Promise<DeliveryPackageDetail> {
    const [bundle] = await this.repo.byIds([packageId]);
    if (!bundle) throw fail(404, 'notFound', { packageId });
    return this.detail(bundle);
  }

  /** Processed packages for printing, in the order asked: every one must exist and be PROCESSED. */
  async forLabels(packageIds: string[]): Promise<DeliveryPackage[]> {
    const found = new Map((await this.repo.byIds(packageIds)).map((b) => [b.row.id, b]));
    const unknown = packageIds.filter((id) => !found.has(id));
    if (unknown.length > 0) throw fail(404, 'labelsUnknown', { packageIds: unknown.join(', ') });
    const notProcessed = packageIds.filter((id) => found.get(id)!.row.status !== 'PROCESSED');
    if (notProcessed.length > 0) throw fail(409, 'labelsNotProcessed', { packageIds: notProcessed.join(', ') });
    return packageIds.map((id) => this.view(found.get(id)!));
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

  /** Processes many pending packages in one transaction (package-processing.ts). */
  process(actor: Actor, packages: ProcessPackage[]) {
    return processPackages({ db: this.db, repo: this.repo, couriers: this.couriers }, actor, packages);
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
