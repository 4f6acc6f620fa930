import { useMutation, useQueryClient } from '@tanstack/react-query';
import { filesContract, type RouteInput } from '@lectern/contract';
import { apiCallWithHeaders } from '../../../lib/api-client';
import { refreshSubjectVideos } from '../../../lib/query-keys';

export type Destination = RouteInput<typeof filesContract.copyFiles>['body']['destination'];

/** After a change: the video lists and the subjects involved (a move or delete detaches subtopics). */
function useRefresh() {
  const queryClient = useQueryClient();
  return (subjectIds: string[]) => {
    for (const subjectId of new Set(subjectIds)) refreshSubjectVideos(queryClient, subjectId);
  };
}

/** PUT copyfiles or movefiles: the chosen videos to another subject, unit and topic. */
export function useTransferVideos(kind: 'copy' | 'move', fromSubjectId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (input: { videoIds: string[]; destination: Destination }) => {
      const route = kind === 'copy' ? filesContract.copyFiles : filesContract.moveFiles;
      const result = await apiCallWithHeaders(route, { body: input });
      return { data: result.data, message: result.message };
    },
    meta: { serverMessage: true },
    onSettled: (_data, _error, input) => refresh([fromSubjectId, input.destination.subjectId]),
  });
}

/** DELETE deletefiles (with a body): the stored files and their records. */
export function useDeleteVideos(subjectId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (videoIds: string[]) => {
      const result = await apiCallWithHeaders(filesContract.deleteFiles, { body: { videoIds } });
      return { data: result.data, message: result.message };
    },
    meta: { serverMessage: true },
    onSettled: () => refresh([subjectId]),
  });
}
