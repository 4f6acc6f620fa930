import PgBoss from 'pg-boss';
import { TRANSCODING_QUEUES, type TranscodingQueue } from '@lectern/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { TranscodingConfig } from '../../config';
import type { Database } from '../../db/client';

/** What a queued job carries: the transcode_jobs row it runs. */
export interface QueuedTranscode {
  jobId: string;
}

export type FetchedJob = PgBoss.JobWithMetadata<QueuedTranscode>;

/**
 * The job queue on the app's own database: pg-boss, through the database handle's `executeSql`
 * (PGlite's `exec` for multi-statement SQL, DESIGN §4), in schema `pgboss` (a test suite's schema
 * plus `_boss` on PostgreSQL). Queues `default` and `reserved`. Started on first use.
 */
export class TranscodeQueue {
  private started: Promise<PgBoss> | undefined;
  private stopped = false;

  constructor(
    private readonly database: Database,
    private readonly config: TranscodingConfig,
    private readonly log: FastifyBaseLogger,
  ) {}

  get schema(): string {
    return this.database.searchPath ? `${this.database.searchPath}_boss` : 'pgboss';
  }

  private boss(): Promise<PgBoss> {
    if (this.stopped) return Promise.reject(new Error('the transcoding queue is stopped'));
    this.started ??= this.start().catch((error: unknown) => {
      this.started = undefined;
      throw error;
    });
    return this.started;
  }

  private async start(): Promise<PgBoss> {
    const boss = new PgBoss({
      db: { executeSql: (text, values) => this.database.executeSql(text, values) },
      schema: this.schema,
      schedule: false,
      supervise: true,
      migrate: true,
    });
    boss.on('error', (error) => this.log.warn({ err: error }, 'transcoding queue: background task failed'));
    await boss.start();
    for (const name of TRANSCODING_QUEUES) {
      if (await boss.getQueue(name)) continue;
      await boss
        .createQueue(name, {
          name,
          retryLimit: this.config.retryLimit,
          retryDelay: this.config.retryDelaySeconds,
          retryBackoff: true,
          // The heartbeat (worker.ts) takes back jobs of stopped workers; this is only a backstop.
          expireInHours: 12,
        })
        .catch(async (error: unknown) => {
          // Another process created it at the same moment.
          if (!(await boss.getQueue(name))) throw error;
        });
    }
    return boss;
  }

  /** Puts a job in a queue; the pg-boss job has the transcode job's id. */
  async send(queue: TranscodingQueue, jobId: string): Promise<void> {
    const boss = await this.boss();
    await boss.send(queue, { jobId } satisfies QueuedTranscode, { id: jobId });
  }

  /** The next job of a queue, if any (marked active in pg-boss). */
  async fetch(queue: TranscodingQueue): Promise<FetchedJob | undefined> {
    const boss = await this.boss();
    const [job] = await boss.fetch<QueuedTranscode>(queue, { batchSize: 1, includeMetadata: true });
    return job;
  }

  async complete(queue: TranscodingQueue, id: string): Promise<void> {
    await (await this.boss()).complete(queue, id);
  }

  /** Fails a job: pg-boss retries it with backoff while retries remain. */
  async fail(queue: TranscodingQueue, id: string, reason: string): Promise<void> {
    await (await this.boss()).fail(queue, id, { message: reason });
  }

  async cancel(queue: TranscodingQueue, id: string): Promise<void> {
    await (await this.boss()).cancel(queue, id);
  }

  async job(queue: TranscodingQueue, id: string): Promise<FetchedJob | null> {
    return (await this.boss()).getJobById<QueuedTranscode>(queue, id);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    const started = this.started;
    this.started = undefined;
    if (!started) return;
    const boss = await started.catch(() => undefined);
    await boss?.stop({ graceful: false, wait: true, close: false }).catch(() => undefined);
  }
}
