import { bigint, doublePrecision, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { id, stampedAt } from './columns';
import { liveClasses } from './live-classes';
import { subjects } from './subjects';

/** Videos of a subject, of a catalogue (demo videos) or of a live class (recordings). */
export const videos = pgTable('videos', {
  id: id(),
  subjectId: text('subject_id').references(() => subjects.id, { onDelete: 'cascade' }),
  catalogueId: text('catalogue_id'),
  name: text('name').notNull(),
  storageKey: text('storage_key').notNull().unique(),
  size: bigint('size', { mode: 'number' }).notNull().default(0),
  durationSeconds: doublePrecision('duration_seconds').notNull().default(0),
  transcodingStatus: text('transcoding_status').notNull().default('NOT_STARTED'),
  jobId: text('job_id'),
  endpoints: jsonb('endpoints').notNull().default([]),
  uploadedBy: text('uploaded_by'),
  uploadedAt: stampedAt('uploaded_at'),
  liveClassId: text('live_class_id').references(() => liveClasses.id, { onDelete: 'set null' }),
});
