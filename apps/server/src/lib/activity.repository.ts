import type { Db } from '../db/client';
import { activityLog } from '../db/schema';

export interface ActivityEntry {
  actorId: string | null;
  action: string;
  entityType: string;
  entityId: string;
  before?: unknown;
  after?: unknown;
  /** a sentence for people: "Priya Raghavan created unit 'Alkanes'" */
  summary?: string;
  subjectId?: string;
}

/** Writes one activity row (who, what, when, before/after); call it inside the change's transaction. */
export async function recordActivity(db: Db, entry: ActivityEntry): Promise<void> {
  await db.insert(activityLog).values({
    actorId: entry.actorId,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    before: entry.before ?? null,
    after: entry.after ?? null,
    summary: entry.summary ?? null,
    subjectId: entry.subjectId ?? null,
  });
}
