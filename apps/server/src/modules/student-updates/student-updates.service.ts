import crypto from 'node:crypto';
import {
  STUDENT_UPDATE_MESSAGES,
  fillMessage,
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
import { changeAggregate, recordChange, type Aggregate } from '../../lib/aggregate';
import { AppError, failWith } from '../../lib/app-error';
import { sanitizeRichText } from '../../lib/rich-text';
import type { Actor } from '../../lib/routing';
import { HomeVideoService, playableVideo } from './home-video.service';
import type { PublishUpdatePayload, PublishesDue } from './publish-job';
import { ScheduledPublishes, type PublishScheduler } from './scheduled-publishes';
import type { StudentUpdateRow, StudentUpdateValues, StudentUpdatesRepository } from './student-updates.repository';
import { snapshot, timesAfter, updateMessage } from './update-changes';
import type { UpdatePlayback } from './update-playback';
import { readUpdates } from './update-read';

export type { PublishScheduler } from './scheduled-publishes';

type CreateBody = z.output<typeof CreateStudentUpdateBodySchema>;
type ChangeBody = z.output<typeof ChangeStudentUpdateBodySchema>;
type HomeVideoBody = z.output<typeof HomeVideoBodySchema>;

const fail = failWith(STUDENT_UPDATE_MESSAGES);
/** The most videos the picker lists at once (it searches by name for the rest). */
const PLAYABLE_LIMIT = 200;

/** The words of each audience kind in the messages: one, and several. */
const AUDIENCE_WORDS: Record<Exclude<StudentUpdateAudienceKind, 'EVERYONE'>, [string, string]> = {
  CATALOGUES: ['catalogue', 'catalogues'],
  BATCHES: ['batch', 'batches'],
  GROUPS: ['group', 'groups'],
};

/** An update's fields checked against the rules and the database, ready to store. */
interface CheckedFields {
  title: string;
  body: string;
  imageUrl: string | null;
  videoId: string | null;
  audienceKind: StudentUpdateAudienceKind;
  audienceIds: string[];
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
  private readonly publishes: ScheduledPublishes;
  private readonly home: HomeVideoService;

  constructor(
    private readonly db: Db,
    private readonly repo: StudentUpdatesRepository,
    private readonly playback: UpdatePlayback,
    scheduler: PublishScheduler,
    log: { warn(obj: object, msg: string): void },
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
    this.publishes = new ScheduledPublishes(db, repo, scheduler, log);
    this.home = new HomeVideoService(db, repo, playback);
  }

  private missing(updateId: string) {
    return fail(404, 'notFound', { updateId });
  }

  // ---- reading ----

  async list(filter: { type?: StudentUpdateType; state?: StudentUpdateState }): Promise<StudentUpdate[]> {
    return readUpdates(this.repo, this.playback, await this.repo.list(filter));
  }

  async one(updateId: string): Promise<StudentUpdate> {
    const row = await this.repo.byId(updateId);
    if (!row) throw this.missing(updateId);
    return (await readUpdates(this.repo, this.playback, [row]))[0]!;
  }

  async audiences(): Promise<UpdateAudienceChoices> {
    return this.repo.audienceChoices();
  }

  async playableVideos(q: string | undefined): Promise<PlayableVideo[]> {
    const now = Date.now();
    return (await this.repo.playableVideos(q || undefined, PLAYABLE_LIMIT)).map((v) => this.playback.playable(v, now));
  }

  // ---- checking ----

  /** The form's fields against the rules and the database: text sanitised, image xor video, audience real. */
  private async checkFields(input: CreateBody | ChangeBody): Promise<CheckedFields> {
    const imageUrl = input.imageUrl && input.imageUrl !== '' ? input.imageUrl : null;
    if (imageUrl && input.videoId) throw fail(400, 'imageOrVideo');
    if (input.videoId) await playableVideo(this.repo, input.videoId);
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

  // ---- changing ----

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
    await this.publishes.queue({ id, version: 0, publishAt, publishJobId: values.publishJobId ?? null });
    return {
      update: await this.one(id),
      message: updateMessage(input.action, null, next.state, { title: fields.title, publishAt }),
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
      await this.publishes.cancel(before.publishJobId);
      await this.publishes.queue(after);
    }
    return {
      update: await this.one(input.updateId),
      message: updateMessage(input.action, before.state as StudentUpdateState, to, after),
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
    await this.publishes.cancel(row?.publishJobId ?? null);
    return { message: fillMessage(STUDENT_UPDATE_MESSAGES.deleted, { title: row?.title ?? '' }) };
  }

  // ---- publishing at the scheduled time (scheduled-publishes.ts) ----

  publishDue(payload: PublishUpdatePayload): Promise<boolean> {
    return this.publishes.publishDue(payload);
  }

  publishOverdue(graceMs: number, now = new Date()): Promise<number> {
    return this.publishes.publishOverdue(graceMs, now);
  }

  // ---- the home page's video (home-video.service.ts) ----

  homeVideo(): Promise<HomeVideo> {
    return this.home.homeVideo();
  }

  setHomeVideo(actor: Actor, input: HomeVideoBody): Promise<{ homeVideo: HomeVideo; message: string }> {
    return this.home.setHomeVideo(actor, input);
  }
}
