import { z } from 'zod';
import { DateTimeSchema, linkSchema } from '../fields';
import {
  CLASS_ROOM_TYPES,
  DEFAULT_PRESENT_SHARE_PERCENT,
  LIVE_CLASS_DURATION,
  LIVE_CLASS_STATUSES,
  MEETING_PROVIDERS,
} from './live-class-rules';

// Live classes, their meeting accounts, batch subjects and chapters, teachers, recordings and attendance
// (spec 2 §3 "Live class data", §4, §7 "Live classes" and "Attendance", DESIGN §5, §9).

const Id = z.string().trim().min(1).max(64);
const Version = z.number().int().min(0);
const Name = (what: string, max = 120) =>
  z.string().trim().min(1, `${what} is required`).max(max, `${what} is at most ${max} characters`);

export const LiveClassStatusSchema = z.enum(LIVE_CLASS_STATUSES);
export const ClassRoomTypeSchema = z.enum(CLASS_ROOM_TYPES);
export const MeetingProviderSchema = z.enum(MEETING_PROVIDERS);

/** A meeting account classes are held on (`/batch/live-class/zoom-accounts` lists every provider's). */
export const MeetingAccountSchema = z.object({
  accountId: z.string(),
  accountName: z.string(),
  provider: MeetingProviderSchema,
  /** the host e-mail of a Zoom account; the base address of a Jitsi server; empty for LINK */
  hostOrBase: z.string(),
  enabled: z.boolean(),
});
export type MeetingAccount = z.infer<typeof MeetingAccountSchema>;

export const BatchSubjectSchema = z.object({
  subjectId: z.string(),
  subjectName: z.string(),
  chapterCount: z.number().int(),
});
export type BatchSubject = z.infer<typeof BatchSubjectSchema>;
export const ChapterSchema = z.object({
  chapterId: z.string(),
  chapterName: z.string(),
  subjectId: z.string(),
  subjectName: z.string(),
});
export type Chapter = z.infer<typeof ChapterSchema>;
export const TeacherSchema = z.object({
  teacherId: z.string(),
  name: z.string(),
  mobileNumber: z.string(),
  email: z.string().nullable(),
});
export type Teacher = z.infer<typeof TeacherSchema>;

export const LiveClassRecordingSchema = z.object({
  videoId: z.string(),
  videoName: z.string(),
  transcodingStatus: z.string(),
  /** the HLS address while the class is shown and the recording attached; null otherwise */
  playbackUrl: z.string().nullable(),
  durationSeconds: z.number().nullable(),
  attachedAt: z.string(),
  attachedBy: z.string(),
});

export const LiveClassSchema = z.object({
  liveClassId: z.string(),
  title: z.string(),
  description: z.string(),
  classRoomType: ClassRoomTypeSchema,
  batches: z.array(z.object({ batchId: z.string(), batchName: z.string() })),
  groups: z.array(z.object({ groupId: z.string(), groupName: z.string() })),
  subjectId: z.string(),
  subjectName: z.string(),
  chapterId: z.string().nullable(),
  chapterName: z.string().nullable(),
  teacherId: z.string(),
  teacherName: z.string(),
  meetingAccountId: z.string().nullable(),
  meetingAccountName: z.string().nullable(),
  provider: MeetingProviderSchema.nullable(),
  /** the provider's meeting id (Zoom's numeric id, the Jitsi room) */
  meetingId: z.string().nullable(),
  /** where students join; null for offline classes */
  joinUrl: z.string().nullable(),
  /** ISO */
  startTime: z.string(),
  durationMinutes: z.number().int(),
  endTime: z.string(),
  thumbnailUrl: z.string().nullable(),
  enabled: z.boolean(),
  status: LiveClassStatusSchema,
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  /** a student is present at or above this share of the scheduled length */
  presentSharePercent: z.number().int(),
  /** students in the class's batches and groups' batches */
  invitedCount: z.number().int(),
  recording: LiveClassRecordingSchema.nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type LiveClass = z.infer<typeof LiveClassSchema>;

/** Going live: the teacher's start address (never in the list), and the class now LIVE. */
export const StartResultSchema = z.object({ startUrl: z.string(), liveClass: LiveClassSchema });

export const AttendanceSummarySchema = z.object({
  liveClassId: z.string(),
  classRoomType: ClassRoomTypeSchema,
  title: z.string(),
  startTime: z.string(),
  durationMinutes: z.number().int(),
  presentSharePercent: z.number().int(),
  invited: z.number().int(),
  joined: z.number().int(),
  present: z.number().int(),
  averageMinutes: z.number(),
  unmatched: z.number().int(),
  /** people in the class at each minute from the start (for the joins-over-time chart) */
  timeline: z.array(z.object({ minute: z.number().int(), inClass: z.number().int() })),
});
export type AttendanceSummary = z.infer<typeof AttendanceSummarySchema>;

export const StudentAttendanceSchema = z.object({
  studentId: z.string(),
  name: z.string(),
  mobileNumber: z.string(),
  batchName: z.string(),
  /** first join and last leave, ISO; null when absent without joining */
  joinTime: z.string().nullable(),
  leaveTime: z.string().nullable(),
  /** each merged stretch in the class */
  sessions: z.array(z.object({ joinTime: z.string(), leaveTime: z.string() })),
  minutes: z.number().int(),
  present: z.boolean(),
  /** 'absent: 9 of 45 minutes, below 75%'; for offline classes who marked it */
  explanation: z.string(),
  /** how the participant was matched: REGISTRANT, EMAIL, MOBILE, BY_HAND, or MARKED (offline) */
  matchedBy: z.enum(['REGISTRANT', 'EMAIL', 'MOBILE', 'BY_HAND', 'MARKED']).nullable(),
});
export type StudentAttendance = z.infer<typeof StudentAttendanceSchema>;

/** Per-student attendance, a page at a time: the rows in `page` (spec 2 §7 reads data.page). */
export const StudentAttendancePageSchema = z.object({
  page: z.array(StudentAttendanceSchema),
  pageNumber: z.number().int(),
  size: z.number().int(),
  totalElements: z.number().int(),
});

export const UnmatchedParticipantSchema = z.object({
  participantId: z.string(),
  name: z.string(),
  email: z.string(),
  minutes: z.number().int(),
  joinTime: z.string(),
  leaveTime: z.string(),
});
export type UnmatchedParticipant = z.infer<typeof UnmatchedParticipantSchema>;

export const BatchAttendanceSchema = z.object({
  batchId: z.string(),
  batchName: z.string(),
  classes: z.array(
    z.object({
      liveClassId: z.string(),
      title: z.string(),
      startTime: z.string(),
      invited: z.number().int(),
      present: z.number().int(),
    }),
  ),
});

export const ImportResultSchema = z.object({
  matched: z.number().int(),
  unmatched: z.number().int(),
  /** rows of the file that were not taken, with why */
  rejected: z.array(z.object({ rowNumber: z.number().int(), reason: z.string() })),
  message: z.string(),
});

// ---- inputs

export const InstructorParamSchema = z.object({ instructorId: Id });
export const LiveClassIdParamSchema = z.object({ liveClassId: Id });
export const EnabledParamSchema = z.object({
  liveClassId: Id,
  enabled: z.enum(['true', 'false']).transform((v) => v === 'true'),
});
export const AttendanceParamSchema = z.object({ classRoomType: ClassRoomTypeSchema, liveClassId: Id });
export const AttendanceBatchParamSchema = z.object({ batchId: Id });

export const ScheduleQuerySchema = z.object({
  /** ISO; classes starting at or after */
  from: DateTimeSchema.optional(),
  /** ISO; classes starting before */
  to: DateTimeSchema.optional(),
  status: LiveClassStatusSchema.optional(),
  batchId: Id.optional(),
  teacherId: Id.optional(),
});
export type ScheduleQuery = z.infer<typeof ScheduleQuerySchema>;

export const AttendancePageQuerySchema = z.object({
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(1000).default(10),
  present: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});

const LiveClassFields = z.object({
  title: Name('The title'),
  description: z.string().trim().max(2000).default(''),
  classRoomType: ClassRoomTypeSchema.default('live'),
  batchIds: z.array(Id).max(50).default([]),
  groupIds: z.array(Id).max(20).default([]),
  subjectId: Id,
  chapterId: Id.nullable().default(null),
  teacherId: Id,
  /** required for live classes */
  meetingAccountId: Id.nullable().default(null),
  /** for an account of provider LINK: the address staff typed */
  meetingLink: linkSchema(undefined, { absolute: true }).nullable().default(null),
  startTime: DateTimeSchema,
  durationMinutes: z.number().int().min(LIVE_CLASS_DURATION.min).max(LIVE_CLASS_DURATION.max),
  thumbnailUrl: linkSchema().nullable().default(null),
  enabled: z.boolean().default(true),
  presentSharePercent: z.number().int().min(1).max(100).default(DEFAULT_PRESENT_SHARE_PERCENT),
});
export const CreateLiveClassBodySchema = LiveClassFields;
export type CreateLiveClassBody = z.infer<typeof CreateLiveClassBodySchema>;
export const UpdateLiveClassBodySchema = LiveClassFields.extend({ liveClassId: Id, version: Version });
export type UpdateLiveClassBody = z.infer<typeof UpdateLiveClassBodySchema>;

export const AttachRecordingBodySchema = z.object({ videoId: Id });
export const CreateBatchSubjectBodySchema = z.object({ subjectName: Name('The subject name', 80) });
export const CreateChapterBodySchema = z.object({ subjectId: Id, chapterName: Name('The chapter name', 120) });
export const ChapterQuerySchema = z.object({ subjectId: Id.optional() });

/** One participant session (from Zoom's API or its participants CSV, parsed with zoomCsvSessions). */
export const ParticipantSessionSchema = z.object({
  name: z.string().trim().max(200),
  email: z.string().trim().max(254).default(''),
  registrantId: z.string().trim().max(100).default(''),
  phone: z.string().trim().max(20).default(''),
  joinTime: DateTimeSchema,
  leaveTime: DateTimeSchema,
});
export const ImportAttendanceBodySchema = z.object({
  sessions: z.array(ParticipantSessionSchema).max(20_000),
  /** rows the browser could not read, reported back with the result */
  rejected: z
    .array(z.object({ rowNumber: z.number().int(), reason: z.string().max(300) }))
    .max(20_000)
    .default([]),
});
export const MatchParticipantBodySchema = z.object({ liveClassId: Id, participantId: Id, studentId: Id });
export const MarkOfflineBodySchema = z.object({
  marks: z
    .array(z.object({ studentId: Id, present: z.boolean() }))
    .min(1)
    .max(5000),
});
