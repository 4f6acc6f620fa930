import type { FastifyBaseLogger } from 'fastify';
import { defineJob, type JobRegistry, type QueuePolicy } from '../../jobs';

/** What a scheduled publish carries: the update, and the schedule it was queued for. */
export interface PublishUpdatePayload {
  updateId: string;
  /** the update's version when it was scheduled (for the log: a later edit that keeps the time keeps the job) */
  version: number;
  /** ISO time: the job publishes only while the update is still SCHEDULED at exactly this time */
  publishAt: string;
}

/** Publishes a scheduled student update at its time (queued with startAfter = publishAt). */
export const publishUpdateJob = defineJob<PublishUpdatePayload>('student-update-publish');

/** A publish is one short transaction: a failure is retried soon, and the start-up sweep is the backstop. */
const PUBLISH_POLICY: QueuePolicy = {
  retryLimit: 5,
  retryDelaySeconds: 20,
  retryBackoff: true,
  expireInHours: 1,
};

/** How a process publishes due updates: whatever publishes one (idempotently) given the job's payload. */
export interface PublishesDue {
  publishDue(payload: PublishUpdatePayload): Promise<boolean>;
}

/**
 * Registers the publish job type with its one handler on a process's job registry. Any number of
 * processes may work the queue: pg-boss hands each job to one worker, and a second delivery (a retry,
 * a duplicate) finds the update no longer SCHEDULED at that time and changes nothing.
 */
export function registerPublishJob(jobs: JobRegistry, publisher: PublishesDue, log: FastifyBaseLogger): void {
  jobs.register(publishUpdateJob, PUBLISH_POLICY);
  jobs.handle(
    publishUpdateJob,
    async (job) => {
      try {
        const published = await publisher.publishDue(job.data);
        log.info(
          { updateId: job.data.updateId, publishAt: job.data.publishAt, published },
          'student update publish job',
        );
        await job.complete();
      } catch (error) {
        log.warn({ err: error, updateId: job.data.updateId }, 'student update publish job failed');
        await job.fail((error as Error).message);
      }
    },
    { concurrency: 1, pollSeconds: 10 },
  );
}
