import crypto from 'node:crypto';
import {
  STUDENT_UPDATE_MESSAGES,
  fillMessage,
  formatIndiaDateTime,
  indianDate,
  nextUpdateState,
  scheduleProblem,
  type ChangeStudentUpdateBodySchema,
  type CreateStudentUpdateBodySchema,
  type HomeVideo,
  type HomeVideoBodySchema,
  type PlayableVideo,
  type StudentUpdate,
  type StudentUpdateAction,
  type StudentUpdateAudienceKind,
  type StudentUpdateState,
  type StudentUpdateType,
  type UpdateAudienceChoices,
} from '@lectern/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { recordActivity } from '../../lib/activity.repository';
import { changeAggregate, recordChange, type Aggregate } from '../../lib/aggregate';
import { AppError, failWith } from '../../lib/app-error';
import { sanitizeRichText } from '../../lib/rich-text';
import type { Actor } from '../../lib/routing';
import type { PublishUpdatePayload, PublishesDue } from './publish-job';
import type {
  PageContentRow,
  StudentUpdateRow,
  StudentUpdateValues,
  StudentUpdatesRepository,
  VideoRead,
} from './student-updates.repository';
import type { UpdatePlayback } from './update-playback';

type CreateBody = z.output<typeof CreateStudentUpdateBodySchema>;
type ChangeBody = z.output<typeof ChangeStudentUpdateBodySchema>;
type HomeVideoBody = z.output<typeof HomeVideoBodySchema>;

const fail = failWith(STUDENT_UPDATE_MESSAGES);
const HOME_VIDEO = 'home-video';
/** The most videos the picker lists at once (it searches by name for the rest). */
const PLAYABLE_LIMIT = 200;

/** The words of each audience kind in the messages: one, and several. */
const AUDIENCE_WORDS: Record<Exclude<StudentUpdateAudienceKind, 'EVERYONE'>, [string, string]> = {
  CATALOGUES: ['catalogue', 'catalogues'],
  BATCHES: ['batch', 'batches'],
  GROUPS: ['group', 'groups'],
};

/** Where scheduled publishes are queued: the job queue in the app, a fake in a test of the rules. */
export interface PublishScheduler {
  /** queues the publish of `payload` under job id `jobId`, to run no earlier than `startAfter` */
  schedule(jobId: string, payload: PublishUpdatePayload, startAfter: Date): Promise<void>;
  /** takes a queued publish off the queue (best effort: a stale job changes nothing anyway) */
  cancel(jobId: string): Promise<void>;
}

/** An update's fields checked against the rules and the database, ready to store. */
interface CheckedFields {
  title: string;
  body: string;
  imageUrl: string | null;
  videoId: string | null;
  audienceKind: StudentUpdateAudienceKind;
  audienceIds: string[];
}

/** What the activity rows keep of an update. */
function snapshot(
  row: Pick<StudentUpdateRow, 'title' | 'updateType' | 'state' | 'publishAt' | 'imageUrl' | 'videoId' | 'audienceKind'>,
  audienceIds?: string[],
) {
  return {
    title: row.title,
    updateType: row.updateType,
    state: row.state,
    publishAt: row.publishAt?.toISOString() ?? null,
    imageUrl: row.imageUrl,
    videoId: row.videoId,
    audience: { kind: row.audienceKind, ...(audienceIds ? { ids: audienceIds } : {}) },
  };
}

/**
 * The times an update keeps after a step from its row's state to `to`: `publishAt` is the new schedule,
 * kept while it stays published or is withdrawn (when it was meant to publish), else cleared;
 * `publishedAt` is set when it becomes published, kept while published or withdrawn; `withdrawnAt` is
 * set when it is withdrawn.
 */
function timesAfter(row: StudentUpdateRow, to: StudentUpdateState, publishAt: Date | null, now: Date) {
  const from = row.state as StudentUpdateState;
  const keeps = to === 'WITHDRAWN' || (to === 'PUBLISHED' && from === 'PUBLISHED');
  return {
    publishAt: to === 'SCHEDULED' ? publishAt : keeps ? row.publishAt : null,
    publishedAt: keeps ? row.publishedAt : to === 'PUBLISHED' ? now : null,
    withdrawnAt: to === 'WITHDRAWN' ? now : null,
  };
}

/**
 * Student updates (spec 2 §7 "Student updates"): write, schedule, publish, withdraw and delete them,
 * with the state rules of the contract (nextUpdateState, scheduleProblem), audiences that exist, an
 * image or a transcoded video, sanitised text and an activity row for every change; and the video of
 * the students' home page. A schedule is a job on the job queue, due at its time, published by
 * `publishDue` once whichever process takes it.
 */
export class StudentUpdatesService implements PublishesDue {
  private readonly updates: Aggregate<StudentUpdateRow>;
  private readonly homeVideoRow: Aggregate<PageContentRow>;

  constructor(
    private readonly db: Db,
    private readonly repo: StudentUpdatesRepository,
    private readonly playback: UpdatePlayback,
    private readonly scheduler: PublishScheduler,
    private readonly log: { warn(obj: object, msg: string): void },
    /**
     * The time schedules are checked against (at least a minute ahead): the clock, except in tests
     * that schedule a few seconds ahead to see the job run.
     */
    public scheduleClock: () => Date = () => new Date(),
  ) {
    this.updates = {
      entity: 'student update',
      lock: (tx, id) => repo.lock(tx, id),
      bumpVersion: (tx, id) => repo.bumpVersion(tx, id, new Date()),
      missing: () => AppError.of(404, 'notFound', { what: 'that student update' }),
    };
    this.homeVideoRow = {
      entity: "home page's video",
      lock: (tx) => repo.lockPageContent(tx, HOME_VIDEO),
      bumpVersion: (tx) => repo.bumpPageContentVersion(tx, HOME_VIDEO),
      missing: () => AppError.of(404, 'notFound', { what: "the home page's video" }),
    };
  }

  private missing(updateId: string) {
    return fail(404, 'notFound', { updateId });
  }

  // ---- reading ----

  /** Rows as the contract answers them: audience with names and its students now, the video's addresses. */
  private async read(rows: StudentUpdateRow[]): Promise<StudentUpdate[]> {
    const ids = rows.map((r) => r.id);
    const videoIds = [...new Set(rows.map((r) => r.videoId).filter((v): v is string => v !== null))];
    const [targets, counts, videoRows] = await Promise.all([
      this.repo.targets(ids),
      this.repo.studentCounts(ids, indianDate()),
      this.repo.videos(videoIds),
    ]);
    const now = Date.now();
    const videos = new Map(videoRows.map((v) => [v.id, this.playback.playable(v, now)]));
    return rows.map((r) => {
      const video = r.videoId ? (videos.get(r.videoId) ?? null) : null;
      const kind = r.audienceKind as StudentUpdateAudienceKind;
      return {
        updateId: r.id,
        updateType: r.updateType as StudentUpdateType,
        title: r.title,
        body: r.body,
        imageUrl: r.imageUrl,
        videoId: video?.videoId ?? null,
        videoName: video?.videoName ?? null,
        videoUrl: video ? video.videoUrl || null : null,
        videoThumbnail: video?.thumbnail ?? null,
        audience: {
          kind,
          targets: kind === 'EVERYONE' ? [] : (targets.get(r.id) ?? []),
          studentCount: kind === 'EVERYONE' ? counts.everyone : (counts.byUpdate.get(r.id) ?? 0),
        },
        state: r.state as StudentUpdateState,
        publishAt: r.publishAt?.toISOString() ?? null,
        publishedAt: r.publishedAt?.toISOString() ?? null,
        withdrawnAt: r.withdrawnAt?.toISOString() ?? null,
        createdBy: r.createdByName,
        createdAt: r.createdAt.toISOString(),
        updatedBy: r.updatedByName,
        updatedAt: r.updatedAt.toISOString(),
        version: r.version,
      };
    });
  }

  async list(filter: { type?: StudentUpdateType; state?: StudentUpdateState }): Promise<StudentUpdate[]> {
    return this.read(await this.repo.list(filter));
  }

  async one(updateId: string): Promise<StudentUpdate> {
    const row = await this.repo.byId(updateId);
    if (!row) throw this.missing(updateId);
    return (await this.read([row]))[0]!;
  }

  async audiences(): Promise<UpdateAudienceChoices> {
    return this.repo.audienceChoices();
  }

  async playableVideos(q: string | undefined): Promise<PlayableVideo[]> {
    const now = Date.now();
    return (await this.repo.playableVideos(q || undefined, PLAYABLE_LIMIT)).map((v) => this.playback.playable(v, now));
  }

  // ---- checking ----

  /** A video an update or the home page may show: one students may see, transcoded. */
  private async playableVideo(videoId: string): Promise<VideoRead> {
    const [video] = await this.repo.videos([videoId]);
    if (!video || !video.offered) throw AppError.of(404, 'notFound', { what: 'that video' });
    if (video.transcodingStatus !== 'COMPLETE') throw fail(400, 'videoNotReady', { videoName: video.name });
    return video;
  }

  /** The form's fields against the rules and the database: text sanitised, image xor video, audience real. */
  private async checkFields(input: CreateBody | ChangeBody): Promise<CheckedFields> {
    const imageUrl = input.imageUrl && input.imageUrl !== '' ? input.imageUrl : null;
    if (imageUrl && input.videoId) throw fail(400, 'imageOrVideo');
    if (input.videoId) await this.playableVideo(input.videoId);
    const kind = input.audience.kind;
    let audienceIds: string[] = [];
    if (kind !== 'EVERYONE') {
      const [one, several] = AUDIENCE_WORDS[kind];
      audienceIds = [...new Set(input.audience.ids)];
      if (audienceIds.length === 0) throw fail(400, 'needsAudience', { what: one });
      const known = new Set(await this.repo.existingTargets(kind, audienceIds));
      const unknown = audienceIds.filter((id) => !known.has(id));
      if (unknown.length > 0) throw fail(400, 'unknownAudience', { what: several, ids: unknown.join(', ') });
    }
    return {
      title: input.title,
      body: sanitizeRichText(input.body),
      imageUrl,
      videoId: input.videoId,
      audienceKind: kind,
      audienceIds,
    };
  }

  /** The schedule of a SCHEDULE save (checked against the schedule clock), else null. */
  private publishAtOf(action: StudentUpdateAction, publishAt: string | null): Date | null {
    if (action !== 'SCHEDULE') return null;
    const problem = scheduleProblem(publishAt, this.scheduleClock());
    if (problem) throw new AppError(400, problem);
    return new Date(publishAt!);
  }

  private message(
    action: StudentUpdateAction,
    from: StudentUpdateState | null,
    to: StudentUpdateState,
    row: { title: string; publishAt: Date | null },
  ): string {
    const values = { title: row.title, publishAt: row.publishAt ? `${formatIndiaDateTime(row.publishAt)} IST` : '' };
    if (to === 'SCHEDULED') return fillMessage(STUDENT_UPDATE_MESSAGES.scheduled, values);
    if (to === 'PUBLISHED')
      return fillMessage(STUDENT_UPDATE_MESSAGES[from === 'PUBLISHED' ? 'saved' : 'published'], values);
    if (to === 'WITHDRAWN') return fillMessage(STUDENT_UPDATE_MESSAGES.withdrawn, values);
    if (from === 'SCHEDULED') return fillMessage(STUDENT_UPDATE_MESSAGES.unscheduled, values);
    return fillMessage(STUDENT_UPDATE_MESSAGES[from === null ? 'created' : 'saved'], values);
  }

  // ---- changing ----

  /** Queues the publish of a scheduled update (after its transaction committed); a failure is logged: the sweep publishes it. */
  private async queuePublish(row: {
    id: string;
    version: number;
    publishAt: Date | null;
    publishJobId: string | null;
  }) {
    if (!row.publishJobId || !row.publishAt) return;
    try {
      await this.scheduler.schedule(
        row.publishJobId,
        { updateId: row.id, version: row.version, publishAt: row.publishAt.toISOString() },
        row.publishAt,
      );
    } catch (error) {
      this.log.warn({ err: error, updateId: row.id }, 'could not queue a scheduled publish; the sweep will publish it');
    }
  }

  private async cancelPublish(jobId: string | null) {
    if (!jobId) return;
    await this.scheduler.cancel(jobId).catch((error: unknown) => {
      this.log.warn({ err: error, jobId }, 'could not cancel a stale publish job; it will change nothing when it runs');
    });
  }

  /** POST createupdate: a draft, a scheduled update, or one published now. */
  async create(actor: Actor, input: CreateBody): Promise<{ update: StudentUpdate; message: string }> {
    const next = nextUpdateState(null, input.action);
    if ('error' in next) throw new AppError(400, next.error);
    const publishAt = this.publishAtOf(input.action, input.publishAt);
    const fields = await this.checkFields(input);
    const id = crypto.randomUUID();
    const now = new Date();
    const values: StudentUpdateValues & { id: string; createdAt: Date } = {
      id,
      updateType: input.updateType,
      title: fields.title,
      body: fields.body,
      imageUrl: fields.imageUrl,
      videoId: fields.videoId,
      audienceKind: fields.audienceKind,
      state: next.state,
      publishAt,
      publishJobId: next.state === 'SCHEDULED' ? crypto.randomUUID() : null,
      publishedAt: next.state === 'PUBLISHED' ? now : null,
      withdrawnAt: null,
      createdBy: actor.userId,
      createdByName: actor.name,
      updatedBy: actor.userId,
      updatedByName: actor.name,
      createdAt: now,
      updatedAt: now,
    };
    await recordChange(this.db, actor, {
      apply: async (tx) => {
        await this.repo.insert(tx, values);
        await this.repo.setAudience(tx, id, fields.audienceKind, fields.audienceIds);
        const verb = { DRAFT: 'wrote', SCHEDULED: 'scheduled', PUBLISHED: 'published', WITHDRAWN: 'withdrew' }[
          next.state
        ];
        return {
          activity: {
            action: 'student-update.create',
            entityType: 'student-update',
            entityId: id,
            after: snapshot(values as StudentUpdateRow, fields.audienceIds),
            summary: `${actor.name} ${verb} the student update '${fields.title}'`,
          },
        };
      },
    });
    await this.queuePublish({ id, version: 0, publishAt, publishJobId: values.publishJobId ?? null });
    return {
      update: await this.one(id),
      message: this.message(input.action, null, next.state, { title: fields.title, publishAt }),
    };
  }

  /**
   * PUT changeupdate: the whole form again at the version it was read at (409 when it changed since).
   * DRAFT, SCHEDULE and PUBLISH save the fields and lead where nextUpdateState says; WITHDRAW only
   * takes the update down (a scheduled one back to a draft), keeping its fields.
   */
  async change(actor: Actor, input: ChangeBody): Promise<{ update: StudentUpdate; message: string }> {
    const current = await this.repo.byId(input.updateId);
    if (!current) throw this.missing(input.updateId);
    const refusal = (state: StudentUpdateState) => {
      const next = nextUpdateState(state, input.action);
      if ('error' in next) throw new AppError(409, next.error);
      return next.state;
    };
    refusal(current.state as StudentUpdateState);
    const withdraw = input.action === 'WITHDRAW';
    const publishAt = this.publishAtOf(input.action, input.publishAt);
    const fields = withdraw ? null : await this.checkFields(input);
    let before: StudentUpdateRow = current;
    let after: StudentUpdateRow = current;
    let to: StudentUpdateState = current.state as StudentUpdateState;
    await changeAggregate(
      this.db,
      this.updates,
      { actor, id: input.updateId, version: input.version },
      {
        check: (_tx, row) => {
          to = refusal(row.state as StudentUpdateState);
        },
        apply: async ({ tx, row }) => {
          before = row;
          const now = new Date();
          const from = row.state as StudentUpdateState;
          // a schedule at the same time keeps its queued job; a new time gets a new one
          const sameSchedule =
            to === 'SCHEDULED' && from === 'SCHEDULED' && row.publishAt?.getTime() === publishAt?.getTime();
          const changes: Partial<StudentUpdateValues> = {
            state: to,
            ...timesAfter(row, to, publishAt, now),
            publishJobId:
              to === 'SCHEDULED' ? (sameSchedule && row.publishJobId ? row.publishJobId : crypto.randomUUID()) : null,
            updatedBy: actor.userId,
            updatedByName: actor.name,
          };
          if (fields) {
            Object.assign(changes, {
              title: fields.title,
              body: fields.body,
              imageUrl: fields.imageUrl,
              videoId: fields.videoId,
              audienceKind: fields.audienceKind,
            });
            await this.repo.setAudience(tx, row.id, fields.audienceKind, fields.audienceIds);
          }
          await this.repo.update(tx, row.id, changes);
          after = { ...row, ...changes, version: row.version + 1 } as StudentUpdateRow;
          const event =
            to === from
              ? 'update'
              : {
                  DRAFT: from === 'SCHEDULED' ? 'unschedule' : 'update',
                  SCHEDULED: 'schedule',
                  PUBLISHED: 'publish',
                  WITHDRAWN: 'withdraw',
                }[to];
          const words: Record<string, string> = {
            update: 'edited',
            unschedule: 'cancelled the schedule of',
            schedule: 'scheduled',
            publish: 'published',
            withdraw: 'withdrew',
          };
          return {
            activity: {
              action: `student-update.${event}`,
              entityType: 'student-update',
              entityId: row.id,
              before: snapshot(row),
              after: snapshot(after, fields?.audienceIds),
              summary: `${actor.name} ${words[event]} the student update '${after.title}'`,
            },
          };
        },
      },
    );
    if (after.publishJobId !== before.publishJobId) {
      await this.cancelPublish(before.publishJobId);
      await this.queuePublish(after);
    }
    return {
      update: await this.one(input.updateId),
      message: this.message(input.action, before.state as StudentUpdateState, to, after),
    };
  }

  /** DELETE deleteupdate: anything students do not see now; a published update is withdrawn first. */
  async remove(actor: Actor, updateId: string): Promise<{ message: string }> {
    let removed: StudentUpdateRow | null = null;
    await recordChange(this.db, actor, {
      apply: async (tx) => {
        const row = await this.repo.lock(tx, updateId);
        if (!row) throw this.missing(updateId);
        if (row.state === 'PUBLISHED') throw fail(409, 'deletePublished', { title: row.title });
        await this.repo.delete(tx, updateId);
        removed = row;
        return {
          activity: {
            action: 'student-update.delete',
            entityType: 'student-update',
            entityId: updateId,
            before: snapshot(row),
            summary: `${actor.name} deleted the student update '${row.title}'`,
          },
        };
      },
    });
    const row = removed as StudentUpdateRow | null;
    await this.cancelPublish(row?.publishJobId ?? null);
    return { message: fillMessage(STUDENT_UPDATE_MESSAGES.deleted, { title: row?.title ?? '' }) };
  }

  // ---- publishing at the scheduled time ----

  /**
   * Publishes a scheduled update when its job comes due: in one transaction with the row locked, and
   * only while it is still SCHEDULED at exactly the time the job was queued for. A rescheduled,
   * withdrawn, published or deleted update, or a second delivery of the job, changes nothing; two
   * processes taking the same update at once queue on the lock, and the second finds it published.
   * True when this call published it.
   */
  async publishDue(payload: PublishUpdatePayload): Promise<boolean> {
    const due = Date.parse(payload.publishAt);
    let published = false;
    await this.db.transaction(async (tx) => {
      const row = await this.repo.lock(tx, payload.updateId);
      if (!row || row.state !== 'SCHEDULED' || row.publishAt?.getTime() !== due) return;
      const now = new Date();
      await this.repo.update(tx, row.id, { state: 'PUBLISHED', publishedAt: now, withdrawnAt: null });
      await this.repo.bumpVersion(tx, row.id, now);
      await recordActivity(tx, {
        actorId: null,
        action: 'student-update.publish',
        entityType: 'student-update',
        entityId: row.id,
        before: snapshot(row),
        after: { ...snapshot({ ...row, state: 'PUBLISHED' }), publishedAt: now.toISOString(), scheduled: true },
        summary: `The student update '${row.title}' was published as scheduled for ${formatIndiaDateTime(row.publishAt!)} IST`,
      });
      published = true;
    });
    return published;
  }

  /**
   * The backstop of the job queue: publishes each SCHEDULED update whose time has passed and that has
   * no queued job, or whose job is `graceMs` late (lost with its database, or no process works the
   * queue). The same idempotent publish as the job's, so a job that runs afterwards changes nothing.
   * The number published.
   */
  async publishOverdue(graceMs: number, now = new Date()): Promise<number> {
    let count = 0;
    for (const due of await this.repo.overdue(now, graceMs)) {
      const published = await this.publishDue({
        updateId: due.id,
        version: -1,
        publishAt: due.publishAt.toISOString(),
      });
      if (published) count++;
    }
    return count;
  }

  // ---- the home page's video ----

  private async homeVideoOf(row: PageContentRow | null): Promise<HomeVideo> {
    const [video] = row?.videoId ? await this.repo.videos([row.videoId]) : [];
    return {
      video: video ? this.playback.playable(video) : null,
      updatedBy: row?.updatedByName ?? null,
      updatedAt: row?.updatedAt?.toISOString() ?? null,
      version: row?.version ?? 0,
    };
  }

  async homeVideo(): Promise<HomeVideo> {
    return this.homeVideoOf(await this.repo.pageContent(HOME_VIDEO));
  }

  /** PUT videourl: a transcoded video for the students' home page, or none; 409 when it changed meanwhile. */
  async setHomeVideo(actor: Actor, input: HomeVideoBody): Promise<{ homeVideo: HomeVideo; message: string }> {
    const video = input.videoId ? await this.playableVideo(input.videoId) : null;
    await changeAggregate(
      this.db,
      this.homeVideoRow,
      { actor, id: HOME_VIDEO, version: input.version },
      {
        apply: async ({ tx, row }) => {
          await this.repo.setPageContent(tx, HOME_VIDEO, {
            videoId: video?.id ?? null,
            updatedBy: actor.userId,
            updatedByName: actor.name,
            updatedAt: new Date(),
          });
          return {
            activity: {
              action: 'page-content.home-video',
              entityType: 'page-content',
              entityId: HOME_VIDEO,
              before: { videoId: row.videoId },
              after: { videoId: video?.id ?? null },
              summary: video
                ? `${actor.name} chose '${video.name}' for the students' home page`
                : `${actor.name} took the video off the students' home page`,
            },
          };
        },
      },
    );
    return {
      homeVideo: await this.homeVideo(),
      message: video
        ? fillMessage(STUDENT_UPDATE_MESSAGES.homeVideoSaved, { videoName: video.name })
        : STUDENT_UPDATE_MESSAGES.homeVideoCleared,
    };
  }
}
