import { z } from 'zod';
import { DaySchema } from '../fields';
import { TranscodingStatusSchema } from '../videos/videos.schemas';

const Id = z.string().min(1).max(64);

/** The two transcoding queues (spec 2 §9). */
export const TRANSCODING_QUEUES = ['default', 'reserved'] as const;
export const TranscodingQueueSchema = z.enum(TRANSCODING_QUEUES);
export type TranscodingQueue = z.infer<typeof TranscodingQueueSchema>;

/** Transcoding environment names (spec 2 §9); every job records the environment that submitted it. */
export const TRANSCODING_ENVIRONMENTS = ['production', 'staging', 'test', 'development'] as const;
export const TranscodingEnvironmentSchema = z.enum(TRANSCODING_ENVIRONMENTS);
export type TranscodingEnvironment = z.infer<typeof TranscodingEnvironmentSchema>;

/**
 * The job lists of spec 2 §3 and which job states each holds. A job's state follows AWS MediaConvert:
 * SUBMITTED (waiting in its queue), PROGRESSING, COMPLETE, CANCELED, ERROR.
 */
export const JOB_LISTS = {
  submitted: 'SUBMITTED',
  running: 'PROGRESSING',
  finished: 'COMPLETE',
  errored: 'ERROR',
  cancelled: 'CANCELED',
} as const;
export type JobListName = keyof typeof JOB_LISTS;
export const JobListNameSchema = z.enum(Object.keys(JOB_LISTS) as [JobListName, ...JobListName[]]);

/**
 * `videos/to-be-transcoded/{videoType}`: `new` — videos no job was ever made for;
 * `re-transcode` — videos whose newest job was cancelled or ended in error.
 */
export const VIDEO_TYPES = ['new', 're-transcode'] as const;
export const VideoTypeSchema = z.enum(VIDEO_TYPES);
export type VideoType = z.infer<typeof VideoTypeSchema>;

/** Rows per page of a job list; the next page is fetched with NextToken. */
export const JOB_PAGE_SIZE = 50;

/**
 * One row of a job list (spec 2 §3): fileName, videoId, transcodingSpeed, upload date and time,
 * completion, uploader, id, index; running and finished rows add the start date and time, finished
 * rows the end date and time. Dates are DD-MM-YYYY and times h:mm AM/PM, both in India time, as in tables.
 * Rows of the to-be-transcoded lists have `id` = the video id and no job fields.
 */
export const TranscodeJobRowSchema = z.object({
  /** the job id (the video id on to-be-transcoded rows) */
  id: z.string(),
  /** position in the whole list, from 1 */
  index: z.number().int(),
  videoId: z.string(),
  fileName: z.string(),
  /** storage key of the source */
  s3Key: z.string(),
  /** times realtime (2 = two seconds of video per second), null until known */
  transcodingSpeed: z.number().nullable(),
  uploadDate: z.string(),
  uploadTime: z.string(),
  uploadedAt: z.string(),
  /** percent 0-100 */
  completion: z.number(),
  uploader: z.string().nullable(),
  status: TranscodingStatusSchema,
  queue: TranscodingQueueSchema.nullable(),
  startDate: z.string().nullable(),
  startTime: z.string().nullable(),
  endDate: z.string().nullable(),
  endTime: z.string().nullable(),
  /** why an ERROR job failed, in words a person can act on */
  errorMessage: z.string().nullable(),
  /** runs of this job so far (a retried job counts each run) */
  attempts: z.number().int(),
});
export type TranscodeJobRow = z.infer<typeof TranscodeJobRowSchema>;

/** A page of a job list (spec 2 §3: Jobs and NextToken, plus the isTranscodingSuccess flag). */
export const JobListSchema = z.object({
  Jobs: z.array(TranscodeJobRowSchema),
  NextToken: z.string().nullable(),
  /** true when the list was read without a failure */
  isTranscodingSuccess: z.boolean(),
  /** rows in the whole list (for the tab count) */
  total: z.number().int(),
});
export type JobList = z.infer<typeof JobListSchema>;

/** The query of every list: the environment, and the date-range toolbar's filters. */
export const JobListQuerySchema = z.object({
  environment: TranscodingEnvironmentSchema.optional(),
  /** upload date from (inclusive), YYYY-MM-DD */
  from: DaySchema.optional(),
  /** upload date to (inclusive), YYYY-MM-DD */
  to: DaySchema.optional(),
  /** file name contains (case-insensitive) */
  search: z.string().max(200).optional(),
  queue: TranscodingQueueSchema.optional(),
});
export type JobListQuery = z.infer<typeof JobListQuerySchema>;

/** The 'additional' variant: the same query plus the NextToken of the page before. */
export const JobListNextQuerySchema = JobListQuerySchema.extend({ nextToken: z.string().min(1).max(200) });

export const JobListParamSchema = z.object({ list: JobListNameSchema });
export const VideoTypeParamSchema = z.object({ videoType: VideoTypeSchema });

/** The to-be-transcoded payload (spec 2 §3). */
export const ToBeTranscodedSchema = z.object({
  fileName: z.string(),
  videoId: z.string(),
  s3Key: z.string(),
  uploadedAt: z.string(),
  uploadedBy: z.string().nullable(),
});
export const ToBeTranscodedListSchema = z.array(ToBeTranscodedSchema);

/** Submit (or re-submit) videos to a queue. */
export const SubmitJobsSchema = z.object({
  videoIds: z.array(Id).min(1).max(100),
  queue: TranscodingQueueSchema.default('default'),
});
/** Cancel jobs (waiting or running). */
export const CancelJobsSchema = z.object({ jobIds: z.array(Id).min(1).max(100) });
export const JobsResultSchema = z.object({ jobs: z.array(TranscodeJobRowSchema) });

/** Counts for the manager's tabs. */
export const JobCountsSchema = z.object({
  toBeTranscoded: z.number().int(),
  toBeReTranscoded: z.number().int(),
  submitted: z.number().int(),
  running: z.number().int(),
  finished: z.number().int(),
  errored: z.number().int(),
  cancelled: z.number().int(),
});
export type JobCounts = z.infer<typeof JobCountsSchema>;
export const JobCountsQuerySchema = z.object({ environment: TranscodingEnvironmentSchema.optional() });

/** What the transcoding calls answer with, beyond the shared catalogue ([placeholders] filled in). */
export const TRANSCODING_MESSAGES = {
  submitted: '[count|video] submitted to the [queue] queue.',
  cancelled: '[count|job] cancelled.',
  alreadyRunning: "'[name]' is already being transcoded; cancel its job first.",
  notCancellable: "The job of '[name]' has already ended ([status]) and cannot be cancelled.",
  videoNotFound: 'Video [id] was not found; it may have been deleted.',
  jobNotFound: 'Job [id] was not found.',
  badNextToken: 'The next-page token is not valid for this list; load the list again.',
  workerStopped: 'The worker running this job stopped; it will be retried.',
  workerGaveUp: 'The worker running this job stopped [count] times; submit it again.',
} as const;
