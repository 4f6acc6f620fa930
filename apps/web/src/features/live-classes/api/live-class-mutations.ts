import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  liveClassesContract,
  type CreateLiveClassBody,
  type RouteInput,
  type UpdateLiveClassBody,
} from '@lectern/contract';
import { apiCallWithHeaders } from '../../../lib/api-client';
import { liveClassKeys } from './live-class-keys';

type CreateInput = RouteInput<typeof liveClassesContract.create>['body'];
type UpdateInput = RouteInput<typeof liveClassesContract.update>['body'];

/** After a change: every schedule (weeks, lists, Your Live Classes) and the recordings list read again. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: liveClassKeys.schedules }),
      queryClient.invalidateQueries({ queryKey: liveClassKeys.recordings }),
    ]);
}

/** POST /batch/live-schedule/create; the drawer shows a refusal (an overlap names the other class) itself. */
export function useCreateLiveClass() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (body: CreateLiveClassBody) => {
      const input: CreateInput = body;
      const result = await apiCallWithHeaders(liveClassesContract.create, { body: input });
      return { data: result.data, message: result.message };
    },
    meta: { serverMessage: true, silentError: true },
    onSuccess: refresh,
  });
}

/** PUT /batch/live-schedule/update at the version the drawer saw. */
export function useUpdateLiveClass() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (body: UpdateLiveClassBody) => {
      const input: UpdateInput = body;
      const result = await apiCallWithHeaders(liveClassesContract.update, { body: input });
      return { data: result.data, message: result.message };
    },
    meta: { serverMessage: true, silentError: true },
    onSettled: refresh,
  });
}

/** DELETE /batch/live-schedule/delete/{liveClassId}. */
export function useDeleteLiveClass() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (liveClassId: string) => {
      const result = await apiCallWithHeaders(liveClassesContract.remove, { params: { liveClassId } });
      return { data: result.data, message: result.message };
    },
    meta: { serverMessage: true },
    onSettled: refresh,
  });
}

/** PUT /batch/live-schedule/{liveClassId}/{enabled}: show or hide a class to students. */
export function useSetEnabled() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ liveClassId, enabled }: { liveClassId: string; enabled: boolean }) => {
      const result = await apiCallWithHeaders(liveClassesContract.setEnabled, {
        params: { liveClassId, enabled: enabled ? 'true' : 'false' },
      });
      return { data: result.data, message: result.message };
    },
    meta: { serverMessage: true, noSpinner: true },
    onSettled: refresh,
  });
}

/** POST /batch/live-class/start/{liveClassId}: the class goes LIVE; the answer carries the teacher's start address. */
export function useStartLiveClass() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (liveClassId: string) => {
      const result = await apiCallWithHeaders(liveClassesContract.start, { params: { liveClassId } });
      return { data: result.data, message: result.message };
    },
    meta: { serverMessage: true },
    onSettled: refresh,
  });
}

/** POST /batch/live-classes/{liveClassId}/live-class-recording: attach a transcoded recording. */
export function useAttachRecording() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ liveClassId, videoId }: { liveClassId: string; videoId: string }) => {
      const result = await apiCallWithHeaders(liveClassesContract.attachRecording, {
        params: { liveClassId },
        body: { videoId },
      });
      return { data: result.data, message: result.message };
    },
    meta: { serverMessage: true, silentError: true },
    onSettled: refresh,
  });
}

/** DELETE /batch/live-classes/{liveClassId}/live-class-recording: take the recording off the class. */
export function useRemoveRecording() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (liveClassId: string) => {
      const result = await apiCallWithHeaders(liveClassesContract.removeRecording, { params: { liveClassId } });
      return { data: result.data, message: result.message };
    },
    meta: { serverMessage: true },
    onSettled: refresh,
  });
}

/** POST /batch/subject/create: a new batch subject, typed in the drawer. */
export function useCreateSubject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (subjectName: string) => {
      const result = await apiCallWithHeaders(liveClassesContract.createSubject, { body: { subjectName } });
      return { data: result.data, message: result.message };
    },
    meta: { serverMessage: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: liveClassKeys.subjects }),
  });
}

/** POST /batch/chapter/create: a new chapter of a subject, typed in the drawer. */
export function useCreateChapter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { subjectId: string; chapterName: string }) => {
      const result = await apiCallWithHeaders(liveClassesContract.createChapter, { body });
      return { data: result.data, message: result.message };
    },
    meta: { serverMessage: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: liveClassKeys.chapters }),
  });
}
