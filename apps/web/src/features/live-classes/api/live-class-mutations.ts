import { liveClassesContract } from '@lectern/contract';
import { useRouteMutation } from '../../../lib/controllers/use-route-mutation';
import { liveClassKeys } from './live-class-keys';

/** After a change: every schedule (weeks, lists, Your Live Classes) and the recordings list read again. */
const CHANGED = [liveClassKeys.schedules, liveClassKeys.recordings];

/** POST /batch/live-schedule/create; the drawer shows a refusal (an overlap names the other class) itself. */
export function useCreateLiveClass() {
  return useRouteMutation(liveClassesContract.create, {
    meta: { serverMessage: true, silentError: true },
    invalidate: CHANGED,
    invalidateOn: 'success',
  });
}

/** PUT /batch/live-schedule/update at the version the drawer saw. */
export function useUpdateLiveClass() {
  return useRouteMutation(liveClassesContract.update, {
    meta: { serverMessage: true, silentError: true },
    invalidate: CHANGED,
  });
}

/** DELETE /batch/live-schedule/delete/{liveClassId}. */
export function useDeleteLiveClass() {
  return useRouteMutation(liveClassesContract.remove, {
    toInput: (liveClassId: string) => ({ params: { liveClassId } }),
    meta: { serverMessage: true },
    invalidate: CHANGED,
  });
}

/** PUT /batch/live-schedule/{liveClassId}/{enabled}: show or hide a class to students. */
export function useSetEnabled() {
  return useRouteMutation(liveClassesContract.setEnabled, {
    toInput: ({ liveClassId, enabled }: { liveClassId: string; enabled: boolean }) => ({
      params: { liveClassId, enabled: enabled ? ('true' as const) : ('false' as const) },
    }),
    meta: { serverMessage: true, noSpinner: true },
    invalidate: CHANGED,
  });
}

/** POST /batch/live-class/start/{liveClassId}: the class goes LIVE; the answer carries the teacher's start address. */
export function useStartLiveClass() {
  return useRouteMutation(liveClassesContract.start, {
    toInput: (liveClassId: string) => ({ params: { liveClassId } }),
    meta: { serverMessage: true },
    invalidate: CHANGED,
  });
}

/** POST /batch/live-classes/{liveClassId}/live-class-recording: attach a transcoded recording. */
export function useAttachRecording() {
  return useRouteMutation(liveClassesContract.attachRecording, {
    toInput: ({ liveClassId, videoId }: { liveClassId: string; videoId: string }) => ({
      params: { liveClassId },
      body: { videoId },
    }),
    meta: { serverMessage: true, silentError: true },
    invalidate: CHANGED,
  });
}

/** DELETE /batch/live-classes/{liveClassId}/live-class-recording: take the recording off the class. */
export function useRemoveRecording() {
  return useRouteMutation(liveClassesContract.removeRecording, {
    toInput: (liveClassId: string) => ({ params: { liveClassId } }),
    meta: { serverMessage: true },
    invalidate: CHANGED,
  });
}

/** POST /batch/subject/create: a new batch subject, typed in the drawer. */
export function useCreateSubject() {
  return useRouteMutation(liveClassesContract.createSubject, {
    toInput: (subjectName: string) => ({ body: { subjectName } }),
    meta: { serverMessage: true },
    invalidate: [liveClassKeys.subjects],
    invalidateOn: 'success',
  });
}

/** POST /batch/chapter/create: a new chapter of a subject, typed in the drawer. */
export function useCreateChapter() {
  return useRouteMutation(liveClassesContract.createChapter, {
    toInput: (body: { subjectId: string; chapterName: string }) => ({ body }),
    meta: { serverMessage: true },
    invalidate: [liveClassKeys.chapters],
    invalidateOn: 'success',
  });
}
