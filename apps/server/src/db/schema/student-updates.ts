import { index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { belongsTo, id, timestamps, ts, version } from './columns';
import { studentGroups, batches } from './batches';
import { catalogues } from './catalogues';
import { users } from './staff';
import { videos } from './videos';

/**
 * Student updates (issue 20): DRAFT, SCHEDULED (publish_at, and the queued job that publishes it),
 * PUBLISHED, WITHDRAWN. An image or a transcoded video, never both; an audience of everyone or of the
 * catalogues, batches or groups below.
 */
export const studentUpdates = pgTable(
  'student_updates',
  {
    id: id(),
    updateType: text('update_type').notNull(),
    title: text('title').notNull(),
    /** sanitised HTML */
    body: text('body').notNull().default(''),
    imageUrl: text('image_url'),
    videoId: text('video_id').references(() => videos.id, { onDelete: 'set null' }),
    audienceKind: text('audience_kind').notNull(),
    state: text('state').notNull().default('DRAFT'),
    publishAt: ts('publish_at'),
    /** pg-boss's id of the job that publishes it at publish_at */
    publishJobId: text('publish_job_id'),
    publishedAt: ts('published_at'),
    withdrawnAt: ts('withdrawn_at'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name').notNull(),
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedByName: text('updated_by_name').notNull(),
    version: version(),
    ...timestamps(),
  },
  (t) => [
    index('student_updates_type_idx').on(t.updateType, t.createdAt.desc()),
    index('student_updates_due_idx')
      .on(t.publishAt)
      .where(sql`state = 'SCHEDULED'`),
  ],
);

export const studentUpdateCatalogues = pgTable(
  'student_update_catalogues',
  {
    updateId: belongsTo('update_id', () => studentUpdates.id),
    catalogueId: belongsTo('catalogue_id', () => catalogues.id),
  },
  (t) => [primaryKey({ columns: [t.updateId, t.catalogueId] })],
);

export const studentUpdateBatches = pgTable(
  'student_update_batches',
  {
    updateId: belongsTo('update_id', () => studentUpdates.id),
    batchId: belongsTo('batch_id', () => batches.id),
  },
  (t) => [primaryKey({ columns: [t.updateId, t.batchId] })],
);

export const studentUpdateGroups = pgTable(
  'student_update_groups',
  {
    updateId: belongsTo('update_id', () => studentUpdates.id),
    groupId: belongsTo('group_id', () => studentGroups.id),
  },
  (t) => [primaryKey({ columns: [t.updateId, t.groupId] })],
);

/** Pages' content staff choose for the students' app: the home page's video (key 'home-video'). */
export const pageContent = pgTable('page_content', {
  key: text('key').primaryKey(),
  videoId: text('video_id').references(() => videos.id, { onDelete: 'set null' }),
  updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedByName: text('updated_by_name'),
  updatedAt: ts('updated_at'),
  version: version(),
});
