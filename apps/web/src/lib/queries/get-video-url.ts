import { queryOptions, useQuery } from '@tanstack/react-query';
import { filesContract, type VideoUrl } from '@lectern/contract';
import { apiCall } from '../api-client';

/** GET .../videos/{videoId}/url: the signed original, and once transcoded the HLS playlist, poster and thumbnails. */
export function getVideoUrl(videoId: string, signal?: AbortSignal): Promise<VideoUrl> {
  return apiCall(filesContract.videoUrl, { params: { videoId } }, { signal });
}

export const videoUrlQueryOptions = (videoId: string) =>
  queryOptions({
    queryKey: ['playback', 'video-url', videoId],
    queryFn: ({ signal }) => getVideoUrl(videoId, signal),
    // the address expires (15 minutes by default): never reuse an old one
    staleTime: 60_000,
    gcTime: 60_000,
  });

export function useVideoUrl(videoId: string | null) {
  return useQuery({ ...videoUrlQueryOptions(videoId ?? ''), enabled: Boolean(videoId) });
}
