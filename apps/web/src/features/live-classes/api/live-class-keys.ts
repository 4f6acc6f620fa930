import type { ClassRoomType, ScheduleQuery } from '@lectern/contract';

/** The live-class screens' queries: schedules (every list and week), the choices, attendance. */
export const liveClassKeys = {
  all: ['live-classes'] as const,
  schedules: ['live-classes', 'schedule'] as const,
  schedule: (instructorId: string, query: ScheduleQuery) => ['live-classes', 'schedule', instructorId, query] as const,
  accounts: ['live-classes', 'accounts'] as const,
  subjects: ['live-classes', 'subjects'] as const,
  chapters: ['live-classes', 'chapters'] as const,
  teachers: ['live-classes', 'teachers'] as const,
  batches: ['live-classes', 'batches'] as const,
  groups: ['live-classes', 'groups'] as const,
  recordings: ['live-classes', 'recordings'] as const,
  attendance: ['live-classes', 'attendance'] as const,
  summary: (classRoomType: ClassRoomType, liveClassId: string) =>
    ['live-classes', 'attendance', 'summary', classRoomType, liveClassId] as const,
  students: (classRoomType: ClassRoomType, liveClassId: string, page: number, size: number, present?: boolean) =>
    ['live-classes', 'attendance', 'students', classRoomType, liveClassId, page, size, present ?? 'any'] as const,
  unmatched: (liveClassId: string) => ['live-classes', 'attendance', 'unmatched', liveClassId] as const,
  batch: (batchId: string) => ['live-classes', 'attendance', 'batch', batchId] as const,
};
