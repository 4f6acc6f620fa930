import { useMutation, useQueryClient } from '@tanstack/react-query';
import { liveClassesContract, type RouteInput } from '@lectern/contract';
import { apiCallWithHeaders } from '../../../lib/api-client';
import { liveClassKeys } from './live-class-keys';

type ImportBody = RouteInput<typeof liveClassesContract.importAttendance>['body'];
type MarkBody = RouteInput<typeof liveClassesContract.markOffline>['body'];

/** Attendance changed: the figures, the students, the unmatched and the batch charts read again. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: liveClassKeys.attendance });
}

/** POST /batch/live/attendance/import/{liveClassId}: the participants read from Zoom's CSV. */
export function useImportAttendance() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ liveClassId, body }: { liveClassId: string; body: ImportBody }) => {
      const result = await apiCallWithHeaders(liveClassesContract.importAttendance, {
        params: { liveClassId },
        body,
      });
      return { data: result.data, message: result.message };
    },
    meta: { serverMessage: true, silentError: true },
    onSuccess: refresh,
  });
}

/** PUT /batch/live/attendance/match: an unmatched participant counted as a student of the class. */
export function useMatchParticipant() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (body: { liveClassId: string; participantId: string; studentId: string }) => {
      const result = await apiCallWithHeaders(liveClassesContract.matchParticipant, { body });
      return { data: result.data, message: result.message };
    },
    meta: { serverMessage: true, silentError: true },
    onSuccess: refresh,
  });
}

/** PUT /batch/offline/attendance/{liveClassId}: staff mark who was in the classroom. */
export function useMarkOffline() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ liveClassId, marks }: { liveClassId: string; marks: MarkBody['marks'] }) => {
      const result = await apiCallWithHeaders(liveClassesContract.markOffline, {
        params: { liveClassId },
        body: { marks },
      });
      return { data: result.data, message: result.message };
    },
    meta: { serverMessage: true },
    onSuccess: refresh,
  });
}
