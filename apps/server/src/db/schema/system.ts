import { integer, pgTable } from 'drizzle-orm/pg-core';
import { stampedAt } from './columns';

/** The row /api/health writes to prove the database can still store something. */
export const healthProbes = pgTable('health_probes', {
  id: integer('id').primaryKey(),
  checkedAt: stampedAt('checked_at'),
});
