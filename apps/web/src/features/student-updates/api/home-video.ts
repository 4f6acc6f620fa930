import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  studentUpdatesContract,
  STUDENT_UPDATE_MESSAGES,
  fillMessage,
  type HomeVideo,
  type HomeVideoBody,
} from '@lectern/contract';
import { apiCall, apiCallWithHeaders } from '../../../lib/api-client';
import { studentUpdateKeys } from './student-update-keys';

/** GET /cms/pagecontent/videourl: the video on the students' home page, with its version. */
export function getHomeVideo(signal?: AbortSignal): Promise<HomeVideo> {
  return apiCall(studentUpdatesContract.homeVideo, {}, { signal });
}

export function useHomeVideo() {
  return useQuery({ queryKey: studentUpdateKeys.homeVideo, queryFn: ({ signal }) => getHomeVideo(signal) });
}

/**
 * PUT /cms/pagecontent/videourl: another video (or none) at the version the panel saw. The server's
 * message shows (or ours, filled in); the panel reloads either way, since a 409 means someone else chose.
 */
export function useSetHomeVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: HomeVideoBody & { videoName?: string }) => {
      const { videoName, ...rest } = body;
      const result = await apiCallWithHeaders(studentUpdatesContract.setHomeVideo, { body: rest });
      const name = result.data.video?.videoName ?? videoName ?? '';
      const message =
        result.message ??
        (rest.videoId === null
          ? STUDENT_UPDATE_MESSAGES.homeVideoCleared
          : fillMessage(STUDENT_UPDATE_MESSAGES.homeVideoSaved, { videoName: name }));
      return { data: result.data, message };
    },
    meta: { serverMessage: true },
    onSuccess: (result) => queryClient.setQueryData(studentUpdateKeys.homeVideo, result.data),
    onSettled: () => queryClient.invalidateQueries({ queryKey: studentUpdateKeys.homeVideo }),
  });
}
