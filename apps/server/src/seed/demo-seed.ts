import crypto from 'node:crypto';
import type { Role } from '@lectern/contract';
import { count } from 'drizzle-orm';
import type { Db } from '../db/client';
import { notifications, users } from '../db/schema';
import { UsersRepository } from '../modules/users/users.repository';

/** The demo staff: one active user per role, with the documented mobile numbers. */
export const DEMO_USERS: readonly {
  role: Role;
  phone: string;
  firstName: string;
  lastName: string;
  email: string;
}[] = [
  {
    role: 'SUPER_ADMIN',
    phone: '9000000001',
    firstName: 'Aarav',
    lastName: 'Mehta',
    email: 'aarav.mehta@lectern.example',
  },
  {
    role: 'CONTENT_ADMIN',
    phone: '9000000002',
    firstName: 'Priya',
    lastName: 'Raghavan',
    email: 'priya.raghavan@lectern.example',
  },
  {
    role: 'CONTENT_DEVELOPER',
    phone: '9000000003',
    firstName: 'Rohan',
    lastName: 'Iyer',
    email: 'rohan.iyer@lectern.example',
  },
  {
    role: 'CONTENT_UPLOADER',
    phone: '9000000004',
    firstName: 'Sneha',
    lastName: 'Kulkarni',
    email: 'sneha.kulkarni@lectern.example',
  },
  {
    role: 'FINANCE',
    phone: '9000000005',
    firstName: 'Vikram',
    lastName: 'Sethi',
    email: 'vikram.sethi@lectern.example',
  },
  {
    role: 'INSTRUCTOR',
    phone: '9000000006',
    firstName: 'Meera',
    lastName: 'Nair',
    email: 'meera.nair@lectern.example',
  },
];

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
    for (const demo of DEMO_USERS) {
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
