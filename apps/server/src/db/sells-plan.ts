import { sql } from 'drizzle-orm';
import { storeListingSubscriptions, storeListings, subscriptions } from './schema';

/**
 * The plans a listing sells: the ones it chose (store_listing_subscriptions), or, when it chose none,
 * every plan of its catalogue. A condition on a query that joins `store_listings` to `subscriptions`
 * on the catalogue: it keeps the rows of those plans. The coupons' rules and the orders' prices ask it.
 */
export const sellsPlan = sql`(NOT EXISTS (SELECT 1 FROM ${storeListingSubscriptions} WHERE ${storeListingSubscriptions.storeListingId} = ${storeListings.id})
  OR EXISTS (SELECT 1 FROM ${storeListingSubscriptions} WHERE ${storeListingSubscriptions.storeListingId} = ${storeListings.id}
    AND ${storeListingSubscriptions.subscriptionId} = ${subscriptions.id}))`;
