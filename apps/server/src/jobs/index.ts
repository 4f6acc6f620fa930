export { JobQueue, type QueuePolicy, type QueuedJob } from './job-queue';
export {
  JobRegistry,
  defineJob,
  type JobHandler,
  type JobType,
  type RunningJob,
  type WorkOptions,
} from './job-registry';
