import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { tableParamNames } from '../../../components/data-table';
import type { StoreListingListQuery } from '../api/get-store-listings';
import { useUrlSearchParams } from '../../../hooks/use-url-search-params';

export const STORE_LISTINGS_PATH = '/publisher/storeManager/storelistings';
export const STORE_DETAILS_LIST_PATH = '/publisher/storeManager/storeDetailsList';
export const STORE_EDITOR_PATH = '/publisher/storeManager/store';

/** The editor of one listing: ?storeId=... (without it, a new listing); `preview` opens its preview. */
export function storeEditorLink(storeId: string, preview = false): string {
  const params = new URLSearchParams({ storeId });
  if (preview) params.set('preview', 'phone');
  return `${STORE_EDITOR_PATH}?${params.toString()}`;
}

/** The listing the editor shows, from ?storeId=; null for a new one. */
export function useStoreIdParam(): string | null {
  const [params] = useSearchParams();
  const id = params.get('storeId')?.trim();
  return id ? id : null;
}

/** The list table's URL prefix: ?listings.q=neet&listings.category=cat-1&listings.home=true. */
export const LISTINGS_URL_KEY = 'listings';

/** The filters of the listings tables, each kept in the URL so a filtered list can be linked. */
export interface ListingFilters {
  categoryId: string | null;
  /** 'true' featured on the home page only; 'false' not featured there */
  featuredOnHomePage: 'true' | 'false' | null;
  featuredOnLeadPage: 'true' | 'false' | null;
  /** 'true' published, 'false' drafts */
  publishState: 'true' | 'false' | null;
}

const PARAMS = {
  categoryId: `${LISTINGS_URL_KEY}.category`,
  featuredOnHomePage: `${LISTINGS_URL_KEY}.home`,
  featuredOnLeadPage: `${LISTINGS_URL_KEY}.lead`,
  publishState: `${LISTINGS_URL_KEY}.state`,
} as const satisfies Record<keyof ListingFilters, string>;

const flag = (text: string | null) => (text === 'true' || text === 'false' ? text : null);

/** The server's query for the chosen filters (absent filters left out). */
export function listQuery(filters: ListingFilters): StoreListingListQuery {
  const query: StoreListingListQuery = {};
  if (filters.categoryId) query.categoryId = filters.categoryId;
  if (filters.featuredOnHomePage) query.featuredOnHomePage = filters.featuredOnHomePage;
  if (filters.featuredOnLeadPage) query.featuredOnLeadPage = filters.featuredOnLeadPage;
  if (filters.publishState) query.publishState = filters.publishState;
  return query;
}

export function useListingFilters(): [ListingFilters, (change: Partial<ListingFilters>) => void, () => void] {
  const [params, setParams] = useUrlSearchParams();
  const categoryId = params.get(PARAMS.categoryId);
  const home = params.get(PARAMS.featuredOnHomePage);
  const lead = params.get(PARAMS.featuredOnLeadPage);
  const state = params.get(PARAMS.publishState);
  const filters = useMemo<ListingFilters>(
    () => ({
      categoryId: categoryId?.trim() ? categoryId.trim() : null,
      featuredOnHomePage: flag(home),
      featuredOnLeadPage: flag(lead),
      publishState: flag(state),
    }),
    [categoryId, home, lead, state],
  );
  const change = useCallback(
    (next: Partial<ListingFilters>) =>
      setParams(
        (previous) => {
          const updated = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(next) as [keyof ListingFilters, string | null][]) {
            if (value) updated.set(PARAMS[key], value);
            else updated.delete(PARAMS[key]);
          }
          // another filter starts at the first page
          updated.delete(tableParamNames(LISTINGS_URL_KEY).page);
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );
  const clear = useCallback(
    () => change({ categoryId: null, featuredOnHomePage: null, featuredOnLeadPage: null, publishState: null }),
    [change],
  );
  return [filters, change, clear];
}
