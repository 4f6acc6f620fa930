import type { StudentUpdateAudienceKind, StudentUpdateState, StudentUpdateType } from '@lectern/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  batches,
  catalogues,
  pageContent,
  studentGroups,
  settings,
  studentUpdateBatches,
  studentUpdateCatalogues,
  studentUpdateGroups,
  studentUpdates,
  users,
  videos,
} from '../db/schema';
import { DEMO_BATCHES } from './demo-batches';

const SEEDED = 'demo_seed_student_updates';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Demo updates the tests, docs and journeys name. */
export const DEMO_UPDATES = {
  /** SCHEDULED three days ahead, to the NEET UG 2027 catalogue */
  scheduled: 'update-neet-mock-admit-cards',
  /** PUBLISHED, to one Kota batch */
  batch: 'update-kota-morning-timing',
  /** DRAFT, to the NEET 2027 group */
  group: 'update-neet-biology-masterclass',
  /** PUBLISHED, with a video */
  video: 'update-jee-advanced-toppers',
  /** WITHDRAWN, with an image */
  image: 'update-diwali-offer',
} as const;

/**
 * The Diwali offer's banner with a diya: a file the console serves (apps/web/public/demo), not a data
 * URL, so the update passes the contract's link rule and can be edited as it is.
 */
const DIWALI_BANNER = '/demo/diwali-offer.svg';

interface DemoUpdate {
  id: string;
  type: StudentUpdateType;
  title: string;
  body: string;
  state: StudentUpdateState;
  audience: { kind: StudentUpdateAudienceKind; ids: string[] };
  /** written this long before the seed */
  writtenDaysAgo: number;
  /** PUBLISHED or WITHDRAWN: published this long before the seed */
  publishedDaysAgo?: number;
  /** WITHDRAWN: withdrawn this long before the seed */
  withdrawnDaysAgo?: number;
  /** SCHEDULED: publishes at 10:00 IST this many days after the seed */
  scheduledInDays?: number;
  image?: string;
  /** the demo video it shows (see `videoFor`) */
  video?: 'toppers';
  /** the demo super admin wrote it (else the content admin) */
  bySuperAdmin?: boolean;
}

const p = (...paragraphs: string[]) => paragraphs.map((text) => `<p>${text}</p>`).join('');

/** Every type and every state: exam alerts, a Diwali offer, a Kota batch's new timing, toppers' results. */
const UPDATES: readonly DemoUpdate[] = [
  {
    id: 'update-jee-main-session-1',
    type: 'exam-alerts',
    title: 'JEE Main 2027 Session 1: registration closes on 30 November',
    body:
      p(
        'The NTA has opened registration for <strong>JEE Main 2027 Session 1</strong> on jeemain.nta.nic.in. The last date to apply is <strong>30 November, 9:00 PM</strong>; the fee can be paid until 11:50 PM.',
      ) +
      '<ul><li>Keep a scanned photo (10–200 KB) and signature (4–30 KB) ready.</li><li>Use the same name as in your Class 10 certificate.</li><li>Choose two exam cities near you: Kota students usually pick Kota and Jaipur.</li></ul>',
    state: 'PUBLISHED',
    audience: { kind: 'EVERYONE', ids: [] },
    writtenDaysAgo: 6,
    publishedDaysAgo: 5,
    bySuperAdmin: true,
  },
  {
    id: DEMO_UPDATES.scheduled,
    type: 'exam-alerts',
    title: 'NEET UG 2027 full mock test: admit cards out',
    body: p(
      'Admit cards for the all-India NEET UG full mock test on Sunday are in the app under <em>Tests</em>. Reach your centre by 1:00 PM with the admit card and a photo ID; the test runs from 2:00 PM to 5:20 PM, as the real exam.',
    ),
    state: 'SCHEDULED',
    audience: { kind: 'CATALOGUES', ids: ['cat-neet-ug-2027'] },
    writtenDaysAgo: 1,
    scheduledInDays: 3,
  },
  {
    id: DEMO_UPDATES.batch,
    type: 'class-updates',
    title: 'Kota JEE Advanced morning batch moves to 7:30 AM from Monday',
    body: p(
      'From Monday, the JEE Advanced 2027 Morning batch at Kota – Talwandi starts at <strong>7:30 AM</strong> instead of 7:00 AM, in Hall 3. The Saturday doubt session stays at 4:00 PM.',
      'Hostel buses leave Landmark City at 7:00 AM.',
    ),
    state: 'PUBLISHED',
    audience: { kind: 'BATCHES', ids: [DEMO_BATCHES.full] },
    writtenDaysAgo: 3,
    publishedDaysAgo: 3,
  },
  {
    id: DEMO_UPDATES.group,
    type: 'class-updates',
    title: 'Sunday biology masterclass for every NEET 2027 batch',
    body: p(
      'Dr. Meenakshi Iyer takes a three-hour masterclass on <strong>Human Physiology</strong> this Sunday at 10:00 AM, live for every NEET 2027 batch of Kota, Jaipur, Hyderabad and Pune. Bring your NCERT Class 11 textbook.',
    ),
    state: 'DRAFT',
    audience: { kind: 'GROUPS', ids: ['group-neet-2027'] },
    writtenDaysAgo: 0,
  },
  {
    id: DEMO_UPDATES.image,
    type: 'offers',
    title: 'Diwali offer: 20% off every course',
    body: p(
      'Light up your preparation this Diwali: use code <strong>DIWALI20</strong> for 20% off every course in the store, including JEE Main 2027 and NEET UG 2027. Valid till Bhai Dooj.',
    ),
    state: 'WITHDRAWN',
    audience: { kind: 'EVERYONE', ids: [] },
    writtenDaysAgo: 26,
    publishedDaysAgo: 25,
    withdrawnDaysAgo: 16,
    image: DIWALI_BANNER,
    bySuperAdmin: true,
  },
  {
    id: 'update-jee-main-crash-course-offer',
    type: 'offers',
    title: 'JEE Main 2027 students: the crash course add-on at ₹1,999',
    body: p(
      'Students of the JEE Main 2027 Complete Course can add the 45-day crash course for <strong>₹1,999</strong> (GST included) until 15 December. It has daily practice papers and two full mock tests a week.',
    ),
    state: 'PUBLISHED',
    audience: { kind: 'CATALOGUES', ids: ['cat-jee-main-2027'] },
    writtenDaysAgo: 2,
    publishedDaysAgo: 2,
  },
  {
    id: DEMO_UPDATES.video,
    type: 'results',
    title: 'JEE Advanced 2026 toppers: hear from AIR 47',
    body: p(
      'Forty-two of our Kota students made it to the JEE Advanced 2026 top 1,000. Watch Aditya Verma (AIR 47) on how he revised organic chemistry in the last month.',
    ),
    state: 'PUBLISHED',
    audience: { kind: 'EVERYONE', ids: [] },
    writtenDaysAgo: 12,
    publishedDaysAgo: 12,
    video: 'toppers',
    bySuperAdmin: true,
  },
  {
    id: 'update-neet-2026-results',
    type: 'results',
    title: 'NEET UG 2026: 318 of our students scored above 650',
    body: p(
      'Congratulations to the NEET UG 2026 batch: 318 students scored above 650, and Kavya Reddy of Hyderabad scored 705 (AIR 62). The full list of toppers is on the notice board of every centre.',
    ),
    state: 'DRAFT',
    audience: { kind: 'EVERYONE', ids: [] },
    writtenDaysAgo: 1,
  },
  {
    id: 'update-winter-holidays',
    type: 'announcements',
    title: 'Centres closed from 25 December to 1 January',
    body: p(
      'All centres are closed for the winter break from 25 December to 1 January. Recorded lectures and the doubt forum stay open, and the Sunday test series continues online.',
    ),
    state: 'PUBLISHED',
    audience: { kind: 'EVERYONE', ids: [] },
    writtenDaysAgo: 4,
    publishedDaysAgo: 4,
  },
  {
    id: 'update-offline-downloads',
    type: 'announcements',
    title: 'New in the app: download lectures to watch offline',
    body: p(
      'From the next app update, tap the download button under any lecture to watch it without the internet, for up to 30 days. Downloads play only in the app.',
    ),
    state: 'DRAFT',
    audience: { kind: 'EVERYONE', ids: [] },
    writtenDaysAgo: 0,
  },
];

/**
 * The demo videos it uses, chosen by name among the transcoded videos of the demo subjects (their ids
 * are random): the toppers' update plays one, the home page another.
 */
async function demoVideos(db: Db): Promise<{ toppers: string | null; home: string | null }> {
  const rows = await db
    .select({ id: videos.id })
    .from(videos)
    .where(and(eq(videos.subjectId, 'subj-organic-chemistry'), eq(videos.transcodingStatus, 'COMPLETE')))
    .orderBy(asc(videos.name), asc(videos.id))
    .limit(2);
  return { toppers: rows[0]?.id ?? null, home: rows[1]?.id ?? rows[0]?.id ?? null };
}

/** The 10:00 IST of the day `days` after `now`. */
function tenInTheMorning(now: Date, days: number): Date {
  const ist = new Date(now.getTime() + 5.5 * HOUR + days * DAY);
  return new Date(Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth(), ist.getUTCDate(), 4, 30));
}

/**
 * Seeds the demo student updates and the home page's video once (remembered in settings), after the
 * demo staff, catalogues, subjects and batches: every type, every state, one scheduled three days
 * ahead (it has no queued job: the sweep publishes it when its time comes, or its first edit queues
 * one), one to a batch, one to a group, one with a video, one with an image.
 */
export async function seedDemoStudentUpdates(db: Db, now = new Date()): Promise<boolean> {
  const done = await db.select().from(settings).where(eq(settings.key, SEEDED));
  if (done.length > 0) return false;
  const authors = await db
    .select({ id: users.id, phone: users.phone, first: users.firstName, last: users.lastName })
    .from(users)
    .where(inArray(users.phone, ['9000000001', '9000000002']));
  const superAdmin = authors.find((a) => a.phone === '9000000001');
  const contentAdmin = authors.find((a) => a.phone === '9000000002');
  if (!superAdmin || !contentAdmin) return false;
  // the catalogues, batch and group they are sent to (seeded before; a database without them gets none)
  const targets = UPDATES.flatMap((u) => u.audience.ids);
  const found = await Promise.all([
    db.select({ id: catalogues.id }).from(catalogues).where(inArray(catalogues.id, targets)),
    db.select({ id: batches.id }).from(batches).where(inArray(batches.id, targets)),
    db.select({ id: studentGroups.id }).from(studentGroups).where(inArray(studentGroups.id, targets)),
  ]);
  if (found.flat().length < new Set(targets).size) return false;
  const video = await demoVideos(db);
  await db.transaction(async (tx) => {
    for (const u of UPDATES) {
      const author = u.bySuperAdmin ? superAdmin : contentAdmin;
      const name = `${author.first} ${author.last}`;
      const written = new Date(now.getTime() - u.writtenDaysAgo * DAY - 2 * HOUR);
      const published = u.publishedDaysAgo === undefined ? null : new Date(now.getTime() - u.publishedDaysAgo * DAY);
      const withdrawn = u.withdrawnDaysAgo === undefined ? null : new Date(now.getTime() - u.withdrawnDaysAgo * DAY);
      const videoId = u.video ? video[u.video] : null;
      await tx.insert(studentUpdates).values({
        id: u.id,
        updateType: u.type,
        title: u.title,
        body: u.body,
        imageUrl: u.image ?? null,
        videoId,
        audienceKind: u.audience.kind,
        state: u.state,
        publishAt: u.scheduledInDays === undefined ? null : tenInTheMorning(now, u.scheduledInDays),
        publishedAt: published,
        withdrawnAt: withdrawn,
        createdBy: author.id,
        createdByName: name,
        updatedBy: author.id,
        updatedByName: name,
        version: published ? 1 : 0,
        createdAt: written,
        updatedAt: withdrawn ?? published ?? written,
      });
      const links = u.audience.ids.map((id) => ({ updateId: u.id, id }));
      if (links.length === 0) continue;
      if (u.audience.kind === 'CATALOGUES') {
        await tx
          .insert(studentUpdateCatalogues)
          .values(links.map((l) => ({ updateId: l.updateId, catalogueId: l.id })));
      } else if (u.audience.kind === 'BATCHES') {
        await tx.insert(studentUpdateBatches).values(links.map((l) => ({ updateId: l.updateId, batchId: l.id })));
      } else {
        await tx.insert(studentUpdateGroups).values(links.map((l) => ({ updateId: l.updateId, groupId: l.id })));
      }
    }
    if (video.home) {
      await tx
        .update(pageContent)
        .set({
          videoId: video.home,
          updatedBy: contentAdmin.id,
          updatedByName: `${contentAdmin.first} ${contentAdmin.last}`,
          updatedAt: new Date(now.getTime() - 7 * DAY),
          version: 1,
        })
        .where(eq(pageContent.key, 'home-video'));
    }
    await tx.insert(settings).values({ key: SEEDED, value: now.toISOString() });
  });
  return true;
}
