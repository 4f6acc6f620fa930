import { fillMessage } from '../errors';
import { formatIndiaSpan } from '../format';

// The rules of live classes and their attendance as pure functions (spec 2 §4, §7 "Live classes" and
// "Attendance", DESIGN §9): the server applies them, the screens use them to warn before asking, and
// the tests walk them as tables.

/** SCHEDULED -start-> LIVE -> ENDED (the provider's end, or the scheduled end plus the grace period). */
export const LIVE_CLASS_STATUSES = ['SCHEDULED', 'LIVE', 'ENDED'] as const;
export type LiveClassStatus = (typeof LIVE_CLASS_STATUSES)[number];

/** `live`: an online class on a meeting account; `offline`: in a classroom, attendance marked by staff. */
export const CLASS_ROOM_TYPES = ['live', 'offline'] as const;
export type ClassRoomType = (typeof CLASS_ROOM_TYPES)[number];

/** ZOOM: Server-to-Server OAuth app; JITSI: a self-hosted Jitsi Meet base address; LINK: a link staff type. */
export const MEETING_PROVIDERS = ['ZOOM', 'JITSI', 'LINK'] as const;
export type MeetingProvider = (typeof MEETING_PROVIDERS)[number];

/**
 * Whether an account holds one meeting at a time, so two of its classes at once clash: a Zoom user
 * hosts one meeting at a time; every Jitsi class has its own room and a typed link is the staff's own
 * meeting, so those accounts never clash.
 */
export function accountHoldsOneMeeting(provider: MeetingProvider): boolean {
  return provider === 'ZOOM';
}

export const LIVE_CLASS_DURATION = { min: 15, max: 360, default: 60 } as const;
/** A class not ended by its provider ends this long after its scheduled end. */
export const LIVE_CLASS_GRACE_MINUTES = 30;
/** A teacher may go live this long before the scheduled start. */
export const GO_LIVE_EARLY_MINUTES = 15;
/** A student is present at or above this share of the scheduled length, unless the class fixes another. */
export const DEFAULT_PRESENT_SHARE_PERCENT = 75;

/** Messages of live classes (Lectern's own: spec 2 §8 leaves them open). Fill with fillMessage. */
export const LIVE_CLASS_MESSAGES = {
  created: "'[title]' is scheduled for [start].",
  updated: "'[title]' was updated.",
  deleted: "'[title]' was deleted.",
  shown: "'[title]' is shown to students.",
  hidden: "'[title]' is hidden from students; its links and recording no longer play.",
  notFound: 'Live class [liveClassId] does not exist.',
  teacherOverlap: "[teacherName] already teaches '[otherTitle]' from [otherStart] to [otherEnd].",
  accountOverlap:
    "The meeting account '[accountName]' is already used by '[otherTitle]' from [otherStart] to [otherEnd].",
  batchClosed: "Batch '[batchName]' is closed and takes no new live classes.",
  needsAudience: 'Choose at least one batch or group.',
  needsAccount: 'A live class needs a meeting account.',
  linkNeeded: "The account '[accountName]' takes a meeting link typed by staff: enter the link.",
  notInstructor: '[name] is not an instructor.',
  startedAlready: "'[title]' is already live.",
  endedNoStart: "'[title]' has ended and cannot be started again.",
  tooEarly: "'[title]' starts at [start]: you can go live from [from].",
  notYours: 'This live class is not yours.',
  onlyScheduledChange: "'[title]' is [status]: only a scheduled class can be changed or deleted.",
  startInPast: 'The start time is in the past.',
  recordingAttached: "The recording '[videoName]' is attached to '[title]'.",
  recordingRemoved: "The recording was removed from '[title]'; its links no longer play.",
  recordingNotTranscoded: "'[videoName]' is not transcoded yet: only a transcoded video can be attached.",
  recordingTaken: "'[videoName]' is already the recording of '[otherTitle]'.",
  noRecording: "'[title]' has no recording.",
  subjectCreated: "Subject '[subjectName]' was created.",
  subjectTaken: "A subject named '[subjectName]' already exists.",
  chapterCreated: "Chapter '[chapterName]' was created.",
  chapterTaken: "'[subjectName]' already has a chapter named '[chapterName]'.",
  attendanceImported: '[matched|participant] matched to students; [unmatched] to match by hand.',
  participantMatched: '[participantName] is now counted as [studentName].',
  notInAudience: '[studentName] is not in a batch of this class.',
  offlineMarked: 'Attendance of [count|student] was saved.',
  offlineOnly: 'Attendance is marked by hand for offline classes only.',
  liveOnly: 'Participants are imported for live classes only.',
  classNotStarted: "'[title]' has not started: there is no attendance yet.",
  meetingFailed: 'The meeting could not be [action] at [provider]: [reason]',
} as const;

export const liveClassMessage = (key: keyof typeof LIVE_CLASS_MESSAGES, values: Record<string, string | number> = {}) =>
  fillMessage(LIVE_CLASS_MESSAGES[key], values);

/** A span of time in milliseconds since the epoch, start inclusive, end exclusive. */
export interface Span {
  start: number;
  end: number;
}

/** The scheduled span of a class. */
export function classSpan(startTime: string | Date, durationMinutes: number): Span {
  const start = new Date(startTime).getTime();
  return { start, end: start + durationMinutes * 60_000 };
}

/** True when two spans share any moment (touching ends do not overlap: 10:00-11:00 and 11:00-12:00 are fine). */
export function spansOverlap(a: Span, b: Span): boolean {
  return a.start < b.end && b.start < a.end;
}

/** A class as the overlap rule sees it. */
export interface ScheduledSlot {
  liveClassId: string;
  title: string;
  teacherId: string;
  meetingAccountId: string | null;
  startTime: string;
  durationMinutes: number;
}

/**
 * The first class that clashes with `candidate`: the same teacher, or the same meeting account, at an
 * overlapping time (the class itself is skipped when it is being edited). Null when it is free. The
 * candidate names its account only when the account holds one meeting at a time
 * (`accountHoldsOneMeeting`); null otherwise.
 */
export function findClash(
  candidate: ScheduledSlot,
  others: readonly ScheduledSlot[],
): { kind: 'teacher' | 'account'; other: ScheduledSlot } | null {
  const span = classSpan(candidate.startTime, candidate.durationMinutes);
  const sorted = [...others].sort((a, b) => a.startTime.localeCompare(b.startTime));
  for (const other of sorted) {
    if (other.liveClassId === candidate.liveClassId) continue;
    if (!spansOverlap(span, classSpan(other.startTime, other.durationMinutes))) continue;
    if (other.teacherId === candidate.teacherId) return { kind: 'teacher', other };
    if (candidate.meetingAccountId && other.meetingAccountId === candidate.meetingAccountId) {
      return { kind: 'account', other };
    }
  }
  return null;
}

/** A clash as the message that refuses the save: its key and the values that fill it (times in India time). */
export function clashMessage(
  clash: { kind: 'teacher' | 'account'; other: ScheduledSlot },
  names: { teacherName: string; accountName: string },
): { key: 'teacherOverlap' | 'accountOverlap'; values: Record<string, string> } {
  const { other } = clash;
  const span = formatIndiaSpan(other.startTime, classSpan(other.startTime, other.durationMinutes).end);
  const times = { otherTitle: other.title, otherStart: span.start, otherEnd: span.end };
  return clash.kind === 'teacher'
    ? { key: 'teacherOverlap', values: { teacherName: names.teacherName, ...times } }
    : { key: 'accountOverlap', values: { accountName: names.accountName, ...times } };
}

/** The status a class has at `now`: one not ended by its provider ends at its scheduled end plus the grace period. */
export function liveClassStatusAt(
  cls: { status: string; startTime: string | Date; durationMinutes: number },
  now: number,
): LiveClassStatus {
  if (cls.status === 'ENDED') return 'ENDED';
  return now >= classEndsBy(cls.startTime, cls.durationMinutes) ? 'ENDED' : (cls.status as LiveClassStatus);
}

/** When a class has ended at the latest: its scheduled end plus the grace period. */
export function classEndsBy(startTime: string | Date, durationMinutes: number): number {
  return classSpan(startTime, durationMinutes).end + LIVE_CLASS_GRACE_MINUTES * 60_000;
}

/** The first moment a teacher may go live: GO_LIVE_EARLY_MINUTES before the scheduled start. */
export function goLiveFrom(startTime: string | Date): number {
  return new Date(startTime).getTime() - GO_LIVE_EARLY_MINUTES * 60_000;
}

/** Join/leave intervals merged: rejoins and overlapping sessions (two devices) count once, to the second. */
export function mergeSpans(spans: readonly Span[]): Span[] {
  const sorted = spans
    .map((s) => ({ start: Math.floor(s.start / 1000) * 1000, end: Math.floor(s.end / 1000) * 1000 }))
    .filter((s) => s.end > s.start)
    .sort((a, b) => a.start - b.start);
  const merged: Span[] = [];
  for (const span of sorted) {
    const last = merged[merged.length - 1];
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else merged.push({ ...span });
  }
  return merged;
}

/** Seconds inside `within` covered by the merged spans (time before the start or after the end is not counted). */
export function attendedSeconds(spans: readonly Span[], within?: Span): number {
  let ms = 0;
  for (const span of mergeSpans(spans)) {
    const start = within ? Math.max(span.start, within.start) : span.start;
    const end = within ? Math.min(span.end, within.end) : span.end;
    if (end > start) ms += end - start;
  }
  return Math.round(ms / 1000);
}

/** Present or absent, and why in words: 'present: 41 of 45 minutes (at least 75%)', 'absent: 9 of 45 minutes, below 75%'. */
export function attendanceVerdict(
  seconds: number,
  scheduledMinutes: number,
  presentSharePercent: number,
): { present: boolean; minutes: number; explanation: string } {
  const minutes = Math.floor(seconds / 60);
  const needed = (scheduledMinutes * 60 * presentSharePercent) / 100;
  const present = seconds >= needed;
  const explanation = present
    ? `present: ${minutes} of ${scheduledMinutes} minutes (at least ${presentSharePercent}%)`
    : `absent: ${minutes} of ${scheduledMinutes} minutes, below ${presentSharePercent}%`;
  return { present, minutes, explanation };
}

/** The columns of Zoom's meeting participants report (CSV), as Zoom names them. */
export const ZOOM_PARTICIPANT_COLUMNS = {
  name: ['Name (original name)', 'Name (Original Name)', 'Name'],
  email: ['User Email', 'Email'],
  join: ['Join Time', 'Join time'],
  leave: ['Leave Time', 'Leave time'],
} as const;

/** One participant session as Zoom reports it (API or CSV): who, and one join/leave pair. */
export interface ParticipantSession {
  name: string;
  email: string;
  registrantId: string;
  phone: string;
  joinTime: string;
  leaveTime: string;
}

/**
 * Zoom's participants CSV rows (already split into records by header) as participant sessions. Zoom
 * writes times as 'MM/DD/YYYY hh:mm:ss AM' in the account's time zone (India here, UTC+05:30). Rows
 * without a join or leave time are reported back with their row number, never guessed.
 */
export function zoomCsvSessions(records: readonly Record<string, string>[]): {
  sessions: ParticipantSession[];
  rejected: { rowNumber: number; reason: string }[];
} {
  const pick = (record: Record<string, string>, names: readonly string[]) => {
    const keys = Object.keys(record);
    for (const name of names) {
      const key = keys.find((k) => k.trim().toLowerCase() === name.toLowerCase());
      if (key !== undefined) return (record[key] ?? '').trim();
    }
    return '';
  };
  const sessions: ParticipantSession[] = [];
  const rejected: { rowNumber: number; reason: string }[] = [];
  records.forEach((record, index) => {
    const rowNumber = index + 2;
    const name = pick(record, ZOOM_PARTICIPANT_COLUMNS.name).replace(/\s*\(.*\)\s*$/, '');
    const joinTime = zoomTime(pick(record, ZOOM_PARTICIPANT_COLUMNS.join));
    const leaveTime = zoomTime(pick(record, ZOOM_PARTICIPANT_COLUMNS.leave));
    if (!name && !joinTime) return; // an empty line
    if (!joinTime || !leaveTime) {
      rejected.push({ rowNumber, reason: 'The join or leave time is missing or not a time Zoom writes.' });
      return;
    }
    sessions.push({
      name,
      email: pick(record, ZOOM_PARTICIPANT_COLUMNS.email),
      registrantId: '',
      phone: '',
      joinTime,
      leaveTime,
    });
  });
  return { sessions, rejected };
}

/** 'MM/DD/YYYY hh:mm:ss AM' (India time) or an ISO time, as ISO; null when it is neither. */
export function zoomTime(text: string): string | null {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4}),? (\d{1,2}):(\d{2})(?::(\d{2}))? ?([AP]M)?$/i.exec(text.trim());
  if (m) {
    const [, mm, dd, yyyy, hh, min, ss, ampm] = m;
    let hour = Number(hh);
    if (ampm) hour = (hour % 12) + (ampm.toUpperCase() === 'PM' ? 12 : 0);
    const utc = Date.UTC(Number(yyyy), Number(mm) - 1, Number(dd), hour, Number(min), Number(ss ?? 0)) - 330 * 60_000;
    return Number.isNaN(utc) ? null : new Date(utc).toISOString();
  }
  if (/^\d{4}-\d{2}-\d{2}T/.test(text)) {
    const t = Date.parse(text);
    return Number.isNaN(t) ? null : new Date(t).toISOString();
  }
  return null;
}
