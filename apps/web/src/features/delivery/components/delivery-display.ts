import {
  deliveryAddressLine,
  type CANCELLATION_REQUEST_TYPES,
  type DeliveryAddress,
  type DeliveryMode,
  type DeliveryPackage,
  type DeliveryStatus,
  type RECIPIENT_TYPES,
  type TrackerStatus,
} from '@lectern/contract';
import type { StatusStyle } from '../../../components/data-table';

/** The status tabs, in the order a package moves through them. */
export const STATUS_TABS: readonly { status: DeliveryStatus; label: string; empty: string }[] = [
  { status: 'PENDING', label: 'Pending', empty: 'No packages are waiting to be processed.' },
  { status: 'PROCESSED', label: 'Processed', empty: 'No packages are on their way.' },
  { status: 'DELIVERED', label: 'Delivered', empty: 'No packages have been delivered.' },
  { status: 'CANCELLED', label: 'Cancelled', empty: 'No packages have been cancelled.' },
];

export const MODE_LABELS: Readonly<Record<DeliveryMode, string>> = {
  COURIER: 'Courier',
  IN_HAND: 'In hand',
  IN_PERSON: 'Pickup',
};

export const TRACKER_STATUS_LABELS: Readonly<Record<TrackerStatus, string>> = {
  BOOKED: 'Booked',
  IN_TRANSIT: 'In transit',
  OUT_FOR_DELIVERY: 'Out for delivery',
  DELIVERED: 'Delivered',
  RETURN_IN_TRANSIT: 'Return in transit',
  RETURNED: 'Returned',
};

export const RECIPIENT_LABELS: Readonly<Record<(typeof RECIPIENT_TYPES)[number], string>> = {
  REGISTERED_STUDENT: 'The student',
  PARENT_OR_GUARDIAN: 'Parent or guardian',
  AUTHORISED_PERSON: 'Someone authorised',
};

export const CANCELLATION_LABELS: Readonly<Record<(typeof CANCELLATION_REQUEST_TYPES)[number], string>> = {
  STUDENT_REQUEST: 'Student asked',
  ORDER_REFUNDED: 'Order refunded',
  DUPLICATE_ORDER: 'Duplicate order',
  ADDRESS_NOT_SERVICEABLE: 'Address not serviceable',
  OUT_OF_STOCK: 'Out of stock',
  OTHER: 'Other',
};

// dark text on a light tint, as the shared status styles (contrast above 7:1)
export const DELIVERY_STATUS_STYLES: Readonly<Record<string, StatusStyle>> = {
  pending: { label: 'Pending', colour: '#723B13', background: '#FDF6B2' },
  processed: { label: 'Processed', colour: '#1E429F', background: '#E1EFFE' },
  delivered: { label: 'Delivered', colour: '#03543F', background: '#DEF7EC' },
  cancelled: { label: 'Cancelled', colour: '#9B1C1C', background: '#FDE8E8' },
};

/** One line of an address: 'Flat 302, Sai Residency, HSR Layout, Near BDA Complex, Bengaluru, Karnataka 560102'. */
export function addressText(address: DeliveryAddress | null): string {
  return address ? deliveryAddressLine(address) : 'No address';
}

/** The package's active consignment (the one now carrying it), if any. */
export const activeTracker = (pkg: DeliveryPackage) =>
  pkg.deliveryTrackerList.find((tracker) => tracker.state === 'ACTIVE') ?? null;

/** How it goes out, as the list shows it: 'DTDC D12345678', 'In hand: Koramangala', 'Pickup: Ananya'. */
export function dispatchText(pkg: DeliveryPackage): string {
  const tracker = activeTracker(pkg);
  if (tracker) return `${tracker.serviceProvider} ${tracker.trackingId}`;
  if (pkg.inHandDeliveryDetails) return pkg.inHandDeliveryDetails.handDeliveryLocation;
  if (pkg.inPersonPickup) return `Collected by ${pkg.inPersonPickup.recipientName}`;
  return '';
}

export const itemsText = (pkg: DeliveryPackage) =>
  pkg.items.map((item) => (item.quantity > 1 ? `${item.quantity} x ${item.description}` : item.description));
