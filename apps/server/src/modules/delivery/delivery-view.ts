import {
  trackerLink,
  type CourierTracker,
  type DeliveryAddress,
  type DeliveryPackage,
  type DeliveryPackageDetail,
  type DeliveryStatus,
} from '@lectern/contract';
import type { AddressRow, PackageBundle, TrackerRow } from './delivery.repository';

export function toAddress(row: AddressRow): DeliveryAddress {
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

function toTracker(row: TrackerRow, couriers: Record<string, string>): CourierTracker {
  const template = couriers[row.serviceProvider];
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

/** A package as the contract answers it; its trackers' links from the couriers' templates. */
export function toPackage(b: PackageBundle, couriers: Record<string, string>): DeliveryPackage {
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
    deliveryTrackerList: b.trackers.map((t) => toTracker(t, couriers)),
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

/** A package with every address it has had. */
export function toDetail(b: PackageBundle, couriers: Record<string, string>): DeliveryPackageDetail {
  return { ...toPackage(b, couriers), addressHistory: b.addresses.map(toAddress) };
}
