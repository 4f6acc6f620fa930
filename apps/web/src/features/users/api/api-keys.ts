import { queryOptions, useQuery } from '@tanstack/react-query';
import { usersContract, type RouteOutput } from '@lectern/contract';
import { apiCall } from '../../../lib/api-client';
import { useRouteMutation } from '../../../lib/controllers/use-route-mutation';
import { queryKeys } from '../../../lib/query-keys';

export type ApiKeyList = RouteOutput<typeof usersContract.apiKeys>;
/** One API key as the list gives it: never its secret. */
export type ApiKeyRow = ApiKeyList[number];

const apiKeysKey = [...queryKeys.users, 'api-keys'] as const;

/** GET /users/apikey/all: every service caller's key, revoked ones too, newest first. */
export function getApiKeys(signal?: AbortSignal): Promise<ApiKeyList> {
  return apiCall(usersContract.apiKeys, {}, { signal });
}

export const apiKeysQueryOptions = () =>
  queryOptions({ queryKey: apiKeysKey, queryFn: ({ signal }) => getApiKeys(signal) });

/** The keys, read only while `enabled` (the API keys tab is open). */
export function useApiKeys(enabled = true) {
  return useQuery({ ...apiKeysQueryOptions(), enabled });
}

/**
 * POST /users/apikey: create a key. The answer carries the secret, the only time it is sent: the
 * dialog shows it, and a failure's message, itself (no snackbar).
 */
export function useCreateApiKey() {
  return useRouteMutation(usersContract.createApiKey, { meta: { silentError: true }, invalidate: [apiKeysKey] });
}

/** DELETE /users/apikey/{keyId}: revoke a key; the server's message ("API key 'X' was revoked ...") is shown. */
export function useRevokeApiKey() {
  return useRouteMutation(usersContract.revokeApiKey, {
    toInput: (keyId: string) => ({ params: { keyId } }),
    meta: { serverMessage: true },
    invalidate: [apiKeysKey],
  });
}
