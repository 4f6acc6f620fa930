import { queryOptions, useQuery } from '@tanstack/react-query';
import { videosContract, type VideoFile } from '@lectern/contract';
import { apiCall } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /file-explorer-service/cloud/subject/{subjectid}: the subject's video files. */
export function getSubjectVideos(subjectId: string, signal?: AbortSignal): Promise<VideoFile[]> {
  return apiCall(videosContract.subjectVideos, { params: { subjectid: subjectId } }, { signal });
}

export const subjectVideosQueryOptions = (subjectId: string) =>
  queryOptions({
    queryKey: queryKeys.subjectVideos(subjectId),
    queryFn: ({ signal }) => getSubjectVideos(subjectId, signal),
  });

export function useSubjectVideos(subjectId: string, enabled = true) {
  return useQuery({ ...subjectVideosQueryOptions(subjectId), enabled });
}
