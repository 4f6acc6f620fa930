import crypto from 'node:crypto';
import type { Db } from '../db/client';
import { notifications } from '../db/schema';

/** One message to some staff members' notification lists. */
export interface NotificationDraft {
  userIds: string[];
  type: string;
  title: string;
  body: string | null;
  link: string;
}

/** Writes the notifications of a change, one row per person (each person once); call it inside the change's transaction. */
export async function insertNotifications(db: Db, drafts: NotificationDraft[]): Promise<void> {
  const rows = drafts.flatMap(({ userIds, ...n }) =>
    [...new Set(userIds)].map((userId) => ({ id: crypto.randomUUID(), userId, ...n })),
  );
  if (rows.length > 0) await db.insert(notifications).values(rows);
}
