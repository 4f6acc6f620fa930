import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { liveClassesContract, type ClassRoomType } from '@lectern/contract';
import { apiCall } from '../../../lib/api-client';
import { liveClassKeys } from './live-class-keys';

/** GET /batch/{classRoomType}/attendance/{liveClassId}: the figures, the unmatched count and the timeline. */
export function useAttendanceSummary(classRoomType: ClassRoomType, liveClassId: string | null) {
  return useQuery({
    queryKey: liveClassKeys.summary(classRoomType, liveClassId ?? ''),
    queryFn: ({ signal }) =>
      apiCall(
        liveClassesContract.attendance,
        { params: { classRoomType, liveClassId: liveClassId ?? '' } },
        { signal },
      ),
    enabled: liveClassId !== null,
  });
}

/** GET /batch/{classRoomType}/attendance/students/{liveClassId}?page=&size=: a page of students (data.page). */
export function getStudentAttendance(
  classRoomType: ClassRoomType,
  liveClassId: string,
  query: { page: number; size: number; present?: 'true' | 'false' },
  signal?: AbortSignal,
) {
  return apiCall(liveClassesContract.studentAttendance, { params: { classRoomType, liveClassId }, query }, { signal });
}

export function useStudentAttendance(
  classRoomType: ClassRoomType,
  liveClassId: string | null,
  page: number,
  size: number,
  present?: boolean,
) {
  return useQuery({
    queryKey: liveClassKeys.students(classRoomType, liveClassId ?? '', page, size, present),
    queryFn: ({ signal }) =>
      getStudentAttendance(
        classRoomType,
        liveClassId ?? '',
        { page, size, ...(present === undefined ? {} : { present: present ? 'true' : 'false' }) },
        signal,
      ),
    enabled: liveClassId !== null,
    placeholderData: keepPreviousData,
  });
}

/** GET /batch/live/attendance/unmatched/{liveClassId}: participants no student was found for. */
export function useUnmatched(liveClassId: string | null, enabled = true) {
  return useQuery({
    queryKey: liveClassKeys.unmatched(liveClassId ?? ''),
    queryFn: ({ signal }) =>
      apiCall(liveClassesContract.unmatched, { params: { liveClassId: liveClassId ?? '' } }, { signal }),
    enabled: enabled && liveClassId !== null,
  });
}

/** GET /batch/live/attendance/batch/{batchId}: a batch's attendance across its held classes. */
export function useBatchAttendance(batchId: string | null) {
  return useQuery({
    queryKey: liveClassKeys.batch(batchId ?? ''),
    queryFn: ({ signal }) =>
      apiCall(liveClassesContract.batchAttendance, { params: { batchId: batchId ?? '' } }, { signal }),
    enabled: batchId !== null,
  });
}
