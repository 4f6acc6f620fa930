import { liveClassesContract, type RouteInput } from '@lectern/contract';
import { useRouteMutation } from '../../../lib/controllers/use-route-mutation';
import { liveClassKeys } from './live-class-keys';

type ImportBody = RouteInput<typeof liveClassesContract.importAttendance>['body'];
type MarkBody = RouteInput<typeof liveClassesContract.markOffline>['body'];
type MatchBody = RouteInput<typeof liveClassesContract.matchParticipant>['body'];

/** Attendance changed: the figures, the students, the unmatched and the batch charts read again. */
const refresh = { invalidate: [liveClassKeys.attendance], invalidateOn: 'success' } as const;

/** POST /batch/live/attendance/import/{liveClassId}: the participants read from Zoom's CSV. */
export function useImportAttendance() {
  return useRouteMutation(liveClassesContract.importAttendance, {
    toInput: ({ liveClassId, body }: { liveClassId: string; body: ImportBody }) => ({ params: { liveClassId }, body }),
    meta: { serverMessage: true, silentError: true },
    ...refresh,
  });
}

/** PUT /batch/live/attendance/match: an unmatched participant counted as a student of the class. */
export function useMatchParticipant() {
  return useRouteMutation(liveClassesContract.matchParticipant, {
    toInput: (body: MatchBody) => ({ body }),
    meta: { serverMessage: true, silentError: true },
    ...refresh,
  });
}

/** PUT /batch/offline/attendance/{liveClassId}: staff mark who was in the classroom. */
export function useMarkOffline() {
  return useRouteMutation(liveClassesContract.markOffline, {
    toInput: ({ liveClassId, marks }: { liveClassId: string; marks: MarkBody['marks'] }) => ({
      params: { liveClassId },
      body: { marks },
    }),
    meta: { serverMessage: true },
    ...refresh,
  });
}
