import { useQuery } from '@tanstack/react-query';
import { CONSTANTS, batchesContract, filesContract, liveClassesContract } from '@lectern/contract';
import { apiCall } from '../../../lib/api-client';
import { liveClassKeys } from './live-class-keys';

// The drawer's and the filters' choices. Each loads when a screen needs it (enabled) and stays for a while.

/** GET /batch/live-class/zoom-accounts: the meeting accounts (Zoom, Jitsi, typed link). */
export function useMeetingAccounts(enabled = true) {
  return useQuery({
    queryKey: liveClassKeys.accounts,
    queryFn: ({ signal }) => apiCall(liveClassesContract.meetingAccounts, {}, { signal }),
    enabled,
  });
}

/** GET /batch/subject/all: the batch subjects. */
export function useBatchSubjects(enabled = true) {
  return useQuery({
    queryKey: liveClassKeys.subjects,
    queryFn: ({ signal }) => apiCall(liveClassesContract.subjects, {}, { signal }),
    enabled,
  });
}

/** GET /batch/chapter/all?subjectId=: one subject's chapters. */
export function useChapters(subjectId: string | null) {
  return useQuery({
    queryKey: [...liveClassKeys.chapters, subjectId ?? ''],
    queryFn: ({ signal }) =>
      apiCall(liveClassesContract.chapters, { query: { subjectId: subjectId ?? '' } }, { signal }),
    enabled: Boolean(subjectId),
  });
}

/** GET /batch/teacher/all: active INSTRUCTOR users, by name. */
export function useTeachers(enabled = true) {
  return useQuery({
    queryKey: liveClassKeys.teachers,
    queryFn: ({ signal }) => apiCall(liveClassesContract.teachers, {}, { signal }),
    enabled,
  });
}

/** GET /batch/getBatchInfoByStatus/ACTIVE: the batches that take classes. */
export function useActiveBatches(enabled = true) {
  return useQuery({
    queryKey: liveClassKeys.batches,
    queryFn: ({ signal }) => apiCall(batchesContract.infoByStatus, { params: { status: 'ACTIVE' } }, { signal }),
    enabled,
  });
}

/** GET /batch/groups: every group with its batches. */
export function useGroups(enabled = true) {
  return useQuery({
    queryKey: liveClassKeys.groups,
    queryFn: ({ signal }) => apiCall(batchesContract.groups, {}, { signal }),
    enabled,
  });
}

/** GET /batch/live-class-recording?page=0&size=10000&sort=ASC: every recording, oldest class first. */
export function useRecordings(enabled = true) {
  return useQuery({
    queryKey: liveClassKeys.recordings,
    queryFn: ({ signal }) => apiCall(filesContract.recordings, { query: CONSTANTS.recordingsPage }, { signal }),
    enabled,
  });
}
