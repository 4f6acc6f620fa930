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
});
