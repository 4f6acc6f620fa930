import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, id, ts } from './columns';
import { users } from './staff';

export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: belongsTo('user_id', () => users.id),
    type: text('type').notNull(),
    title: text('title').notNull(),
    body: text('body'),
    link: text('link'),
    readAt: ts('read_at'),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt)],
);
