import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cataloguesContract, type OtsUpdateBody, type Subscription } from '@lectern/contract';
import { apiCallWithHeaders } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** PUT /publisher/otsmanager/update: a subscription's OTS rows at the version the editor saw. */
export async function updateOts(body: OtsUpdateBody): Promise<{ data: Subscription; message: string | undefined }> {
  const result = await apiCallWithHeaders(cataloguesContract.otsUpdate, { body });
  return { data: result.data, message: result.message };
}

/**
 * Saves one subscription's OTS rows. The server's message is shown on success and the saved
 * subscription replaces the old one at once; a stale version answers 409 with the server's message
 * (the card offers to reload). Catalogue queries are refreshed either way: the subscription's
 * version and the catalogue's OTS count change.
 */
export function useUpdateOts(catalogueId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOts,
    meta: { serverMessage: true },
    onSuccess: ({ data }) => {
      queryClient.setQueryData<Subscription[]>(queryKeys.otsSubscriptions(catalogueId), (list) =>
        list?.map((subscription) => (subscription.subscriptionId === data.subscriptionId ? data : subscription)),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.catalogues }),
  });
}
