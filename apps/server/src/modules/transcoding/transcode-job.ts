import type { TranscodingQueue } from '@lectern/contract';
import type { TranscodingConfig } from '../../config';
import { defineJob, type QueuePolicy } from '../../jobs';

/** What a queued transcode carries: the transcode_jobs row it runs. */
export interface TranscodePayload {
  jobId: string;
}

/** A transcode: queued in `reserved` or `default`; workers take `reserved` first. */
export const transcodeJob = defineJob<TranscodePayload, TranscodingQueue>('transcode', ['reserved', 'default']);

/** How transcode queues retry: with backoff, as configured. */
export function transcodePolicy(config: TranscodingConfig): QueuePolicy {
  return {
    retryLimit: config.retryLimit,
    retryDelaySeconds: config.retryDelaySeconds,
    retryBackoff: true,
    // The heartbeat (worker.ts) takes back jobs of stopped workers; this is only a backstop.
    expireInHours: 12,
  };
}
