// The delivery list as CSV for the courier's bulk booking (RFC 4180: quoted where needed, CRLF).
import { formatDate, type DeliveryPackage } from '@lectern/contract';
import { toCsv } from '../../lib/spreadsheet-cell';

const COLUMNS: readonly [heading: string, cell: (pkg: DeliveryPackage) => string | number][] = [
  ['Package ID', (p) => p.deliveryPackageId],
  ['Order ID', (p) => p.orderId],
  ['Order Date', (p) => formatDate(p.orderedAt)],
  ['Consignee Name', (p) => p.studentName],
  ['Mobile', (p) => p.mobileNumber],
  ['Address Line 1', (p) => p.address?.addressLine1 ?? ''],
  ['Address Line 2', (p) => p.address?.addressLine2 ?? ''],
  ['Landmark', (p) => p.address?.landMark ?? ''],
  ['City', (p) => p.address?.city ?? ''],
  ['State', (p) => p.address?.state ?? ''],
  ['PIN', (p) => p.address?.pin ?? ''],
  ['Contents', (p) => p.items.map((i) => `${i.description} x${i.quantity}`).join('; ')],
  ['Pieces', (p) => p.items.reduce((n, i) => n + i.quantity, 0)],
  ['Catalogue', (p) => p.catalogueName],
  ['Delivery Mode', (p) => p.deliveryMode],
  ['Dispatch Type', (p) => p.dispatchType],
  ['Status', (p) => p.deliveryStatus],
  ['Service Provider', (p) => p.deliveryTrackerList.find((t) => t.state === 'ACTIVE')?.serviceProvider ?? ''],
  ['Tracking ID', (p) => p.deliveryTrackerList.find((t) => t.state === 'ACTIVE')?.trackingId ?? ''],
];

/** The packages as CSV, a heading row first. */
export function deliveryCsv(packages: DeliveryPackage[]): string {
  return toCsv([COLUMNS.map(([heading]) => heading), ...packages.map((p) => COLUMNS.map(([, get]) => get(p)))]);
}
