import { queryOptions, useQuery } from '@tanstack/react-query';
import { contract, type RouteOutput } from '@lectern/contract';
import { apiCall } from '../../../lib/api-client';

export type SubjectList = RouteOutput<typeof contract.subjects.all>;

export const subjectsQueryKey = ['subjects'] as const;

/** GET /subjects/subject/all: every subject the caller may see (the listing). */
export function getSubjects(signal?: AbortSignal): Promise<SubjectList> {
  return apiCall(contract.subjects.all, {}, { signal });
}

export const subjectsQueryOptions = () =>
  queryOptions({ queryKey: [...subjectsQueryKey, 'list'], queryFn: ({ signal }) => getSubjects(signal) });

export function useSubjects() {
  return useQuery(subjectsQueryOptions());
}
