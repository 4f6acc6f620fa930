import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { storeListingsContract, type StoreListing, type RouteInput } from '@lectern/contract';
import { isApiError } from '../../../lib/api-error';
import { useRouteMutation } from '../../../lib/controllers/use-route-mutation';
import { queryKeys } from '../../../lib/query-keys';
import { storeListingKeys } from './store-listing-keys';

export type CreateStoreListingInput = RouteInput<typeof storeListingsContract.create>['body'];
export type UpdateStoreListingInput = RouteInput<typeof storeListingsContract.update>['body'];

/** The answer is the listing as saved; every list (and the catalogues' 'listed' tags) is stale. */
function settle(queryClient: QueryClient, listing?: StoreListing) {
  if (listing) queryClient.setQueryData(storeListingKeys.one(listing.storeListingId), listing);
  void queryClient.invalidateQueries({ queryKey: storeListingKeys.lists });
  void queryClient.invalidateQueries({ queryKey: ['store-listings', 'listable-catalogues'] });
  void queryClient.invalidateQueries({ queryKey: ['store-listings', 'recommendable'] });
  void queryClient.invalidateQueries({ queryKey: [...queryKeys.catalogues, 'list'] });
}

/** POST /publisher/storemanager/create: the server's message shows on success. */
export function useCreateStoreListing() {
  const queryClient = useQueryClient();
  return useRouteMutation(storeListingsContract.create, {
    toInput: (body: CreateStoreListingInput) => ({ body }),
    // the editor shows a refusal above the form (and scrolls to it), so no snackbar repeats it
    meta: { serverMessage: true, silentError: true },
    onSuccess: (result) => settle(queryClient, result.data),
  });
}

/** PUT /publisher/storemanager/update at the version the editor saw; a stale one answers 409 with the server's message. */
export function useUpdateStoreListing() {
  const queryClient = useQueryClient();
  return useRouteMutation(storeListingsContract.update, {
    toInput: (body: UpdateStoreListingInput) => ({ body }),
    meta: { serverMessage: true, silentError: true },
    onSuccess: (result) => settle(queryClient, result.data),
    onError: (error) => {
      if (isApiError(error) && error.status === 409) settle(queryClient);
    },
  });
}

/** DELETE /publisher/storemanager/store/{storeId}: a draft no coupon names; a refusal shows the server's reason. */
export function useDeleteStoreListing() {
  const queryClient = useQueryClient();
  return useRouteMutation(storeListingsContract.remove, {
    toInput: (storeId: string) => ({ params: { storeId } }),
    meta: { serverMessage: true },
    onSuccess: (result) => queryClient.removeQueries({ queryKey: storeListingKeys.one(result.data.storeListingId) }),
    onSettled: () => settle(queryClient),
  });
}
