import type { z } from 'zod';

import { storeListingsContract } from '@lectern/contract';

/** The list table's URL prefix: ?listings.q=neet&listings.category=cat-1&listings.home=true. */
export const LISTINGS_URL_KEY = 'listings';

/** The filters of the listings tables, kept in the URL and asked of the server: the list route's own. */
export const LISTING_FILTERS = storeListingsContract.list.query.pick({
  categoryId: true,
  featuredOnHomePage: true,
  featuredOnLeadPage: true,
  publishState: true,
});

export type ListingFilters = z.output<typeof LISTING_FILTERS>;

/** URL names kept from before the controller (links build them). */
export const LISTING_PARAM_NAMES = {
  categoryId: `${LISTINGS_URL_KEY}.category`,
  featuredOnHomePage: `${LISTINGS_URL_KEY}.home`,
  featuredOnLeadPage: `${LISTINGS_URL_KEY}.lead`,
  publishState: `${LISTINGS_URL_KEY}.state`,
} as const;
