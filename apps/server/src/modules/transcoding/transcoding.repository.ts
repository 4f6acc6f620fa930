import type { TranscodingEnvironment, TranscodingQueue } from '@lectern/contract';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client';
import { subjectAssignees, transcodeJobs, videos } from '../../db/schema';

/** A job row joined with its video, as the lists read it. */
export interface JobRecord {
  id: string;
  video_id: string;
  queue: TranscodingQueue;
  status: string;
  progress: number;
  speed: number | null;
  error_message: string | null;
  attempts: number;
  started_at: Date | string | null;
  finished_at: Date | string | null;
  submitted_at: Date | string;
  file_name: string;
  storage_key: string;
  uploaded_at: Date | string;
  uploaded_by: string | null;
}

/** What the lists narrow by: the upload day range, a name search, a queue. */
export interface ListFilter {
  /** uploaded at or after */
  from?: Date;
  /** uploaded before */
  to?: Date;
  search?: string;
  queue?: TranscodingQueue;
  /** only videos of subjects this user is assigned to (a content uploader's scope); absent: every video */
  assignedTo?: string;
}

/** `v` (a video) lies in a subject `user` is assigned to. */
const ASSIGNED = (user: string) =>
  `v.subject_id IN (SELECT sa.subject_id FROM subject_assignees sa WHERE sa.user_id = ${user})`;

/** Where a page starts: after the row with this sort time and id (rows come newest first). */
export interface PageAfter {
  time: Date;
  id: string;
}

export interface JobPage {
  /** rows matching the filters, on every page */
  total: number;
  rows: (JobRecord & { sort_time: Date | string })[];
}

/** Builds `WHERE` clauses with numbered parameters. */
class Where {
  readonly clauses: string[] = [];
  readonly params: unknown[] = [];

  add(clause: (p: (value: unknown) => string) => string): this {
    this.clauses.push(
      clause((value) => {
        this.params.push(value);
        return `$${this.params.length}`;
      }),
    );
    return this;
  }

  get sql(): string {
    return this.clauses.length ? `WHERE ${this.clauses.join(' AND ')}` : '';
  }
}

function filters(where: Where, filter: ListFilter): Where {
  if (filter.from) where.add((p) => `v.uploaded_at >= ${p(filter.from)}`);
  if (filter.to) where.add((p) => `v.uploaded_at < ${p(filter.to)}`);
  if (filter.search) {
    const pattern = `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.add((p) => `v.name ILIKE ${p(pattern)}`);
  }
  if (filter.assignedTo) where.add((p) => ASSIGNED(p(filter.assignedTo)));
  return where;
}

const JOB_COLUMNS = `j.id, j.video_id, j.queue, j.status, j.progress, j.speed, j.error_message, j.attempts,
  j.started_at, j.finished_at, j.submitted_at, v.name AS file_name, v.storage_key, v.uploaded_at, v.uploaded_by`;

/** What a job's run left behind: the video it belongs to. */
type VideoOfJob = { videoId: string } | null;

/**
 * The transcode_jobs table: the lists staff read (SQL built from their filters), and the job's life:
 * submitted, claimed by a run, beating, finished, ended, released, taken back. Videos' own columns
 * change through VideosRepository, in the same transactions.
 */
export class TranscodingRepository {
  constructor(private readonly database: Database) {}

  private get db(): Db {
    return this.database.db;
  }

  // ---- lists

  /** One page of `select` (a FROM clause whose own parameters are `params`), newest first, and the total. */
  private async page(
    select: string,
    params: unknown[],
    order: { time: string; id: string },
    after: PageAfter | undefined,
    limit: number,
  ): Promise<JobPage> {
    // The filters apply inside `select`; the page condition outside, on the projected columns.
    const where = new Where();
    where.params.push(...params);
    const countRows = await this.database.query<{ n: string | number }>(
      `SELECT count(*) AS n ${select} ${where.sql}`,
      where.params,
    );
    if (after) where.add((p) => `(${order.time}, ${order.id}) < (${p(after.time)}, ${p(after.id)})`);
    const rows = await this.database.query<JobRecord & { sort_time: Date | string }>(
      `SELECT ${order.time} AS sort_time, * ${select} ${where.sql}
       ORDER BY ${order.time} DESC, ${order.id} DESC LIMIT ${limit}`,
      where.params,
    );
    return { total: Number(countRows[0]?.n ?? 0), rows };
  }

  /** Jobs of one environment and status, newest submission first. */
  jobsPage(
    filter: ListFilter & { environment: TranscodingEnvironment; status: string },
    after: PageAfter | undefined,
    limit: number,
  ): Promise<JobPage> {
    const where = new Where()
      .add((p) => `j.environment = ${p(filter.environment)}`)
      .add((p) => `j.status = ${p(filter.status)}`);
    filters(where, filter);
    if (filter.queue) where.add((p) => `j.queue = ${p(filter.queue)}`);
    const select = `FROM (SELECT ${JOB_COLUMNS}
      FROM transcode_jobs j JOIN videos v ON v.id = j.video_id ${where.sql}) rows`;
    return this.page(select, where.params, { time: 'rows.submitted_at', id: 'rows.id' }, after, limit);
  }

  /** Videos never transcoded (`new`), or whose newest job was cancelled or failed, newest upload first. */
  videosPage(filter: ListFilter & { videoType: 'new' | 're-transcode' }, after: PageAfter | undefined, limit: number) {
    const where = new Where().add((p) =>
      filter.videoType === 'new'
        ? `v.transcoding_status = ${p('NOT_STARTED')}`
        : `v.transcoding_status IN (${p('CANCELED')}, ${p('ERROR')})`,
    );
    filters(where, filter);
    if (filter.queue) where.add((p) => `j.queue = ${p(filter.queue)}`);
    const select = `FROM (SELECT v.id, v.id AS video_id, j.queue, v.transcoding_status AS status, 0 AS progress,
        NULL::double precision AS speed, j.error_message, coalesce(j.attempts, 0) AS attempts, NULL::timestamptz AS started_at,
        NULL::timestamptz AS finished_at, v.uploaded_at AS submitted_at, v.name AS file_name, v.storage_key,
        v.uploaded_at, v.uploaded_by
      FROM videos v LEFT JOIN transcode_jobs j ON j.id = v.job_id ${where.sql}) rows`;
    return this.page(select, where.params, { time: 'rows.uploaded_at', id: 'rows.id' }, after, limit);
  }

  /** Every video without a job yet, oldest upload first (at most 10,000). */
  notStarted(filter: ListFilter) {
    const where = filters(
      new Where().add((p) => `v.transcoding_status = ${p('NOT_STARTED')}`),
      filter,
    );
    return this.database.query<{
      id: string;
      name: string;
      storage_key: string;
      uploaded_at: Date | string;
      uploaded_by: string | null;
    }>(
      `SELECT v.id, v.name, v.storage_key, v.uploaded_at, v.uploaded_by FROM videos v ${where.sql}
       ORDER BY v.uploaded_at, v.id LIMIT 10000`,
      where.params,
    );
  }

  /** Jobs of an environment by status, and videos waiting for a first or another transcode. */
  async counts(
    environment: TranscodingEnvironment,
    assignedTo?: string,
  ): Promise<{ jobs: Map<string, number>; toBeTranscoded: number; toBeReTranscoded: number }> {
    const scope = assignedTo ? ` AND ${ASSIGNED('$2')}` : '';
    const jobs = await this.database.query<{ status: string; n: string | number }>(
      `SELECT j.status, count(*) AS n FROM transcode_jobs j JOIN videos v ON v.id = j.video_id
        WHERE j.environment = $1${scope} GROUP BY j.status`,
      assignedTo ? [environment, assignedTo] : [environment],
    );
    const [waiting] = await this.database.query<{ fresh: string | number; again: string | number }>(
      `SELECT count(*) FILTER (WHERE v.transcoding_status = 'NOT_STARTED') AS fresh,
              count(*) FILTER (WHERE v.transcoding_status IN ('CANCELED', 'ERROR')) AS again
       FROM videos v${assignedTo ? ` WHERE ${ASSIGNED('$1')}` : ''}`,
      assignedTo ? [assignedTo] : [],
    );
    return {
      jobs: new Map(jobs.map((row) => [row.status, Number(row.n)])),
      toBeTranscoded: Number(waiting?.fresh ?? 0),
      toBeReTranscoded: Number(waiting?.again ?? 0),
    };
  }

  /** Jobs with their videos, in no particular order. */
  async byIds(ids: string[]): Promise<JobRecord[]> {
    if (ids.length === 0) return [];
    return this.database.query<JobRecord>(
      `SELECT ${JOB_COLUMNS}
       FROM transcode_jobs j JOIN videos v ON v.id = j.video_id WHERE j.id = ANY($1::text[])`,
      [ids],
    );
  }

  /** The job's status and how often it completed and was attempted. */
  async state(jobId: string): Promise<{ status: string; completedRuns: number; attempts: number } | null> {
    const [row] = await this.db
      .select({
        status: transcodeJobs.status,
        completedRuns: transcodeJobs.completedRuns,
        attempts: transcodeJobs.attempts,
      })
      .from(transcodeJobs)
      .where(eq(transcodeJobs.id, jobId));
    return row ?? null;
  }

  // ---- submit and cancel (inside the caller's transaction)

  async insertJob(
    db: Db,
    job: {
      id: string;
      videoId: string;
      queue: TranscodingQueue;
      environment: TranscodingEnvironment;
      submittedBy: string | null;
    },
  ): Promise<void> {
    await db.insert(transcodeJobs).values({ ...job, status: 'SUBMITTED', queueJobId: job.id });
  }

  /** Of these videos, the ones outside every subject `userId` is assigned to. */
  async outsideAssignments(db: Db, videoIds: string[], userId: string): Promise<Set<string>> {
    if (videoIds.length === 0) return new Set();
    const inside = await db
      .select({ id: videos.id })
      .from(videos)
      .innerJoin(subjectAssignees, eq(subjectAssignees.subjectId, videos.subjectId))
      .where(and(inArray(videos.id, videoIds), eq(subjectAssignees.userId, userId)));
    const allowed = new Set(inside.map((row) => row.id));
    return new Set(videoIds.filter((id) => !allowed.has(id)));
  }

  /** The jobs to cancel with their videos' names, locked until the transaction ends, by id. */
  lockForCancel(db: Db, ids: string[]) {
    return db
      .select({
        id: transcodeJobs.id,
        status: transcodeJobs.status,
        queue: transcodeJobs.queue,
        videoId: transcodeJobs.videoId,
        name: videos.name,
      })
      .from(transcodeJobs)
      .innerJoin(videos, eq(videos.id, transcodeJobs.videoId))
      .where(inArray(transcodeJobs.id, ids))
      .orderBy(transcodeJobs.id)
      .for('update', { of: transcodeJobs });
  }

  async markCancelled(db: Db, ids: string[]): Promise<void> {
    await db
      .update(transcodeJobs)
      .set({ status: 'CANCELED', finishedAt: sql`now()`, runToken: null })
      .where(inArray(transcodeJobs.id, ids));
  }

  // ---- a run's side

  /** Takes a waiting job for a run: PROGRESSING, one more attempt, this run's token. */
  async claim(db: Db, jobId: string, runToken: string, workerId: string) {
    const [job] = await db
      .update(transcodeJobs)
      .set({
        status: 'PROGRESSING',
        attempts: sql`${transcodeJobs.attempts} + 1`,
        runToken,
        workerId,
        heartbeatAt: sql`now()`,
        startedAt: sql`now()`,
        progress: 0,
        speed: null,
        errorMessage: null,
      })
      .where(and(eq(transcodeJobs.id, jobId), eq(transcodeJobs.status, 'SUBMITTED')))
      .returning({
        id: transcodeJobs.id,
        videoId: transcodeJobs.videoId,
        queue: transcodeJobs.queue,
        attempts: transcodeJobs.attempts,
      });
    return job ? { ...job, queue: job.queue as TranscodingQueue } : null;
  }

  /** Records progress; false when the run no longer holds the job. */
  async heartbeat(jobId: string, runToken: string, percent: number, speed: number | null): Promise<boolean> {
    const rows = await this.db
      .update(transcodeJobs)
      .set({ heartbeatAt: sql`now()`, progress: percent, speed: sql`coalesce(${speed}, ${transcodeJobs.speed})` })
      .where(this.heldBy(jobId, runToken))
      .returning({ id: transcodeJobs.id });
    return rows.length > 0;
  }

  private heldBy(jobId: string, runToken: string) {
    return and(
      eq(transcodeJobs.id, jobId),
      eq(transcodeJobs.runToken, runToken),
      eq(transcodeJobs.status, 'PROGRESSING'),
    );
  }

  /** COMPLETE, once: only the run holding the token. The job's video, or null when it was not this run's. */
  async finish(db: Db, jobId: string, runToken: string, speed: number | null): Promise<VideoOfJob> {
    const [job] = await db
      .update(transcodeJobs)
      .set({
        status: 'COMPLETE',
        progress: 100,
        finishedAt: sql`now()`,
        heartbeatAt: sql`now()`,
        completedRuns: sql`${transcodeJobs.completedRuns} + 1`,
        runToken: null,
        speed: sql`coalesce(${speed}::double precision, ${transcodeJobs.speed})`,
      })
      .where(this.heldBy(jobId, runToken))
      .returning({ videoId: transcodeJobs.videoId });
    return job ?? null;
  }

  /** Ends a waiting or running job with its reason; with a token, only that run can. */
  async end(db: Db, jobId: string, runToken: string | null, status: 'ERROR', reason: string): Promise<VideoOfJob> {
    const [job] = await db
      .update(transcodeJobs)
      .set({ status, errorMessage: reason, finishedAt: sql`now()`, runToken: null })
      .where(
        and(
          eq(transcodeJobs.id, jobId),
          runToken === null ? undefined : eq(transcodeJobs.runToken, runToken),
          inArray(transcodeJobs.status, ['SUBMITTED', 'PROGRESSING']),
        ),
      )
      .returning({ videoId: transcodeJobs.videoId });
    return job ?? null;
  }

  /** Back to SUBMITTED from the run holding the token, with the reason. */
  async release(db: Db, jobId: string, runToken: string, reason: string): Promise<VideoOfJob> {
    const [job] = await db
      .update(transcodeJobs)
      .set({ status: 'SUBMITTED', runToken: null, workerId: null, errorMessage: reason })
      .where(this.heldBy(jobId, runToken))
      .returning({ videoId: transcodeJobs.videoId });
    return job ?? null;
  }

  /** Running jobs whose heartbeat is older than `staleSeconds`: back to SUBMITTED with the reason. */
  async takeBackStale(
    db: Db,
    staleSeconds: number,
    reason: string,
  ): Promise<{ id: string; queue: TranscodingQueue; videoId: string }[]> {
    const rows = await db
      .update(transcodeJobs)
      .set({ status: 'SUBMITTED', runToken: null, workerId: null, errorMessage: reason })
      .where(
        and(
          eq(transcodeJobs.status, 'PROGRESSING'),
          lt(transcodeJobs.heartbeatAt, sql`now() - make_interval(secs => ${staleSeconds})`),
        ),
      )
      .returning({ id: transcodeJobs.id, queue: transcodeJobs.queue, videoId: transcodeJobs.videoId });
    return rows.map((row) => ({ ...row, queue: row.queue as TranscodingQueue }));
  }
}
