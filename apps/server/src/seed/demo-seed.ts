import crypto from 'node:crypto';
import { DEMO_STAFF } from '@lectern/contract';
import { count } from 'drizzle-orm';
import type { Db } from '../db/client';
import { notifications, users } from '../db/schema';
import { UsersRepository } from '../modules/users/users.repository';

const NOTIFICATIONS: readonly {
  type: string;
  title: string;
  body: string;
  link: string | null;
  minutesAgo: number;
  read?: boolean;
}[] = [
  {
    type: 'USER',
    title: 'Welcome to Lectern',
    body: 'Your staff account is ready.',
    link: '/overview',
    minutesAgo: 3 * 24 * 60,
    read: true,
  },
  {
    type: 'SUBJECT',
    title: "'Organic Chemistry' was sent for review",
    body: 'Rohan Iyer finished the last unit.',
    link: '/subject-review',
    minutesAgo: 125,
  },
  {
    type: 'TRANSCODING',
    title: '12 videos finished transcoding',
    body: 'They can now be attached to subtopics.',
    link: '/transcoding-manager',
    minutesAgo: 14,
  },
  {
    type: 'WARNING',
    title: 'Scheduled maintenance on Sunday',
    body: 'The console will be read-only from 02:00 to 03:00 IST.',
    link: null,
    minutesAgo: 1,
  },
];

/** Fills an empty database with the demo staff and a few notifications each; does nothing otherwise. */
export async function seedDemoData(db: Db): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) return false;
  const repo = new UsersRepository(db);
  await db.transaction(async (tx) => {
    for (const demo of DEMO_STAFF) {
      const id = crypto.randomUUID();
      await repo.insert(tx, {
        id,
        firstName: demo.firstName,
        lastName: demo.lastName,
        email: demo.email,
        phone: demo.phone,
        active: true,
        roles: [demo.role],
      });
      const now = Date.now();
      await tx.insert(notifications).values(
        NOTIFICATIONS.map((n) => ({
          id: crypto.randomUUID(),
          userId: id,
          type: n.type,
          title: n.title,
          body: n.body,
          link: n.link,
          createdAt: new Date(now - n.minutesAgo * 60_000),
          readAt: n.read ? new Date(now - n.minutesAgo * 60_000 + 60_000) : null,
        })),
      );
    }
  });
  return true;
}
