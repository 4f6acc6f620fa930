import { queryOptions, useQuery } from '@tanstack/react-query';
import { subjectsContract, type RouteOutput } from '@lectern/contract';
import { apiCall } from '../api-client';
import { queryKeys } from '../query-keys';

export type SubjectList = RouteOutput<typeof subjectsContract.all>;

/** GET /subjects/subject/all: every subject the caller may see (the listing). */
export function getSubjects(signal?: AbortSignal): Promise<SubjectList> {
  return apiCall(subjectsContract.all, {}, { signal });
}

export const subjectsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.subjectList, queryFn: ({ signal }) => getSubjects(signal) });

export function useSubjects() {
  return useQuery(subjectsQueryOptions());
}
