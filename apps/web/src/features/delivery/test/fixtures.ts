import type { DeliveryAddress, DeliveryPackage, DeliveryPackageDetail } from '@lectern/contract';

export function address(packageId: string, extra: Partial<DeliveryAddress> = {}): DeliveryAddress {
  return {
    addressId: `${packageId}-A1`,
    type: 'HOME',
    addressLine1: 'Flat 302, Sai Residency, 14th Main',
    addressLine2: 'HSR Layout',
    landMark: 'Near BDA Complex',
    city: 'Bengaluru',
    state: 'Karnataka',
    pin: '560102',
    preferredAddress: true,
    deliveryPackageId: packageId,
    current: true,
    createdAt: '2026-11-10T10:00:00.000Z',
    createdBy: '',
    ...extra,
  };
}

/** A pending courier package of the JEE catalogue. */
export function deliveryPackage(
  id: string,
  studentName: string,
  extra: Partial<DeliveryPackage> = {},
): DeliveryPackage {
  return {
    deliveryPackageId: id,
    orderId: `order-${id.slice(3)}`,
    studentId: `st-${id}`,
    studentName,
    mobileNumber: '9876543210',
    catalogueId: 'cat-jee',
    catalogueName: 'JEE Main 2027',
    items: [{ description: 'Printed study material (JEE Main 2027)', quantity: 1 }],
    deliveryStatus: 'PENDING',
    deliveryMode: 'COURIER',
    dispatchType: 'STANDARD',
    address: address(id),
    deliveryTrackerList: [],
    inHandDeliveryDetails: null,
    inPersonPickup: null,
    cancellation: null,
    orderedAt: '2026-11-10T10:00:00.000Z',
    processedAt: null,
    deliveredAt: null,
    createdAt: '2026-11-10T10:00:00.000Z',
    updatedAt: '2026-11-10T10:00:00.000Z',
    version: 1,
    ...extra,
  };
}

export const detail = (pkg: DeliveryPackage, extra: Partial<DeliveryPackageDetail> = {}): DeliveryPackageDetail => ({
  ...pkg,
  addressHistory: pkg.address ? [pkg.address] : [],
  ...extra,
});

export const PENDING = [
  deliveryPackage('DP-0028-2', 'Ananya Sharma'),
  deliveryPackage('DP-0179-3', 'Rohan Mehta', { mobileNumber: '9810003797' }),
  deliveryPackage('DP-0154-1', 'Priya Nair', {
    mobileNumber: '9900011122',
    catalogueId: 'cat-neet',
    catalogueName: 'NEET 2027',
  }),
];

export const PROCESSED = deliveryPackage('DP-0103-2', 'Kabir Singh', {
  deliveryStatus: 'PROCESSED',
  processedAt: '2026-11-12T10:00:00.000Z',
  deliveryTrackerList: [
    {
      trackerId: 'DP-0103-2-T1',
      serviceProvider: 'DTDC',
      trackingId: 'D12345678',
      notes: '',
      status: 'IN_TRANSIT',
      trackerLink: 'https://www.dtdc.in/tracking?id=D12345678',
      state: 'ACTIVE',
      createdAt: '2026-11-12T10:00:00.000Z',
      updatedAt: '2026-11-13T10:00:00.000Z',
    },
  ],
});

export const CATALOGUES = [
  {
    catalogueId: 'cat-jee',
    catalogueName: 'JEE Main 2027',
    counts: { PENDING: 2, PROCESSED: 1, DELIVERED: 40, CANCELLED: 3 },
    total: 46,
  },
  {
    catalogueId: 'cat-neet',
    catalogueName: 'NEET 2027',
    counts: { PENDING: 1, PROCESSED: 0, DELIVERED: 20, CANCELLED: 1 },
    total: 22,
  },
];
