import crypto from 'node:crypto';
import {
  JOB_LISTS,
  TRANSCODING_MESSAGES,
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
import type { Db } from '../../db/client';
import type { JobRegistry } from '../../jobs';
import { recordActivity } from '../../lib/activity.repository';
import { failWith } from '../../lib/app-error';
import type { Viewer } from '../../lib/routing';
import type { TranscodeOutput } from '../../transcoder/transcoder';
import { TRANSCODE_FAILURES, endpointsOf, readEndpoints } from '../../transcoder/transcoder';
import type { VideosStore } from '../videos';
import { jobPage, jobRow, listFilter, scopeOf, toDate } from './job-lists';
import { transcodeJob } from './transcode-job';
import type { TranscodingRepository } from './transcoding.repository';

const fail = failWith(TRANSCODING_MESSAGES);

/** What a worker needs to run a claimed job. */
export interface ClaimedJob {
  id: string;
  videoId: string;
  queue: TranscodingQueue;
  storageKey: string;
  attempts: number;
}

/** Who submits or cancels: a staff member, whose roles decide their scope, or Lectern itself (no user). */
export interface Actor {
  userId: string | null;
  name: string;
  roles: readonly string[];
}

/** The registration hook's submissions. */
const LECTERN: Actor = { userId: null, name: 'Lectern', roles: [] };

/**
 * Transcoding jobs as staff see them: the lists of spec 2 §3, submit and cancel; and the worker's
 * side: claim, heartbeat, finish, fail, and taking back jobs whose worker stopped. A video's
 * transcodingStatus and jobId always follow its newest job.
 */
export class TranscodingService {
  constructor(
    /** transactions: a job and its video change together */
    private readonly db: Db,
    private readonly repo: TranscodingRepository,
    private readonly videos: VideosStore,
    /** the queue transcode jobs travel in */
    private readonly registry: JobRegistry,
    private readonly environment: TranscodingEnvironment,
    private readonly log: FastifyBaseLogger,
  ) {}

  // ---- lists

  /** A job list of one environment, newest submission first. */
  jobs(actor: Viewer, list: JobListName, query: JobListQuery & { nextToken?: string }): Promise<JobList> {
    const filter = {
      ...listFilter(query, actor),
      environment: query.environment ?? this.environment,
      status: JOB_LISTS[list],
    };
    return jobPage(query.nextToken, (after, limit) => this.repo.jobsPage(filter, after, limit));
  }

  /** Videos to transcode: never transcoded (`new`), or whose newest job was cancelled or failed. */
  videosToBeTranscoded(
    actor: Viewer,
    videoType: VideoType,
    query: JobListQuery & { nextToken?: string },
  ): Promise<JobList> {
    const filter = { ...listFilter(query, actor), videoType };
    return jobPage(query.nextToken, (after, limit) => this.repo.videosPage(filter, after, limit));
  }

  /** The to-be-transcoded payload: every video without a job yet, oldest upload first. */
  async toBeTranscoded(
    actor: Viewer,
    query: JobListQuery,
  ): Promise<{ fileName: string; videoId: string; s3Key: string; uploadedAt: string; uploadedBy: string | null }[]> {
    const { queue: _queue, ...filter } = listFilter(query, actor);
    const rows = await this.repo.notStarted(filter);
    return rows.map((row) => ({
      fileName: row.name,
      videoId: row.id,
      s3Key: row.storage_key,
      uploadedAt: toDate(row.uploaded_at).toISOString(),
      uploadedBy: row.uploaded_by,
    }));
  }

  async counts(actor: Viewer, environment: TranscodingEnvironment = this.environment): Promise<JobCounts> {
    const { jobs, toBeTranscoded, toBeReTranscoded } = await this.repo.counts(environment, scopeOf(actor));
    return {
      toBeTranscoded,
      toBeReTranscoded,
      submitted: jobs.get('SUBMITTED') ?? 0,
      running: jobs.get('PROGRESSING') ?? 0,
      finished: jobs.get('COMPLETE') ?? 0,
      errored: jobs.get('ERROR') ?? 0,
      cancelled: jobs.get('CANCELED') ?? 0,
    };
  }

  private async rowsByIds(ids: string[]): Promise<TranscodeJobRow[]> {
    const rows = await this.repo.byIds(ids);
    const order = new Map(ids.map((id, i) => [id, i]));
    return rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!).map((row, i) => jobRow(row, i + 1));
  }

  // ---- submit and cancel

  /** One new job per video, in the chosen queue; the video's status becomes SUBMITTED. */
  async submit(videoIds: string[], queue: TranscodingQueue, actor: Actor): Promise<TranscodeJobRow[]> {
    const ids = [...new Set(videoIds)];
    const jobIds = ids.map(() => crypto.randomUUID());
    await this.db.transaction(async (tx) => {
      const found = await this.videos.lockForSubmit(tx, ids);
      const byId = new Map(found.map((row) => [row.id, row]));
      // Out of the caller's scope reads as not found, before any state check: no 409 tells them it exists.
      const scope = scopeOf(actor);
      const hidden = scope ? await this.repo.outsideAssignments(tx, ids, scope) : new Set<string>();
      for (const id of ids) {
        const video = hidden.has(id) ? undefined : byId.get(id);
        if (!video) throw fail(404, 'videoNotFound', { id });
        if (video.transcodingStatus === 'SUBMITTED' || video.transcodingStatus === 'PROGRESSING') {
          throw fail(409, 'alreadyRunning', { name: video.name });
        }
      }
      for (const [i, videoId] of ids.entries()) {
        const jobId = jobIds[i]!;
        await this.repo.insertJob(tx, {
          id: jobId,
          videoId,
          queue,
          environment: this.environment,
          submittedBy: actor.userId,
        });
        await this.videos.markSubmitted(tx, videoId, jobId);
        await recordActivity(tx, {
          actorId: actor.userId,
          action: 'transcode.submit',
          entityType: 'video',
          entityId: videoId,
          after: { jobId, queue },
          summary: `${actor.name} submitted '${byId.get(videoId)!.name}' to the ${queue} queue`,
        });
      }
    });
    // Queued after the rows exist, so a worker never fetches a job it cannot find.
    for (const jobId of jobIds) {
      try {
        await this.registry.send(transcodeJob, { jobId }, { queue, id: jobId });
      } catch (error) {
        this.log.error({ err: error, jobId }, 'could not queue a transcoding job');
        await this.endJob(jobId, null, 'ERROR', TRANSCODE_FAILURES.notQueued);
      }
    }
    return this.rowsByIds(jobIds);
  }

  /** Cancels waiting or running jobs; a running worker sees it at its next heartbeat and stops ffmpeg. */
  async cancel(jobIds: string[], actor: Actor): Promise<TranscodeJobRow[]> {
    const ids = [...new Set(jobIds)];
    const cancelled = await this.db.transaction(async (tx) => {
      const found = await this.repo.lockForCancel(tx, ids);
      const byId = new Map(found.map((row) => [row.id, row]));
      const scope = scopeOf(actor);
      const hidden = scope
        ? await this.repo.outsideAssignments(
            tx,
            found.map((job) => job.videoId),
            scope,
          )
        : new Set<string>();
      for (const id of ids) {
        const job = byId.get(id);
        if (!job || hidden.has(job.videoId)) throw fail(404, 'jobNotFound', { id });
        if (job.status !== 'SUBMITTED' && job.status !== 'PROGRESSING') {
          throw fail(409, 'notCancellable', { name: job.name, status: job.status });
        }
      }
      await this.repo.markCancelled(tx, ids);
      await this.videos.markCancelled(tx, ids);
      for (const job of found) {
        await recordActivity(tx, {
          actorId: actor.userId,
          action: 'transcode.cancel',
          entityType: 'video',
          entityId: job.videoId,
          before: { jobId: job.id, status: job.status },
          summary: `${actor.name} cancelled the transcode of '${job.name}'`,
        });
      }
      return found;
    });
    for (const job of cancelled) {
      await this.registry.cancel(transcodeJob, job.queue as TranscodingQueue, job.id).catch((error: unknown) => {
        this.log.warn({ err: error, jobId: job.id }, 'could not cancel a job in the queue; the worker will skip it');
      });
    }
    return this.rowsByIds(ids);
  }

  /** Submits newly registered videos to the default queue (the registration hook). */
  async submitRegistered(videoIds: string[]): Promise<void> {
    const ids = await this.videos.notTranscoding(videoIds);
    if (ids.length > 0) await this.submit(ids, 'default', LECTERN);
  }

  // ---- the worker's side

  /** Takes a waiting job for a run: PROGRESSING, one more attempt, this run's token. */
  async claim(jobId: string, workerId: string, runToken: string): Promise<ClaimedJob | null> {
    return this.db.transaction(async (tx) => {
      const job = await this.repo.claim(tx, jobId, runToken, workerId);
      if (!job) return null;
      const storageKey = await this.videos.markProgressing(tx, job.videoId, jobId);
      if (storageKey === null) return null;
      return { id: job.id, videoId: job.videoId, queue: job.queue, storageKey, attempts: Number(job.attempts) };
    });
  }

  /** Records progress; false when this run no longer owns the job (cancelled, deleted, taken back). */
  heartbeat(jobId: string, runToken: string, percent: number, speed: number | null): Promise<boolean> {
    return this.repo.heartbeat(jobId, runToken, percent, speed);
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
    return this.db.transaction(async (tx) => {
      const job = await this.repo.finish(tx, jobId, runToken, output.speed ?? null);
      if (!job) return { recorded: false, obsoleteMasters: [output.master] };
      const video = await this.videos.lockForFinish(tx, job.videoId);
      if (!video || video.jobId !== jobId) return { recorded: true, obsoleteMasters: [output.master] };
      const previous = readEndpoints((video.endpoints as string[] | null) ?? []).master;
      await this.videos.markTranscoded(tx, job.videoId, endpointsOf(output), output.durationSeconds);
      return { recorded: true, obsoleteMasters: previous && previous !== output.master ? [previous] : [] };
    });
  }

  /** Ends a job in ERROR (or another final state) with its reason; with a token, only that run can. */
  async endJob(jobId: string, runToken: string | null, status: 'ERROR', reason: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const job = await this.repo.end(tx, jobId, runToken, status, reason);
      if (!job) return false;
      await this.videos.setStatusOfJob(tx, job.videoId, jobId, status);
      return true;
    });
  }

  /** Gives a job back to its queue (the worker is stopping, or failed for a passing reason). */
  async release(jobId: string, runToken: string, reason: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const job = await this.repo.release(tx, jobId, runToken, reason);
      if (!job) return false;
      await this.videos.setStatusOfJob(tx, job.videoId, jobId, 'SUBMITTED');
      return true;
    });
  }

  /** Running jobs whose heartbeat stopped: back to SUBMITTED, returned so their queue jobs can be failed (retried). */
  async takeBackStale(staleSeconds: number): Promise<{ id: string; queue: TranscodingQueue }[]> {
    return this.db.transaction(async (tx) => {
      const rows = await this.repo.takeBackStale(tx, staleSeconds, TRANSCODING_MESSAGES.workerStopped);
      for (const row of rows) await this.videos.setStatusOfJob(tx, row.videoId, row.id, 'SUBMITTED');
      return rows.map(({ id, queue }) => ({ id, queue }));
    });
  }

  /** The job's status and how often it completed (tests and the worker's checks). */
  jobState(jobId: string): Promise<{ status: string; completedRuns: number; attempts: number } | null> {
    return this.repo.state(jobId);
  }
}
