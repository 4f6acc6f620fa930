import type { FastifyBaseLogger } from 'fastify';
import { abortableSleep } from '../lib/abortable-sleep';
import type { InTransaction, JobQueue, QueueHealth, QueuePolicy, QueuedJob } from './job-queue';

/**
 * A kind of background job: its name, the payload it carries and the queues it travels in (a worker
 * takes them in this order, so the first is the most urgent). Modules define theirs next to the code
 * that sends them; the payload type travels with the definition, so sends and handlers agree.
 */
export interface JobType<P extends object, Q extends string = string> {
  readonly name: string;
  readonly queues: readonly Q[];
  /** never set: carries the payload type */
  readonly payload?: P;
}

/** Defines a job type; its queues default to one named after the job. */
export function defineJob<P extends object, Q extends string = string>(
  name: string,
  queues: readonly Q[] = [name as Q],
): JobType<P, Q> {
  if (queues.length === 0) throw new Error(`job '${name}' needs at least one queue`);
  return { name, queues };
}

/** A job a handler runs: it settles the job itself (complete or fail), or leaves it to whoever took it over. */
export interface RunningJob<P, Q extends string = string> {
  id: string;
  queue: Q;
  data: P;
  retryCount: number;
  retryLimit: number;
  /** aborted when this process stops working jobs: a handler gives its job back */
  signal: AbortSignal;
  complete(): Promise<void>;
  /** pg-boss retries a failed job with backoff while retries remain */
  fail(reason: string): Promise<void>;
}

export type JobHandler<P, Q extends string = string> = (job: RunningJob<P, Q>) => Promise<void>;

/** A worker slot that found its queues empty and starts to wait: its job type, and whether it hears announcements. */
export interface IdleWorker {
  job: string;
  listening: boolean;
}

/** How a process works one job type: jobs at a time, and the wait when its queues are empty. */
export interface WorkOptions {
  concurrency: number;
  pollSeconds: number;
}

interface Registration {
  type: JobType<object>;
  handler?: { run: JobHandler<object>; options: WorkOptions };
  /** this process sends the jobs; workers elsewhere run them */
  elsewhere?: string;
}

/**
 * The app's background jobs: each job type is registered once with its queue policy, and gets exactly
 * one handler in a process that works jobs (a second is refused). Starting to work fails with a clear
 * error while a registered type has no handler, unless its module said another process runs it.
 */
/** How often an idle worker that hears about new jobs still looks: for retries whose delay ran out. */
const IDLE_POLL_MS = 15_000;

export class JobRegistry {
  private readonly jobs = new Map<string, Registration>();
  private readonly stopping = new AbortController();
  private loops: Promise<void>[] = [];
  private working = false;
  /** aborted (and replaced) when a job is sent: ends idle loops' waits early */
  private wakeUp = new AbortController();
  /** counts wake-ups: a loop that was polling when one came looks again instead of waiting */
  private wakeUps = 0;
  /** stops listening for jobs sent by other processes; null while nothing listens */
  private unlisten: (() => Promise<void>) | null = null;
  /** hearing announcements now (false while the listening connection is being replaced) */
  private listening = false;
  /** told each time a worker slot finds nothing to do (see onIdle) */
  private readonly idleListeners = new Set<(idle: IdleWorker) => void>();

  constructor(
    private readonly queue: JobQueue,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Registers a job type: its queues are created with this policy when the queue starts. */
  register<P extends object, Q extends string>(type: JobType<P, Q>, policy: QueuePolicy): void {
    if (this.jobs.has(type.name)) throw new Error(`job '${type.name}' is registered twice`);
    for (const other of this.jobs.values()) {
      const shared = type.queues.find((name) => other.type.queues.includes(name));
      if (shared) throw new Error(`queue '${shared}' carries both '${other.type.name}' and '${type.name}' jobs`);
    }
    for (const name of type.queues) this.queue.declare(name, policy);
    this.jobs.set(type.name, { type });
  }

  private registration(type: JobType<object>): Registration {
    const found = this.jobs.get(type.name);
    if (!found || found.type !== type) throw new Error(`job '${type.name}' is not registered`);
    return found;
  }

  /** The one handler of a job type in this process. */
  handle<P extends object, Q extends string>(type: JobType<P, Q>, run: JobHandler<P, Q>, options: WorkOptions): void {
    const registration = this.registration(type);
    if (registration.handler) throw new Error(`job '${type.name}' already has a handler`);
    if (registration.elsewhere) throw new Error(`job '${type.name}' is run by other workers`);
    if (this.working) throw new Error(`job '${type.name}' got its handler after work started`);
    registration.handler = { run: run as JobHandler<object>, options };
  }

  /** Says that this process only sends jobs of a type: workers of another process run them. */
  handledElsewhere<P extends object, Q extends string>(type: JobType<P, Q>, reason: string): void {
    const registration = this.registration(type);
    if (registration.handler) throw new Error(`job '${type.name}' already has a handler`);
    registration.elsewhere = reason;
  }

  /** Throws, naming them, when registered job types have no handler here. */
  assertHandled(): void {
    const missing = [...this.jobs.values()].filter((r) => !r.handler && !r.elsewhere).map((r) => r.type.name);
    if (missing.length > 0) {
      throw new Error(
        `no handler for job${missing.length > 1 ? 's' : ''} ${missing.map((name) => `'${name}'`).join(', ')}: ` +
          'give each registered job type a handler (JobRegistry.handle) before work starts',
      );
    }
  }

  /**
   * Queues a job; `id` names it for a later cancel, fail or look-up (pg-boss makes one otherwise);
   * `startAfter` holds it until then (a job at a time: it lives in the database, so it survives restarts);
   * `within` (sqlIn(tx)) makes the job part of a transaction: sent when it commits, never when it rolls back.
   */
  async send<P extends object, Q extends string>(
    type: JobType<P, Q>,
    data: P,
    options: { queue?: Q; id?: string; startAfter?: Date; within?: InTransaction } = {},
  ): Promise<void> {
    this.registration(type);
    const queue = options.queue ?? type.queues[0]!;
    if (!type.queues.includes(queue)) throw new Error(`job '${type.name}' does not travel in queue '${queue}'`);
    await this.queue.send(queue, data, options.id, options.startAfter, options.within);
    // Idle workers here wake at once; workers of other processes through the database's NOTIFY (sent
    // at commit when the job is part of a transaction: a worker woken before then finds nothing yet).
    if (!options.within) this.wake();
    await this.queue.announce(queue, options.within);
  }

  /** Starts the queue: before a transaction that sends a job in it (`send(…, { within })`). */
  ready(): Promise<void> {
    return this.queue.ready();
  }

  /** Ends every idle wait now: a job may be waiting. */
  private wake(): void {
    this.wakeUps++;
    this.wakeUp.abort();
    this.wakeUp = new AbortController();
  }

  /**
   * Calls `listener` each time a worker slot has looked at its queues, found no job due (or could not
   * read them) and starts to wait: how a caller (a test) knows a poll happened and found nothing, without waiting a time.
   * Returns a function that stops the calls.
   */
  onIdle(listener: (idle: IdleWorker) => void): () => void {
    this.idleListeners.add(listener);
    return () => this.idleListeners.delete(listener);
  }

  /** Waits up to `ms`; a sent job (here or elsewhere) or stopping ends the wait early. */
  private idle(ms: number, signal: AbortSignal): Promise<void> {
    return abortableSleep(ms, AbortSignal.any([signal, this.wakeUp.signal]));
  }

  async cancel<P extends object, Q extends string>(type: JobType<P, Q>, queue: Q, id: string): Promise<void> {
    this.registration(type);
    await this.queue.cancel(queue, id);
  }

  /** Fails a job taken by a worker that is gone; pg-boss retries it while retries remain. */
  async fail<P extends object, Q extends string>(type: JobType<P, Q>, queue: Q, id: string, reason: string) {
    this.registration(type);
    await this.queue.fail(queue, id, reason);
  }

  /** A job as pg-boss holds it now (its state and retry count), or null. */
  async get<P extends object, Q extends string>(type: JobType<P, Q>, queue: Q, id: string) {
    this.registration(type);
    return this.queue.job<P>(queue, id);
  }

  /**
   * The queue's health: `down` when it does not answer, `stalled` when jobs have waited past their
   * start time longer than `overdueMs`. Jobs of `skip` types are not counted.
   */
  async health(overdueMs: number, skip: readonly JobType<object>[] = []): Promise<QueueHealth> {
    if (this.stopping.signal.aborted) return { state: 'down', overdueJobs: 0 };
    return this.queue.health(
      overdueMs,
      skip.flatMap((type) => type.queues),
    );
  }

  /** Starts working the job types that have a handler here (after checking that every one has). */
  start(): void {
    this.assertHandled();
    if (this.working) return;
    this.working = true;
    // Told when another process sends a job, workers need not poll often: an idle console stays idle.
    this.queue
      .listen(() => this.wake(), {
        onLost: (error) => {
          this.listening = false;
          this.log.warn({ err: error }, 'job worker: lost the database connection it listens on; reconnecting');
        },
        // Jobs announced while the connection was down went unheard: look for them now.
        onReconnect: () => {
          this.listening = true;
          this.log.info('job worker: listening for new jobs again');
          this.wake();
        },
      })
      .then(
        (unlisten) => {
          if (this.stopping.signal.aborted) void unlisten();
          else {
            this.unlisten = unlisten;
            this.listening = true;
            // Jobs announced before the listener was up went unheard: look for them now.
            this.wake();
          }
        },
        (error: unknown) => this.log.warn({ err: error }, 'job worker: cannot listen for new jobs; polling instead'),
      );
    for (const { type, handler } of this.jobs.values()) {
      if (!handler) continue;
      for (let slot = 0; slot < handler.options.concurrency; slot++) this.loops.push(this.loop(type, handler));
    }
  }

  /** Stops taking jobs, tells running handlers to give theirs back, waits for them, then stops the queue. */
  async stop(): Promise<void> {
    this.stopping.abort();
    await Promise.all(this.loops);
    await this.unlisten?.();
    this.unlisten = null;
    this.listening = false;
    await this.queue.stop();
  }

  /** One slot of a job type: its queues in order, the first job found runs; when none, a wait. */
  private async loop(type: JobType<object>, handler: NonNullable<Registration['handler']>): Promise<void> {
    const { signal } = this.stopping;
    while (!signal.aborted) {
      const wakeUps = this.wakeUps;
      let job: QueuedJob<object> | undefined;
      let queue = type.queues[0]!;
      try {
        for (const name of type.queues) {
          queue = name;
          job = await this.queue.fetch<object>(name);
          if (job) break;
        }
      } catch (error) {
        if (signal.aborted) break;
        this.log.warn({ err: error, job: type.name }, 'job worker: could not read the queue');
      }
      if (!job) {
        // A job announced while this poll ran may have been missed by it: look again at once.
        if (this.wakeUps !== wakeUps) continue;
        // While listening, a poll only catches what no one announced (retries coming due).
        const pollMs = handler.options.pollSeconds * 1000;
        // The wait begins before listeners hear of it: a job they send at once still wakes it.
        const wait = this.idle(this.listening ? Math.max(pollMs, IDLE_POLL_MS) : pollMs, signal);
        for (const listener of this.idleListeners) {
          try {
            listener({ job: type.name, listening: this.listening });
          } catch (error) {
            this.log.warn({ err: error, job: type.name }, 'job worker: an idle listener failed');
          }
        }
        await wait;
        continue;
      }
      const taken = job;
      const name = queue;
      await handler
        .run({
          id: taken.id,
          queue: name,
          data: taken.data,
          retryCount: taken.retryCount,
          retryLimit: taken.retryLimit,
          signal,
          complete: () => this.queue.complete(name, taken.id),
          fail: (reason) => this.queue.fail(name, taken.id, reason),
        })
        .catch((error: unknown) => this.log.error({ err: error, job: type.name, jobId: taken.id }, 'job run failed'));
    }
  }
}
