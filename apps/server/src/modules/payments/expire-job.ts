import type { FastifyBaseLogger } from 'fastify';
import { defineJob, type JobRegistry, type QueuePolicy } from '../../jobs';

/** An unpaid order to expire at its time (queued with startAfter = the order's expiresAt). */
export const expireOrderJob = defineJob<{ orderId: string }>('order-expire');

const EXPIRE_POLICY: QueuePolicy = {
  retryLimit: 5,
  retryDelaySeconds: 30,
  retryBackoff: true,
  expireInHours: 1,
};

/** How a process expires one order (idempotently: a paid or expired order is left as it is). */
export interface ExpiresOrders {
  expire(orderId: string): Promise<boolean>;
}

/**
 * Registers the expiry job with its handler. Any number of processes may work the queue: a second
 * delivery of the job finds the order no longer PENDING and changes nothing.
 */
export function registerExpireJob(jobs: JobRegistry, orders: ExpiresOrders, log: FastifyBaseLogger): void {
  jobs.register(expireOrderJob, EXPIRE_POLICY);
  jobs.handle(
    expireOrderJob,
    async (job) => {
      try {
        const expired = await orders.expire(job.data.orderId);
        log.info({ orderId: job.data.orderId, expired }, 'order expiry job');
        await job.complete();
      } catch (error) {
        log.warn({ err: error, orderId: job.data.orderId }, 'order expiry job failed');
        await job.fail((error as Error).message);
      }
    },
    { concurrency: 1, pollSeconds: 30 },
  );
}
