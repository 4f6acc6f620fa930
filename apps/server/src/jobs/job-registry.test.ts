import crypto from 'node:crypto';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../db/client';
import { sqlIn } from '../db/sql-in-transaction';
import { waitFor } from '../test/media';
import { createTestDatabase } from '../test/test-app';
import { JobQueue } from './job-queue';
import { JobRegistry, defineJob } from './job-registry';

const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
const policy = { retryLimit: 0, retryDelaySeconds: 1, retryBackoff: false, expireInHours: 1 };

describe('the job registry', () => {
  let database: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase());
  });
  afterAll(async () => drop?.());

  it('refuses to start working while a registered job type has no handler, naming it', () => {
    const jobs = new JobRegistry(new JobQueue(database, log), log);
    const greeting = defineJob<{ to: string }>('greeting');
    jobs.register(greeting, policy);
    expect(() => jobs.assertHandled()).toThrow(/no handler for job 'greeting'/);
    expect(() => jobs.start()).toThrow(/no handler for job 'greeting'/);
    // A type another process runs is said to be so, and then counts as handled here.
    jobs.handledElsewhere(greeting, 'a worker process runs them');
    expect(() => jobs.assertHandled()).not.toThrow();
  });

  it('gives a job type one handler and one registration', () => {
    const jobs = new JobRegistry(new JobQueue(database, log), log);
    const greeting = defineJob<{ to: string }>('greeting');
    expect(() => jobs.handle(greeting, async () => undefined, { concurrency: 1, pollSeconds: 1 })).toThrow(
      /job 'greeting' is not registered/,
    );
    jobs.register(greeting, policy);
    expect(() => jobs.register(greeting, policy)).toThrow(/registered twice/);
    expect(() => jobs.register(defineJob<{ to: string }>('farewell', ['greeting']), policy)).toThrow(
      /queue 'greeting' carries both/,
    );
    jobs.handle(greeting, async () => undefined, { concurrency: 1, pollSeconds: 1 });
    expect(() => jobs.handle(greeting, async () => undefined, { concurrency: 1, pollSeconds: 1 })).toThrow(
      /already has a handler/,
    );
  });

  it('hands a sent job to its handler, taking the first queue first', async () => {
    const jobs = new JobRegistry(new JobQueue(database, log), log);
    const greeting = defineJob<{ to: string }, 'urgent' | 'later'>('greeting', ['urgent', 'later']);
    jobs.register(greeting, policy);
    const received: { queue: string; to: string }[] = [];
    let done!: () => void;
    const both = new Promise<void>((resolve) => (done = resolve));
    jobs.handle(
      greeting,
      async (job) => {
        received.push({ queue: job.queue, to: job.data.to });
        await job.complete();
        if (received.length === 2) done();
      },
      { concurrency: 1, pollSeconds: 1 },
    );
    try {
      // Both are waiting before the worker starts: the urgent one runs first.
      await jobs.send(greeting, { to: 'Priya' }, { queue: 'later' });
      await jobs.send(greeting, { to: 'Arjun' }, { queue: 'urgent', id: crypto.randomUUID() });
      jobs.start();
      await both;
      expect(received).toEqual([
        { queue: 'urgent', to: 'Arjun' },
        { queue: 'later', to: 'Priya' },
      ]);
    } finally {
      await jobs.stop();
    }
  }, 60_000);

  it('sends a job within a transaction when it commits, and never when it rolls back', async () => {
    const jobs = new JobRegistry(new JobQueue(database, log), log);
    const receipt = defineJob<{ orderId: string }>('receipt-in-transaction');
    jobs.register(receipt, policy);
    const queued = async (orderId: string) =>
      (
        await database.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM ${new JobQueue(database, log).schema}.job WHERE name = 'receipt-in-transaction' AND data->>'orderId' = $1`,
          [orderId],
        )
      )[0]!.n;
    try {
      // not started: refused with what to do, not a transaction waiting on itself
      await expect(
        database.db.transaction((tx) => jobs.send(receipt, { orderId: 'order-early' }, { within: sqlIn(tx) })),
      ).rejects.toThrow(/await ready\(\) before the transaction/);
      await jobs.ready();
      await expect(
        database.db.transaction(async (tx) => {
          await jobs.send(receipt, { orderId: 'order-rolled-back' }, { within: sqlIn(tx), startAfter: new Date() });
          throw new Error('the payment failed after the job was queued');
        }),
      ).rejects.toThrow('the payment failed');
      const id = crypto.randomUUID();
      await database.db.transaction(async (tx) => {
        await jobs.send(receipt, { orderId: 'order-committed' }, { within: sqlIn(tx), id });
        // inside the transaction it is there; outside, not until the commit
        expect((await tx.execute(sql`SELECT 1`)) !== undefined).toBe(true);
      });
      expect(await queued('order-rolled-back')).toBe(0);
      expect(await queued('order-early')).toBe(0);
      expect(await queued('order-committed')).toBe(1);
    } finally {
      await jobs.stop();
    }
  }, 60_000);

  it('looks again at once when a job is announced while it polls, rather than sleeping past it', async () => {
    // A queue whose first poll is held, and answers nothing, as a poll that read before the job was in.
    const jobs: object[] = [];
    let releaseFirstPoll!: () => void;
    const firstPollHeld = new Promise<void>((resolve) => (releaseFirstPoll = resolve));
    let polling!: () => void;
    const firstPoll = new Promise<void>((resolve) => (polling = resolve));
    let polls = 0;
    const queue = {
      declare: () => undefined,
      listen: async () => async () => undefined,
      send: async (_queue: string, data: object) => void jobs.push(data),
      announce: async () => undefined,
      fetch: async () => {
        if (++polls === 1) {
          polling();
          await firstPollHeld;
          return undefined;
        }
        const data = jobs.shift();
        return data && { id: `job-${polls}`, data, retryCount: 0, retryLimit: 0 };
      },
      complete: async () => undefined,
      stop: async () => undefined,
    } as unknown as JobQueue;
    const ping = defineJob<{ n: number }>('ping');
    const worker = new JobRegistry(queue, log);
    worker.register(ping, policy);
    let ran!: (n: number) => void;
    const run = new Promise<number>((resolve) => (ran = resolve));
    // A poll this slow would take an hour: only looking again at once can run the job.
    worker.handle(ping, async (job) => ran(job.data.n), { concurrency: 1, pollSeconds: 3600 });
    try {
      worker.start();
      await firstPoll;
      await worker.send(ping, { n: 7 });
      releaseFirstPoll();
      expect(await run).toBe(7);
    } finally {
      await worker.stop();
    }
  });

  it('wakes an idle worker as soon as a job is sent, from this registry or another on the database', async () => {
    const nudge = defineJob<{ n: number }>(`nudge-${crypto.randomBytes(3).toString('hex')}`);
    const worker = new JobRegistry(new JobQueue(database, log), log);
    worker.register(nudge, policy);
    const seen: number[] = [];
    worker.handle(
      nudge,
      async (job) => {
        seen.push(job.data.n);
        await job.complete();
      },
      // A poll this slow would take a minute: only the wake-up can make it quick.
      { concurrency: 1, pollSeconds: 60 },
    );
    // Another process sending (here: a second registry on the same database, as an API server would).
    const sender = new JobRegistry(new JobQueue(database, log), log);
    sender.register(nudge, policy);
    sender.handledElsewhere(nudge, 'the worker above runs them');
    // The worker's next wait with nothing to do, hearing announcements, once `ready` holds: it has
    // polled, found nothing and sleeps (a promise made before the step that leads to it).
    const idleOnceListening = (ready: () => boolean = () => true) =>
      new Promise<void>((resolve) => {
        const off = worker.onIdle(({ listening }) => {
          if (listening && ready()) {
            off();
            resolve();
          }
        });
      });
    try {
      const asleep = idleOnceListening();
      worker.start();
      await asleep;
      const asleepAgain = idleOnceListening(() => seen.includes(1));
      await worker.send(nudge, { n: 1 });
      await waitFor('job 1 to run', async () => seen.includes(1), 10_000, 20);
      await asleepAgain; // the worker ran it, polled again and sleeps
      await sender.send(nudge, { n: 2 });
      await waitFor('job 2 to run', async () => seen.includes(2), 10_000, 20);
      expect(seen).toEqual([1, 2]);
    } finally {
      await worker.stop();
      await sender.stop();
    }
  }, 60_000);
});

// A database restart or failover cuts the worker's connections, the one it listens on included: the
// worker carries on, hears announcements again, and finds the jobs announced while it could not hear.
describe.runIf(process.env.LECTERN_TEST_DB === 'postgres')('a worker whose database connections are cut', () => {
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
  const applicationName = `lectern-worker-${crypto.randomBytes(4).toString('hex')}`;
  const uncaught: unknown[] = [];
  const record = (error: unknown) => uncaught.push(error);
  const lostConnections: Error[] = [];
  let hold: Promise<void> | null = null;
  let admin: Database;
  let workerDb: Database;
  let senderDb: Database;

  beforeAll(async () => {
    process.on('uncaughtException', record);
    admin = await openDatabase({ databaseUrl: process.env.DATABASE_URL, poolSize: 1 });
    await admin.exec(`CREATE SCHEMA ${schema}`);
    workerDb = await openDatabase({
      databaseUrl: process.env.DATABASE_URL,
      searchPath: schema,
      poolSize: 4,
      applicationName,
      onConnectionError: (error) => lostConnections.push(error),
      // The test decides when the listener may reconnect: no real backoff waits.
      reconnectWait: async () => hold ?? undefined,
    });
    senderDb = await openDatabase({ databaseUrl: process.env.DATABASE_URL, searchPath: schema, poolSize: 2 });
  });
  afterAll(async () => {
    await workerDb?.close();
    await senderDb?.close();
    await admin?.exec(`DROP SCHEMA ${schema} CASCADE; DROP SCHEMA IF EXISTS ${schema}_boss CASCADE`);
    await admin?.close();
    process.off('uncaughtException', record);
  });

  it('hears announcements again after the cut and runs the job announced in the gap', async () => {
    const nudge = defineJob<{ n: number }>('nudge');
    const worker = new JobRegistry(new JobQueue(workerDb, log), log);
    worker.register(nudge, policy);
    const seen: number[] = [];
    // A poll this slow never finds a job in this test: only announcements (or a reconnect) do.
    worker.handle(
      nudge,
      async (job) => {
        seen.push(job.data.n);
        await job.complete();
      },
      { concurrency: 1, pollSeconds: 3600 },
    );
    const sender = new JobRegistry(new JobQueue(senderDb, log), log);
    sender.register(nudge, policy);
    sender.handledElsewhere(nudge, 'the worker above runs them');
    const listening = async () => {
      const rows = await admin.query(
        `SELECT 1 FROM pg_stat_activity WHERE application_name = $1 AND query ILIKE 'LISTEN%' AND state = 'idle'`,
        [applicationName],
      );
      return rows.length === 1;
    };
    const seenJob = (n: number) => waitFor(`job ${n} to run`, async () => seen.includes(n), 20_000, 20);
    try {
      worker.start();
      await waitFor('the worker to listen', listening, 20_000, 20);
      await sender.send(nudge, { n: 1 });
      await seenJob(1);

      // Every connection of the worker is cut; the listener waits to reconnect until released.
      let release!: () => void;
      hold = new Promise((resolve) => (release = resolve));
      const [cut] = await admin.query<{ n: number }>(
        'SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE application_name = $1',
        [applicationName],
      );
      expect(cut!.n).toBeGreaterThanOrEqual(1);
      await waitFor('the worker to see its connections lost', async () => lostConnections.length >= cut!.n, 10_000, 5);
      await sender.send(nudge, { n: 2 }); // announced while nobody listens
      expect(seen).toEqual([1]);
      release();
      hold = null;
      await seenJob(2);

      await waitFor('the worker to listen again', listening, 20_000, 20);
      await sender.send(nudge, { n: 3 });
      await seenJob(3);
      expect(seen).toEqual([1, 2, 3]);
      expect(uncaught).toEqual([]);
    } finally {
      await worker.stop();
      await sender.stop();
    }
  }, 60_000);
});
