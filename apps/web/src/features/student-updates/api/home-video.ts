import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  studentUpdatesContract,
  STUDENT_UPDATE_MESSAGES,
  fillMessage,
  type HomeVideo,
  type HomeVideoBody,
} from '@lectern/contract';
import { apiCall } from '../../../lib/api-client';
import { useRouteMutation } from '../../../lib/controllers/use-route-mutation';
import { studentUpdateKeys } from './student-update-keys';

/** GET /cms/pagecontent/videourl: the video on the students' home page, with its version. */
export function getHomeVideo(signal?: AbortSignal): Promise<HomeVideo> {
  return apiCall(studentUpdatesContract.homeVideo, {}, { signal });
}

export function useHomeVideo() {
  return useQuery({ queryKey: studentUpdateKeys.homeVideo, queryFn: ({ signal }) => getHomeVideo(signal) });
}

/** the body, with the chosen video's name for our message when the server sends none */
type SetHomeVideo = HomeVideoBody & { videoName?: string };

/**
 * PUT /cms/pagecontent/videourl: another video (or none) at the version the panel saw. The server's
 * message shows (or ours, filled in); the panel reloads either way, since a 409 means someone else chose.
 */
export function useSetHomeVideo() {
  const queryClient = useQueryClient();
  return useRouteMutation(studentUpdatesContract.setHomeVideo, {
    toInput: ({ videoName: _videoName, ...body }: SetHomeVideo) => ({ body }),
    fallbackMessage: (data, { videoId, videoName }: SetHomeVideo) =>
      videoId === null
        ? STUDENT_UPDATE_MESSAGES.homeVideoCleared
        : fillMessage(STUDENT_UPDATE_MESSAGES.homeVideoSaved, { videoName: data.video?.videoName ?? videoName ?? '' }),
    meta: { serverMessage: true },
    onSuccess: (result) => queryClient.setQueryData(studentUpdateKeys.homeVideo, result.data),
    invalidate: [studentUpdateKeys.homeVideo],
  });
}
