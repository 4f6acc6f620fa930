import { queryOptions, useQuery } from '@tanstack/react-query';
import { contract, type ExplorerVideo, type VideoUrl } from '@lectern/contract';
import { apiCall } from '../../../lib/api-client';
import { explorerVideosKey } from '../../uploads';

export interface VideoScope {
  subjectId: string;
  unitId?: string;
  topicId?: string;
}

/** POST /file-explorer-service/cloud/getvideos: the videos of a subject, unit or topic, by name. */
export function getVideos(scope: VideoScope, signal?: AbortSignal): Promise<ExplorerVideo[]> {
  return apiCall(contract.files.getVideos, { body: scope }, { signal });
}

export const videosQueryOptions = (scope: VideoScope) =>
  queryOptions({
    queryKey: [...explorerVideosKey(scope.subjectId), scope.unitId ?? null, scope.topicId ?? null],
    queryFn: ({ signal }) => getVideos(scope, signal),
  });

export function useVideos(scope: VideoScope | null) {
  return useQuery({
    ...videosQueryOptions(scope ?? { subjectId: '' }),
    enabled: Boolean(scope?.subjectId),
  });
}

/** GET .../videos/{videoId}/url: a signed, expiring address to play the stored file. */
export function useVideoUrl(videoId: string | null) {
  return useQuery({
    queryKey: ['file-explorer', 'video-url', videoId],
    queryFn: ({ signal }): Promise<VideoUrl> =>
      apiCall(contract.files.videoUrl, { params: { videoId: videoId ?? '' } }, { signal }),
    enabled: Boolean(videoId),
    // the address expires (15 minutes by default): never reuse an old one
    staleTime: 60_000,
    gcTime: 60_000,
  });
}
