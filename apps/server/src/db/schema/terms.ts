import { bigserial, boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, stampedAt } from './columns';
import { users } from './staff';
import { students } from './students';

/** Legal terms: one row per saved version, never changed (a trigger refuses updates and deletes). */
export const termsVersions = pgTable('terms_versions', {
  id: id(),
  version: integer('version').notNull().unique(),
  content: text('content').notNull(),
  /** SHA-256 of `content`, hex */
  textHash: text('text_hash').notNull(),
  changeNote: text('change_note').notNull(),
  /** a minor change does not ask students to accept again */
  minorChange: boolean('minor_change').notNull().default(false),
  createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdByName: text('created_by_name').notNull(),
  createdAt: createdAt(),
});

/** Students' acceptances of a terms version: append-only. */
export const termsAcceptances = pgTable(
  'terms_acceptances',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    studentId: text('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'restrict' }),
    termsVersionId: text('terms_version_id')
      .notNull()
      .references(() => termsVersions.id, { onDelete: 'restrict' }),
    textHash: text('text_hash').notNull(),
    acceptedAt: stampedAt('accepted_at'),
  },
  (t) => [index('terms_acceptances_version_idx').on(t.termsVersionId, t.studentId)],
);
