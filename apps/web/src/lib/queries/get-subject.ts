import { queryOptions, useQuery } from '@tanstack/react-query';
import { subjectsContract, type SubjectDetail } from '@lectern/contract';
import { apiCall } from '../api-client';
import { queryKeys } from '../query-keys';

/** GET /subjects/subject/subjectid/{subjectid}: one subject with its tree, totals and people. */
export function getSubject(subjectId: string, signal?: AbortSignal): Promise<SubjectDetail> {
  return apiCall(subjectsContract.byId, { params: { subjectid: subjectId } }, { signal });
}

export const subjectQueryOptions = (subjectId: string) =>
  queryOptions({ queryKey: queryKeys.subject(subjectId), queryFn: ({ signal }) => getSubject(subjectId, signal) });

export function useSubject(subjectId: string | null) {
  return useQuery({ ...subjectQueryOptions(subjectId ?? ''), enabled: Boolean(subjectId) });
}
