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
