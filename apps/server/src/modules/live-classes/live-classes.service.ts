import crypto from 'node:crypto';
import {
  LIVE_CLASS_GRACE_MINUTES,
  formatIndiaDateTime,
  goLiveFrom,
  hasPermission,
  liveClassMessage,
  type CreateLiveClassBody,
  type LiveClass,
  type MeetingAccount,
  type MeetingProvider,
  type ParticipantSession,
  type ScheduleQuery,
  type Teacher,
  type UpdateLiveClassBody,
} from '@lectern/contract';
import type { Db } from '../../db/client';
import { changeAggregate, recordChange, type Aggregate, aggregateOf } from '../../lib/aggregate';
import type { StaffActor, Viewer } from '../../lib/routing';
import type { HeldMeeting, Meetings } from '../../meetings/meetings';
import { AudienceRepository } from './audience.repository';
import { checkClassFields, classColumns } from './class-checks';
import type { LiveClassPlayback } from './live-class-playback';
import { effectiveStatus, readLiveClass, toLiveClass } from './live-class-view';
import { fail } from './live-classes.errors';
import type { LiveClassesRepository, LiveClassRow, MeetingAccountRow } from './live-classes.repository';
import { MeetingsGateway } from './meetings.gateway';
import { RecordingsService } from './recordings.service';
import { SubjectsRepository } from './subjects.repository';
import { SubjectsService } from './subjects.service';

const isAdmin = (viewer: Viewer) => hasPermission(viewer.roles, 'liveClassManage');

/**
 * Live classes: schedule, create, change, delete, show and hide, go live. Their rules are
 * class-checks.ts (and the contract's live-class-rules.ts), their meetings meetings.gateway.ts;
 * subjects and recordings are their own services, answered here for the routes.
 */
export class LiveClassesService {
  private readonly aggregate: Aggregate<LiveClassRow>;
  private readonly subjectsRepo: SubjectsRepository;
  private readonly audience: AudienceRepository;
  private readonly gateway: MeetingsGateway;
  private readonly subjectsOf: SubjectsService;
  private readonly recordingsOf: RecordingsService;

  constructor(
    private readonly db: Db,
    private readonly repo: LiveClassesRepository,
    meetings: Meetings,
    private readonly playback: LiveClassPlayback,
  ) {
    this.gateway = new MeetingsGateway(meetings);
    this.subjectsRepo = new SubjectsRepository(db);
    this.audience = new AudienceRepository(db);
    this.subjectsOf = new SubjectsService(db, this.subjectsRepo);
    this.recordingsOf = new RecordingsService(db, repo, playback);
    this.aggregate = aggregateOf('live class', repo, () => fail(404, 'notFound', { liveClassId: '' }));
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
    return (await this.repo.records(ids)).map((r) => toLiveClass(r, this.playback));
  }

  /** One class the viewer may see: another instructor's class is 404, as if it did not exist. */
  async byId(viewer: Viewer, liveClassId: string): Promise<LiveClass> {
    const [record] = await this.repo.records([liveClassId]);
    if (!record || (!isAdmin(viewer) && record.row.teacherId !== viewer.userId)) {
      throw fail(404, 'notFound', { liveClassId });
    }
    return toLiveClass(record, this.playback);
  }

  private answer(liveClassId: string): Promise<LiveClass> {
    return readLiveClass(this.repo, this.playback, liveClassId, this.db);
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
    return this.audience.teachers(isAdmin(viewer) ? undefined : viewer.userId);
  }

  subjects(...args: Parameters<SubjectsService['subjects']>) {
    return this.subjectsOf.subjects(...args);
  }

  chapters(...args: Parameters<SubjectsService['chapters']>) {
    return this.subjectsOf.chapters(...args);
  }

  createSubject(...args: Parameters<SubjectsService['createSubject']>) {
    return this.subjectsOf.createSubject(...args);
  }

  createChapter(...args: Parameters<SubjectsService['createChapter']>) {
    return this.subjectsOf.createChapter(...args);
  }

  attachRecording(...args: Parameters<RecordingsService['attachRecording']>) {
    return this.recordingsOf.attachRecording(...args);
  }

  removeRecording(...args: Parameters<RecordingsService['removeRecording']>) {
    return this.recordingsOf.removeRecording(...args);
  }

  // ---- scheduling

  async create(actor: StaffActor, input: CreateLiveClassBody): Promise<{ liveClass: LiveClass; message: string }> {
    const id = crypto.randomUUID();
    const now = Date.now();
    let made: { account: MeetingAccountRow; held: HeldMeeting } | null = null;
    try {
      await recordChange(this.db, actor, {
        apply: async (tx) => {
          const { teacherName, account } = await checkClassFields(
            this.repo,
            this.subjectsRepo,
            this.audience,
            tx,
            id,
            input,
            now,
            null,
          );
          const meeting = account ? await this.gateway.create(account, id, input) : null;
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
      if (orphan) await this.gateway.takeBack(orphan.account, orphan.held);
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

  async update(actor: StaffActor, input: UpdateLiveClassBody): Promise<{ liveClass: LiveClass; message: string }> {
    const now = Date.now();
    await changeAggregate(
      this.db,
      { ...this.aggregate, missing: () => fail(404, 'notFound', { liveClassId: input.liveClassId }) },
      { actor, id: input.liveClassId, version: input.version },
      {
        check: (_tx, row) => this.onlyScheduled(row),
        apply: async ({ tx, row }) => {
          const { teacherName, account } = await checkClassFields(
            this.repo,
            this.subjectsRepo,
            this.audience,
            tx,
            row.id,
            input,
            now,
            row,
          );
          const before = row.meetingAccountId ? await this.repo.account(tx, row.meetingAccountId) : null;
          let meeting: { meetingId: string | null; joinUrl: string; startUrl: string } | null = null;
          if (account && before && before.id === account.id) {
            meeting = await this.gateway.update(account, row, input);
          } else {
            if (account) meeting = await this.gateway.create(account, row.id, input);
            if (before) await this.gateway.remove(before, row);
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

  async remove(actor: StaffActor, liveClassId: string): Promise<{ message: string }> {
    let title = '';
    await recordChange(this.db, actor, {
      apply: async (tx) => {
        const row = await this.lockClass(tx, liveClassId);
        this.onlyScheduled(row);
        title = row.title;
        const account = row.meetingAccountId ? await this.repo.account(tx, row.meetingAccountId) : null;
        if (account) await this.gateway.remove(account, row);
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
    actor: StaffActor,
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
    viewer: StaffActor,
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
        const from = goLiveFrom(row.startTime);
        if (status === 'SCHEDULED' && now < from) {
          throw fail(409, 'tooEarly', {
            title: row.title,
            start: formatIndiaDateTime(row.startTime),
            from: formatIndiaDateTime(new Date(from)),
          });
        }
        const account = row.meetingAccountId ? await this.repo.account(tx, row.meetingAccountId) : null;
        if (account) startUrl = await this.gateway.startUrl(account, row);
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
    return this.gateway.pastParticipants(account, row);
  }
}
