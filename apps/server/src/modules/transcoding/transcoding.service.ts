import crypto from 'node:crypto';
import {
  JOB_LISTS,
  JOB_PAGE_SIZE,
  TRANSCODING_MESSAGES,
  TranscodingStatusSchema,
  fillMessage,
  formatDate,
  type JobCounts,
  type JobList,
  type JobListName,
  type JobListQuery,
  type TranscodeJobRow,
  type TranscodingEnvironment,
  type TranscodingQueue,
  type VideoType,
} from '@lectern/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { TranscodeOutput } from '../../transcoder/transcoder';
import { endpointsOf, readEndpoints } from '../../transcoder/transcoder';
import type { TranscodeQueue } from './queue';

const fail = (status: number, key: keyof typeof TRANSCODING_MESSAGES, values: Record<string, string | number> = {}) =>
  new AppError(status, fillMessage(TRANSCODING_MESSAGES[key], values));

/** A job row joined with its video, as the lists read it. */
interface JobRecord {
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

/** What a worker needs to run a claimed job. */
export interface ClaimedJob {
  id: string;
  videoId: string;
  queue: TranscodingQueue;
  storageKey: string;
  attempts: number;
}

export interface Actor {
  userId: string | null;
  name: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));
const timeOf = (value: Date | string | null) => {
  if (!value) return null;
  const d = toDate(value);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}`;
};
const dateOf = (value: Date | string | null) => (value ? formatDate(toDate(value)) : null);

interface PageToken {
  /** sort time (ISO) and id of the last row given, and how many rows came before the next page */
  t: string;
  i: string;
  n: number;
}

function encodeToken(token: PageToken): string {
  return Buffer.from(JSON.stringify(token)).toString('base64url');
}

function decodeToken(raw: string): PageToken {
  try {
    const token = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as PageToken;
    if (
      typeof token.t === 'string' &&
      !Number.isNaN(Date.parse(token.t)) &&
      typeof token.i === 'string' &&
      Number.isInteger(token.n) &&
      token.n >= 0
    ) {
      return token;
    }
  } catch {
    /* below */
  }
  throw fail(400, 'badNextToken');
}

/** A local calendar day's bounds: `from` at 00:00 and the day after `to` at 00:00. */
function dayBounds(query: JobListQuery): { from?: Date; to?: Date } {
  const start = (day: string) => new Date(`${day}T00:00:00`);
  const bounds: { from?: Date; to?: Date } = {};
  if (query.from) bounds.from = start(query.from);
  if (query.to) {
    const to = start(query.to);
    to.setDate(to.getDate() + 1);
    bounds.to = to;
  }
  return bounds;
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

function filters(where: Where, query: JobListQuery): Where {
  const { from, to } = dayBounds(query);
  if (from) where.add((p) => `v.uploaded_at >= ${p(from)}`);
  if (to) where.add((p) => `v.uploaded_at < ${p(to)}`);
  if (query.search?.trim()) {
    const pattern = `%${query.search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.add((p) => `v.name ILIKE ${p(pattern)}`);
  }
  return where;
}

/**
 * Transcoding jobs as staff see them: the lists of spec 2 §3, submit and cancel; and the worker's
 * side: claim, heartbeat, finish, fail, and taking back jobs whose worker stopped. A video's
 * transcodingStatus and jobId always follow its newest job.
 */
export class TranscodingService {
  constructor(
    private readonly database: Database,
    private readonly queue: TranscodeQueue,
    private readonly environment: TranscodingEnvironment,
    private readonly log: FastifyBaseLogger,
  ) {}

  // ---- lists

  private toRow(record: JobRecord, index: number): TranscodeJobRow {
    const status = TranscodingStatusSchema.catch('NOT_STARTED').parse(record.status);
    const started = status === 'PROGRESSING' || status === 'COMPLETE' ? record.started_at : null;
    const finished = status === 'COMPLETE' ? record.finished_at : null;
    return {
      id: record.id,
      index,
      videoId: record.video_id,
      fileName: record.file_name,
      s3Key: record.storage_key,
      transcodingSpeed: record.speed === null ? null : Math.round(Number(record.speed) * 100) / 100,
      uploadDate: formatDate(toDate(record.uploaded_at)),
      uploadTime: timeOf(record.uploaded_at)!,
      uploadedAt: toDate(record.uploaded_at).toISOString(),
      completion: Math.round(Number(record.progress)),
      uploader: record.uploaded_by,
      status,
      queue: record.queue,
      startDate: dateOf(started),
      startTime: timeOf(started),
      endDate: dateOf(finished),
      endTime: timeOf(finished),
      errorMessage: record.error_message,
      attempts: Number(record.attempts),
    };
  }

  private async page(
    select: string,
    where: Where,
    order: { time: string; id: string },
    nextToken: string | undefined,
  ): Promise<JobList> {
    const countRows = await this.database.query<{ n: string | number }>(
      `SELECT count(*) AS n ${select} ${where.sql}`,
      where.params,
    );
    const total = Number(countRows[0]?.n ?? 0);
    let before = 0;
    if (nextToken) {
      const token = decodeToken(nextToken);
      before = token.n;
      where.add((p) => `(${order.time}, ${order.id}) < (${p(new Date(token.t))}, ${p(token.i)})`);
    }
    const rows = await this.database.query<JobRecord & { sort_time: Date | string }>(
      `SELECT ${order.time} AS sort_time, * ${select} ${where.sql}
       ORDER BY ${order.time} DESC, ${order.id} DESC LIMIT ${JOB_PAGE_SIZE + 1}`,
      where.params,
    );
    const more = rows.length > JOB_PAGE_SIZE;
    const shown = rows.slice(0, JOB_PAGE_SIZE);
    const last = shown.at(-1);
    return {
      Jobs: shown.map((row, i) => this.toRow(row, before + i + 1)),
      NextToken:
        more && last
          ? encodeToken({ t: toDate(last.sort_time).toISOString(), i: last.id, n: before + shown.length })
          : null,
      isTranscodingSuccess: true,
      total,
    };
  }

  /** A job list of one environment, newest submission first. */
  jobs(list: JobListName, query: JobListQuery & { nextToken?: string }): Promise<JobList> {
    const where = new Where()
      .add((p) => `j.environment = ${p(query.environment ?? this.environment)}`)
      .add((p) => `j.status = ${p(JOB_LISTS[list])}`);
    filters(where, query);
    if (query.queue) where.add((p) => `j.queue = ${p(query.queue)}`);
    const select = `FROM (SELECT j.id, j.video_id, j.queue, j.status, j.progress, j.speed, j.error_message, j.attempts,
        j.started_at, j.finished_at, j.submitted_at, v.name AS file_name, v.storage_key, v.uploaded_at, v.uploaded_by
      FROM transcode_jobs j JOIN videos v ON v.id = j.video_id ${where.sql}) rows`;
    // The filters apply inside; the page condition outside, on the projected columns.
    const outer = new Where();
    outer.params.push(...where.params);
    return this.page(select, outer, { time: 'rows.submitted_at', id: 'rows.id' }, query.nextToken);
  }

  /** Videos to transcode: never transcoded (`new`), or whose newest job was cancelled or failed. */
  videosToBeTranscoded(videoType: VideoType, query: JobListQuery & { nextToken?: string }): Promise<JobList> {
    const where = new Where().add((p) =>
      videoType === 'new'
        ? `v.transcoding_status = ${p('NOT_STARTED')}`
        : `v.transcoding_status IN (${p('CANCELED')}, ${p('ERROR')})`,
    );
    filters(where, query);
    if (query.queue) where.add((p) => `j.queue = ${p(query.queue)}`);
    const select = `FROM (SELECT v.id, v.id AS video_id, j.queue, v.transcoding_status AS status, 0 AS progress,
        NULL::double precision AS speed, j.error_message, coalesce(j.attempts, 0) AS attempts, NULL::timestamptz AS started_at,
        NULL::timestamptz AS finished_at, v.uploaded_at AS submitted_at, v.name AS file_name, v.storage_key,
        v.uploaded_at, v.uploaded_by
      FROM videos v LEFT JOIN transcode_jobs j ON j.id = v.job_id ${where.sql}) rows`;
    const outer = new Where();
    outer.params.push(...where.params);
    return this.page(select, outer, { time: 'rows.uploaded_at', id: 'rows.id' }, query.nextToken);
  }

  /** The to-be-transcoded payload: every video without a job yet, oldest upload first. */
  async toBeTranscoded(
    query: JobListQuery,
  ): Promise<{ fileName: string; videoId: string; s3Key: string; uploadedAt: string; uploadedBy: string | null }[]> {
    const where = filters(
      new Where().add((p) => `v.transcoding_status = ${p('NOT_STARTED')}`),
      query,
    );
    const rows = await this.database.query<{
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
    return rows.map((row) => ({
      fileName: row.name,
      videoId: row.id,
      s3Key: row.storage_key,
      uploadedAt: toDate(row.uploaded_at).toISOString(),
      uploadedBy: row.uploaded_by,
    }));
  }

  async counts(environment: TranscodingEnvironment = this.environment): Promise<JobCounts> {
    const jobs = await this.database.query<{ status: string; n: string | number }>(
      'SELECT status, count(*) AS n FROM transcode_jobs WHERE environment = $1 GROUP BY status',
      [environment],
    );
    const byStatus = new Map(jobs.map((row) => [row.status, Number(row.n)]));
    const [videos] = await this.database.query<{ fresh: string | number; again: string | number }>(
      `SELECT count(*) FILTER (WHERE transcoding_status = 'NOT_STARTED') AS fresh,
              count(*) FILTER (WHERE transcoding_status IN ('CANCELED', 'ERROR')) AS again
       FROM videos`,
    );
    return {
      toBeTranscoded: Number(videos?.fresh ?? 0),
      toBeReTranscoded: Number(videos?.again ?? 0),
      submitted: byStatus.get('SUBMITTED') ?? 0,
      running: byStatus.get('PROGRESSING') ?? 0,
      finished: byStatus.get('COMPLETE') ?? 0,
      errored: byStatus.get('ERROR') ?? 0,
      cancelled: byStatus.get('CANCELED') ?? 0,
    };
  }

  private async rowsByIds(ids: string[]): Promise<TranscodeJobRow[]> {
    if (ids.length === 0) return [];
    const rows = await this.database.query<JobRecord>(
      `SELECT j.id, j.video_id, j.queue, j.status, j.progress, j.speed, j.error_message, j.attempts, j.started_at,
              j.finished_at, j.submitted_at, v.name AS file_name, v.storage_key, v.uploaded_at, v.uploaded_by
       FROM transcode_jobs j JOIN videos v ON v.id = j.video_id WHERE j.id = ANY($1::text[])`,
      [ids],
    );
    const order = new Map(ids.map((id, i) => [id, i]));
    return rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!).map((row, i) => this.toRow(row, i + 1));
  }

  // ---- submit and cancel

  /** One new job per video, in the chosen queue; the video's status becomes SUBMITTED. */
  async submit(videoIds: string[], queue: TranscodingQueue, actor: Actor): Promise<TranscodeJobRow[]> {
    const ids = [...new Set(videoIds)];
    const jobIds = ids.map(() => crypto.randomUUID());
    await this.database.transaction(async (run) => {
      const found = await run<{ id: string; name: string; transcoding_status: string }>(
        'SELECT id, name, transcoding_status FROM videos WHERE id = ANY($1::text[]) ORDER BY id FOR UPDATE',
        [ids],
      );
      const byId = new Map(found.map((row) => [row.id, row]));
      for (const id of ids) {
        const video = byId.get(id);
        if (!video) throw fail(404, 'videoNotFound', { id });
        if (video.transcoding_status === 'SUBMITTED' || video.transcoding_status === 'PROGRESSING') {
          throw fail(409, 'alreadyRunning', { name: video.name });
        }
      }
      for (const [i, videoId] of ids.entries()) {
        const jobId = jobIds[i]!;
        await run(
          `INSERT INTO transcode_jobs (id, video_id, queue, environment, status, submitted_by, queue_job_id)
           VALUES ($1, $2, $3, $4, 'SUBMITTED', $5, $1)`,
          [jobId, videoId, queue, this.environment, actor.userId],
        );
        await run(`UPDATE videos SET transcoding_status = 'SUBMITTED', job_id = $2 WHERE id = $1`, [videoId, jobId]);
        await run(
          `INSERT INTO activity_log (actor_id, action, entity_type, entity_id, after, summary)
           VALUES ($1, 'transcode.submit', 'video', $2, $3::jsonb, $4)`,
          [
            actor.userId,
            videoId,
            JSON.stringify({ jobId, queue }),
            `${actor.name} submitted '${byId.get(videoId)!.name}' to the ${queue} queue`,
          ],
        );
      }
    });
    // Queued after the rows exist, so a worker never fetches a job it cannot find.
    for (const jobId of jobIds) {
      try {
        await this.queue.send(queue, jobId);
      } catch (error) {
        this.log.error({ err: error, jobId }, 'could not queue a transcoding job');
        await this.endJob(jobId, null, 'ERROR', `The job could not be queued: ${(error as Error).message}`);
      }
    }
    return this.rowsByIds(jobIds);
  }

  /** Cancels waiting or running jobs; a running worker sees it at its next heartbeat and stops ffmpeg. */
  async cancel(jobIds: string[], actor: Actor): Promise<TranscodeJobRow[]> {
    const ids = [...new Set(jobIds)];
    const cancelled = await this.database.transaction(async (run) => {
      const found = await run<{ id: string; status: string; queue: TranscodingQueue; video_id: string; name: string }>(
        `SELECT j.id, j.status, j.queue, j.video_id, v.name FROM transcode_jobs j JOIN videos v ON v.id = j.video_id
         WHERE j.id = ANY($1::text[]) ORDER BY j.id FOR UPDATE OF j`,
        [ids],
      );
      const byId = new Map(found.map((row) => [row.id, row]));
      for (const id of ids) {
        const job = byId.get(id);
        if (!job) throw fail(404, 'jobNotFound', { id });
        if (job.status !== 'SUBMITTED' && job.status !== 'PROGRESSING') {
          throw fail(409, 'notCancellable', { name: job.name, status: job.status });
        }
      }
      await run(
        `UPDATE transcode_jobs SET status = 'CANCELED', finished_at = now(), run_token = NULL WHERE id = ANY($1::text[])`,
        [ids],
      );
      await run(`UPDATE videos SET transcoding_status = 'CANCELED' WHERE job_id = ANY($1::text[])`, [ids]);
      for (const job of found) {
        await run(
          `INSERT INTO activity_log (actor_id, action, entity_type, entity_id, before, summary)
           VALUES ($1, 'transcode.cancel', 'video', $2, $3::jsonb, $4)`,
          [
            actor.userId,
            job.video_id,
            JSON.stringify({ jobId: job.id, status: job.status }),
            `${actor.name} cancelled the transcode of '${job.name}'`,
          ],
        );
      }
      return found;
    });
    for (const job of cancelled) {
      await this.queue.cancel(job.queue, job.id).catch((error: unknown) => {
        this.log.warn({ err: error, jobId: job.id }, 'could not cancel a job in the queue; the worker will skip it');
      });
    }
    return this.rowsByIds(ids);
  }

  /** Submits newly registered videos to the default queue (the registration hook). */
  async submitRegistered(videoIds: string[]): Promise<void> {
    const rows = await this.database.query<{ id: string }>(
      `SELECT id FROM videos WHERE id = ANY($1::text[]) AND transcoding_status NOT IN ('SUBMITTED', 'PROGRESSING')`,
      [videoIds],
    );
    if (rows.length > 0)
      await this.submit(
        rows.map((row) => row.id),
        'default',
        { userId: null, name: 'Lectern' },
      );
  }

  // ---- the worker's side

  /** Takes a waiting job for a run: PROGRESSING, one more attempt, this run's token. */
  async claim(jobId: string, workerId: string, runToken: string): Promise<ClaimedJob | null> {
    return this.database.transaction(async (run) => {
      const [job] = await run<{ id: string; video_id: string; queue: TranscodingQueue; attempts: number }>(
        `UPDATE transcode_jobs SET status = 'PROGRESSING', attempts = attempts + 1, run_token = $2, worker_id = $3,
           heartbeat_at = now(), started_at = now(), progress = 0, speed = NULL, error_message = NULL
         WHERE id = $1 AND status = 'SUBMITTED' RETURNING id, video_id, queue, attempts`,
        [jobId, runToken, workerId],
      );
      if (!job) return null;
      const [video] = await run<{ storage_key: string }>(
        `UPDATE videos SET transcoding_status = CASE WHEN job_id = $2 THEN 'PROGRESSING' ELSE transcoding_status END
         WHERE id = $1 RETURNING storage_key`,
        [job.video_id, jobId],
      );
      if (!video) return null;
      return {
        id: job.id,
        videoId: job.video_id,
        queue: job.queue,
        storageKey: video.storage_key,
        attempts: Number(job.attempts),
      };
    });
  }

  /** Records progress; false when this run no longer owns the job (cancelled, deleted, taken back). */
  async heartbeat(jobId: string, runToken: string, percent: number, speed: number | null): Promise<boolean> {
    const rows = await this.database.query(
      `UPDATE transcode_jobs SET heartbeat_at = now(), progress = $3, speed = coalesce($4, speed)
       WHERE id = $1 AND run_token = $2 AND status = 'PROGRESSING' RETURNING id`,
      [jobId, runToken, percent, speed],
    );
    return rows.length > 0;
  }

  /**
   * Records a finished transcode, once: only the run holding the token can. Returns whether it was
   * recorded and the outputs no longer needed (the video's previous transcode, or these outputs
   * when a newer job replaced this one).
   */
  async finish(
    jobId: string,
    runToken: string,
    output: TranscodeOutput,
  ): Promise<{ recorded: boolean; obsoleteMasters: string[] }> {
    return this.database.transaction(async (run) => {
      const [job] = await run<{ video_id: string }>(
        `UPDATE transcode_jobs SET status = 'COMPLETE', progress = 100, finished_at = now(), heartbeat_at = now(),
           completed_runs = completed_runs + 1, run_token = NULL, speed = coalesce($3::double precision, speed)
         WHERE id = $1 AND run_token = $2 AND status = 'PROGRESSING' RETURNING video_id`,
        [jobId, runToken, output.speed ?? null],
      );
      if (!job) return { recorded: false, obsoleteMasters: [output.master] };
      const [video] = await run<{ job_id: string | null; endpoints: string[] }>(
        'SELECT job_id, endpoints FROM videos WHERE id = $1 FOR UPDATE',
        [job.video_id],
      );
      if (!video || video.job_id !== jobId) return { recorded: true, obsoleteMasters: [output.master] };
      const previous = readEndpoints(video.endpoints ?? []).master;
      await run(
        `UPDATE videos SET transcoding_status = 'COMPLETE', endpoints = $2::jsonb,
           duration_seconds = CASE WHEN $3::double precision > 0 THEN $3::double precision ELSE duration_seconds END
         WHERE id = $1`,
        [job.video_id, JSON.stringify(endpointsOf(output)), output.durationSeconds],
      );
      return { recorded: true, obsoleteMasters: previous && previous !== output.master ? [previous] : [] };
    });
  }

  /** Ends a job in ERROR (or another final state) with its reason; with a token, only that run can. */
  async endJob(jobId: string, runToken: string | null, status: 'ERROR', reason: string): Promise<boolean> {
    return this.database.transaction(async (run) => {
      const [job] = await run<{ video_id: string }>(
        `UPDATE transcode_jobs SET status = $3, error_message = $4, finished_at = now(), run_token = NULL
         WHERE id = $1 AND ($2::text IS NULL OR run_token = $2) AND status IN ('SUBMITTED', 'PROGRESSING')
         RETURNING video_id`,
        [jobId, runToken, status, reason],
      );
      if (!job) return false;
      await run(`UPDATE videos SET transcoding_status = $3 WHERE id = $1 AND job_id = $2`, [
        job.video_id,
        jobId,
        status,
      ]);
      return true;
    });
  }

  /** Gives a job back to its queue (the worker is stopping, or failed for a passing reason). */
  async release(jobId: string, runToken: string, reason: string): Promise<boolean> {
    const rows = await this.database.query<{ video_id: string }>(
      `UPDATE transcode_jobs SET status = 'SUBMITTED', run_token = NULL, worker_id = NULL, error_message = $3
       WHERE id = $1 AND run_token = $2 AND status = 'PROGRESSING' RETURNING video_id`,
      [jobId, runToken, reason],
    );
    if (rows[0]) {
      await this.database.query(`UPDATE videos SET transcoding_status = 'SUBMITTED' WHERE id = $1 AND job_id = $2`, [
        rows[0].video_id,
        jobId,
      ]);
    }
    return rows.length > 0;
  }

  /** Running jobs whose heartbeat stopped: back to SUBMITTED, returned so their queue jobs can be failed (retried). */
  async takeBackStale(staleSeconds: number): Promise<{ id: string; queue: TranscodingQueue }[]> {
    const rows = await this.database.query<{ id: string; queue: TranscodingQueue; video_id: string }>(
      `UPDATE transcode_jobs SET status = 'SUBMITTED', run_token = NULL, worker_id = NULL, error_message = $2
       WHERE status = 'PROGRESSING' AND heartbeat_at < now() - make_interval(secs => $1)
       RETURNING id, queue, video_id`,
      [staleSeconds, TRANSCODING_MESSAGES.workerStopped],
    );
    for (const row of rows) {
      await this.database.query(`UPDATE videos SET transcoding_status = 'SUBMITTED' WHERE id = $1 AND job_id = $2`, [
        row.video_id,
        row.id,
      ]);
    }
    return rows.map(({ id, queue }) => ({ id, queue }));
  }

  /** The job's status and how often it completed (tests and the worker's checks). */
  async jobState(jobId: string): Promise<{ status: string; completedRuns: number; attempts: number } | null> {
    const [row] = await this.database.query<{ status: string; completed_runs: number; attempts: number }>(
      'SELECT status, completed_runs, attempts FROM transcode_jobs WHERE id = $1',
      [jobId],
    );
    return row
      ? { status: row.status, completedRuns: Number(row.completed_runs), attempts: Number(row.attempts) }
      : null;
  }
}
