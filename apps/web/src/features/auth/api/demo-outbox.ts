import { queryOptions, useQuery } from '@tanstack/react-query';
import { systemContract } from '@lectern/contract';
import { apiCall } from '../../../lib/api-client';

/** GET /dev/outbox (demo mode only): the codes the development outbox has "sent", newest first. */
export function getDemoOutbox(mobileNumber: string, signal?: AbortSignal) {
  return apiCall(systemContract.outbox, { query: { mobileNumber } }, { signal });
}

export const demoOutboxQueryOptions = (mobileNumber: string, sentAt: number) =>
  queryOptions({
    // sentAt makes every new request for a code look again
    queryKey: ['demo-outbox', mobileNumber, sentAt],
    queryFn: ({ signal }) => getDemoOutbox(mobileNumber, signal),
    staleTime: Infinity,
  });

export function useDemoCode(mobileNumber: string, sentAt: number, enabled: boolean): string | undefined {
  const query = useQuery({
    ...demoOutboxQueryOptions(mobileNumber, sentAt),
    enabled,
    // a code sent a moment ago may not be in the outbox yet: look again for a little while
    refetchInterval: (current) =>
      current.state.data?.some((entry) => entry.mobileNumber === mobileNumber) || current.state.dataUpdateCount > 5
        ? false
        : 1500,
  });
  return query.data?.find((entry) => entry.mobileNumber === mobileNumber)?.code;
}
