import crypto from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { catalogues, liveClasses, settings, videos } from '../db/schema';

/** Demo catalogues: the demo-video browser's folders. Ids are fixed so docs and tests can name them. */
export const DEMO_CATALOGUES: readonly { id: string; name: string; code: string }[] = [
  { id: 'cat-jee-main-2027', name: 'JEE Main 2027 Complete Course', code: 'JEE-MAIN-2027' },
  { id: 'cat-neet-ug-2027', name: 'NEET UG 2027 Crash Course', code: 'NEET-UG-2027' },
  { id: 'cat-upsc-prelims-2026', name: 'UPSC Prelims 2026 Foundation', code: 'UPSC-PRE-2026' },
  { id: 'cat-cat-quant-2026', name: 'CAT 2026 Quantitative Aptitude', code: 'CAT-QUANT-2026' },
];

/**
 * Demo live classes, held `daysAgo` days before seeding at `hour`:`minute` India time, oldest first.
 * Meera Nair is the demo INSTRUCTOR, so she sees her own classes' recordings; the live-class seed makes
 * the other two instructors users too, and each class's teacher.
 */
export const DEMO_LIVE_CLASSES: readonly {
  id: string;
  title: string;
  instructorName: string;
  daysAgo: number;
  hour: number;
  minute: number;
  /**
   * the recordings of the class: file name, length in seconds, and COMPLETE for one already
   * transcoded (demo mode gives it playable outputs); the others wait to be transcoded (demo mode
   * gives them a small source file). A class's first recording is attached to it when transcoded.
   */
  recordings: readonly (readonly [file: string, seconds: number, status?: 'COMPLETE'])[];
}[] = [
  {
    id: 'lc-organic-reaction-mechanisms',
    title: 'Organic Chemistry: Reaction Mechanisms Masterclass',
    instructorName: 'Meera Nair',
    daysAgo: 12,
    hour: 10,
    minute: 0,
    recordings: [
      ['reaction-mechanisms-part-1.mp4', 3420, 'COMPLETE'],
      // a second part, transcoded and not yet attached to a class: staff can attach it
      ['reaction-mechanisms-part-2.mp4', 2890, 'COMPLETE'],
    ],
  },
  {
    id: 'lc-rotational-dynamics',
    title: 'Physics: Rotational Dynamics Problem Solving',
    instructorName: 'Arjun Menon',
    daysAgo: 9,
    hour: 17,
    minute: 30,
    recordings: [['rotational-dynamics-live.mp4', 5310, 'COMPLETE']],
  },
  {
    id: 'lc-human-physiology-revision',
    title: 'Biology: Human Physiology Rapid Revision',
    instructorName: 'Kavita Deshpande',
    daysAgo: 7,
    hour: 9,
    minute: 0,
    // waiting to be transcoded, so not attached yet
    recordings: [['human-physiology-revision.mp4', 4480]],
  },
  {
    id: 'lc-fundamental-rights-doubts',
    title: 'Indian Polity: Fundamental Rights Doubt Session',
    instructorName: 'Meera Nair',
    daysAgo: 5,
    hour: 19,
    minute: 0,
    recordings: [['fundamental-rights-doubt-session.mp4', 3960, 'COMPLETE']],
  },
  {
    id: 'lc-quant-percentages-sprint',
    title: 'Quantitative Aptitude: Percentages and Ratios Sprint',
    instructorName: 'Arjun Menon',
    daysAgo: 3,
    hour: 18,
    minute: 0,
    // waiting to be transcoded, so not attached yet
    recordings: [['percentages-and-ratios-sprint.mp4', 3600]],
  },
  {
    id: 'lc-modern-history-mock-analysis',
    title: 'Modern History: Weekly Mock Test Analysis',
    instructorName: 'Kavita Deshpande',
    daysAgo: 1,
    hour: 11,
    minute: 30,
    // held yesterday: its recording is not in yet
    recordings: [],
  },
];

const SEEDED = 'demo_seed_catalogues';

/** `daysAgo` days before `now`, at `hour`:`minute` in India (UTC+05:30). */
function classDate(now: Date, daysAgo: number, hour: number, minute: number): Date {
  const day = new Date(now.getTime() - daysAgo * 86_400_000);
  const utc = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), hour, minute);
  return new Date(utc - (5 * 60 + 30) * 60_000);
}

/**
 * Seeds the demo catalogues, live classes and their recordings (videos of a live class, waiting to
 * be transcoded) once: only while there are no catalogues, and never again afterwards (remembered
 * in settings). Returns whether it seeded.
 */
export async function seedDemoCatalogues(db: Db, now = new Date()): Promise<boolean> {
  const done = await db.select().from(settings).where(eq(settings.key, SEEDED));
  if (done.length > 0) return false;
  const [cats] = await db.select({ n: count() }).from(catalogues);
  if (Number(cats?.n ?? 0) > 0) return false;
  await db.transaction(async (tx) => {
    await tx
      .insert(catalogues)
      .values(DEMO_CATALOGUES.map((c, i) => ({ ...c, createdAt: new Date(now.getTime() - (30 - i) * 86_400_000) })));
    await tx.insert(liveClasses).values(
      DEMO_LIVE_CLASSES.map((c) => {
        const held = classDate(now, c.daysAgo, c.hour, c.minute);
        // held and over: the live-class seed gives them their teacher, subject, audience and account
        return {
          id: c.id,
          title: c.title,
          instructorName: c.instructorName,
          classDate: held,
          startTime: held,
          durationMinutes: 90,
          status: 'ENDED',
          startedAt: held,
          endedAt: new Date(held.getTime() + 90 * 60_000),
        };
      }),
    );
    const recordings = DEMO_LIVE_CLASSES.flatMap((c) => {
      const held = classDate(now, c.daysAgo, c.hour, c.minute).getTime();
      return c.recordings.map(([file, seconds, status], i) => ({
        id: crypto.randomUUID(),
        liveClassId: c.id,
        name: file,
        storageKey: `recordings/${c.id}/${crypto.randomUUID()}-${file}`,
        // about 0.9 MB a second: a 720p screen-and-camera recording
        size: seconds * 900_000 + i * 4096,
        durationSeconds: seconds,
        transcodingStatus: status ?? 'NOT_STARTED',
        uploadedBy: c.instructorName,
        // uploaded a quarter of an hour after the class ended
        uploadedAt: new Date(held + (seconds + 900) * 1000),
      }));
    });
    if (recordings.length > 0) await tx.insert(videos).values(recordings);
    await tx.insert(settings).values({ key: SEEDED, value: now.toISOString() });
  });
  return true;
}
