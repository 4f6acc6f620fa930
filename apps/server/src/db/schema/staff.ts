import { boolean, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { belongsTo, id, timestamps, ts, version } from './columns';

export const roles = pgTable('roles', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const users = pgTable('users', {
  id: id(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull().default(''),
  email: text('email').notNull(),
  phone: text('phone').notNull().unique(),
  image: text('image'),
  active: boolean('active').notNull().default(true),
  version: version(),
  lastSignInAt: ts('last_sign_in_at'),
  ...timestamps(),
});

export const userRoles = pgTable(
  'user_roles',
  {
    userId: belongsTo('user_id', () => users.id),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);
