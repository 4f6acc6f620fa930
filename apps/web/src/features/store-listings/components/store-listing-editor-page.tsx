import { PageHeader } from '../../../components/page-header';
import { PageLoading } from '../../../components/page-loading';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { useStoreListing } from '../api/get-store-listing';
import { STORE_LISTINGS_PATH, useStoreIdParam } from '../hooks/use-store-listing-params';
import type { StoreListingEditorSlots } from './editor-context';
import { StoreListingEditor } from './store-listing-editor';

/** /publisher/storeManager/store (?storeId= to edit, &preview=phone|desktop to open its preview): loads the listing and opens the editor. */
export function StoreListingEditorPage(slots: StoreListingEditorSlots) {
  const storeId = useStoreIdParam();
  const listing = useStoreListing(storeId);
  if (storeId && listing.isError) {
    return (
      <>
        <PageHeader title="Store listing" back={STORE_LISTINGS_PATH} />
        <QueryErrorAlert query={listing} />
      </>
    );
  }
  if (storeId && !listing.data) {
    return (
      <>
        <PageHeader title="Store listing" back={STORE_LISTINGS_PATH} />
        <PageLoading />
      </>
    );
  }
  return <StoreListingEditor key={storeId ?? 'new'} saved={listing.data ?? null} {...slots} />;
}
