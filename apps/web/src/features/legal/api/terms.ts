import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { termsContract, type TermsUpdateBody, type TermsVersion } from '@lectern/contract';
import { apiCall, apiCallWithHeaders } from '../../../lib/api-client';

export const termsKeys = { all: ['terms'] as const, versions: ['terms', 'versions'] as const };

/** GET /users/tnc/all: every version, newest first. */
export function getTermsVersions(signal?: AbortSignal): Promise<TermsVersion[]> {
  return apiCall(termsContract.all, {}, { signal });
}

export const termsVersionsQueryOptions = () =>
  queryOptions({ queryKey: termsKeys.versions, queryFn: ({ signal }) => getTermsVersions(signal) });

export function useTermsVersions() {
  return useQuery(termsVersionsQueryOptions());
}

/**
 * PUT /users/tnc/update: saves the terms as a new version. The server's message shows on success; a
 * failure (409: a newer version was saved meanwhile) shows beside the editor, which keeps the text.
 */
export function useSaveTerms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TermsUpdateBody) => {
      const result = await apiCallWithHeaders(termsContract.update, { body });
      return { data: result.data, message: result.message };
    },
    meta: { serverMessage: true, silentError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: termsKeys.all }),
  });
}
