import { boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, id } from './columns';
import { subjects } from './subjects';
import { videos } from './videos';

/** What units, topics and subtopics all carry: flags, review status, order among siblings. */
const treeFlags = () => ({
  active: boolean('active').notNull().default(true),
  trial: boolean('trial').notNull().default(false),
  status: text('status').notNull().default('draft'),
  position: integer('position').notNull(),
  createdAt: createdAt(),
});

export const units = pgTable('units', {
  id: id(),
  subjectId: belongsTo('subject_id', () => subjects.id),
  name: text('name').notNull(),
  ...treeFlags(),
});

export const topics = pgTable('topics', {
  id: id(),
  unitId: belongsTo('unit_id', () => units.id),
  subjectId: belongsTo('subject_id', () => subjects.id),
  name: text('name').notNull(),
  ...treeFlags(),
});

export const subtopics = pgTable('subtopics', {
  id: id(),
  topicId: belongsTo('topic_id', () => topics.id),
  unitId: belongsTo('unit_id', () => units.id),
  subjectId: belongsTo('subject_id', () => subjects.id),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  videoId: text('video_id').references(() => videos.id, { onDelete: 'set null' }),
  ...treeFlags(),
});
