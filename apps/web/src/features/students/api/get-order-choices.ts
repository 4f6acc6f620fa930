import { queryOptions, useQuery } from '@tanstack/react-query';
import { paymentsContract, type OrderOffers } from '@lectern/contract';
import { apiCall } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

type Listing = OrderOffers['listings'][number];

/** A store listing an order may be placed on, with the catalogue whose plans and add-ons it sells. */
export type ListingChoice = Pick<Listing, 'storeListingId' | 'storeListingName' | 'catalogueId' | 'catalogueName'>;

/** A plan a listing sells, as the order dialog shows it (price in paise, GST included). */
export interface PlanChoice {
  subscriptionId: string;
  subscriptionLabel: string;
  price: Listing['plans'][number]['price'];
}

/** An add-on of the listing's catalogue. */
export interface AddOnChoice {
  addOnId: string;
  addOnName: string;
  price: Listing['addOns'][number]['price'];
}

/** What a listing sells, and the GST settings its price is split by. */
export interface ListingOffer {
  plans: PlanChoice[];
  addOns: AddOnChoice[];
  gstPercent: number;
  supplierStateCode: string;
}

/**
 * GET /payments/order/offers: every listing still sold with the plans it sells (its own choice of
 * plans, FIXED plans not yet ended) and its catalogue's add-ons: exactly what an order may be placed on.
 */
function getOffers(signal?: AbortSignal): Promise<OrderOffers> {
  return apiCall(paymentsContract.offers, {}, { signal });
}

const offersQueryOptions = () =>
  queryOptions({
    queryKey: [...queryKeys.students, 'order-offers'] as const,
    queryFn: ({ signal }) => getOffers(signal),
  });

/** The store listings an order may be placed on, by name; loaded while `enabled`. */
export function useListingChoices(enabled: boolean) {
  return useQuery({
    ...offersQueryOptions(),
    enabled,
    select: (offers): ListingChoice[] =>
      offers.listings
        .map(({ storeListingId, storeListingName, catalogueId, catalogueName }) => ({
          storeListingId,
          storeListingName,
          catalogueId,
          catalogueName,
        }))
        .sort((a, b) => a.storeListingName.localeCompare(b.storeListingName, 'en', { sensitivity: 'base' })),
  });
}

/** What the listing `storeListingId` sells (from the same answer as the listings), cheapest plan first. */
export function useListingOffer(storeListingId: string | null) {
  return useQuery({
    ...offersQueryOptions(),
    enabled: Boolean(storeListingId),
    select: (offers): ListingOffer => {
      const listing = offers.listings.find((candidate) => candidate.storeListingId === storeListingId);
      return {
        plans: (listing?.plans ?? [])
          .map((plan) => ({ subscriptionId: plan.subscriptionId, subscriptionLabel: plan.label, price: plan.price }))
          .sort((a, b) => a.price - b.price),
        addOns: (listing?.addOns ?? []).map((addOn) => ({
          addOnId: addOn.addOnId,
          addOnName: addOn.name,
          price: addOn.price,
        })),
        gstPercent: offers.gstPercent,
        supplierStateCode: offers.supplierStateCode,
      };
    },
  });
}
