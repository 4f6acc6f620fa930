import { deliveryContract, type DeliveryListQuery, type DeliveryStatus } from '@lectern/contract';
import { apiBlob } from '../../../lib/api-client';

/** GET /delivery/delivery/labels?packageIds=: one PDF of a label and a packing slip per processed package. */
export function getLabelsPdf(packageIds: readonly string[]): Promise<Blob> {
  return apiBlob(deliveryContract.labels, { query: { packageIds: packageIds.join(',') } });
}

/** GET /delivery/delivery/export/{status}: the list (same search and filters) as the courier's CSV. */
export function getDeliveryCsv(status: DeliveryStatus, query: DeliveryListQuery): Promise<Blob> {
  return apiBlob(deliveryContract.exportCsv, { params: { status }, query });
}
