import { queryOptions, useQuery } from '@tanstack/react-query';
import { termsContract, type TermsUpdateBody, type TermsVersion } from '@lectern/contract';
import { apiCall } from '../../../lib/api-client';
import { useRouteMutation } from '../../../lib/controllers/use-route-mutation';

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
 * PUT /users/tnc/update: saves the terms as a new version from the version the editor started with.
 * The server's message shows on success; a refusal (a stale version: a newer one was saved meanwhile)
 * shows beside the editor, which keeps the text. The versions are read again either way.
 */
export function useSaveTerms() {
  return useRouteMutation(termsContract.update, {
    toInput: (body: TermsUpdateBody) => ({ body }),
    meta: { serverMessage: true, silentError: true },
    invalidate: [termsKeys.all],
  });
}
