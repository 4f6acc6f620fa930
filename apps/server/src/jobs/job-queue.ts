import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import type { ListenHooks } from '../db/listener';

/** How often a queue's creation is tried when processes starting together collide. */
const QUEUE_CREATE_ATTEMPTS = 5;

/** How a queue retries and expires its jobs (pg-boss queue options). */
export interface QueuePolicy {
  retryLimit: number;
  retryDelaySeconds: number;
  /** longer waits between later retries */
  retryBackoff: boolean;
  /** an active job not settled by then is failed by pg-boss */
  expireInHours: number;
}

/** A job as pg-boss hands it out: its id, data, state and retry counts. */
export type QueuedJob<P> = PgBoss.JobWithMetadata<P>;

/**
 * The job queue on the app's own database: pg-boss, through the database handle's `executeSql`
 * (PGlite's `exec` for multi-statement SQL, DESIGN §4), in schema `pgboss` (a test suite's schema
 * plus `_boss` on PostgreSQL). Started on first use; the queues declared before then are created
 * with their policy if they do not exist yet.
 */
/** The NOTIFY channel that wakes idle workers when a job is sent. */
const JOBS_CHANNEL = 'lectern_jobs';

export class JobQueue {
  private started: Promise<PgBoss> | undefined;
  private stopped = false;
  private readonly declared = new Map<string, QueuePolicy>();

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  get schema(): string {
    return this.database.searchPath ? `${this.database.searchPath}_boss` : 'pgboss';
  }

  /** Declares a queue and its policy; only before the queue starts (queues are created at start). */
  declare(name: string, policy: QueuePolicy): void {
    if (this.started) throw new Error(`the job queue has started: queue '${name}' must be declared before`);
    if (this.declared.has(name)) throw new Error(`queue '${name}' is declared twice`);
    this.declared.set(name, policy);
  }

  private boss(): Promise<PgBoss> {
    if (this.stopped) return Promise.reject(new Error('the job queue is stopped'));
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
    boss.on('error', (error) => this.log.warn({ err: error }, 'job queue: background task failed'));
    await boss.start();
    for (const [name, policy] of this.declared) {
      // Processes starting together create the same queues at once: one of them may lose a deadlock
      // (PostgreSQL rolls it back) or find the queue made by another. Look again and retry, a few times.
      for (let attempt = 1; !(await boss.getQueue(name)); attempt++) {
        try {
          await boss.createQueue(name, {
            name,
            retryLimit: policy.retryLimit,
            retryDelay: policy.retryDelaySeconds,
            retryBackoff: policy.retryBackoff,
            expireInHours: policy.expireInHours,
          });
        } catch (error) {
          if (attempt >= QUEUE_CREATE_ATTEMPTS) {
            if (await boss.getQueue(name)) break;
            throw error;
          }
          await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200));
        }
      }
    }
    return boss;
  }

  /**
   * Puts a job in a queue; with an id of the caller's, the job can be found, failed or cancelled by it;
   * with `startAfter`, no worker takes it before then.
   */
  async send(queue: string, data: object, id?: string, startAfter?: Date): Promise<void> {
    const boss = await this.boss();
    await boss.send(queue, data, {
      ...(id === undefined ? {} : { id }),
      ...(startAfter === undefined ? {} : { startAfter }),
    });
  }

  /** Tells every worker on this database that `queue` has a new job (best effort: workers also poll). */
  async announce(queue: string): Promise<void> {
    await this.database.query('SELECT pg_notify($1, $2)', [JOBS_CHANNEL, queue]).catch((error: unknown) => {
      this.log.warn({ err: error, queue }, 'job queue: could not announce a job; workers will find it when they poll');
    });
  }

  /**
   * Calls `onJob` whenever a job is announced, from this process or another; resolves to a stop
   * function. A lost connection is replaced (`hooks`: announcements of the gap were missed).
   */
  listen(onJob: (queue: string) => void, hooks?: ListenHooks): Promise<() => Promise<void>> {
    return this.database.listen(JOBS_CHANNEL, onJob, hooks);
  }

  /** The next job of a queue, if any (marked active in pg-boss). */
  async fetch<P>(queue: string): Promise<QueuedJob<P> | undefined> {
    const [job] = await (await this.boss()).fetch<P>(queue, { batchSize: 1, includeMetadata: true });
    return job;
  }

  async complete(queue: string, id: string): Promise<void> {
    await (await this.boss()).complete(queue, id);
  }

  /** Fails a job: pg-boss retries it with backoff while retries remain. */
  async fail(queue: string, id: string, reason: string): Promise<void> {
    await (await this.boss()).fail(queue, id, { message: reason });
  }

  async cancel(queue: string, id: string): Promise<void> {
    await (await this.boss()).cancel(queue, id);
  }

  async job<P>(queue: string, id: string): Promise<QueuedJob<P> | null> {
    return (await this.boss()).getJobById<P>(queue, id);
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
