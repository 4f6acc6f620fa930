import { bigint, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, id, timestamps, ts } from './columns';
import { users } from './staff';
import { subjects } from './subjects';
import { topics, units } from './subject-tree';
import { videos } from './videos';

/** Uploads started through the API (docs/storage.md): the key, the announced file, the storage's multipart id. */
export const uploads = pgTable(
  'uploads',
  {
    id: id(),
    /** 'subject', 'preview-video' or a resource type key */
    targetType: text('target_type').notNull(),
    subjectId: text('subject_id').references(() => subjects.id, { onDelete: 'cascade' }),
    unitId: text('unit_id'),
    topicId: text('topic_id'),
    catalogueId: text('catalogue_id'),
    bucket: text('bucket').notNull(),
    storageKey: text('storage_key').notNull(),
    originalName: text('original_name').notNull(),
    fileType: text('file_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    contentType: text('content_type').notNull(),
    fingerprint: text('fingerprint'),
    mode: text('mode').notNull(),
    partSize: bigint('part_size', { mode: 'number' }).notNull(),
    partCount: integer('part_count').notNull(),
    multipartId: text('multipart_id'),
    /** STARTED, COMPLETING, COMPLETED, REGISTERED, ABORTED, REFUSED */
    status: text('status').notNull().default('STARTED'),
    videoId: text('video_id').references(() => videos.id, { onDelete: 'set null' }),
    createdBy: belongsTo('created_by', () => users.id),
    ...timestamps(),
    completedAt: ts('completed_at'),
  },
  (t) => [index('uploads_key_idx').on(t.bucket, t.storageKey), index('uploads_stale_idx').on(t.status, t.createdAt)],
);

/** Parts of a multipart upload stored so far: what a resumed upload skips. */
export const uploadParts = pgTable(
  'upload_parts',
  {
    uploadId: belongsTo('upload_id', () => uploads.id),
    partNumber: integer('part_number').notNull(),
    etag: text('etag').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.partNumber] })],
);

/** Where a video sits in the file explorer: its unit and topic (the subject is on the video). */
export const videoPlacements = pgTable('video_placements', {
  videoId: text('video_id')
    .primaryKey()
    .references(() => videos.id, { onDelete: 'cascade' }),
  unitId: text('unit_id').references(() => units.id, { onDelete: 'set null' }),
  topicId: text('topic_id').references(() => topics.id, { onDelete: 'set null' }),
});
