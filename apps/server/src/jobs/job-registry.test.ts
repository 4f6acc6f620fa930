import crypto from 'node:crypto';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
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
    try {
      worker.start();
      const waitFor = async (n: number) => {
        const deadline = Date.now() + 10_000;
        while (!seen.includes(n)) {
          if (Date.now() > deadline) throw new Error(`job ${n} was not picked up within 10 s`);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      };
      await new Promise((resolve) => setTimeout(resolve, 1_500)); // the worker has found nothing and sleeps
      await worker.send(nudge, { n: 1 });
      await waitFor(1);
      await new Promise((resolve) => setTimeout(resolve, 500));
      await sender.send(nudge, { n: 2 });
      await waitFor(2);
      expect(seen).toEqual([1, 2]);
    } finally {
      await worker.stop();
      await sender.stop();
    }
  }, 60_000);
});
