import { useQuery } from '@tanstack/react-query';
import { studentUpdatesContract, type PlayableVideo, type UpdateAudienceChoices } from '@lectern/contract';
import { apiCall } from '../../../lib/api-client';
import { studentUpdateKeys } from './student-update-keys';

/** GET /notifications/notifications/audiences: the catalogues, active batches and groups an update may reach. */
export function getAudienceChoices(signal?: AbortSignal): Promise<UpdateAudienceChoices> {
  return apiCall(studentUpdatesContract.audiences, {}, { signal });
}

export function useAudienceChoices(enabled: boolean) {
  return useQuery({
    queryKey: studentUpdateKeys.audiences,
    queryFn: ({ signal }) => getAudienceChoices(signal),
    enabled,
  });
}

/** GET /cms/pagecontent/videos?q=: the transcoded videos an update or the home page may play, by name. */
export function getPlayableVideos(q: string, signal?: AbortSignal): Promise<PlayableVideo[]> {
  return apiCall(studentUpdatesContract.playableVideos, { query: q ? { q } : {} }, { signal });
}

export function usePlayableVideos(q: string, enabled: boolean) {
  const wanted = q.trim();
  return useQuery({
    queryKey: studentUpdateKeys.videos(wanted),
    queryFn: ({ signal }) => getPlayableVideos(wanted, signal),
    enabled,
    placeholderData: (previous) => previous,
  });
}
