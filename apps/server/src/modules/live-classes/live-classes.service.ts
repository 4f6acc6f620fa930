import crypto from 'node:crypto';
import {
  GO_LIVE_EARLY_MINUTES,
  LIVE_CLASS_DURATION,
  LIVE_CLASS_GRACE_MINUTES,
  LIVE_CLASS_MESSAGES,
  accountHoldsOneMeeting,
  classSpan,
  formatIndiaDateTime,
  formatIndiaSpan,
  findClash,
  hasPermission,
  liveClassMessage,
  type BatchSubject,
  type Chapter,
  type CreateLiveClassBody,
  type LiveClass,
  type LiveClassStatus,
  type MeetingAccount,
  type MeetingProvider,
  type ParticipantSession,
  type ScheduleQuery,
  type Teacher,
  type UpdateLiveClassBody,
} from '@lectern/contract';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { changeAggregate, recordChange, type Aggregate } from '../../lib/aggregate';
import { AppError, failWith } from '../../lib/app-error';
import type { Actor, Viewer } from '../../lib/routing';
import {
  MeetingError,
  type HeldMeeting,
  type MeetingAccountRef,
  type Meetings,
  type MeetingSpec,
} from '../../meetings/meetings';
import type { LiveClassPlayback } from './live-class-playback';
import type {
  LiveClassesRepository,
  LiveClassRecord,
  LiveClassRow,
  MeetingAccountRow,
} from './live-classes.repository';

export const fail = failWith(LIVE_CLASS_MESSAGES);

/** The status a class has now: one not ended by its provider ends at its scheduled end plus the grace period. */
export function effectiveStatus(row: Pick<LiveClassRow, 'status' | 'startTime' | 'durationMinutes'>, now = Date.now()) {
  if (row.status === 'ENDED') return 'ENDED';
  const end = classSpan(row.startTime, row.durationMinutes).end + LIVE_CLASS_GRACE_MINUTES * 60_000;
  return now >= end ? 'ENDED' : (row.status as LiveClassStatus);
}

const isAdmin = (viewer: Viewer) => hasPermission(viewer.roles, 'liveClassManage');

/** Live classes: schedule, create, change, delete, show and hide, go live, recordings; subjects, chapters, accounts. */
export class LiveClassesService {
  private readonly aggregate: Aggregate<LiveClassRow>;

  constructor(
    private readonly db: Db,
    private readonly repo: LiveClassesRepository,
    private readonly meetings: Meetings,
    private readonly playback: LiveClassPlayback,
  ) {
    this.aggregate = {
      entity: 'live class',
      lock: (tx, id) => repo.lock(tx, id),
      bumpVersion: (tx, id) => repo.bumpVersion(tx, id),
      missing: () => fail(404, 'notFound', { liveClassId: '' }),
    };
  }

  // ---- reads

  /**
   * GET /batch/live-schedule/{instructorId}: an instructor's classes ('me' is the caller); 'all' is
   * every instructor's, for admins. An INSTRUCTOR reads only their own (another's id answers 404).
   */
  async schedule(viewer: Viewer, instructorId: string, query: ScheduleQuery): Promise<LiveClass[]> {
    const own = instructorId === 'me' || instructorId === viewer.userId;
    if (!isAdmin(viewer) && !own) throw fail(404, 'notYours');
    const teacherId = instructorId === 'all' ? query.teacherId : own ? viewer.userId : instructorId;
    await this.repo.settleEnded(LIVE_CLASS_GRACE_MINUTES);
    const ids = await this.repo.scheduleIds({
      teacherId,
      from: query.from ? new Date(query.from) : undefined,
      to: query.to ? new Date(query.to) : undefined,
      status: query.status,
      batchId: query.batchId,
    });
    return (await this.repo.records(ids)).map((r) => this.view(r));
  }

  /** One class the viewer may see: another instructor's class is 404, as if it did not exist. */
  async byId(viewer: Viewer, liveClassId: string): Promise<LiveClass> {
    const [record] = await this.repo.records([liveClassId]);
    if (!record || (!isAdmin(viewer) && record.row.teacherId !== viewer.userId)) {
      throw fail(404, 'notFound', { liveClassId });
    }
    return this.view(record);
  }

  private async answer(liveClassId: string, db: Db = this.db): Promise<LiveClass> {
    const [record] = await this.repo.records([liveClassId], db);
    if (!record) throw fail(404, 'notFound', { liveClassId });
    return this.view(record);
  }

  /** The answer of a class: never its start address; the recording's playback only while shown. */
  view(r: LiveClassRecord, now = Date.now()): LiveClass {
    const row = r.row;
    const span = classSpan(row.startTime, row.durationMinutes);
    return {
      liveClassId: row.id,
      title: row.title,
      description: row.description,
      classRoomType: row.classRoomType as LiveClass['classRoomType'],
      batches: r.batches,
      groups: r.groups,
      subjectId: row.subjectId ?? '',
      subjectName: r.subjectName ?? '',
      chapterId: row.chapterId,
      chapterName: r.chapterName,
      teacherId: row.teacherId ?? '',
      teacherName: r.teacherName ?? row.instructorName ?? '',
      meetingAccountId: row.meetingAccountId,
      meetingAccountName: r.account?.name ?? null,
      provider: (r.account?.provider as MeetingProvider | undefined) ?? null,
      meetingId: row.meetingId,
      joinUrl: row.classRoomType === 'offline' ? null : row.joinUrl,
      startTime: row.startTime.toISOString(),
      durationMinutes: row.durationMinutes,
      endTime: new Date(span.end).toISOString(),
      thumbnailUrl: row.thumbnailUrl,
      enabled: row.enabled,
      status: effectiveStatus(row, now),
      startedAt: row.startedAt?.toISOString() ?? null,
      endedAt:
        row.endedAt?.toISOString() ??
        (effectiveStatus(row, now) === 'ENDED'
          ? new Date(span.end + LIVE_CLASS_GRACE_MINUTES * 60_000).toISOString()
          : null),
      presentSharePercent: row.presentSharePercent,
      invitedCount: r.invitedCount,
      recording: r.recording
        ? {
            videoId: r.recording.videoId,
            videoName: r.recording.videoName,
            transcodingStatus: r.recording.transcodingStatus,
            playbackUrl: row.enabled ? this.playback.url(row.id, r.recording) : null,
            durationSeconds: r.recording.durationSeconds || null,
            attachedAt: r.recording.attachedAt.toISOString(),
            attachedBy: r.recording.attachedBy,
          }
        : null,
      createdBy: row.createdBy,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      version: row.version,
    };
  }

  async meetingAccounts(): Promise<MeetingAccount[]> {
    return (await this.repo.accounts()).map((a) => ({
      accountId: a.id,
      accountName: a.name,
      provider: a.provider as MeetingProvider,
      hostOrBase: a.hostOrBase,
      enabled: a.enabled,
    }));
  }

  /**
   * The teachers a class may be given (the class form, the schedule's teacher filter: admins'
   * screens). An INSTRUCTOR, who schedules nothing, reads only their own row: never another
   * teacher's mobile number or e-mail.
   */
  async teachers(viewer: Viewer): Promise<Teacher[]> {
    return this.repo.teachers(isAdmin(viewer) ? undefined : viewer.userId);
  }

  async subjects(): Promise<BatchSubject[]> {
    return this.repo.subjects();
  }

  async chapters(subjectId?: string): Promise<Chapter[]> {
    return this.repo.chapters(subjectId);
  }

  // ---- subjects and chapters

  async createSubject(actor: Actor, subjectName: string): Promise<{ subject: BatchSubject; message: string }> {
    const id = crypto.randomUUID();
    await recordChange(this.db, actor, {
      apply: async (tx) => {
        await this.repo.insertSubject(tx, { id, name: subjectName, createdBy: actor.name });
        return {
          activity: {
            action: 'batchSubject.create',
            entityType: 'batchSubject',
            entityId: id,
            after: { subjectName },
            summary: `${actor.name} created the batch subject '${subjectName}'`,
          },
        };
      },
      onError: (error) => (isUniqueViolation(error) ? fail(409, 'subjectTaken', { subjectName }) : undefined),
    });
    return {
      subject: { subjectId: id, subjectName, chapterCount: 0 },
      message: liveClassMessage('subjectCreated', { subjectName }),
    };
  }

  async createChapter(
    actor: Actor,
    input: { subjectId: string; chapterName: string },
  ): Promise<{ chapter: Chapter; message: string }> {
    const id = crypto.randomUUID();
    let subjectName = '';
    await recordChange(this.db, actor, {
      apply: async (tx) => {
        const subject = await this.repo.subject(tx, input.subjectId);
        if (!subject) throw notFoundError('subject', input.subjectId);
        subjectName = subject.name;
        await this.repo.insertChapter(tx, {
          id,
          subjectId: subject.id,
          name: input.chapterName,
          createdBy: actor.name,
        });
        return {
          activity: {
            action: 'batchChapter.create',
            entityType: 'batchChapter',
            entityId: id,
            after: input,
            summary: `${actor.name} added the chapter '${input.chapterName}' to '${subject.name}'`,
          },
        };
      },
      onError: (error) =>
        isUniqueViolation(error)
          ? fail(409, 'chapterTaken', { subjectName, chapterName: input.chapterName })
          : undefined,
    });
    return {
      chapter: { chapterId: id, chapterName: input.chapterName, subjectId: input.subjectId, subjectName },
      message: liveClassMessage('chapterCreated', { chapterName: input.chapterName }),
    };
  }

  // ---- scheduling

  /**
   * The rules of a class being saved, in the transaction: the teacher an active INSTRUCTOR, the
   * subject and chapter real, an audience of existing, ACTIVE batches and groups, a meeting account
   * for a live class (a link for LINK accounts), and no overlap with the teacher's or the account's
   * other classes. The teacher and the account are locked so two saves cannot both pass.
   */
  private async checkFields(
    tx: Db,
    liveClassId: string,
    input: CreateLiveClassBody,
    now: number,
    changing: LiveClassRow | null,
  ): Promise<{ teacherName: string; account: MeetingAccountRow | null }> {
    const teacher = await this.repo.teacher(tx, input.teacherId);
    if (!teacher) throw notFoundError('teacher', input.teacherId);
    if (!teacher.instructor) throw fail(400, 'notInstructor', { name: teacher.name });
    await this.repo.lockForSchedule(tx, 'teacher', input.teacherId);
    const subject = await this.repo.subject(tx, input.subjectId);
    if (!subject) throw notFoundError('subject', input.subjectId);
    if (input.chapterId) {
      const chapter = await this.repo.chapter(tx, input.chapterId);
      if (!chapter || chapter.subjectId !== subject.id) throw notFoundError('chapter', input.chapterId);
    }
    const batchIds = [...new Set(input.batchIds)];
    const groupIds = [...new Set(input.groupIds)];
    if (batchIds.length === 0 && groupIds.length === 0) throw fail(400, 'needsAudience');
    const found = await this.repo.batchesByIds(tx, batchIds);
    const missingBatch = batchIds.find((id) => !found.some((b) => b.id === id));
    if (missingBatch) throw notFoundError('batch', missingBatch);
    // a closed batch takes no new live classes: one already in a class being changed may stay
    const kept = changing ? new Set(await this.repo.batchIdsOf(tx, changing.id)) : new Set<string>();
    const closed = found.find((b) => b.status !== 'ACTIVE' && !kept.has(b.id));
    if (closed) throw fail(409, 'batchClosed', { batchName: closed.name });
    const groups = await this.repo.groupsByIds(tx, groupIds);
    const missingGroup = groupIds.find((id) => !groups.some((g) => g.id === id));
    if (missingGroup) throw notFoundError('group', missingGroup);
    const start = new Date(input.startTime);
    const startChanged = !changing || changing.startTime.getTime() !== start.getTime();
    if (startChanged && start.getTime() < now - 60_000) throw fail(400, 'startInPast');
    let account: MeetingAccountRow | null = null;
    if (input.classRoomType === 'live') {
      if (!input.meetingAccountId) throw fail(400, 'needsAccount');
      account = await this.repo.account(tx, input.meetingAccountId);
      if (!account || (!account.enabled && changing?.meetingAccountId !== account.id)) {
        throw notFoundError('meeting account', input.meetingAccountId);
      }
      if (account.provider === 'LINK' && !input.meetingLink) {
        throw fail(400, 'linkNeeded', { accountName: account.name });
      }
      await this.repo.lockForSchedule(tx, 'account', account.id);
    }
    // only an account that holds one meeting at a time (a Zoom user) can clash; a Jitsi account gives
    // each class its own room, a typed link is the staff's own meeting
    const exclusiveAccountId =
      account && accountHoldsOneMeeting(account.provider as MeetingProvider) ? account.id : null;
    const candidates = await this.repo.clashCandidates(tx, {
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
      const other = clash.other;
      const span = formatIndiaSpan(other.startTime, classSpan(other.startTime, other.durationMinutes).end);
      const times = { otherTitle: other.title, otherStart: span.start, otherEnd: span.end };
      throw clash.kind === 'teacher'
        ? fail(409, 'teacherOverlap', { teacherName: teacher.name, ...times })
        : fail(409, 'accountOverlap', { accountName: account?.name ?? '', ...times });
    }
    return { teacherName: teacher.name, account };
  }

  async create(actor: Actor, input: CreateLiveClassBody): Promise<{ liveClass: LiveClass; message: string }> {
    const id = crypto.randomUUID();
    const now = Date.now();
    let made: { account: MeetingAccountRow; held: HeldMeeting } | null = null;
    try {
      await recordChange(this.db, actor, {
        apply: async (tx) => {
          const { teacherName, account } = await this.checkFields(tx, id, input, now, null);
          const meeting = account
            ? await this.meeting('created', account, (driver) => driver.create(ref(account), spec(id, input)))
            : null;
          if (account && meeting) made = { account, held: { ...meeting, meetingUuid: null } };
          await this.repo.insert(tx, {
            id,
            ...classColumns(input, teacherName, account?.id ?? null, meeting),
            createdBy: actor.name,
          });
          await this.repo.setAudience(tx, id, [...new Set(input.batchIds)], [...new Set(input.groupIds)]);
          return {
            activity: {
              action: 'liveClass.create',
              entityType: 'liveClass',
              entityId: id,
              after: { ...input, meetingLink: undefined },
              summary: `${actor.name} scheduled '${input.title}' for ${formatIndiaDateTime(input.startTime)}`,
            },
            notify:
              input.teacherId === actor.userId
                ? []
                : [
                    {
                      userIds: [input.teacherId],
                      type: 'INFO',
                      title: `'${input.title}' is scheduled`,
                      body: `You teach it on ${formatIndiaDateTime(input.startTime)} for ${input.durationMinutes} minutes.`,
                      link: '/go-live',
                    },
                  ],
          };
        },
      });
    } catch (error) {
      // the meeting was made but the class was not saved: take the meeting back
      const orphan = made as { account: MeetingAccountRow; held: HeldMeeting } | null;
      if (orphan)
        await this.meetings
          .driver(orphan.account.provider as MeetingProvider)
          .remove(ref(orphan.account), orphan.held)
          .catch(() => undefined);
      throw error;
    }
    return {
      liveClass: await this.answer(id),
      message: liveClassMessage('created', {
        title: input.title,
        start: formatIndiaDateTime(new Date(input.startTime)),
      }),
    };
  }

  /** Only a scheduled class (not past its end) may be changed or deleted. */
  private onlyScheduled(row: LiveClassRow): void {
    const status = effectiveStatus(row);
    if (status !== 'SCHEDULED') throw fail(409, 'onlyScheduledChange', { title: row.title, status });
  }

  async update(actor: Actor, input: UpdateLiveClassBody): Promise<{ liveClass: LiveClass; message: string }> {
    const now = Date.now();
    await changeAggregate(
      this.db,
      { ...this.aggregate, missing: () => fail(404, 'notFound', { liveClassId: input.liveClassId }) },
      { actor, id: input.liveClassId, version: input.version },
      {
        check: (_tx, row) => this.onlyScheduled(row),
        apply: async ({ tx, row }) => {
          const { teacherName, account } = await this.checkFields(tx, row.id, input, now, row);
          const before = row.meetingAccountId ? await this.repo.account(tx, row.meetingAccountId) : null;
          const held: HeldMeeting = {
            meetingId: row.meetingId,
            meetingUuid: row.meetingUuid,
            joinUrl: row.joinUrl,
            startUrl: row.startUrl,
          };
          let meeting: { meetingId: string | null; joinUrl: string; startUrl: string } | null = null;
          if (account && before && before.id === account.id) {
            meeting = await this.meeting('updated', account, (d) => d.update(ref(account), held, spec(row.id, input)));
          } else {
            if (account)
              meeting = await this.meeting('created', account, (d) => d.create(ref(account), spec(row.id, input)));
            if (before) await this.meeting('deleted', before, (d) => d.remove(ref(before), held));
          }
          await this.repo.update(tx, row.id, classColumns(input, teacherName, account?.id ?? null, meeting));
          await this.repo.setAudience(tx, row.id, [...new Set(input.batchIds)], [...new Set(input.groupIds)]);
          return {
            activity: {
              action: 'liveClass.update',
              entityType: 'liveClass',
              entityId: row.id,
              before: { title: row.title, startTime: row.startTime.toISOString(), teacherId: row.teacherId },
              after: { ...input, meetingLink: undefined },
              summary: `${actor.name} changed '${input.title}'`,
            },
          };
        },
      },
    );
    return {
      liveClass: await this.answer(input.liveClassId),
      message: liveClassMessage('updated', { title: input.title }),
    };
  }

  async remove(actor: Actor, liveClassId: string): Promise<{ message: string }> {
    let title = '';
    await recordChange(this.db, actor, {
      apply: async (tx) => {
        const row = await this.lockClass(tx, liveClassId);
        this.onlyScheduled(row);
        title = row.title;
        const account = row.meetingAccountId ? await this.repo.account(tx, row.meetingAccountId) : null;
        if (account) {
          const held = {
            meetingId: row.meetingId,
            meetingUuid: row.meetingUuid,
            joinUrl: row.joinUrl,
            startUrl: row.startUrl,
          };
          await this.meeting('deleted', account, (d) => d.remove(ref(account), held));
        }
        await this.repo.delete(tx, liveClassId);
        return {
          activity: {
            action: 'liveClass.delete',
            entityType: 'liveClass',
            entityId: liveClassId,
            before: { title: row.title, startTime: row.startTime.toISOString() },
            summary: `${actor.name} deleted '${row.title}'`,
          },
        };
      },
    });
    return { message: liveClassMessage('deleted', { title }) };
  }

  /** The class locked for a change, or 404 when there is none. */
  private async lockClass(tx: Db, liveClassId: string) {
    const row = await this.repo.lock(tx, liveClassId);
    if (!row) throw fail(404, 'notFound', { liveClassId });
    return row;
  }

  /** Show or hide a class to students, in any state; hiding stops its recording's playback links. */
  async setEnabled(
    actor: Actor,
    liveClassId: string,
    enabled: boolean,
  ): Promise<{ liveClass: LiveClass; message: string }> {
    let title = '';
    await recordChange(this.db, actor, {
      apply: async (tx) => {
        const row = await this.lockClass(tx, liveClassId);
        title = row.title;
        await this.repo.update(tx, liveClassId, { enabled });
        await this.repo.bumpVersion(tx, liveClassId);
        return {
          activity: {
            action: enabled ? 'liveClass.show' : 'liveClass.hide',
            entityType: 'liveClass',
            entityId: liveClassId,
            before: { enabled: row.enabled },
            after: { enabled },
            summary: `${actor.name} ${enabled ? 'showed' : 'hid'} '${row.title}'`,
          },
        };
      },
    });
    return {
      liveClass: await this.answer(liveClassId),
      message: liveClassMessage(enabled ? 'shown' : 'hidden', { title }),
    };
  }

  // ---- going live

  /**
   * POST start: the teacher (an INSTRUCTOR their own class; admins any) goes live from
   * GO_LIVE_EARLY_MINUTES before the start until the class has ended; the class becomes LIVE and the
   * caller gets the meeting's start address. Starting a LIVE class again answers the address again.
   */
  async start(
    viewer: Actor,
    liveClassId: string,
  ): Promise<{ startUrl: string; liveClass: LiveClass; message?: string }> {
    const now = Date.now();
    let startUrl = '';
    let title = '';
    await recordChange(this.db, viewer, {
      apply: async (tx) => {
        const row = await this.repo.lock(tx, liveClassId);
        if (!row || (!isAdmin(viewer) && row.teacherId !== viewer.userId)) throw fail(404, 'notFound', { liveClassId });
        title = row.title;
        const status = effectiveStatus(row, now);
        if (status === 'ENDED') throw fail(409, 'endedNoStart', { title: row.title });
        const from = row.startTime.getTime() - GO_LIVE_EARLY_MINUTES * 60_000;
        if (status === 'SCHEDULED' && now < from) {
          throw fail(409, 'tooEarly', {
            title: row.title,
            start: formatIndiaDateTime(row.startTime),
            from: formatIndiaDateTime(new Date(from)),
          });
        }
        const account = row.meetingAccountId ? await this.repo.account(tx, row.meetingAccountId) : null;
        if (account) {
          const held = {
            meetingId: row.meetingId,
            meetingUuid: row.meetingUuid,
            joinUrl: row.joinUrl,
            startUrl: row.startUrl,
          };
          startUrl = await this.meeting('started', account, (d) => d.startUrl(ref(account), held));
        }
        if (status === 'LIVE') return { activity: [] };
        await this.repo.update(tx, liveClassId, { status: 'LIVE', startedAt: new Date(now) });
        await this.repo.bumpVersion(tx, liveClassId);
        return {
          activity: {
            action: 'liveClass.start',
            entityType: 'liveClass',
            entityId: liveClassId,
            before: { status },
            after: { status: 'LIVE' },
            summary: `${viewer.name} went live in '${row.title}'`,
          },
        };
      },
    });
    return { startUrl, liveClass: await this.answer(liveClassId), message: `'${title}' is live.` };
  }

  // ---- recordings

  async attachRecording(
    actor: Actor,
    liveClassId: string,
    videoId: string,
  ): Promise<{ liveClass: LiveClass; message: string }> {
    let message = '';
    await recordChange(this.db, actor, {
      apply: async (tx) => {
        const row = await this.lockClass(tx, liveClassId);
        const video = await this.repo.video(tx, videoId);
        if (!video) throw notFoundError('video', videoId);
        if (video.transcodingStatus !== 'COMPLETE')
          throw fail(409, 'recordingNotTranscoded', { videoName: video.name });
        const owner = await this.repo.recordingOwner(tx, videoId);
        if (owner && owner.liveClassId !== liveClassId) {
          throw fail(409, 'recordingTaken', { videoName: video.name, otherTitle: owner.title });
        }
        await this.repo.attachRecording(tx, liveClassId, videoId, actor.name);
        await this.repo.bumpVersion(tx, liveClassId);
        message = liveClassMessage('recordingAttached', { videoName: video.name, title: row.title });
        return {
          activity: {
            action: 'liveClass.recording.attach',
            entityType: 'liveClass',
            entityId: liveClassId,
            after: { videoId, videoName: video.name },
            summary: `${actor.name} attached '${video.name}' to '${row.title}'`,
          },
        };
      },
      onError: (error) =>
        isUniqueViolation(error) ? fail(409, 'recordingTaken', { videoName: videoId, otherTitle: '' }) : undefined,
    });
    return { liveClass: await this.answer(liveClassId), message };
  }

  async removeRecording(actor: Actor, liveClassId: string): Promise<{ liveClass: LiveClass; message: string }> {
    let title = '';
    await recordChange(this.db, actor, {
      apply: async (tx) => {
        const row = await this.lockClass(tx, liveClassId);
        title = row.title;
        if (!(await this.repo.detachRecording(tx, liveClassId))) throw fail(409, 'noRecording', { title: row.title });
        await this.repo.bumpVersion(tx, liveClassId);
        return {
          activity: {
            action: 'liveClass.recording.remove',
            entityType: 'liveClass',
            entityId: liveClassId,
            summary: `${actor.name} removed the recording of '${row.title}'`,
          },
        };
      },
    });
    return { liveClass: await this.answer(liveClassId), message: liveClassMessage('recordingRemoved', { title }) };
  }

  /**
   * Everyone who was in a held class's meeting, one session per join and leave, from its provider
   * (Zoom's past-meeting participants; none for Jitsi, typed links and offline classes, which keep no
   * record). For the attendance module; a provider failure is the 502 meetingFailed.
   */
  async pastParticipants(liveClassId: string): Promise<ParticipantSession[]> {
    const row = await this.repo.byId(liveClassId);
    if (!row) throw fail(404, 'notFound', { liveClassId });
    if (row.classRoomType !== 'live' || !row.meetingAccountId) return [];
    const account = await this.repo.account(this.db, row.meetingAccountId);
    if (!account) return [];
    const held = {
      meetingId: row.meetingId,
      meetingUuid: row.meetingUuid,
      joinUrl: row.joinUrl,
      startUrl: row.startUrl,
    };
    return this.meeting('read', account, () => this.meetings.pastParticipants(ref(account), held));
  }

  // ---- meetings

  /** A provider call; its failure is a 502 naming the provider and its reason, and nothing is saved. */
  private async meeting<T>(
    action: 'created' | 'updated' | 'deleted' | 'started' | 'read',
    account: MeetingAccountRow,
    call: (driver: ReturnType<Meetings['driver']>) => Promise<T>,
  ): Promise<T> {
    try {
      return await call(this.meetings.driver(account.provider as MeetingProvider));
    } catch (error) {
      if (error instanceof MeetingError) {
        throw fail(502, 'meetingFailed', { action, provider: providerName(account), reason: error.message });
      }
      throw error;
    }
  }
}

const providerName = (account: MeetingAccountRow) =>
  account.provider === 'ZOOM' ? 'Zoom' : account.provider === 'JITSI' ? 'Jitsi' : account.name;

export function ref(account: MeetingAccountRow): MeetingAccountRef {
  return {
    id: account.id,
    provider: account.provider as MeetingProvider,
    name: account.name,
    hostOrBase: account.hostOrBase,
  };
}

/** The columns a create and an update both write from the form, the teacher and the meeting. */
function classColumns(
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

function spec(liveClassId: string, input: CreateLiveClassBody): MeetingSpec {
  return {
    liveClassId,
    title: input.title,
    description: input.description,
    startTime: new Date(input.startTime),
    durationMinutes: input.durationMinutes,
    link: input.meetingLink,
  };
}

/** 404 for a teacher, subject, chapter, batch, group, account or video that is not there. */
function notFoundError(what: string, id: string): AppError {
  return AppError.of(404, 'notFound', { what: `the ${what} ${id.slice(0, 64)}` });
}
