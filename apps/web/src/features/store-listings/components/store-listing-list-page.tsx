import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import { PAGES, type StoreListingListItem } from '@lectern/contract';
import { DataTable } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { FilterBar, useListController, type FilterSelect } from '../../../components/list';
import { useCategories } from '../../../lib/queries/get-categories';
import { useConfirm } from '../../../components/confirm-dialog';
import { useStoreListings } from '../api/get-store-listings';
import { useDeleteStoreListing } from '../api/store-listing-mutations';
import { STORE_DETAILS_LIST_PATH, STORE_EDITOR_PATH, STORE_LISTINGS_PATH } from '../hooks/use-store-listing-params';
import { LISTINGS_URL_KEY, LISTING_FILTERS, LISTING_PARAM_NAMES, type ListingFilters } from './store-listing-list';
import { storeListingTableConfig, type ListingView } from './store-listing-table';

const pageName = (path: string, fallback: string) => PAGES.find((page) => page.path === path)?.pageName ?? fallback;

const flag = (
  key: keyof ListingFilters,
  label: string,
  yes: string,
  no: string,
): FilterSelect<keyof ListingFilters> => ({
  key,
  label,
  options: [
    { value: 'true', label: yes },
    { value: 'false', label: no },
  ],
});
const FLAG_FILTERS = [
  flag('featuredOnHomePage', 'Home page', 'Featured on homepage', 'Not on homepage'),
  flag('featuredOnLeadPage', 'Lead page', 'Featured on lead page', 'Not on lead page'),
  flag('publishState', 'Status', 'Published', 'Draft'),
];

export interface StoreListingListPageProps {
  /** the page's own path: its title comes from the PAGES entry */
  path: string;
  view: ListingView;
}

/**
 * The store manager's lists (/publisher/storeManager/storelistings, /storeDetails and /storeDetailsList):
 * every store listing on the shared table, filtered by category, featured flags and status (kept in the
 * URL, asked of the server), searched by name, code, catalogue or category.
 */
export function StoreListingListPage({ path, view }: StoreListingListPageProps) {
  const list = useListController({
    schema: LISTING_FILTERS,
    urlKey: LISTINGS_URL_KEY,
    paramNames: LISTING_PARAM_NAMES,
  });
  const { filters, filtered } = list;
  const listings = useStoreListings(list.query);
  const categories = useCategories();
  const { mutateAsync: removeListing } = useDeleteStoreListing();
  const { confirm, confirmDialog } = useConfirm();
  const config = useMemo(() => {
    async function confirmRemove(row: StoreListingListItem) {
      const ok = await confirm({
        title: `Delete '${row.storeListingName}'?`,
        message: `The draft listing ${row.storeListingCode} is deleted with its FAQs, testimonials and SEO; ${row.catalogueName} can be listed again. This cannot be undone.`,
        confirmLabel: 'Delete',
        destructive: true,
      });
      // a refusal (a coupon names it) shows the server's message
      if (ok) await removeListing(row.storeListingId).catch(() => undefined);
    }
    return storeListingTableConfig(view, filtered, (row) => void confirmRemove(row));
  }, [view, filtered, confirm, removeListing]);
  const other = view === 'listings' ? STORE_DETAILS_LIST_PATH : STORE_LISTINGS_PATH;
  const selects: FilterSelect<keyof ListingFilters>[] = [
    {
      key: 'categoryId',
      label: 'Category',
      anyLabel: 'All categories',
      wide: true,
      options: (categories.data ?? []).map((category) => ({
        value: category.categoryId,
        label: category.categoryName,
      })),
    },
    ...FLAG_FILTERS,
  ];

  return (
    <>
      <PageHeader
        title={pageName(path, 'Store listings')}
        subtitle={
          view === 'listings'
            ? 'The public pages of catalogues in the store: what students read before they buy.'
            : 'What each listing holds, and what it still lacks to be complete.'
        }
        actions={
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            <Button component={RouterLink} to={other}>
              {view === 'listings' ? 'Store details list' : 'Store listings'}
            </Button>
            <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={STORE_EDITOR_PATH}>
              Create store listing
            </Button>
          </Box>
        }
      />
      <FilterBar
        label="Filter store listings"
        selects={selects}
        values={filters}
        onChange={list.setFilter}
        onClear={list.clear}
        filtered={filtered}
      />
      <DataTable
        config={config}
        rows={listings.data ?? []}
        {...list.table}
        loading={listings.isPending}
        error={listings.isError ? <QueryErrorAlert query={listings} /> : undefined}
      />
      {confirmDialog}
    </>
  );
}
