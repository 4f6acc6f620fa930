import {
  CreateLiveClassBodySchema,
  DEFAULT_PRESENT_SHARE_PERCENT,
  LIVE_CLASS_DURATION,
  accountHoldsOneMeeting,
  classSpan,
  findClash,
  formatIndiaSpan,
  liveClassMessage,
  type ClassRoomType,
  type CreateLiveClassBody,
  type LiveClass,
  type MeetingAccount,
  type MeetingProvider,
} from '@lectern/contract';
import { fromIndia, indiaParts } from './class-time';

/** The drawer's form as typed: texts where a person types, choices as the lists show them. */
export interface LiveClassFormValues {
  title: string;
  description: string;
  classRoomType: ClassRoomType;
  batches: { batchId: string; batchName: string }[];
  groups: { groupId: string; groupName: string }[];
  subjectId: string;
  chapterId: string;
  teacherId: string;
  meetingAccountId: string;
  /** for a LINK account */
  meetingLink: string;
  /** India day, YYYY-MM-DD */
  day: string;
  /** India time, HH:mm */
  time: string;
  durationMinutes: string;
  presentSharePercent: string;
  thumbnailUrl: string;
  enabled: boolean;
}

export type LiveClassFormField = keyof LiveClassFormValues;

/** The drawer's names of the fields, for the list of what someone else changed. */
export const LIVE_CLASS_FIELD_LABELS: Record<LiveClassFormField, string> = {
  title: 'Title',
  description: 'Description',
  classRoomType: 'Live or offline',
  batches: 'Batches',
  groups: 'Groups',
  subjectId: 'Subject',
  chapterId: 'Chapter',
  teacherId: 'Teacher',
  meetingAccountId: 'Meeting account',
  meetingLink: 'Meeting link',
  day: 'Day',
  time: 'Start time',
  durationMinutes: 'Duration',
  presentSharePercent: 'Present at',
  thumbnailUrl: 'Thumbnail',
  enabled: 'Show to students',
};

export function emptyLiveClassForm(day: string): LiveClassFormValues {
  return {
    title: '',
    description: '',
    classRoomType: 'live',
    batches: [],
    groups: [],
    subjectId: '',
    chapterId: '',
    teacherId: '',
    meetingAccountId: '',
    meetingLink: '',
    day,
    time: '10:00',
    durationMinutes: String(LIVE_CLASS_DURATION.default),
    presentSharePercent: String(DEFAULT_PRESENT_SHARE_PERCENT),
    thumbnailUrl: '',
    enabled: true,
  };
}

/** The form holding a saved class. */
export function liveClassFormValues(liveClass: LiveClass): LiveClassFormValues {
  const { day, time } = indiaParts(liveClass.startTime);
  return {
    title: liveClass.title,
    description: liveClass.description,
    classRoomType: liveClass.classRoomType,
    batches: liveClass.batches,
    groups: liveClass.groups,
    subjectId: liveClass.subjectId,
    chapterId: liveClass.chapterId ?? '',
    teacherId: liveClass.teacherId,
    meetingAccountId: liveClass.meetingAccountId ?? '',
    meetingLink: liveClass.provider === 'LINK' ? (liveClass.joinUrl ?? '') : '',
    day,
    time,
    durationMinutes: String(liveClass.durationMinutes),
    presentSharePercent: String(liveClass.presentSharePercent),
    thumbnailUrl: liveClass.thumbnailUrl ?? '',
    enabled: liveClass.enabled,
  };
}

const wholeNumber = (text: string) => (/^\d{1,4}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/**
 * The body to send, or the problem with each field: the contract's schema, and the rules the server
 * applies with its own messages (an audience, an account for a live class, the link a LINK account needs).
 */
export function liveClassBody(
  values: LiveClassFormValues,
  accounts: readonly MeetingAccount[],
):
  | { body: CreateLiveClassBody; issues?: undefined }
  | { body?: undefined; issues: Partial<Record<LiveClassFormField, string>> } {
  const issues: Partial<Record<LiveClassFormField, string>> = {};
  const live = values.classRoomType === 'live';
  const account = accounts.find((a) => a.accountId === values.meetingAccountId);
  const startTime = fromIndia(values.day, values.time);
  if (!startTime) issues[values.day ? 'time' : 'day'] = 'Choose the day and the time.';
  if (values.batches.length === 0 && values.groups.length === 0) issues.batches = liveClassMessage('needsAudience');
  if (live && !values.meetingAccountId) issues.meetingAccountId = liveClassMessage('needsAccount');
  if (live && account?.provider === 'LINK' && !values.meetingLink.trim()) {
    issues.meetingLink = liveClassMessage('linkNeeded', { accountName: account.accountName });
  }
  const duration = wholeNumber(values.durationMinutes);
  if (!(duration >= LIVE_CLASS_DURATION.min && duration <= LIVE_CLASS_DURATION.max)) {
    issues.durationMinutes = `From ${LIVE_CLASS_DURATION.min} to ${LIVE_CLASS_DURATION.max} minutes.`;
  }
  const share = wholeNumber(values.presentSharePercent);
  if (!(share >= 1 && share <= 100)) issues.presentSharePercent = 'A whole percentage from 1 to 100.';
  if (!values.subjectId) issues.subjectId = 'Choose the subject.';
  if (!values.teacherId) issues.teacherId = 'Choose the teacher.';

  const parsed = CreateLiveClassBodySchema.safeParse({
    title: values.title,
    description: values.description,
    classRoomType: values.classRoomType,
    batchIds: values.batches.map((b) => b.batchId),
    groupIds: values.groups.map((g) => g.groupId),
    subjectId: values.subjectId,
    chapterId: values.chapterId || null,
    teacherId: values.teacherId,
    meetingAccountId: live ? values.meetingAccountId || null : null,
    meetingLink: live && account?.provider === 'LINK' ? values.meetingLink.trim() || null : null,
    startTime: startTime ?? '',
    durationMinutes: duration,
    thumbnailUrl: values.thumbnailUrl.trim() || null,
    enabled: values.enabled,
    presentSharePercent: share,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = String(issue.path[0] ?? '');
      const field: LiveClassFormField | null =
        path === 'batchIds' || path === 'groupIds'
          ? 'batches'
          : path === 'startTime'
            ? 'time'
            : path in values
              ? (path as LiveClassFormField)
              : null;
      if (field && !issues[field]) issues[field] = issue.message;
    }
  }
  if (Object.keys(issues).length > 0 || !parsed.success) {
    return { issues: Object.keys(issues).length > 0 ? issues : { title: 'Check the form.' } };
  }
  return { body: parsed.data };
}

/**
 * The class already on the teacher or the meeting account at the chosen time, in the server's words,
 * or null. A warning before saving: the server has the final word.
 */
export function clashWarning(
  values: LiveClassFormValues,
  liveClassId: string | null,
  others: readonly LiveClass[],
  names: { teacherName: string; accountName: string; accountProvider?: MeetingProvider },
): string | null {
  const startTime = fromIndia(values.day, values.time);
  const duration = wholeNumber(values.durationMinutes);
  if (!startTime || !values.teacherId || !(duration > 0)) return null;
  const clash = findClash(
    {
      liveClassId: liveClassId ?? '',
      title: values.title,
      teacherId: values.teacherId,
      // only an account that holds one meeting at a time (a Zoom user) clashes, as on the server
      meetingAccountId:
        values.classRoomType === 'live' && (!names.accountProvider || accountHoldsOneMeeting(names.accountProvider))
          ? values.meetingAccountId || null
          : null,
      startTime,
      durationMinutes: duration,
    },
    others,
  );
  if (!clash) return null;
  const other = others.find((c) => c.liveClassId === clash.other.liveClassId);
  // the server's own words: the same India span its refusal names
  const span = formatIndiaSpan(
    clash.other.startTime,
    classSpan(clash.other.startTime, clash.other.durationMinutes).end,
  );
  const values_ = { otherTitle: clash.other.title, otherStart: span.start, otherEnd: span.end };
  return clash.kind === 'teacher'
    ? liveClassMessage('teacherOverlap', { ...values_, teacherName: other?.teacherName ?? names.teacherName })
    : liveClassMessage('accountOverlap', { ...values_, accountName: other?.meetingAccountName ?? names.accountName });
}
