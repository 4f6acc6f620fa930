import { z } from 'zod';

/** Video transcodingStatus: AWS MediaConvert's job states, plus NOT_STARTED before a job exists. */
export const TRANSCODING_STATUSES = [
  'NOT_STARTED',
  'SUBMITTED',
  'PROGRESSING',
  'COMPLETE',
  'CANCELED',
  'ERROR',
] as const;
export const TranscodingStatusSchema = z.enum(TRANSCODING_STATUSES);
export type TranscodingStatus = z.infer<typeof TranscodingStatusSchema>;

/** The badge a video file shows: 'Transcoded' for COMPLETE, 'TRANSCODING IN PROGRESS' for PROGRESSING, blank otherwise. */
export function transcodingBadge(status: string): string {
  if (status === 'COMPLETE') return 'Transcoded';
  if (status === 'PROGRESSING') return 'TRANSCODING IN PROGRESS';
  return '';
}

/** Only COMPLETE files can be selected or attached. */
export const isAttachable = (status: string) => status === 'COMPLETE';

/** A video file in a list (spec 1 §3). */
export const VideoFileSchema = z.object({
  Name: z.string(),
  /** the storage key */
  Id: z.string(),
  /** size in bytes */
  Length: z.number(),
  endpoints: z.array(z.string()),
  videoDurationInSecond: z.number(),
  transcodingStatus: TranscodingStatusSchema,
  catalogueId: z.string().nullable(),
  videoId: z.string(),
  subjectId: z.string().nullable(),
  jobId: z.string().nullable(),
  uploadedBy: z.string().nullable(),
  uploadedAt: z.string(),
});
export type VideoFile = z.infer<typeof VideoFileSchema>;
