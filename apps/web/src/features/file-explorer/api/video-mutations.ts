import { useQueryClient } from '@tanstack/react-query';
import { filesContract, type RouteInput } from '@lectern/contract';
import { useRouteMutation } from '../../../lib/controllers/use-route-mutation';
import { refreshSubjectVideos } from '../../../lib/query-keys';

export type Destination = RouteInput<typeof filesContract.copyFiles>['body']['destination'];
type Transfer = { videoIds: string[]; destination: Destination };

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
  return useRouteMutation(kind === 'copy' ? filesContract.copyFiles : filesContract.moveFiles, {
    toInput: (body: Transfer) => ({ body }),
    meta: { serverMessage: true },
    onSettled: (_data, _error, body: Transfer) => refresh([fromSubjectId, body.destination.subjectId]),
  });
}

/** DELETE deletefiles (with a body): the stored files and their records. */
export function useDeleteVideos(subjectId: string) {
  const refresh = useRefresh();
  return useRouteMutation(filesContract.deleteFiles, {
    toInput: (videoIds: string[]) => ({ body: { videoIds } }),
    meta: { serverMessage: true },
    onSettled: () => refresh([subjectId]),
  });
}
