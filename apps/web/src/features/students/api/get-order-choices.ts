import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  cataloguesContract,
  indianDate,
  type AddOn,
  type CatalogueDetail,
  type CatalogueListItem,
  type Subscription,
} from '@lectern/contract';
import { apiCall } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** A store listing an order may be placed on, with the catalogue whose plans and add-ons it sells. */
export interface ListingChoice {
  storeListingId: string;
  storeListingName: string;
  catalogueId: string;
  catalogueName: string;
}

/**
 * GET /publisher/cataloguemanager/all?archived=false: the catalogues still sold, each with its store
 * listing. FINANCE may read it (the store manager's own list is the publisher area's), as the coupon
 * form does.
 */
function getSoldCatalogues(signal?: AbortSignal): Promise<CatalogueListItem[]> {
  return apiCall(cataloguesContract.list, { query: { archived: 'false' } }, { signal });
}

const listingChoicesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.catalogueList('false'), queryFn: ({ signal }) => getSoldCatalogues(signal) });

/** The store listings an order may be placed on, by name; loaded while `enabled`. */
export function useListingChoices(enabled: boolean) {
  return useQuery({
    ...listingChoicesQueryOptions(),
    enabled,
    select: (catalogues): ListingChoice[] =>
      catalogues
        .flatMap((catalogue) =>
          catalogue.storeListingId
            ? [
                {
                  storeListingId: catalogue.storeListingId,
                  storeListingName: catalogue.storeListingName ?? catalogue.catalogueName,
                  catalogueId: catalogue.catalogueId,
                  catalogueName: catalogue.catalogueName,
                },
              ]
            : [],
        )
        .sort((a, b) => a.storeListingName.localeCompare(b.storeListingName, 'en', { sensitivity: 'base' })),
  });
}

/** The plans and add-ons of a listing's catalogue that can still be sold. */
export interface ListingOffer {
  plans: Subscription[];
  addOns: AddOn[];
}

/** GET /publisher/cataloguemanager/catalogue/{catalogueId}: the catalogue's plans and add-ons (prices GST included). */
function getCatalogue(catalogueId: string, signal?: AbortSignal): Promise<CatalogueDetail> {
  return apiCall(cataloguesContract.details, { params: { catalogueId } }, { signal });
}

/**
 * What a listing sells, while `catalogueId` is given: a FIXED plan whose end date has passed is left
 * out, as the server refuses it.
 */
export function useListingOffer(catalogueId: string | null) {
  return useQuery({
    // its own key: the catalogue editor keeps what it loaded under queryKeys.catalogue, never refetched
    queryKey: [...queryKeys.students, 'order-offer', catalogueId ?? ''] as const,
    queryFn: ({ signal }) => getCatalogue(catalogueId ?? '', signal),
    enabled: Boolean(catalogueId),
    select: (catalogue): ListingOffer => {
      const today = indianDate();
      return {
        plans: catalogue.subscriptions
          .filter(
            (plan) =>
              plan.subscriptionType !== 'FIXED' ||
              plan.subscriptionEndDate === null ||
              plan.subscriptionEndDate >= today,
          )
          .sort((a, b) => a.price - b.price),
        addOns: catalogue.addOns,
      };
    },
  });
}
