import crypto from 'node:crypto';
import { DEMO_STAFF, sanitizeFileName } from '@lectern/contract';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  activityLog,
  settings,
  subjectAssignees,
  subjects,
  subtopics,
  topics,
  units,
  users,
  videos,
} from '../db/schema';

type Tree = [unit: string, topics: [topic: string, subtopics: string[]][]][];

interface DemoSubject {
  id: string;
  name: string;
  description: string;
  state: 'IN_PROGRESS' | 'FINISHED' | 'READY_TO_BE_PUBLISHED' | 'PUBLISHED';
  developer: boolean;
  tree: Tree;
  review?: { action: 'REVERTED' | 'APPROVED'; reason: string | null };
}

/** Demo subjects in every state and listing group, with realistic names. Ids are fixed so docs and tests can name them. */
export const DEMO_SUBJECTS: readonly DemoSubject[] = [
  {
    id: 'subj-organic-chemistry',
    name: 'Organic Chemistry',
    description: 'Hydrocarbons, reaction mechanisms and aromatic compounds for class 12.',
    state: 'IN_PROGRESS',
    developer: true,
    tree: [
      [
        'Hydrocarbons',
        [
          ['Alkanes', ['Nomenclature of alkanes', 'Conformations of ethane']],
          ['Alkenes', ['Markovnikov addition', 'Ozonolysis']],
        ],
      ],
      [
        'Reaction Mechanisms',
        [
          ['Nucleophilic substitution', ['SN1 reactions', 'SN2 reactions']],
          ['Elimination', ['E1 and E2 reactions']],
        ],
      ],
      ['Aromatic Compounds', [['Benzene', ['Resonance in benzene', 'Electrophilic substitution']]]],
    ],
  },
  {
    id: 'subj-indian-polity',
    name: 'Indian Polity',
    description: 'The Constitution, Parliament and the judiciary.',
    state: 'FINISHED',
    developer: true,
    tree: [
      [
        'The Constitution',
        [
          ['Preamble', ['Keywords of the Preamble']],
          ['Fundamental Rights', ['Right to Equality', 'Right to Freedom']],
        ],
      ],
      [
        'Parliament',
        [
          ['Lok Sabha', ['Composition and tenure']],
          ['Rajya Sabha', ['Special powers']],
        ],
      ],
    ],
  },
  {
    id: 'subj-modern-history',
    name: 'Modern Indian History',
    description: 'From 1857 to independence.',
    state: 'READY_TO_BE_PUBLISHED',
    developer: true,
    tree: [
      [
        'The Revolt of 1857',
        [
          ['Causes', ['Political and economic causes']],
          ['Course of the revolt', ['Centres of the revolt']],
        ],
      ],
      ['The National Movement', [['Moderates and extremists', ['Surat split of 1907']]]],
    ],
    review: { action: 'APPROVED', reason: null },
  },
  {
    id: 'subj-quant-aptitude',
    name: 'Quantitative Aptitude',
    description: 'Number system, percentages and ratios for competitive exams.',
    state: 'PUBLISHED',
    developer: true,
    tree: [
      ['Number System', [['Divisibility', ['Divisibility rules', 'Remainders']]]],
      [
        'Percentages',
        [
          ['Basics', ['Percentage change']],
          ['Profit and loss', ['Marked price and discount']],
        ],
      ],
    ],
  },
  {
    id: 'subj-english-grammar',
    name: 'English Grammar',
    description: 'Tenses, voice and narration.',
    state: 'PUBLISHED',
    developer: true,
    tree: [['Tenses', [['Present tense', ['Simple present', 'Present perfect']]]]],
  },
  {
    id: 'subj-indian-economy',
    name: 'Indian Economy',
    description: 'National income, fiscal policy and banking.',
    state: 'IN_PROGRESS',
    developer: true,
    tree: [
      ['National Income', [['Measuring GDP', ['Income method', 'Expenditure method']]]],
      ['Fiscal Policy', [['Budget', ['Fiscal deficit']]]],
    ],
    review: {
      action: 'REVERTED',
      reason: 'Fiscal Policy needs a video on the fiscal deficit before it can be approved.',
    },
  },
  {
    id: 'subj-cell-biology',
    name: 'Cell Biology',
    description: 'Cell structure, cell division and transport.',
    state: 'IN_PROGRESS',
    developer: true,
    tree: [],
  },
  {
    id: 'subj-physical-geography',
    name: 'Physical Geography',
    description: 'Landforms, climate and oceans.',
    state: 'IN_PROGRESS',
    developer: false,
    tree: [],
  },
];

const SEEDED = 'demo_seed_subjects';

/** Seeds the demo subjects once (remembered in settings), after the demo staff exist. */
export async function seedDemoSubjects(db: Db): Promise<boolean> {
  const done = await db.select().from(settings).where(eq(settings.key, SEEDED));
  if (done.length > 0) return false;
  const phones = DEMO_STAFF.map((s) => s.phone);
  const staff = await db.select({ id: users.id, phone: users.phone }).from(users).where(inArray(users.phone, phones));
  const idOf = (role: string) =>
    staff.find((s) => s.phone === DEMO_STAFF.find((d) => d.role === role)?.phone)?.id ?? null;
  const admin = idOf('CONTENT_ADMIN');
  const developer = idOf('CONTENT_DEVELOPER');
  const uploader = idOf('CONTENT_UPLOADER');
  if (!admin || !developer || !uploader) return false;
  let seconds = 0;
  const duration = () => 240 + ((seconds += 173) % 1200);
  await db.transaction(async (tx) => {
    for (const [index, demo] of DEMO_SUBJECTS.entries()) {
      const updatedAt = new Date(Date.now() - (DEMO_SUBJECTS.length - index) * 3_600_000);
      await tx.insert(subjects).values({
        id: demo.id,
        name: demo.name,
        description: demo.description,
        subjectState: demo.state,
        contentAdminId: admin,
        createdBy: admin,
        lastReview: demo.review ? { ...demo.review, by: 'Priya Raghavan', at: updatedAt.toISOString() } : null,
        instructors: [
          { instructorFirstName: 'Meera', instructorLastName: 'Nair', qualification: 'M.Sc., B.Ed.', imageLink: null },
        ],
        updatedAt,
      });
      if (demo.developer) {
        await tx.insert(subjectAssignees).values([
          { subjectId: demo.id, userId: developer, role: 'CONTENT_DEVELOPER' },
          { subjectId: demo.id, userId: uploader, role: 'CONTENT_UPLOADER' },
        ]);
      }
      await tx.insert(activityLog).values({
        actorId: admin,
        action: 'subject.create',
        entityType: 'subject',
        entityId: demo.id,
        subjectId: demo.id,
        summary: demo.review?.reason
          ? `Priya Raghavan reverted the subject: ${demo.review.reason}`
          : 'Priya Raghavan created the subject',
        createdAt: updatedAt,
      });
      let attachedEvery = 0;
      for (const [u, [unitName, topicList]] of demo.tree.entries()) {
        const unitId = `${demo.id}-u${u + 1}`;
        await tx.insert(units).values({ id: unitId, subjectId: demo.id, name: unitName, position: u, trial: u === 0 });
        for (const [t, [topicName, subList]] of topicList.entries()) {
          const topicId = `${unitId}-t${t + 1}`;
          await tx.insert(topics).values({ id: topicId, unitId, subjectId: demo.id, name: topicName, position: t });
          for (const [s, subName] of subList.entries()) {
            const videoId = crypto.randomUUID();
            const file = `${sanitizeFileName(subName).replace(/\s+/g, '-').toLowerCase()}.mp4`;
            await tx.insert(videos).values({
              id: videoId,
              subjectId: demo.id,
              name: file,
              storageKey: `subjects/${demo.id}/${crypto.randomUUID()}-${file}`,
              size: 40_000_000 + s * 7_340_032,
              durationSeconds: duration(),
              transcodingStatus: 'COMPLETE',
              uploadedBy: 'Sneha Kulkarni',
            });
            // leave one subtopic in three without a video so there is something to attach
            const attach = attachedEvery++ % 3 !== 2 || demo.state !== 'IN_PROGRESS';
            await tx.insert(subtopics).values({
              id: `${topicId}-s${s + 1}`,
              topicId,
              unitId,
              subjectId: demo.id,
              name: subName,
              description: `${subName}, explained with worked examples.`,
              position: s,
              videoId: attach ? videoId : null,
            });
          }
        }
      }
      if (demo.state === 'IN_PROGRESS' && demo.tree.length > 0) {
        const extra: [string, string][] = [
          ['revision-lecture.mp4', 'PROGRESSING'],
          ['doubt-session-recording.mp4', 'ERROR'],
          ['chapter-summary.mp4', 'NOT_STARTED'],
          ['practice-problems.mp4', 'SUBMITTED'],
        ];
        for (const [name, status] of extra) {
          await tx.insert(videos).values({
            id: crypto.randomUUID(),
            subjectId: demo.id,
            name,
            storageKey: `subjects/${demo.id}/${crypto.randomUUID()}-${name}`,
            size: 120_000_000,
            durationSeconds: status === 'NOT_STARTED' ? 0 : duration(),
            transcodingStatus: status,
            uploadedBy: 'Sneha Kulkarni',
          });
        }
      }
    }
    await tx.insert(settings).values({ key: SEEDED, value: new Date().toISOString() });
  });
  return true;
}
