import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  batchStudents,
  batches,
  branches,
  groupBatches,
  programs,
  settings,
  studentGroups,
  students,
} from '../db/schema';
import { DEMO_STUDENT } from './demo-students';

const SEEDED = 'demo_seed_batches';

const BRANCHES = [
  ['branch-kota-talwandi', 'Kota – Talwandi', 'Kota'],
  ['branch-jaipur-malviya-nagar', 'Jaipur – Malviya Nagar', 'Jaipur'],
  ['branch-delhi-mukherjee-nagar', 'Delhi – Mukherjee Nagar', 'Delhi'],
  ['branch-hyderabad-ameerpet', 'Hyderabad – Ameerpet', 'Hyderabad'],
  ['branch-pune-deccan', 'Pune – Deccan', 'Pune'],
] as const;
type BranchKey = 'K' | 'J' | 'D' | 'H' | 'P';
const BRANCH_OF: Record<BranchKey, string> = {
  K: 'branch-kota-talwandi',
  J: 'branch-jaipur-malviya-nagar',
  D: 'branch-delhi-mukherjee-nagar',
  H: 'branch-hyderabad-ameerpet',
  P: 'branch-pune-deccan',
};

const PROGRAMS = [
  ['program-jee-advanced-2027', 'JEE Advanced 2027'],
  ['program-jee-main-2027', 'JEE Main 2027'],
  ['program-neet-2027', 'NEET 2027'],
  ['program-upsc-cse-2027', 'UPSC CSE 2027 Foundation'],
  ['program-class-10-2027', 'Class 10 Boards 2027'],
  ['program-class-12-2027', 'Class 12 Boards 2027'],
  ['program-jee-advanced-2026', 'JEE Advanced 2026'],
  ['program-neet-2026', 'NEET 2026'],
  ['program-upsc-cse-2026', 'UPSC CSE 2026 Foundation'],
  ['program-class-10-2026', 'Class 10 Boards 2026'],
] as const;
type ProgramId = (typeof PROGRAMS)[number][0];

/** [code, name, branch, program, start, end, capacity, closed, students] */
const BATCHES: readonly (readonly [string, string, BranchKey, ProgramId, string, string, number, boolean, number])[] = [
  [
    'JEE27-KOTA-M',
    'JEE Advanced 2027 Morning',
    'K',
    'program-jee-advanced-2027',
    '2025-04-07',
    '2027-05-31',
    40,
    false,
    40,
  ],
  [
    'JEE27-KOTA-E',
    'JEE Advanced 2027 Evening',
    'K',
    'program-jee-advanced-2027',
    '2025-04-07',
    '2027-05-31',
    40,
    false,
    31,
  ],
  [
    'JEE27-KOTA-WE',
    'JEE Advanced 2027 Weekend',
    'K',
    'program-jee-advanced-2027',
    '2025-06-07',
    '2027-05-23',
    25,
    false,
    25,
  ],
  [
    'JEE27-KOTA-CR',
    'JEE Advanced 2027 Crash Course',
    'K',
    'program-jee-advanced-2027',
    '2027-01-04',
    '2027-05-16',
    60,
    false,
    0,
  ],
  ['NEET27-KOTA-M', 'NEET 2027 Morning', 'K', 'program-neet-2027', '2025-04-14', '2027-04-30', 60, false, 44],
  ['NEET27-KOTA-E', 'NEET 2027 Evening', 'K', 'program-neet-2027', '2025-04-14', '2027-04-30', 30, false, 18],
  ['JM27-JPR-M', 'JEE Main 2027 Morning', 'J', 'program-jee-main-2027', '2025-05-05', '2027-01-20', 35, false, 22],
  ['NEET27-JPR-M', 'NEET 2027 Morning', 'J', 'program-neet-2027', '2025-05-05', '2027-04-30', 45, false, 30],
  [
    'C10-JPR-A',
    'Class 10 Boards 2027 Section A',
    'J',
    'program-class-10-2027',
    '2026-04-01',
    '2027-03-15',
    30,
    false,
    28,
  ],
  [
    'C10-JPR-B',
    'Class 10 Boards 2027 Section B',
    'J',
    'program-class-10-2027',
    '2026-04-01',
    '2027-03-15',
    30,
    false,
    12,
  ],
  ['UPSC27-DEL-F', 'UPSC CSE 2027 Foundation', 'D', 'program-upsc-cse-2027', '2025-07-01', '2027-05-23', 80, false, 46],
  ['UPSC27-DEL-WE', 'UPSC CSE 2027 Weekend', 'D', 'program-upsc-cse-2027', '2025-07-05', '2027-05-23', 50, false, 20],
  [
    'UPSC27-DEL-HI',
    'UPSC CSE 2027 Hindi Medium',
    'D',
    'program-upsc-cse-2027',
    '2025-07-01',
    '2027-05-23',
    40,
    false,
    40,
  ],
  [
    'JEE27-HYD-M',
    'JEE Advanced 2027 Morning',
    'H',
    'program-jee-advanced-2027',
    '2025-04-21',
    '2027-05-31',
    40,
    false,
    26,
  ],
  ['JM27-HYD-E', 'JEE Main 2027 Evening', 'H', 'program-jee-main-2027', '2025-04-21', '2027-01-20', 35, false, 15],
  ['NEET27-HYD-M', 'NEET 2027 Morning', 'H', 'program-neet-2027', '2025-04-21', '2027-04-30', 50, false, 33],
  [
    'C12-HYD-MPC',
    'Class 12 Boards 2027 (MPC)',
    'H',
    'program-class-12-2027',
    '2026-04-06',
    '2027-03-05',
    30,
    false,
    19,
  ],
  [
    'JEE27-PUN-M',
    'JEE Advanced 2027 Morning',
    'P',
    'program-jee-advanced-2027',
    '2025-05-12',
    '2027-05-31',
    40,
    false,
    24,
  ],
  ['NEET27-PUN-M', 'NEET 2027 Morning', 'P', 'program-neet-2027', '2025-05-12', '2027-04-30', 40, false, 20],
  [
    'C10-PUN-A',
    'Class 10 Boards 2027 Section A',
    'P',
    'program-class-10-2027',
    '2026-04-06',
    '2027-03-15',
    25,
    false,
    9,
  ],
  ['C12-PUN-PCB', 'Class 12 Boards 2027 (PCB)', 'P', 'program-class-12-2027', '2026-04-06', '2027-03-05', 25, false, 0],
  [
    'JEE26-KOTA-M',
    'JEE Advanced 2026 Morning',
    'K',
    'program-jee-advanced-2026',
    '2024-04-08',
    '2026-05-31',
    40,
    true,
    38,
  ],
  ['NEET26-JPR-M', 'NEET 2026 Morning', 'J', 'program-neet-2026', '2024-05-06', '2026-05-03', 45, true, 35],
  ['UPSC26-DEL-F', 'UPSC CSE 2026 Foundation', 'D', 'program-upsc-cse-2026', '2024-07-01', '2026-05-24', 60, true, 27],
  [
    'C10-JPR-2026',
    'Class 10 Boards 2026 Section A',
    'J',
    'program-class-10-2026',
    '2025-04-01',
    '2026-03-18',
    30,
    true,
    20,
  ],
];

const batchId = (code: string) => `batch-${code.toLowerCase()}`;

/** Demo batches the tests, docs and journeys name. */
export const DEMO_BATCHES = {
  /** active, every seat taken (a move into it fails on capacity) */
  full: batchId('JEE27-KOTA-M'),
  /** active, with seats left; the demo student Ananya Sharma is not in it */
  open: batchId('JEE27-KOTA-E'),
  /** active, no students yet */
  empty: batchId('JEE27-KOTA-CR'),
  /** closed: takes no new students */
  closed: batchId('JEE26-KOTA-M'),
  /** a group of the three Kota JEE 2027 batches */
  group: 'group-kota-jee-2027',
} as const;

const GROUPS: readonly (readonly [string, string, string, readonly string[]])[] = [
  [
    DEMO_BATCHES.group,
    'Kota JEE Advanced 2027',
    'Every JEE Advanced 2027 batch at Kota – Talwandi: doubt sessions and the Sunday test series.',
    ['JEE27-KOTA-M', 'JEE27-KOTA-E', 'JEE27-KOTA-WE'],
  ],
  [
    'group-neet-2027',
    'NEET 2027 (all branches)',
    'NEET 2027 batches of Kota, Jaipur, Hyderabad and Pune: the common biology masterclasses.',
    ['NEET27-KOTA-M', 'NEET27-KOTA-E', 'NEET27-JPR-M', 'NEET27-HYD-M', 'NEET27-PUN-M'],
  ],
  [
    'group-upsc-2027-delhi',
    'UPSC CSE 2027 Delhi',
    'Mukherjee Nagar foundation batches: answer-writing practice and current affairs.',
    ['UPSC27-DEL-F', 'UPSC27-DEL-WE', 'UPSC27-DEL-HI'],
  ],
  [
    'group-class-10-2027',
    'Class 10 Boards 2027',
    'Board exam batches of Jaipur and Pune: pre-board papers and parent meetings.',
    ['C10-JPR-A', 'C10-JPR-B', 'C10-PUN-A'],
  ],
];

// the demo content admin, who runs batch management in the demo
const STAFF = 'Priya Raghavan';

/**
 * Seeds the demo branches, programs, batches (some closed, some full, one empty), their students (the
 * demo students, a few hundred places with roll numbers) and groups, once (remembered in settings),
 * after the demo students. Bulk inserts: a handful of statements.
 */
export async function seedDemoBatches(db: Db): Promise<boolean> {
  const done = await db.select().from(settings).where(eq(settings.key, SEEDED));
  if (done.length > 0) return false;
  const people = await db
    .select({ id: students.id })
    .from(students)
    .orderBy(sql`${students.id} = ${DEMO_STUDENT.id} DESC`, asc(students.id));
  if (people.length === 0) return false;
  await db.transaction(async (tx) => {
    await tx.insert(branches).values(
      BRANCHES.map(([id, name, city], i) => ({
        id,
        name,
        city,
        createdBy: STAFF,
        createdAt: new Date(Date.UTC(2024, 2, 1 + i)),
      })),
    );
    await tx.insert(programs).values(
      PROGRAMS.map(([id, name], i) => ({
        id,
        name,
        createdBy: STAFF,
        createdAt: new Date(Date.UTC(2024, 2, 10 + i)),
      })),
    );
    await tx.insert(batches).values(
      BATCHES.map(([code, name, branch, programId, startDate, endDate, capacity, closed]) => {
        const created = new Date(`${startDate}T04:30:00Z`);
        created.setUTCDate(created.getUTCDate() - 30);
        return {
          id: batchId(code),
          name,
          code,
          branchId: BRANCH_OF[branch],
          programId,
          startDate,
          endDate,
          capacity,
          status: closed ? 'CLOSED' : 'ACTIVE',
          closedAt: closed ? new Date(`${endDate}T12:30:00Z`) : null,
          closedBy: closed ? STAFF : null,
          createdBy: STAFF,
          createdAt: created,
          updatedAt: closed ? new Date(`${endDate}T12:30:00Z`) : created,
        };
      }),
    );
    // Each batch takes a run of the students from its own starting point, so most students are in
    // one to three batches and the demo student is in the first (full) one.
    const places: (typeof batchStudents.$inferInsert)[] = [];
    BATCHES.forEach(([code, , , , startDate, , , , count], k) => {
      const from = (k * 53) % people.length;
      for (let n = 0; n < Math.min(count, people.length); n++) {
        places.push({
          batchId: batchId(code),
          studentId: people[(from + n) % people.length]!.id,
          rollNumber: n % 9 === 8 ? null : `${code.split('-')[0]}-${String(n + 1).padStart(3, '0')}`,
          addedAt: new Date(Date.parse(`${startDate}T05:00:00Z`) + (n % 20) * 86_400_000),
          addedBy: STAFF,
        });
      }
    });
    await tx.insert(batchStudents).values(places);
    await tx.insert(studentGroups).values(
      GROUPS.map(([id, name, description]) => ({
        id,
        name,
        description,
        createdBy: STAFF,
        createdAt: new Date(Date.UTC(2025, 7, 1)),
        updatedAt: new Date(Date.UTC(2025, 7, 1)),
      })),
    );
    await tx
      .insert(groupBatches)
      .values(GROUPS.flatMap(([groupId, , , codes]) => codes.map((code) => ({ groupId, batchId: batchId(code) }))));
    await tx.insert(settings).values({ key: SEEDED, value: new Date().toISOString() });
  });
  return true;
}
