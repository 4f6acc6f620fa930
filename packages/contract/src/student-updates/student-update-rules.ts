import { fillMessage } from '../errors';

// Student updates (spec 1 §2 /student-updates/{updateType}, spec 2 §1 "publish student updates", §7
// "Student updates", DESIGN §9) as pure rules: the server applies them, the screens use them to offer only
// the actions that can succeed, and the tests walk them as tables.

/**
 * The kinds of update, each a tab and a route `/student-updates/{updateType}` (the spec leaves the set
 * open; docs/domains/student-updates.md "Types" explains the choice). The value is the URL segment.
 */
export const STUDENT_UPDATE_TYPES = ['announcements', 'exam-alerts', 'class-updates', 'offers', 'results'] as const;
export type StudentUpdateType = (typeof STUDENT_UPDATE_TYPES)[number];

export const STUDENT_UPDATE_TYPE_LABELS: Record<StudentUpdateType, string> = {
  announcements: 'Announcements',
  'exam-alerts': 'Exam alerts',
  'class-updates': 'Class updates',
  offers: 'Offers',
  results: 'Results',
};

/** What each type is for: the tab's line under the page title. */
export const STUDENT_UPDATE_TYPE_HINTS: Record<StudentUpdateType, string> = {
  announcements: 'News for students: holidays, new courses, changes to the app.',
  'exam-alerts': 'Exam dates, admit cards, form deadlines and syllabus changes.',
  'class-updates': 'Changes to classes and batches: timings, rooms, teachers.',
  offers: 'Discounts and offers students can use in the store.',
  results: 'Results, toppers and ranks.',
};

export function isStudentUpdateType(value: string): value is StudentUpdateType {
  return (STUDENT_UPDATE_TYPES as readonly string[]).includes(value);
}

/**
 * DRAFT -schedule-> SCHEDULED -(its time)-> PUBLISHED -withdraw-> WITHDRAWN;
 * DRAFT or WITHDRAWN -publish-> PUBLISHED; SCHEDULED -withdraw-> DRAFT (the schedule is cancelled).
 */
export const STUDENT_UPDATE_STATES = ['DRAFT', 'SCHEDULED', 'PUBLISHED', 'WITHDRAWN'] as const;
export type StudentUpdateState = (typeof STUDENT_UPDATE_STATES)[number];

/** The status tag of each state (spec 1 §5 status styles: draft, published, unpublished; scheduled as coupons'). */
export const STUDENT_UPDATE_STATE_TAGS: Record<
  StudentUpdateState,
  'draft' | 'scheduled' | 'published' | 'unpublished'
> = { DRAFT: 'draft', SCHEDULED: 'scheduled', PUBLISHED: 'published', WITHDRAWN: 'unpublished' };

/** What a save asks for: keep it a draft, publish at a time, publish now, or take it down. */
export const STUDENT_UPDATE_ACTIONS = ['DRAFT', 'SCHEDULE', 'PUBLISH', 'WITHDRAW'] as const;
export type StudentUpdateAction = (typeof STUDENT_UPDATE_ACTIONS)[number];

/** Who reads it: every student, or the students of some catalogues, batches or groups. */
export const STUDENT_UPDATE_AUDIENCES = ['EVERYONE', 'CATALOGUES', 'BATCHES', 'GROUPS'] as const;
export type StudentUpdateAudienceKind = (typeof STUDENT_UPDATE_AUDIENCES)[number];

export const STUDENT_UPDATE_LIMITS = {
  title: 150,
  /** the body as sanitised HTML */
  body: 20_000,
  audienceIds: 100,
  /** a schedule is at least this far ahead, so the job has time to be queued */
  scheduleLeadSeconds: 60,
  /** and at most this far ahead */
  scheduleMaxDays: 365,
} as const;

/** Messages of student updates (Lectern's own: spec 2 §8 leaves them open). Fill with fillMessage. */
export const STUDENT_UPDATE_MESSAGES = {
  created: "'[title]' was saved as a draft.",
  scheduled: "'[title]' will be published on [publishAt].",
  published: "'[title]' was published.",
  withdrawn: "'[title]' was withdrawn; students no longer see it.",
  unscheduled: "'[title]' is no longer scheduled; it is a draft again.",
  saved: "'[title]' was saved.",
  deleted: "'[title]' was deleted.",
  notFound: 'Student update [updateId] does not exist.',
  unknownType: "'[updateType]' is not a kind of student update.",
  notAllowed: 'A [state] update cannot be [action].',
  deletePublished: "'[title]' is published: withdraw it before deleting it.",
  needsAudience: 'Choose at least one [what] to send it to.',
  unknownAudience: 'These [what] do not exist: [ids].',
  imageOrVideo: 'An update has an image or a video, not both.',
  videoNotReady: "The video '[videoName]' is not transcoded yet; choose one that is.",
  scheduleTooSoon: 'Choose a time at least a minute from now.',
  scheduleTooLate: 'Choose a time within a year.',
  needsPublishAt: 'Choose when to publish it.',
  homeVideoSaved: "'[videoName]' now plays on the students' home page.",
  homeVideoCleared: "The students' home page shows no video now.",
} as const;

const ACTION_WORDS: Record<StudentUpdateAction, string> = {
  DRAFT: 'kept as a draft',
  SCHEDULE: 'scheduled',
  PUBLISH: 'published',
  WITHDRAW: 'withdrawn',
};

/**
 * The state a save leads to from `current` (null: a new update), or the message refusing it. A
 * published update may be edited and stays published (action PUBLISH); a withdrawn one may be published
 * again or kept as a draft.
 */
export function nextUpdateState(
  current: StudentUpdateState | null,
  action: StudentUpdateAction,
): { state: StudentUpdateState } | { error: string } {
  const allowed: Record<StudentUpdateAction, readonly (StudentUpdateState | null)[]> = {
    DRAFT: [null, 'DRAFT', 'SCHEDULED', 'WITHDRAWN'],
    SCHEDULE: [null, 'DRAFT', 'SCHEDULED', 'WITHDRAWN'],
    PUBLISH: [null, 'DRAFT', 'SCHEDULED', 'PUBLISHED', 'WITHDRAWN'],
    WITHDRAW: ['SCHEDULED', 'PUBLISHED'],
  };
  if (!allowed[action].includes(current)) {
    return {
      error: fillMessage(STUDENT_UPDATE_MESSAGES.notAllowed, {
        state: (current ?? 'new').toLowerCase(),
        action: ACTION_WORDS[action],
      }),
    };
  }
  if (action === 'WITHDRAW') return { state: current === 'SCHEDULED' ? 'DRAFT' : 'WITHDRAWN' };
  if (action === 'SCHEDULE') return { state: 'SCHEDULED' };
  if (action === 'PUBLISH') return { state: 'PUBLISHED' };
  return { state: 'DRAFT' };
}

/** Whether an update in `state` may be deleted: anything students do not see now. */
export function canDeleteUpdate(state: StudentUpdateState): boolean {
  return state !== 'PUBLISHED';
}

/** The problem with a schedule time, or null: at least a minute ahead and within a year of `now`. */
export function scheduleProblem(publishAt: string | null | undefined, now: Date): string | null {
  if (!publishAt) return STUDENT_UPDATE_MESSAGES.needsPublishAt;
  const at = Date.parse(publishAt);
  if (Number.isNaN(at)) return STUDENT_UPDATE_MESSAGES.needsPublishAt;
  if (at < now.getTime() + STUDENT_UPDATE_LIMITS.scheduleLeadSeconds * 1000)
    return STUDENT_UPDATE_MESSAGES.scheduleTooSoon;
  if (at > now.getTime() + STUDENT_UPDATE_LIMITS.scheduleMaxDays * 86_400_000)
    return STUDENT_UPDATE_MESSAGES.scheduleTooLate;
  return null;
}
