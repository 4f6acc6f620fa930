import { queryOptions, useQuery } from '@tanstack/react-query';
import { filesContract, type ExplorerVideo } from '@lectern/contract';
import { apiCall } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface VideoScope {
  subjectId: string;
  unitId?: string;
  topicId?: string;
}

/** POST /file-explorer-service/cloud/getvideos: the videos of a subject, unit or topic, by name. */
export function getVideos(scope: VideoScope, signal?: AbortSignal): Promise<ExplorerVideo[]> {
  return apiCall(filesContract.getVideos, { body: scope }, { signal });
}

export const videosQueryOptions = (scope: VideoScope) =>
  queryOptions({
    queryKey: [...queryKeys.explorerVideos(scope.subjectId), scope.unitId ?? null, scope.topicId ?? null],
    queryFn: ({ signal }) => getVideos(scope, signal),
  });

export function useVideos(scope: VideoScope | null) {
  return useQuery({
    ...videosQueryOptions(scope ?? { subjectId: '' }),
    enabled: Boolean(scope?.subjectId),
  });
}
