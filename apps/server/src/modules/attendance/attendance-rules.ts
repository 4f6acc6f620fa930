import crypto from 'node:crypto';
import {
  attendanceVerdict,
  attendedSeconds,
  classSpan,
  mergeSpans,
  type ParticipantSession,
  type Span,
  type UnmatchedParticipant,
} from '@lectern/contract';

// How the server turns participant sessions into attendance, on top of the contract's pure rules
// (mergeSpans, attendedSeconds, attendanceVerdict): who a session's person is, which student a person
// is, and each student's result. Plain functions over plain data, so the tests can walk them as tables.

/** The class as these rules read it. */
export interface ClassTimes {
  startTime: Date;
  durationMinutes: number;
  presentSharePercent: number;
  endedAt: Date | null;
}

/**
 * The span whose time counts: the scheduled one, [start, start + duration], stretched to the actual
 * end when the class ran over. Time before the scheduled start (a teacher who went live early, students
 * waiting) is not counted, so nobody is present for arriving early.
 */
export function countedSpan(cls: ClassTimes): Span {
  const span = classSpan(cls.startTime, cls.durationMinutes);
  const ended = cls.endedAt?.getTime();
  return ended !== undefined && ended > span.end ? { start: span.start, end: ended } : span;
}

/** What a class's results are worked out from: when it changes (the class ended later), they are worked out again. */
export const basisOf = (cls: ClassTimes): string => {
  const span = countedSpan(cls);
  return `${span.start}-${span.end}/${cls.durationMinutes}/${cls.presentSharePercent}`;
};

/** The last 10 digits of a phone number ('+91 98450 12345' -> '9845012345'); '' without digits. */
export const mobileKey = (phone: string): string => phone.replace(/\D/g, '').slice(-10);

/**
 * Who a session is: its registrant id, else its e-mail, else its mobile number, else its display name.
 * A display name only keeps one unknown person's rejoins together; it never matches a student. Null
 * when the session says nothing about who it is.
 */
export function personKey(session: Pick<ParticipantSession, 'registrantId' | 'email' | 'phone' | 'name'>) {
  const registrant = session.registrantId.trim();
  if (registrant) return `registrant:${registrant}`;
  const email = session.email.trim().toLowerCase();
  if (email) return `email:${email}`;
  const mobile = mobileKey(session.phone);
  if (mobile) return `mobile:${mobile}`;
  const name = session.name.trim().replace(/\s+/g, ' ').toLowerCase();
  if (name) return `name:${name}`;
  return null;
}

/** A person's id, the same at every import of the class (so a hand match outlives re-imports). */
export const participantIdOf = (key: string): string =>
  `pt-${crypto.createHash('sha256').update(key).digest('hex').slice(0, 24)}`;

/** What a person said about themself across their sessions. */
export interface Person {
  participantId: string;
  emails: Set<string>;
  mobiles: Set<string>;
}

export interface Candidate {
  id: string;
  email: string | null;
  mobileNumber: string;
}

export type FoundBy = 'EMAIL' | 'MOBILE';

/**
 * The student each person is, found by registered e-mail (without regard to case), else by mobile number
 * (last 10 digits), among the invited students. A person whose e-mail or number belongs to two students
 * is left for staff rather than guessed; the display name is never used.
 */
export function findStudents(
  persons: readonly Person[],
  students: readonly Candidate[],
): Map<string, { studentId: string; matchedBy: FoundBy }> {
  const byEmail = new Map<string, Set<string>>();
  const byMobile = new Map<string, Set<string>>();
  const add = (map: Map<string, Set<string>>, key: string, id: string) => {
    if (!key) return;
    const ids = map.get(key) ?? new Set<string>();
    ids.add(id);
    map.set(key, ids);
  };
  for (const s of students) {
    add(byEmail, (s.email ?? '').trim().toLowerCase(), s.id);
    add(byMobile, mobileKey(s.mobileNumber), s.id);
  }
  const only = (map: Map<string, Set<string>>, keys: Set<string>): string | null => {
    const found = new Set<string>();
    for (const key of keys) for (const id of map.get(key) ?? []) found.add(id);
    return found.size === 1 ? [...found][0]! : null;
  };
  const matches = new Map<string, { studentId: string; matchedBy: FoundBy }>();
  for (const person of persons) {
    const byMail = only(byEmail, person.emails);
    if (byMail) {
      matches.set(person.participantId, { studentId: byMail, matchedBy: 'EMAIL' });
      continue;
    }
    const byPhone = only(byMobile, person.mobiles);
    if (byPhone) matches.set(person.participantId, { studentId: byPhone, matchedBy: 'MOBILE' });
  }
  return matches;
}

/** A session as the results read it: its person, and the student the person is matched to. */
export interface MatchedSession {
  participantId: string;
  name: string;
  email: string;
  joinTime: Date;
  leaveTime: Date;
  studentId: string | null;
  matchedBy: string | null;
}

/** One matched student's attendance of the class. */
export interface StudentResult {
  studentId: string;
  seconds: number;
  present: boolean;
  explanation: string;
  matchedBy: string;
  firstJoin: Date;
  lastLeave: Date;
  spans: { joinTime: string; leaveTime: string }[];
}

/** Hand matches first: when one student is several persons (phone and laptop), the strongest way names it. */
const MATCH_STRENGTH = ['BY_HAND', 'REGISTRANT', 'EMAIL', 'MOBILE'];

const spanOf = (s: MatchedSession): Span => ({ start: s.joinTime.getTime(), end: s.leaveTime.getTime() });

/**
 * Each matched student's result (every session of every person matched to them merged, counted inside
 * the class span, judged against the class's share), the unmatched persons, and how many people were in
 * class in each minute from the start (a student on two devices is one person).
 */
export function workOut(
  cls: ClassTimes,
  sessions: readonly MatchedSession[],
): { results: StudentResult[]; unmatched: UnmatchedParticipant[]; timeline: { minute: number; inClass: number }[] } {
  const span = countedSpan(cls);
  const byStudent = new Map<string, MatchedSession[]>();
  const byPerson = new Map<string, MatchedSession[]>();
  for (const s of sessions) {
    const map = s.studentId ? byStudent : byPerson;
    const key = s.studentId ?? s.participantId;
    const own = map.get(key);
    if (own) own.push(s);
    else map.set(key, [s]);
  }

  const results: StudentResult[] = [];
  for (const [studentId, own] of byStudent) {
    const spans = own.map(spanOf);
    const merged = mergeSpans(spans);
    const seconds = attendedSeconds(spans, span);
    const verdict = attendanceVerdict(seconds, cls.durationMinutes, cls.presentSharePercent);
    const ways = own.map((s) => s.matchedBy ?? 'BY_HAND');
    results.push({
      studentId,
      seconds,
      present: verdict.present,
      explanation: verdict.explanation,
      matchedBy: MATCH_STRENGTH.find((way) => ways.includes(way)) ?? ways[0]!,
      firstJoin: new Date(Math.min(...own.map((s) => s.joinTime.getTime()))),
      lastLeave: new Date(Math.max(...own.map((s) => s.leaveTime.getTime()))),
      spans: merged.map((m) => ({
        joinTime: new Date(m.start).toISOString(),
        leaveTime: new Date(m.end).toISOString(),
      })),
    });
  }

  const unmatched: UnmatchedParticipant[] = [...byPerson.entries()].map(([participantId, own]) => ({
    participantId,
    name: own.find((s) => s.name)?.name ?? '',
    email: own.find((s) => s.email)?.email ?? '',
    minutes: Math.floor(attendedSeconds(own.map(spanOf), span) / 60),
    joinTime: new Date(Math.min(...own.map((s) => s.joinTime.getTime()))).toISOString(),
    leaveTime: new Date(Math.max(...own.map((s) => s.leaveTime.getTime()))).toISOString(),
  }));
  unmatched.sort((a, b) => a.name.localeCompare(b.name) || a.joinTime.localeCompare(b.joinTime));

  const minutes = Math.max(0, Math.ceil((span.end - span.start) / 60_000));
  const inClass = new Array<number>(minutes).fill(0);
  for (const own of [...byStudent.values(), ...byPerson.values()]) {
    let last = -1; // a person counts once in a minute, however many stretches touch it
    for (const m of mergeSpans(own.map(spanOf))) {
      const start = Math.max(m.start, span.start);
      const end = Math.min(m.end, span.end);
      if (end <= start) continue;
      const from = Math.max(Math.floor((start - span.start) / 60_000), last + 1);
      const to = Math.ceil((end - span.start) / 60_000) - 1;
      for (let minute = from; minute <= to; minute++) inClass[minute]! += 1;
      last = Math.max(last, to);
    }
  }
  return { results, unmatched, timeline: inClass.map((count, minute) => ({ minute, inClass: count })) };
}
