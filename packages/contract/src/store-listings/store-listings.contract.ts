import { z } from 'zod';
import { route } from '../route';
import {
  CreateStoreListingBodySchema,
  ListableCatalogueSchema,
  ListableCataloguesQuerySchema,
  RecommendedListingSchema,
  StoreCouponSchema,
  StoreIdParamSchema,
  StoreListingIdParamSchema,
  StoreListingListItemSchema,
  StoreListingListQuerySchema,
  StoreListingSchema,
  UpdateStoreListingBodySchema,
} from './store-listings.schemas';

// Spec 2 §7 "Store listings" (and the two store-manager lists of "Publisher") at DESIGN §9's verbs.
// The publisher area's (SUPER_ADMIN, CONTENT_ADMIN): a listing is content, not a price.
export const storeListingsContract = {
  list: route({
    method: 'GET',
    path: '/publisher/storemanager/all',
    summary: 'Every store listing (filter by category, featured flags, publish state; search by name or code)',
    access: { kind: 'session', area: 'publisher' },
    query: StoreListingListQuerySchema,
    response: z.array(StoreListingListItemSchema),
  }),
  one: route({
    method: 'GET',
    path: '/publisher/storemanager/store/{storeId}',
    summary: 'One store listing with every field',
    access: { kind: 'session', area: 'publisher' },
    params: StoreIdParamSchema,
    response: StoreListingSchema,
  }),
  create: route({
    method: 'POST',
    path: '/publisher/storemanager/create',
    summary: 'List a catalogue in the store (one listing per catalogue; not for an archived catalogue)',
    access: { kind: 'session', area: 'publisher' },
    body: CreateStoreListingBodySchema,
    response: StoreListingSchema,
  }),
  update: route({
    method: 'PUT',
    path: '/publisher/storemanager/update',
    summary: 'Save the whole listing at the version the editor saw (409 on a stale version)',
    access: { kind: 'session', area: 'publisher' },
    body: UpdateStoreListingBodySchema,
    response: StoreListingSchema,
  }),
  remove: route({
    method: 'DELETE',
    path: '/publisher/storemanager/store/{storeId}',
    summary: 'Delete a draft listing no coupon names; its catalogue can be listed again',
    access: { kind: 'session', area: 'publisher' },
    params: StoreIdParamSchema,
    response: z.object({ storeListingId: z.string() }),
  }),
  recommendations: route({
    method: 'GET',
    path: '/publisher/storemanager/recommendation/storelisting/{id}',
    summary: 'The listings that may be recommended from listing {id}: every other listing of a catalogue not archived',
    access: { kind: 'session', area: 'publisher' },
    params: StoreListingIdParamSchema,
    response: z.array(RecommendedListingSchema),
  }),
  listableCatalogues: route({
    method: 'GET',
    path: '/publisher/storemanager/course/all',
    summary:
      'Catalogues that can be listed (not archived, not listed yet), with their subscriptions, add-ons and preview videos',
    access: { kind: 'session', area: 'publisher' },
    query: ListableCataloguesQuerySchema,
    response: z.array(ListableCatalogueSchema),
  }),
  coupons: route({
    method: 'GET',
    path: '/publisher/storemanager/coupon/all',
    summary: 'Coupons that can be shown on a listing: not expired by staff nor past their last day, featured first',
    access: { kind: 'session', area: 'publisher' },
    response: z.array(StoreCouponSchema),
  }),
};
