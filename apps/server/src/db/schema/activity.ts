import { bigserial, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

export const activityLog = pgTable(
  'activity_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: text('actor_id'),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    /** a sentence for people: "Priya Raghavan created unit 'Alkanes'" */
    summary: text('summary'),
    subjectId: text('subject_id'),
    createdAt: createdAt(),
  },
  (t) => [index('activity_entity_idx').on(t.entityType, t.entityId, t.createdAt)],
);
