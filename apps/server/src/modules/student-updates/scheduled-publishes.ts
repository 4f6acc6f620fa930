import { formatIndiaDateTime } from '@lectern/contract';
import type { Db } from '../../db/client';
import { recordActivity } from '../../lib/activity.repository';
import type { PublishUpdatePayload, PublishesDue } from './publish-job';
import type { StudentUpdatesRepository } from './student-updates.repository';
import { snapshot } from './update-changes';

/** Where scheduled publishes are queued: the job queue in the app, a fake in a test of the rules. */
export interface PublishScheduler {
  /** queues the publish of `payload` under job id `jobId`, to run no earlier than `startAfter` */
  schedule(jobId: string, payload: PublishUpdatePayload, startAfter: Date): Promise<void>;
  /** takes a queued publish off the queue (best effort: a stale job changes nothing anyway) */
  cancel(jobId: string): Promise<void>;
}

/**
 * Scheduled publishes of student updates: each is a job on the job queue, due at its time and published
 * by `publishDue` once, whichever process takes it; a sweep publishes those whose job was lost.
 */
export class ScheduledPublishes implements PublishesDue {
  constructor(
    private readonly db: Db,
    private readonly repo: StudentUpdatesRepository,
    private readonly scheduler: PublishScheduler,
    private readonly log: { warn(obj: object, msg: string): void },
  ) {}

  /** Queues the publish of a scheduled update (after its transaction committed); a failure is logged: the sweep publishes it. */
  async queue(row: { id: string; version: number; publishAt: Date | null; publishJobId: string | null }) {
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

  async cancel(jobId: string | null) {
    if (!jobId) return;
    await this.scheduler.cancel(jobId).catch((error: unknown) => {
      this.log.warn({ err: error, jobId }, 'could not cancel a stale publish job; it will change nothing when it runs');
    });
  }

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
}
