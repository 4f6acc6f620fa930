import crypto from 'node:crypto';
import { NotificationTypeSchema, type Notification } from '@lectern/contract';
import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema';

/** Staff notifications of one user. */
export class NotificationsRepository {
  constructor(private readonly db: Db) {}

  async list(userId: string, limit: number): Promise<Notification[]> {
    const rows = await this.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(limit);
    return rows.map((row) => ({
      notificationId: row.id,
      type: NotificationTypeSchema.catch('INFO').parse(row.type),
      title: row.title,
      body: row.body,
      link: row.link,
      read: row.readAt !== null,
      createdAt: row.createdAt.toISOString(),
    }));
  }

  async unread(userId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
    return row?.n ?? 0;
  }

  /** Marks the given notifications (all when none given) of this user read; returns how many changed. */
  async markRead(userId: string, ids: string[] | undefined): Promise<number> {
    const mine = and(eq(notifications.userId, userId), isNull(notifications.readAt));
    const where = ids && ids.length > 0 ? and(mine, inArray(notifications.id, ids)) : mine;
    const updated = await this.db
      .update(notifications)
      .set({ readAt: new Date() })
      .where(where)
      .returning({ id: notifications.id });
    return updated.length;
  }
}

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
