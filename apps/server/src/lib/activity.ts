import type { Db } from '../db/client';
import { activityLog } from '../db/schema';

/** Writes one activity row (who, what, when, before/after); call it inside the change's transaction. */
export async function recordActivity(
  db: Db,
  entry: {
    actorId: string | null;
    action: string;
    entityType: string;
    entityId: string;
    before?: unknown;
    after?: unknown;
  },
): Promise<void> {
  await db.insert(activityLog).values({
    actorId: entry.actorId,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
