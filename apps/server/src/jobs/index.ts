// The job registry's public face for domains: define a job, register its handler, send it.
export { JobQueue, type QueuePolicy } from './job-queue';
export { JobRegistry, defineJob, type IdleWorker, type RunningJob } from './job-registry';
