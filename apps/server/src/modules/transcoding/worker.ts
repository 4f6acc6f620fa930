import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TRANSCODING_MESSAGES, fillMessage, type TranscodingQueue } from '@lectern/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { TranscodingConfig } from '../../config';
import type { Storage } from '../../storage';
import { deletePrefix } from '../../transcoder/media-store';
import type { JobRegistry, RunningJob } from '../../jobs';
import {
  TRANSCODE_FAILURES,
  TranscodeCanceled,
  TranscodeError,
  outputPrefixFor,
  type TranscodeProgress,
  type Transcoder,
} from '../../transcoder/transcoder';
import { transcodeJob, type TranscodePayload } from './transcode-job';
import type { TranscodingService } from './transcoding.service';

export interface WorkerOptions {
  service: TranscodingService;
  jobs: JobRegistry;
  transcoder: Transcoder;
  storage: Storage;
  config: TranscodingConfig;
  log: FastifyBaseLogger;
  /** how this worker is named in the job rows */
  workerId?: string;
}

/**
 * Runs transcodes: the handler of transcode jobs, which the job registry's workers hand it (reserved
 * queue first, then default, `concurrency` at a time). Each run holds a token and beats a heartbeat:
 * progress is recorded, and a run that lost its job (cancelled, deleted, taken back) stops its ffmpeg.
 * A supervisor, in every worker, takes back jobs whose heartbeat stopped (their worker died) and fails
 * them in the queue, which retries them with backoff. Only the run holding the token can record the
 * result, so a job finishes exactly once.
 */
export class TranscodeWorker {
  readonly workerId: string;
  private supervisor: NodeJS.Timeout | undefined;
  private readonly running = new Map<string, { controller: AbortController; pid?: number }>();

  constructor(private readonly options: WorkerOptions) {
    this.workerId = options.workerId ?? `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString('hex')}`;
  }

  /** Makes this worker the handler of transcode jobs; the registry's workers then run them. */
  register(): void {
    const { jobs, config } = this.options;
    jobs.handle(transcodeJob, (job) => this.run(job), {
      concurrency: config.concurrency,
      pollSeconds: config.pollSeconds,
    });
  }

  /** Clears scratch left by dead processes and starts the supervisor. */
  start(): void {
    this.cleanScratch();
    const { config } = this.options;
    const every = Math.max(1000, (config.staleSeconds * 1000) / 3);
    this.supervisor = setInterval(() => void this.superviseOnce(), every);
    this.supervisor.unref();
  }

  /** The ffmpeg processes running now (tests watch them). */
  runningPids(): number[] {
    return [...this.running.values()].flatMap((run) => (run.pid ? [run.pid] : []));
  }

  /** The jobs running now. */
  runningJobs(): string[] {
    return [...this.running.keys()];
  }

  /** Stops the supervisor; running transcodes stop when the registry's workers stop (they go back to their queue). */
  stop(): void {
    clearInterval(this.supervisor);
  }

  /** Takes back jobs whose worker stopped beating; the queue retries them, or gives up after the limit. */
  async superviseOnce(): Promise<number> {
    const { service, jobs, config, log } = this.options;
    try {
      const stale = await service.takeBackStale(config.staleSeconds);
      for (const job of stale) {
        log.warn({ jobId: job.id }, 'transcoding job lost its worker; retrying');
        await jobs.fail(transcodeJob, job.queue, job.id, TRANSCODING_MESSAGES.workerStopped);
        const after = await jobs.get(transcodeJob, job.queue, job.id);
        if (after?.state === 'failed') {
          await service.endJob(
            job.id,
            null,
            'ERROR',
            fillMessage(TRANSCODING_MESSAGES.workerGaveUp, { count: after.retryCount + 1 }),
          );
        }
      }
      return stale.length;
    } catch (error) {
      log.warn({ err: error }, 'transcoding supervisor failed');
      return 0;
    }
  }

  /** Runs one transcode job; settles it in its queue unless another run or a cancel took it over. */
  private async run(job: RunningJob<TranscodePayload, TranscodingQueue>): Promise<void> {
    const { service, transcoder, storage, config, log } = this.options;
    const jobId = job.data.jobId;
    const token = crypto.randomUUID();
    const claimed = await service.claim(jobId, this.workerId, token);
    if (!claimed) {
      // Cancelled, deleted or already done: nothing to run.
      await job.complete().catch(() => undefined);
      return;
    }
    const controller = new AbortController();
    const entry: { controller: AbortController; pid?: number } = { controller };
    this.running.set(jobId, entry);
    // The workers stopping stops the transcode; it goes back to its queue below.
    const stop = () => controller.abort();
    job.signal.addEventListener('abort', stop, { once: true });
    if (job.signal.aborted) stop();
    let progress: TranscodeProgress = { percent: 0, speed: null };
    let beating = false;
    const beat = setInterval(() => {
      if (beating) return;
      beating = true;
      service
        .heartbeat(jobId, token, progress.percent, progress.speed)
        .then((owned) => {
          if (!owned) controller.abort();
        })
        .catch((error: unknown) => log.warn({ err: error, jobId }, 'transcoding heartbeat failed'))
        .finally(() => (beating = false));
    }, config.heartbeatSeconds * 1000);
    const outputPrefix = outputPrefixFor(claimed.storageKey, claimed.videoId, jobId);
    const bucket = storage.videosBucket;
    try {
      const output = await transcoder.transcode({
        jobId,
        videoId: claimed.videoId,
        source: { bucket, key: claimed.storageKey },
        queue: claimed.queue,
        outputPrefix,
        signal: controller.signal,
        onProgress: (next) => (progress = next),
        onProcess: (pid) => (entry.pid = pid),
      });
      const result = await service.finish(jobId, token, output);
      for (const master of result.obsoleteMasters) {
        await deletePrefix(storage.driver, bucket, master.slice(0, master.lastIndexOf('/') + 1)).catch(
          (error: unknown) => log.warn({ err: error, master }, 'could not remove old transcode outputs'),
        );
      }
      if (result.recorded) await job.complete();
      log.info({ jobId, videoId: claimed.videoId, recorded: result.recorded }, 'transcode finished');
    } catch (error) {
      if (error instanceof TranscodeCanceled) {
        if (job.signal.aborted && (await service.release(jobId, token, TRANSCODING_MESSAGES.workerStopped))) {
          await job.fail(TRANSCODING_MESSAGES.workerStopped);
        }
        // Otherwise the job was cancelled, deleted or taken back: its queue job is not this run's any more.
        log.info({ jobId }, 'transcode stopped');
      } else if (error instanceof TranscodeError) {
        // staff read the sentence; what the transcoder said (paths, ffmpeg's output) stays in the log
        if (await service.endJob(jobId, token, 'ERROR', error.message)) await job.complete();
        log.warn({ jobId, videoId: claimed.videoId, reason: error.message, detail: error.detail }, 'transcode failed');
      } else {
        if (job.retryCount < job.retryLimit) {
          if (await service.release(jobId, token, TRANSCODE_FAILURES.serverRetrying)) {
            await job.fail((error as Error).message);
          }
        } else if (await service.endJob(jobId, token, 'ERROR', TRANSCODE_FAILURES.serverGaveUp)) {
          await job.complete();
        }
        log.error({ err: error, jobId }, 'transcode failed unexpectedly');
      }
    } finally {
      clearInterval(beat);
      job.signal.removeEventListener('abort', stop);
      this.running.delete(jobId);
    }
  }

  /** Scratch folders of processes that are gone (a worker killed mid-job leaves one). */
  private cleanScratch(): void {
    const dir = this.options.config.workDir;
    let names: string[] = [];
    try {
      names = fs.readdirSync(dir);
    } catch {
      return;
    }
    for (const name of names) {
      const pid = Number(/-(\d+)$/.exec(name)?.[1]);
      if (!pid || pid === process.pid) continue;
      try {
        process.kill(pid, 0);
      } catch {
        fs.rmSync(path.join(dir, name), { recursive: true, force: true });
      }
    }
  }
}
