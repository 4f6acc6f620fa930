import crypto from 'node:crypto';
import { DEMO_STAFF, findClash, type ScheduledSlot } from '@lectern/contract';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { MeetingsConfig } from '../config';
import type { Db } from '../db/client';
import {
  batchChapters,
  batchSubjects,
  batches,
  liveClassBatches,
  liveClassGroups,
  liveClassRecordings,
  liveClasses,
  meetingAccounts,
  settings,
  studentGroups,
  users,
  videos,
} from '../db/schema';
import { jitsiRoom } from '../meetings/jitsi';
import { UsersRepository } from '../modules/users/users.repository';

const SEEDED = 'demo_seed_live_classes';

/** Batch subjects and their chapters. */
const SUBJECTS: readonly (readonly [id: string, name: string, chapters: readonly string[]])[] = [
  ['bsub-physics', 'Physics', ['Kinematics', 'Laws of Motion', 'Rotational Dynamics', 'Electrostatics', 'Ray Optics']],
  [
    'bsub-chemistry',
    'Chemistry',
    ['Mole Concept', 'Chemical Bonding', 'Reaction Mechanisms', 'Thermodynamics', 'Coordination Compounds'],
  ],
  [
    'bsub-mathematics',
    'Mathematics',
    ['Quadratic Equations', 'Limits and Continuity', 'Definite Integrals', 'Probability', 'Vectors and 3D Geometry'],
  ],
  [
    'bsub-biology',
    'Biology',
    ['Cell: The Unit of Life', 'Human Physiology', 'Genetics and Evolution', 'Plant Physiology'],
  ],
  ['bsub-general-studies', 'General Studies', ['Indian Polity', 'Modern History', 'Indian Economy', 'Current Affairs']],
  ['bsub-quant', 'Quantitative Aptitude', ['Percentages and Ratios', 'Time, Speed and Distance', 'Number Systems']],
];

const chapterId = (subjectId: string, name: string) =>
  `bchap-${subjectId.slice(5)}-${name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}`;

/** Demo meeting accounts: ids the tests and docs name. */
export const DEMO_MEETING_ACCOUNTS = {
  jitsiMain: 'macc-jitsi-main',
  jitsiSpare: 'macc-jitsi-spare',
  link: 'macc-link',
  zoom: 'macc-zoom',
} as const;

/**
 * The recordings list's other two instructors: INSTRUCTOR users too, so every demo class has a
 * teacher (they are not on the sign-in screen's list; their numbers still sign in).
 */
export const DEMO_OTHER_INSTRUCTORS: readonly { firstName: string; lastName: string; email: string; phone: string }[] =
  [
    { firstName: 'Arjun', lastName: 'Menon', email: 'arjun.menon@lectern.example', phone: '9000000007' },
    { firstName: 'Kavita', lastName: 'Deshpande', email: 'kavita.deshpande@lectern.example', phone: '9000000008' },
  ];

/** What each demo class teaches, and to whom (batch codes and groups). */
const TOPICS: readonly (readonly [subjectId: string, chapter: string, title: string, audience: readonly string[]])[] = [
  ['bsub-chemistry', 'Reaction Mechanisms', 'SN1 and SN2: When Does Each Win?', ['JEE27-KOTA-M', 'JEE27-KOTA-E']],
  ['bsub-chemistry', 'Mole Concept', 'Mole Concept Drill: 40 Questions in 60 Minutes', ['group-kota-jee-2027']],
  ['bsub-physics', 'Kinematics', 'Projectile Motion Without Formulae', ['JEE27-HYD-M']],
  [
    'bsub-mathematics',
    'Definite Integrals',
    'Definite Integrals: Properties and Tricks',
    ['JEE27-PUN-M', 'JEE27-HYD-M'],
  ],
  ['bsub-biology', 'Human Physiology', 'Human Physiology: Circulation Rapid Revision', ['group-neet-2027']],
  ['bsub-chemistry', 'Chemical Bonding', 'VSEPR and Hybridisation Doubt Session', ['NEET27-KOTA-M']],
  ['bsub-general-studies', 'Indian Polity', 'Fundamental Rights: Answer-Writing Practice', ['group-upsc-2027-delhi']],
  ['bsub-mathematics', 'Probability', 'Conditional Probability and Bayes', ['C12-HYD-MPC']],
  ['bsub-chemistry', 'Thermodynamics', 'Thermodynamics: Weekly Test Discussion', ['JEE27-KOTA-WE']],
  ['bsub-physics', 'Electrostatics', "Gauss's Law in Five Problems", ['group-kota-jee-2027']],
  [
    'bsub-chemistry',
    'Coordination Compounds',
    'Coordination Compounds: Isomerism Masterclass',
    ['NEET27-HYD-M', 'NEET27-PUN-M'],
  ],
  ['bsub-general-studies', 'Current Affairs', 'Current Affairs Monthly Roundup', ['UPSC27-DEL-F', 'UPSC27-DEL-WE']],
  ['bsub-mathematics', 'Quadratic Equations', 'Quadratic Equations for Class 10 Boards', ['group-class-10-2027']],
  ['bsub-biology', 'Genetics and Evolution', 'Mendelian Genetics: Crosses Made Easy', ['NEET27-JPR-M']],
];

/** Classes of the demo instructor from two weeks ago to two weeks ahead: 07:30 and 17:00 India time on alternate days. */
function demoSlots(now: Date): { start: Date; duration: number }[] {
  const slots: { start: Date; duration: number }[] = [];
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  for (let day = -14; day <= 14; day++) {
    const base = today + day * 86_400_000 - 330 * 60_000; // midnight in India
    slots.push({ start: new Date(base + (7 * 60 + 30) * 60_000), duration: day % 3 === 0 ? 90 : 60 });
    if (day % 4 === 0) slots.push({ start: new Date(base + 17 * 3600_000), duration: 75 });
  }
  return slots;
}

/**
 * Seeds batch subjects and chapters, meeting accounts (two Jitsi servers from JITSI_BASE_URLS, a
 * typed link, and Zoom when it is configured), the demo instructor's classes over four weeks (held,
 * live now, scheduled; a few hidden) and gives the recordings list's classes their teachers (the
 * other two instructors become INSTRUCTOR users), subjects, audiences, meetings and transcoded
 * recordings. Once, after the demo batches.
 */
export async function seedDemoLiveClasses(db: Db, meetings: MeetingsConfig, now = new Date()): Promise<boolean> {
  const done = await db.select().from(settings).where(eq(settings.key, SEEDED));
  if (done.length > 0) return false;
  const instructor = DEMO_STAFF.find((s) => s.role === 'INSTRUCTOR')!;
  const [teacher] = await db.select({ id: users.id }).from(users).where(eq(users.phone, instructor.phone));
  const batchRows = await db.select({ id: batches.id, code: batches.code, status: batches.status }).from(batches);
  if (!teacher || batchRows.length === 0) return false; // no demo staff or batches: nothing to teach
  const groupIds = new Set((await db.select({ id: studentGroups.id }).from(studentGroups)).map((g) => g.id));
  const byCode = new Map(batchRows.filter((b) => b.status === 'ACTIVE').map((b) => [b.code, b.id]));
  const audience = (codes: readonly string[]) => ({
    batchIds: codes.map((c) => byCode.get(c)).filter((id): id is string => Boolean(id)),
    groupIds: codes.filter((c) => groupIds.has(c)),
  });
  const teacherName = `${instructor.firstName} ${instructor.lastName}`.trim();
  const jitsi = [
    meetings.jitsiBaseUrls[0] ?? 'https://meet.jit.si',
    meetings.jitsiBaseUrls[1] ?? meetings.jitsiBaseUrls[0] ?? 'https://meet.jit.si',
  ];
  const accounts = [
    { id: DEMO_MEETING_ACCOUNTS.jitsiMain, provider: 'JITSI', name: 'Jitsi – Classroom 1', hostOrBase: jitsi[0]! },
    { id: DEMO_MEETING_ACCOUNTS.jitsiSpare, provider: 'JITSI', name: 'Jitsi – Classroom 2', hostOrBase: jitsi[1]! },
    { id: DEMO_MEETING_ACCOUNTS.link, provider: 'LINK', name: 'Typed meeting link', hostOrBase: '' },
    ...(meetings.zoom
      ? [
          {
            id: DEMO_MEETING_ACCOUNTS.zoom,
            provider: 'ZOOM',
            name: 'Zoom – Lectern Live',
            hostOrBase: meetings.zoom.hostEmail,
          },
        ]
      : []),
  ];
  const jitsiMeeting = (accountIndex: 0 | 1, id: string, title: string) => {
    const room = jitsiRoom({ liveClassId: id, title });
    const joinUrl = `${jitsi[accountIndex]}/${room}`;
    return {
      meetingAccountId: accountIndex === 0 ? DEMO_MEETING_ACCOUNTS.jitsiMain : DEMO_MEETING_ACCOUNTS.jitsiSpare,
      meetingId: room,
      joinUrl,
      startUrl: `${joinUrl}#config.prejoinConfig.enabled=false&userInfo.displayName=%22Host%22`,
    };
  };

  await db.transaction(async (tx) => {
    await tx.insert(batchSubjects).values(SUBJECTS.map(([id, name]) => ({ id, name, createdBy: 'Priya Raghavan' })));
    await tx
      .insert(batchChapters)
      .values(
        SUBJECTS.flatMap(([subjectId, , chapters]) =>
          chapters.map((name) => ({ id: chapterId(subjectId, name), subjectId, name, createdBy: 'Priya Raghavan' })),
        ),
      );
    await tx.insert(meetingAccounts).values(accounts);
    const teachers = new Map([[teacherName, teacher.id]]);
    const staff = new UsersRepository(tx);
    for (const other of DEMO_OTHER_INSTRUCTORS) {
      const id = crypto.randomUUID();
      await staff.insert(tx, { id, ...other, active: true, roles: ['INSTRUCTOR'] });
      teachers.set(`${other.firstName} ${other.lastName}`, id);
    }

    // the recordings list's classes: held on Jitsi, with their subjects and audiences
    const legacy: Record<string, readonly [string, string, readonly string[]]> = {
      'lc-organic-reaction-mechanisms': ['bsub-chemistry', 'Reaction Mechanisms', ['group-kota-jee-2027']],
      'lc-rotational-dynamics': ['bsub-physics', 'Rotational Dynamics', ['JEE27-KOTA-M', 'JEE27-HYD-M']],
      'lc-human-physiology-revision': ['bsub-biology', 'Human Physiology', ['group-neet-2027']],
      'lc-fundamental-rights-doubts': ['bsub-general-studies', 'Indian Polity', ['group-upsc-2027-delhi']],
      'lc-quant-percentages-sprint': ['bsub-quant', 'Percentages and Ratios', ['C12-HYD-MPC']],
      'lc-modern-history-mock-analysis': ['bsub-general-studies', 'Modern History', ['UPSC27-DEL-F']],
    };
    const old = await tx
      .select()
      .from(liveClasses)
      .where(inArray(liveClasses.id, Object.keys(legacy)));
    for (const [i, row] of old.entries()) {
      const [subjectId, chapter, codes] = legacy[row.id]!;
      await tx
        .update(liveClasses)
        .set({
          subjectId,
          chapterId: chapterId(subjectId, chapter),
          teacherId: teachers.get(row.instructorName ?? '') ?? null,
          ...jitsiMeeting((i % 2) as 0 | 1, row.id, row.title),
          description: `Recorded ${chapter.toLowerCase()} session.`,
          createdBy: 'Priya Raghavan',
        })
        .where(eq(liveClasses.id, row.id));
      const a = audience(codes);
      if (a.batchIds.length)
        await tx.insert(liveClassBatches).values(a.batchIds.map((batchId) => ({ liveClassId: row.id, batchId })));
      if (a.groupIds.length)
        await tx.insert(liveClassGroups).values(a.groupIds.map((groupId) => ({ liveClassId: row.id, groupId })));
    }
    // each of them gets its first recording attached, once that one is transcoded (as the API requires)
    const recordings = await tx
      .select({
        id: videos.id,
        liveClassId: videos.liveClassId,
        name: videos.name,
        transcodingStatus: videos.transcodingStatus,
      })
      .from(videos)
      .where(inArray(videos.liveClassId, Object.keys(legacy)));
    const firsts = new Map<string, (typeof recordings)[number]>();
    for (const v of recordings.sort((a, b) => a.name.localeCompare(b.name)))
      if (!firsts.has(v.liveClassId!)) firsts.set(v.liveClassId!, v);
    const attached = [...firsts.values()].filter((v) => v.transcodingStatus === 'COMPLETE');
    if (attached.length > 0) {
      await tx
        .insert(liveClassRecordings)
        .values(attached.map((v) => ({ liveClassId: v.liveClassId!, videoId: v.id, attachedBy: 'Priya Raghavan' })));
    }

    // the demo instructor's classes: one live now, the rest around it, none overlapping
    const taken: ScheduledSlot[] = old
      .filter((r) => r.instructorName === teacherName)
      .map((r) => ({
        liveClassId: r.id,
        title: r.title,
        teacherId: teacher.id,
        meetingAccountId: null,
        startTime: r.startTime.toISOString(),
        durationMinutes: r.durationMinutes,
      }));
    // live for 55 minutes of its hour: the instructor is free from a few minutes after the seed, and
    // no other class of theirs starts in the three hours after it, so a class scheduled then can go live
    const liveNow = new Date(Math.floor((now.getTime() - 55 * 60_000) / 60_000) * 60_000);
    const quiet = { start: now.getTime(), end: now.getTime() + 3 * 3600_000 };
    const slots = [
      { start: liveNow, duration: 60 },
      ...demoSlots(now).filter(({ start }) => start.getTime() < quiet.start || start.getTime() >= quiet.end),
    ];
    let n = 0;
    for (const slot of slots) {
      const id = `lc-demo-${String(n + 1).padStart(2, '0')}`;
      const [subjectId, chapter, title, codes] = TOPICS[n % TOPICS.length]!;
      const candidate: ScheduledSlot = {
        liveClassId: id,
        title,
        teacherId: teacher.id,
        meetingAccountId: null,
        startTime: slot.start.toISOString(),
        durationMinutes: slot.duration,
      };
      if (findClash(candidate, taken)) continue;
      taken.push(candidate);
      const end = slot.start.getTime() + slot.duration * 60_000;
      const isLive = slot.start === liveNow;
      const held = !isLive && end < now.getTime();
      const offline = n % 11 === 10;
      const onLink = n % 7 === 3;
      const meeting = offline
        ? { meetingAccountId: null, meetingId: null, joinUrl: null, startUrl: null }
        : onLink
          ? {
              meetingAccountId: DEMO_MEETING_ACCOUNTS.link,
              meetingId: null,
              joinUrl: `https://meet.google.com/lec-${id.slice(-2)}a-demo`,
              startUrl: `https://meet.google.com/lec-${id.slice(-2)}a-demo`,
            }
          : jitsiMeeting((n % 2) as 0 | 1, id, title);
      await tx.insert(liveClasses).values({
        id,
        title,
        description: `${chapter}: concepts, worked examples and your doubts.`,
        classRoomType: offline ? 'offline' : 'live',
        subjectId,
        chapterId: chapterId(subjectId, chapter),
        teacherId: teacher.id,
        instructorName: teacherName,
        ...meeting,
        startTime: slot.start,
        classDate: slot.start,
        durationMinutes: slot.duration,
        // a few hidden: a cancelled-then-kept class and two drafts
        enabled: n % 9 !== 4,
        status: isLive ? 'LIVE' : held ? 'ENDED' : 'SCHEDULED',
        startedAt: isLive || held ? new Date(slot.start.getTime() + 2 * 60_000) : null,
        endedAt: held ? new Date(end + 5 * 60_000) : null,
        presentSharePercent: n % 5 === 2 ? 60 : 75,
        createdBy: 'Priya Raghavan',
        createdAt: new Date(slot.start.getTime() - 10 * 86_400_000),
        updatedAt: new Date(slot.start.getTime() - 10 * 86_400_000),
      });
      const a = audience(codes);
      if (a.batchIds.length)
        await tx.insert(liveClassBatches).values(a.batchIds.map((batchId) => ({ liveClassId: id, batchId })));
      if (a.groupIds.length)
        await tx.insert(liveClassGroups).values(a.groupIds.map((groupId) => ({ liveClassId: id, groupId })));
      n++;
    }
    // classes of instructors who are not users yet keep their names for the recordings list
    await tx
      .update(liveClasses)
      .set({ createdBy: 'Priya Raghavan' })
      .where(and(isNull(liveClasses.teacherId), eq(liveClasses.createdBy, '')));
    await tx.insert(settings).values({ key: SEEDED, value: now.toISOString() });
  });
  return true;
}
