/** The store listings' queries: lists (by filter), each listing, what a listing may show or recommend. */
export const storeListingKeys = {
  all: ['store-listings'] as const,
  lists: ['store-listings', 'list'] as const,
  one: (storeListingId: string) => ['store-listings', 'detail', storeListingId] as const,
  listableCatalogues: (storeListingId: string | null) =>
    ['store-listings', 'listable-catalogues', storeListingId ?? 'new'] as const,
  recommendable: (storeListingId: string) => ['store-listings', 'recommendable', storeListingId] as const,
};
