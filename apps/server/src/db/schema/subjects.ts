import { boolean, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, id, timestamps, version } from './columns';
import { users } from './staff';

export const subjects = pgTable('subjects', {
  id: id(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  subjectState: text('subject_state').notNull().default('IN_PROGRESS'),
  subjectInfo: text('subject_info').notNull().default(''),
  locked: boolean('locked').notNull().default(false),
  imagePath: text('image_path'),
  imageName: text('image_name'),
  videoPath: text('video_path'),
  comingSoon: boolean('coming_soon').notNull().default(false),
  contentAdminId: text('content_admin_id').references(() => users.id, { onDelete: 'set null' }),
  instructors: jsonb('instructors').notNull().default([]),
  lastReview: jsonb('last_review'),
  version: version(),
  createdBy: text('created_by'),
  ...timestamps(),
});

export const subjectAssignees = pgTable(
  'subject_assignees',
  {
    subjectId: belongsTo('subject_id', () => subjects.id),
    userId: belongsTo('user_id', () => users.id),
    role: text('role').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.subjectId, t.userId, t.role] })],
);
