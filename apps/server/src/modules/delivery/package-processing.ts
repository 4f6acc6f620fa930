import crypto from 'node:crypto';
import {
  DELIVERY_MESSAGES,
  deliveryTransition,
  fillMessage,
  type DeliveryFailure,
  type DeliveryPackage,
  type DeliveryStatus,
  type ProcessPackage,
} from '@lectern/contract';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { recordChange, type ActivityDraft } from '../../lib/aggregate';
import { failWith } from '../../lib/app-error';
import type { Actor } from '../../lib/routing';
import type { DeliveryRepository } from './delivery.repository';
import { toPackage } from './delivery-view';

const fail = failWith(DELIVERY_MESSAGES);
const M = DELIVERY_MESSAGES;

/** The package's name in a failure list: 'Ananya Sharma (DP-1A2B3C4D5E)'. */
const nameOf = (packageId: string, studentName: string | undefined) =>
  studentName ? `${studentName} (${packageId})` : packageId;

/**
 * Processes many pending packages in one transaction. Each package is checked on its locked row; the
 * ones that cannot go are listed with why and nothing of them is written, the others go through.
 */
export async function processPackages(
  { db, repo, couriers }: { db: Db; repo: DeliveryRepository; couriers: Record<string, string> },
  actor: Actor,
  packages: ProcessPackage[],
): Promise<{ processed: DeliveryPackage[]; failures: DeliveryFailure[]; message: string }> {
  let failures: DeliveryFailure[] = [];
  let done: string[] = [];
  await recordChange(db, actor, {
    apply: async (tx) => {
      failures = [];
      done = [];
      const ids = [...new Set(packages.map((p) => p.deliveryPackageId))];
      const rows = await repo.lockMany(tx, ids);
      const people = new Map((await repo.byIds(ids, tx)).map((b) => [b.row.id, b]));
      const names = new Map([...people].map(([id, b]) => [id, b.studentName]));
      const withAddress = await repo.withAddress(tx, ids);
      const trackingIds = packages.flatMap((p) => (p.courier ? [p.courier.trackingId] : []));
      const owners = await repo.trackingIdOwners(tx, trackingIds);
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
          if (!couriers[serviceProvider]) {
            refuse('unknownCourier', { serviceProvider, known: Object.keys(couriers).join(', ') });
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

        await repo.update(tx, id, {
          status: 'PROCESSED',
          deliveryMode: mode,
          dispatchType: p.dispatchType ?? row.dispatchType,
          processedAt: now,
        });
        if (mode === 'COURIER' && p.courier) {
          await repo.insertTracker(tx, {
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
          await repo.setInHand(tx, { packageId: id, ...p.inHandDeliveryDetails });
        }
        if (mode === 'IN_PERSON' && pickup) await repo.setPickup(tx, { packageId: id, ...pickup });
        await repo.bumpVersion(tx, id);
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
  const byId = new Map((await repo.byIds(done)).map((b) => [b.row.id, b]));
  const processed = done.map((id) => toPackage(byId.get(id)!, couriers));
  const message =
    processed.length === 0
      ? M.noneProcessed
      : failures.length === 0
        ? fillMessage(M.processed, { count: processed.length })
        : fillMessage(M.processedWithFailures, { count: processed.length, failed: failures.length });
  return { processed, failures, message };
}
