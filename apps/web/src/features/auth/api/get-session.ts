import { useEffect } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { authContract } from '@lectern/contract';
import { apiCall } from '../../../lib/api-client';
import { updateSessionUser } from '../../../lib/session';

/** GET /auth/session: the signed-in user as the server sees it now. */
export function getCurrentSession(signal?: AbortSignal) {
  return apiCall(authContract.session, {}, { signal });
}

export const currentSessionQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'session'],
    queryFn: ({ signal }) => getCurrentSession(signal),
    staleTime: 5 * 60_000,
  });

/**
 * Checks the held token once the console opens: an ended session signs the user out at once
 * (through the client's session-invalid path), and changed roles or names are picked up.
 */
export function useSessionRefresh(): void {
  const { data } = useQuery(currentSessionQueryOptions());
  useEffect(() => {
    if (data) updateSessionUser(data.user);
  }, [data]);
}
