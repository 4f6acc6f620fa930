import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  deliveryContract,
  type DeliveryListQuery,
  type DeliveryPackage,
  type DeliveryPackageDetail,
  type DeliveryStatus,
} from '@lectern/contract';
import { apiCall } from '../../../lib/api-client';
import { deliveryKeys } from './delivery-keys';

/** GET /delivery/delivery/all/{status}: the packages in a status, oldest order first, narrowed by search and filters. */
export function getDeliveryPackages(
  status: DeliveryStatus,
  query: DeliveryListQuery,
  signal?: AbortSignal,
): Promise<DeliveryPackage[]> {
  return apiCall(deliveryContract.list, { params: { status }, query }, { signal });
}

export const deliveryPackagesQueryOptions = (status: DeliveryStatus, query: DeliveryListQuery) =>
  queryOptions({
    queryKey: [...deliveryKeys.lists, status, query],
    queryFn: ({ signal }) => getDeliveryPackages(status, query, signal),
  });

export function useDeliveryPackages(status: DeliveryStatus, query: DeliveryListQuery) {
  // another filter keeps the rows in sight while its answer comes
  return useQuery({ ...deliveryPackagesQueryOptions(status, query), placeholderData: keepPreviousData });
}

/** GET /delivery/delivery/catalogues: every catalogue that ships material, its packages counted per status. */
export function useDeliveryCatalogues() {
  return useQuery({
    queryKey: deliveryKeys.catalogues,
    queryFn: ({ signal }) => apiCall(deliveryContract.catalogues, {}, { signal }),
  });
}

/** GET /delivery/delivery/id/{packageId}: one package with its address history and consignments. */
export function getDeliveryPackage(packageId: string, signal?: AbortSignal): Promise<DeliveryPackageDetail> {
  return apiCall(deliveryContract.byId, { params: { packageId } }, { signal });
}

export function useDeliveryPackage(packageId: string | null) {
  return useQuery({
    queryKey: deliveryKeys.package(packageId ?? ''),
    queryFn: ({ signal }) => getDeliveryPackage(packageId ?? '', signal),
    enabled: packageId !== null,
  });
}
