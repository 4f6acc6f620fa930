import { useQueryClient } from '@tanstack/react-query';
import { cataloguesContract, type OtsUpdateBody, type Subscription } from '@lectern/contract';
import { useRouteMutation } from '../../../lib/controllers/use-route-mutation';
import { queryKeys } from '../../../lib/query-keys';

/**
 * PUT /publisher/otsmanager/update: one subscription's OTS rows at the version the editor saw. The
 * server's message is shown on success and the saved subscription replaces the old one at once; a
 * stale version answers 409 (STALE_VERSION) and the card shows the one stale-version notice. The
 * subscriptions and catalogues are read again either way: the version and the OTS count change.
 */
export function useUpdateOts(catalogueId: string) {
  const queryClient = useQueryClient();
  return useRouteMutation(cataloguesContract.otsUpdate, {
    toInput: (body: OtsUpdateBody) => ({ body }),
    meta: { serverMessage: true },
    // the catalogues' keys hold the subscriptions' too
    invalidate: [queryKeys.catalogues],
    onSuccess: ({ data }) => {
      queryClient.setQueryData<Subscription[]>(queryKeys.otsSubscriptions(catalogueId), (list) =>
        list?.map((subscription) => (subscription.subscriptionId === data.subscriptionId ? data : subscription)),
      );
    },
  });
}
