import { queryOptions, useQuery } from '@tanstack/react-query';
import { cataloguesContract, type RouteOutput } from '@lectern/contract';
import { apiCall } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type PublishableSubject = RouteOutput<typeof cataloguesContract.publishableSubjects>[number];

/** GET /publisher/publisher/subject/all: the subjects a catalogue may take (PUBLISHED ones) with their totals. */
export function getPublishableSubjects(signal?: AbortSignal): Promise<PublishableSubject[]> {
  return apiCall(cataloguesContract.publishableSubjects, undefined, { signal });
}

export const publishableSubjectsQueryOptions = () =>
  queryOptions({
    queryKey: [...queryKeys.catalogues, 'publishable-subjects'],
    queryFn: ({ signal }) => getPublishableSubjects(signal),
  });

export function usePublishableSubjects(enabled = true) {
  return useQuery({ ...publishableSubjectsQueryOptions(), enabled });
}
