import { boolean, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, id, stampedAt, timestamps, ts, version } from './columns';
import { batches, studentGroups } from './batches';
import { users } from './staff';

// Live classes (issue 19, migration 0015): batch subjects and chapters, meeting accounts, the class
// with its audience, and its recording.

/** Batch subjects: the small list classes are taught in (names unique without regard to case). */
export const batchSubjects = pgTable('batch_subjects', {
  id: id(),
  name: text('name').notNull(),
  createdBy: text('created_by').notNull().default(''),
  createdAt: createdAt(),
});

/** Chapters of a batch subject (names unique within the subject). */
export const batchChapters = pgTable('batch_chapters', {
  id: id(),
  subjectId: belongsTo('subject_id', () => batchSubjects.id),
  name: text('name').notNull(),
  createdBy: text('created_by').notNull().default(''),
  createdAt: createdAt(),
});

/** Where classes are held: ZOOM (credentials from the configuration), JITSI (a base address), LINK (typed). */
export const meetingAccounts = pgTable('meeting_accounts', {
  id: id(),
  provider: text('provider').notNull(),
  name: text('name').notNull(),
  hostOrBase: text('host_or_base').notNull().default(''),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: createdAt(),
});

/**
 * Live classes: SCHEDULED -start-> LIVE -> ENDED. `classDate` and `instructorName` are what the
 * recordings list reads (0004): kept equal to the start time and the teacher's name.
 */
export const liveClasses = pgTable('live_classes', {
  id: id(),
  title: text('title').notNull(),
  instructorName: text('instructor_name'),
  classDate: ts('class_date').notNull(),
  createdAt: createdAt(),
  description: text('description').notNull().default(''),
  classRoomType: text('class_room_type').notNull().default('live'),
  subjectId: text('subject_id').references(() => batchSubjects.id, { onDelete: 'restrict' }),
  chapterId: text('chapter_id').references(() => batchChapters.id, { onDelete: 'set null' }),
  /** null only for classes recorded before classes had teachers */
  teacherId: text('teacher_id').references(() => users.id, { onDelete: 'restrict' }),
  meetingAccountId: text('meeting_account_id').references(() => meetingAccounts.id, { onDelete: 'restrict' }),
  meetingId: text('meeting_id'),
  meetingUuid: text('meeting_uuid'),
  joinUrl: text('join_url'),
  /** the host's address: never listed */
  startUrl: text('start_url'),
  startTime: ts('start_time').notNull(),
  durationMinutes: integer('duration_minutes').notNull().default(60),
  thumbnailUrl: text('thumbnail_url'),
  enabled: boolean('enabled').notNull().default(true),
  status: text('status').notNull().default('SCHEDULED'),
  startedAt: ts('started_at'),
  endedAt: ts('ended_at'),
  presentSharePercent: integer('present_share_percent').notNull().default(75),
  version: version(),
  createdBy: text('created_by').notNull().default(''),
  updatedAt: timestamps().updatedAt,
});

export const liveClassBatches = pgTable(
  'live_class_batches',
  {
    liveClassId: belongsTo('live_class_id', () => liveClasses.id),
    batchId: belongsTo('batch_id', () => batches.id),
  },
  (t) => [primaryKey({ columns: [t.liveClassId, t.batchId] })],
);

export const liveClassGroups = pgTable(
  'live_class_groups',
  {
    liveClassId: belongsTo('live_class_id', () => liveClasses.id),
    groupId: belongsTo('group_id', () => studentGroups.id),
  },
  (t) => [primaryKey({ columns: [t.liveClassId, t.groupId] })],
);

/**
 * A class's recording: one video, the recording of one class at most. `video_id` references videos
 * in the migration (ON DELETE CASCADE); videos.ts imports this file, so the reference is not repeated here.
 */
export const liveClassRecordings = pgTable('live_class_recordings', {
  liveClassId: text('live_class_id')
    .primaryKey()
    .references(() => liveClasses.id, { onDelete: 'cascade' }),
  videoId: text('video_id').notNull().unique(),
  attachedAt: stampedAt('attached_at'),
  attachedBy: text('attached_by').notNull().default(''),
});
