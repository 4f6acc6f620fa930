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

/** The queue as health reports it: answering or not, and the jobs no worker took in time. */
export interface QueueHealth {
  state: 'ok' | 'stalled' | 'down';
  overdueJobs: number;
}

/** Overdue jobs are counted up to this many: health stays quick behind a large backlog. */
const OVERDUE_COUNT_LIMIT = 1000;

/** PostgreSQL's 'relation does not exist' (also when its schema does not). */
const UNDEFINED_TABLE = '42P01';

/** A transaction's `executeSql` (db/sql-in-transaction.ts): a job sent through it is committed with it. */
export interface InTransaction {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
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
  /** pg-boss has started (its tables exist); false again when it stops */
  private running = false;
  /** the last start failed: the queue is down until a start succeeds */
  private startFailed = false;
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
    this.started ??= this.start().then(
      (boss) => {
        this.running = true;
        this.startFailed = false;
        return boss;
      },
      (error: unknown) => {
        this.started = undefined;
        this.startFailed = true;
        throw error;
      },
    );
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
  /**
   * Starts the queue if it has not started. A transaction that sends a job (`within`) comes after it:
   * starting runs statements of its own, which on PGlite's one connection would wait for that
   * transaction forever.
   */
  async ready(): Promise<void> {
    await this.boss();
  }

  async send(queue: string, data: object, id?: string, startAfter?: Date, within?: InTransaction): Promise<void> {
    if (within && !this.running) {
      throw new Error('the job queue has not started: await ready() before the transaction that sends a job');
    }
    const boss = await this.boss();
    await boss.send(queue, data, {
      ...(id === undefined ? {} : { id }),
      ...(startAfter === undefined ? {} : { startAfter }),
      ...(within === undefined ? {} : { db: within }),
    });
  }

  /** Tells every worker on this database that `queue` has a new job (best effort: workers also poll). */
  async announce(queue: string, within?: InTransaction): Promise<void> {
    // in a transaction, the NOTIFY goes out when it commits (and never when it rolls back)
    if (within) {
      await within.executeSql('SELECT pg_notify($1, $2)', [JOBS_CHANNEL, queue]);
      return;
    }
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

  /**
   * Whether the queue answers (its tables readable, its last start not failed), and how many jobs
   * have waited past their start time longer than `overdueMs`, none of the workers taking them
   * (counted up to OVERDUE_COUNT_LIMIT, on pg-boss's index of waiting jobs, so it stays quick).
   * It never starts pg-boss itself (a start takes seconds): a process that has not used the queue
   * yet reads its tables, and before any process made them nothing can be late. `skip`: queues not counted.
   */
  async health(overdueMs: number, skip: readonly string[]): Promise<QueueHealth> {
    if (this.stopped || this.startFailed) return { state: 'down', overdueJobs: 0 };
    try {
      const [row] = await this.database.query<{ overdue: number }>(
        `SELECT count(*)::int AS overdue FROM (
           SELECT 1 FROM ${this.schema}.job
           WHERE state < 'active' AND start_after < now() - make_interval(secs => $1) AND NOT (name = ANY($2::text[]))
           LIMIT ${OVERDUE_COUNT_LIMIT}
         ) waiting`,
        [overdueMs / 1000, [...skip]],
      );
      const overdue = row?.overdue ?? 0;
      return { state: overdue > 0 ? 'stalled' : 'ok', overdueJobs: overdue };
    } catch (error) {
      // No job table before the queue is first started on this database: no job can be waiting.
      if (!this.running && (error as { code?: string }).code === UNDEFINED_TABLE)
        return { state: 'ok', overdueJobs: 0 };
      this.log.warn({ err: error }, 'job queue: health check failed');
      return { state: 'down', overdueJobs: 0 };
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.running = false;
    const started = this.started;
    this.started = undefined;
    if (!started) return;
    const boss = await started.catch(() => undefined);
    await boss?.stop({ graceful: false, wait: true, close: false }).catch(() => undefined);
  }
}
