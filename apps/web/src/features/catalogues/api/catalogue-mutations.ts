import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { cataloguesContract, type CatalogueDetail, type RouteInput } from '@lectern/contract';
import { isApiError } from '../../../lib/api-error';
import { useRouteMutation } from '../../../lib/controllers/use-route-mutation';
import { queryKeys } from '../../../lib/query-keys';

export type CreateCatalogueInput = RouteInput<typeof cataloguesContract.create>['body'];
export type UpdateCatalogueInput = RouteInput<typeof cataloguesContract.update>['body'];

/** The answer is the catalogue as saved: it replaces the cached copy; every list is stale. */
function settle(queryClient: QueryClient, detail?: CatalogueDetail) {
  if (detail) queryClient.setQueryData(queryKeys.catalogue(detail.catalogueId), detail);
  void queryClient.invalidateQueries({ queryKey: [...queryKeys.catalogues, 'list'] });
}

/** POST /publisher/cataloguemanager/create: the server's message ("Catalogue 'X' was created.") shows on success. */
export function useCreateCatalogue() {
  const queryClient = useQueryClient();
  return useRouteMutation(cataloguesContract.create, {
    toInput: (body: CreateCatalogueInput) => ({ body }),
    // the editor shows a refusal beside the form (SaveProblem): no snackbar repeats it
    meta: { serverMessage: true, silentError: true },
    onSuccess: (result) => settle(queryClient, result.data),
  });
}

/**
 * PUT /publisher/cataloguemanager/update at the version the editor saw (`inEditor`): any sections, or
 * `{ catalogueId, version, archived }` to archive and unarchive. A stale version answers 409 with
 * the server's message, and the lists are reloaded so the newer version is at hand.
 */
export function useUpdateCatalogue({ inEditor = false } = {}) {
  const queryClient = useQueryClient();
  return useRouteMutation(cataloguesContract.update, {
    toInput: (body: UpdateCatalogueInput) => ({ body }),
    // in the editor a refusal shows beside the form (SaveProblem); from the list, as a snackbar
    meta: { serverMessage: true, silentError: inEditor },
    onSuccess: (result) => settle(queryClient, result.data),
    onError: (error) => {
      if (isApiError(error) && error.status === 409) settle(queryClient);
    },
  });
}

/** DELETE /publisher/cataloguemanager/catalogue/{catalogueId}: refused (with the server's reason) while listed or with subscribers. */
export function useDeleteCatalogue() {
  const queryClient = useQueryClient();
  return useRouteMutation(cataloguesContract.remove, {
    toInput: (catalogueId: string) => ({ params: { catalogueId } }),
    meta: { serverMessage: true },
    onSuccess: (result) => queryClient.removeQueries({ queryKey: queryKeys.catalogue(result.data.catalogueId) }),
    invalidate: [[...queryKeys.catalogues, 'list']],
  });
}
