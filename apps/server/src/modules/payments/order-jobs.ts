import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { sqlIn } from '../../db/sql-in-transaction';
import { defineJob, type JobRegistry, type QueuePolicy, type RunningJob } from '../../jobs';

// The jobs of orders and payments. Each is sent inside the transaction of the change that causes it
// (sqlIn): an order placed queues its expiry, a payment its receipt e-mail, an online refund its
// call to the gateway; a rolled-back change queues nothing, a committed one cannot lose its job.
// Every handler is idempotent on its cause: a second delivery of a job changes nothing.

/** An unpaid order to expire at its time (startAfter = the order's expiresAt). */
export const expireOrderJob = defineJob<{ orderId: string }>('order-expire');
/** A paid order's receipt e-mail, with its invoice PDF. */
export const orderReceiptJob = defineJob<{ orderId: string }>('order-receipt');
/** An online refund to make at the gateway (idempotency key: the credit note's id). */
export const gatewayRefundJob = defineJob<{ creditNoteId: string }>('order-gateway-refund');

const POLICY: QueuePolicy = {
  retryLimit: 8,
  retryDelaySeconds: 30,
  retryBackoff: true,
  expireInHours: 1,
};

/** Where the service queues its jobs, in the transaction `tx` of their cause. */
export interface OrderQueue {
  /** before a transaction that queues a job: the queue started (its start cannot run inside it) */
  ready(): Promise<void>;
  expire(tx: Db, orderId: string, at: Date): Promise<void>;
  receipt(tx: Db, orderId: string): Promise<void>;
  gatewayRefund(tx: Db, creditNoteId: string): Promise<void>;
}

/** What the jobs ask of the orders service. */
export interface OrderJobWork {
  expire(orderId: string): Promise<boolean>;
  sendReceipt(orderId: string): Promise<string>;
  refundAtGateway(creditNoteId: string): Promise<string>;
}

/** The queue of a registry: job ids are the cause's own where it has a uuid (a credit note). */
export function orderQueue(jobs: JobRegistry): OrderQueue {
  return {
    ready: () => jobs.ready(),
    expire: (tx, orderId, at) => jobs.send(expireOrderJob, { orderId }, { startAfter: at, within: sqlIn(tx) }),
    receipt: (tx, orderId) => jobs.send(orderReceiptJob, { orderId }, { within: sqlIn(tx) }),
    gatewayRefund: (tx, creditNoteId) =>
      jobs.send(gatewayRefundJob, { creditNoteId }, { id: creditNoteId, within: sqlIn(tx) }),
  };
}

/**
 * Registers the three jobs with their handlers. Any number of processes may work the queues: each
 * handler settles its job, and a failure is retried with backoff (the reason in the log).
 */
export function registerOrderJobs(jobs: JobRegistry, work: OrderJobWork, log: FastifyBaseLogger): void {
  const run =
    <P extends object>(what: string, act: (data: P) => Promise<unknown>) =>
    async (job: RunningJob<P>) => {
      try {
        const outcome = await act(job.data);
        log.info({ job: job.data, outcome }, what);
        await job.complete();
      } catch (error) {
        log.warn({ err: error, job: job.data, retry: job.retryCount }, `${what} failed`);
        await job.fail((error as Error).message);
      }
    };
  const options = { concurrency: 1, pollSeconds: 30 };
  jobs.register(expireOrderJob, POLICY);
  jobs.handle(
    expireOrderJob,
    run('order expiry job', (data) => work.expire(data.orderId)),
    options,
  );
  jobs.register(orderReceiptJob, POLICY);
  jobs.handle(
    orderReceiptJob,
    run('order receipt job', (data) => work.sendReceipt(data.orderId)),
    options,
  );
  jobs.register(gatewayRefundJob, POLICY);
  jobs.handle(
    gatewayRefundJob,
    run('gateway refund job', (data) => work.refundAtGateway(data.creditNoteId)),
    options,
  );
}
