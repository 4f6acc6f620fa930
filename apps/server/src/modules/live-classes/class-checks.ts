import {
  LIVE_CLASS_DURATION,
  accountHoldsOneMeeting,
  clashMessage,
  classSpan,
  findClash,
  type CreateLiveClassBody,
  type MeetingProvider,
} from '@lectern/contract';
import type { Db } from '../../db/client';
import { fail, notFoundError } from './live-classes.errors';
import type { LiveClassesRepository, LiveClassRow, MeetingAccountRow } from './live-classes.repository';
import type { AudienceRepository } from './audience.repository';
import type { SubjectsRepository } from './subjects.repository';

/**
 * The rules of a class being saved, in the transaction: the teacher an active INSTRUCTOR, the
 * subject and chapter real, an audience of existing, ACTIVE batches and groups, a meeting account
 * for a live class (a link for LINK accounts), and no overlap with the teacher's or the account's
 * other classes. The teacher and the account are locked so two saves cannot both pass.
 */
export async function checkClassFields(
  repo: LiveClassesRepository,
  subjects: SubjectsRepository,
  audience: AudienceRepository,
  tx: Db,
  liveClassId: string,
  input: CreateLiveClassBody,
  now: number,
  changing: LiveClassRow | null,
): Promise<{ teacherName: string; account: MeetingAccountRow | null }> {
  const teacher = await audience.teacher(tx, input.teacherId);
  if (!teacher) throw notFoundError('teacher', input.teacherId);
  if (!teacher.instructor) throw fail(400, 'notInstructor', { name: teacher.name });
  await repo.lockForSchedule(tx, 'teacher', input.teacherId);
  const subject = await subjects.subject(tx, input.subjectId);
  if (!subject) throw notFoundError('subject', input.subjectId);
  if (input.chapterId) {
    const chapter = await subjects.chapter(tx, input.chapterId);
    if (!chapter || chapter.subjectId !== subject.id) throw notFoundError('chapter', input.chapterId);
  }
  const batchIds = [...new Set(input.batchIds)];
  const groupIds = [...new Set(input.groupIds)];
  if (batchIds.length === 0 && groupIds.length === 0) throw fail(400, 'needsAudience');
  const found = await audience.batchesByIds(tx, batchIds);
  const missingBatch = batchIds.find((id) => !found.some((b) => b.id === id));
  if (missingBatch) throw notFoundError('batch', missingBatch);
  // a closed batch takes no new live classes: one already in a class being changed may stay
  const kept = changing ? new Set(await audience.batchIdsOf(tx, changing.id)) : new Set<string>();
  const closed = found.find((b) => b.status !== 'ACTIVE' && !kept.has(b.id));
  if (closed) throw fail(409, 'batchClosed', { batchName: closed.name });
  const groups = await audience.groupsByIds(tx, groupIds);
  const missingGroup = groupIds.find((id) => !groups.some((g) => g.id === id));
  if (missingGroup) throw notFoundError('group', missingGroup);
  const start = new Date(input.startTime);
  const startChanged = !changing || changing.startTime.getTime() !== start.getTime();
  if (startChanged && start.getTime() < now - 60_000) throw fail(400, 'startInPast');
  let account: MeetingAccountRow | null = null;
  if (input.classRoomType === 'live') {
    if (!input.meetingAccountId) throw fail(400, 'needsAccount');
    account = await repo.account(tx, input.meetingAccountId);
    if (!account || (!account.enabled && changing?.meetingAccountId !== account.id)) {
      throw notFoundError('meeting account', input.meetingAccountId);
    }
    if (account.provider === 'LINK' && !input.meetingLink) {
      throw fail(400, 'linkNeeded', { accountName: account.name });
    }
    await repo.lockForSchedule(tx, 'account', account.id);
  }
  // only an account that holds one meeting at a time (a Zoom user) can clash; a Jitsi account gives
  // each class its own room, a typed link is the staff's own meeting
  const exclusiveAccountId = account && accountHoldsOneMeeting(account.provider as MeetingProvider) ? account.id : null;
  const candidates = await repo.clashCandidates(tx, {
    teacherId: input.teacherId,
    meetingAccountId: exclusiveAccountId,
    start,
    end: new Date(classSpan(start, input.durationMinutes).end),
    maxMinutes: LIVE_CLASS_DURATION.max,
  });
  const clash = findClash(
    {
      liveClassId,
      title: input.title,
      teacherId: input.teacherId,
      meetingAccountId: exclusiveAccountId,
      startTime: start.toISOString(),
      durationMinutes: input.durationMinutes,
    },
    candidates.map((c) => ({ ...c, startTime: c.startTime.toISOString() })),
  );
  if (clash) {
    const { key, values } = clashMessage(clash, { teacherName: teacher.name, accountName: account?.name ?? '' });
    throw fail(409, key, values);
  }
  return { teacherName: teacher.name, account };
}

/** The columns a create and an update both write from the form, the teacher and the meeting. */
export function classColumns(
  input: CreateLiveClassBody,
  teacherName: string,
  meetingAccountId: string | null,
  meeting: { meetingId: string | null; joinUrl: string; startUrl: string } | null,
) {
  const start = new Date(input.startTime);
  return {
    title: input.title,
    description: input.description,
    classRoomType: input.classRoomType,
    subjectId: input.subjectId,
    chapterId: input.chapterId,
    teacherId: input.teacherId,
    instructorName: teacherName,
    meetingAccountId,
    meetingId: meeting?.meetingId ?? null,
    joinUrl: meeting?.joinUrl ?? null,
    startUrl: meeting?.startUrl ?? null,
    startTime: start,
    // the recordings list reads class_date: it is the start, kept in step
    classDate: start,
    durationMinutes: input.durationMinutes,
    thumbnailUrl: input.thumbnailUrl,
    enabled: input.enabled,
    presentSharePercent: input.presentSharePercent,
  };
}
