import { doublePrecision, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { belongsTo, id, stampedAt, ts } from './columns';
import { videos } from './videos';

/** Transcoding jobs as staff see them; the work itself is carried by the queue (pg-boss). */
export const transcodeJobs = pgTable('transcode_jobs', {
  id: id(),
  videoId: belongsTo('video_id', () => videos.id),
  queue: text('queue').notNull(),
  environment: text('environment').notNull(),
  status: text('status').notNull().default('SUBMITTED'),
  progress: doublePrecision('progress').notNull().default(0),
  speed: doublePrecision('speed'),
  errorMessage: text('error_message'),
  attempts: integer('attempts').notNull().default(0),
  completedRuns: integer('completed_runs').notNull().default(0),
  queueJobId: text('queue_job_id'),
  runToken: text('run_token'),
  workerId: text('worker_id'),
  heartbeatAt: ts('heartbeat_at'),
  submittedBy: text('submitted_by'),
  submittedAt: stampedAt('submitted_at'),
  startedAt: ts('started_at'),
  finishedAt: ts('finished_at'),
});
