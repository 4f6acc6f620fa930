import { z } from 'zod';
import { CONSTANTS } from '../constants';
import { VideoFileSchema } from '../videos/videos.schemas';
import { CatalogueIdSchema, ResourceTypeKeySchema } from '../uploads/uploads.schemas';

const Id = z.string().min(1).max(64);
const StorageKey = z.string().min(1).max(1024);
const Duration = z
  .number()
  .min(0)
  .max(7 * 24 * 3600);

/** One uploaded file to register (spec 1 §7): name, size, storage key, duration read by the browser. */
export const UploadFileDtoSchema = z.object({
  file: z.string().min(1).max(1000),
  size: z.number().int().min(0),
  awsKey: StorageKey,
  videoDurationInSecond: Duration,
});

/** PUT /file-explorer-service/cloud/uploadfiles. `uploadedBy` is accepted but the session's user is recorded. */
export const RegisterSubjectVideosSchema = z.object({
  subjectId: Id,
  unitId: Id,
  topicId: Id,
  uploadFilesDtoList: z.array(UploadFileDtoSchema).min(1).max(100),
  uploadedBy: z.string().max(200).optional(),
});

/** A video file in the file explorer: the spec's video file plus where it sits. */
export const ExplorerVideoSchema = VideoFileSchema.extend({
  unitId: z.string().nullable(),
  topicId: z.string().nullable(),
});
export type ExplorerVideo = z.infer<typeof ExplorerVideoSchema>;

export const RegisteredVideosSchema = z.object({ videos: z.array(ExplorerVideoSchema) });

/** POST /file-explorer-service/cloud/getvideos: a subject's videos, narrowed to a unit or a topic. */
export const GetVideosSchema = z.object({ subjectId: Id, unitId: Id.optional(), topicId: Id.optional() });

/** Where copied or moved videos go. */
export const VideoDestinationSchema = z.object({ subjectId: Id, unitId: Id.optional(), topicId: Id.optional() });

const Selection = {
  videoIds: z.array(Id).max(100).optional(),
  /** storage keys, as the explorer's Id column shows them */
  awsKeys: z.array(StorageKey).max(100).optional(),
};

/** PUT copyfiles / movefiles: videos by id or key, and where they go. */
export const VideoTransferSchema = z.object({ ...Selection, destination: VideoDestinationSchema });

/** DELETE deletefiles: videos by id or key. */
export const DeleteFilesSchema = z.object(Selection);

export const DeletedFilesSchema = z.object({ deleted: z.array(z.string()) });

/** GET /file-explorer-service/cloud/objects: the resource picker's page of keys. */
export const ObjectsQuerySchema = z.object({
  resourceType: ResourceTypeKeySchema,
  /** narrows the listing inside the resource type's folder (a name prefix) */
  prefix: z.string().max(200).optional(),
  /** at most 50 (larger values are lowered to 50) */
  maxKeys: z.coerce
    .number()
    .int()
    .min(1)
    .max(Number.MAX_SAFE_INTEGER)
    .transform((n) => Math.min(n, CONSTANTS.storageListingMaxKeys))
    .optional(),
  continuationToken: z.string().min(1).max(2048).optional(),
});

/** One object of the picker, in S3's capitalisation plus the display name and public address. */
export const StorageObjectSchema = z.object({
  Key: z.string(),
  Size: z.number(),
  LastModified: z.string(),
  /** the file name without the resource type's folder */
  name: z.string(),
  url: z.string(),
});

export const ObjectListingSchema = z.object({
  Contents: z.array(StorageObjectSchema),
  IsTruncated: z.boolean(),
  NextContinuationToken: z.string().nullable(),
  KeyCount: z.number(),
  MaxKeys: z.number(),
  Prefix: z.string(),
});
export type ObjectListing = z.infer<typeof ObjectListingSchema>;

/** One preview video to register (spec 2 §7). */
export const PreviewFileDtoSchema = UploadFileDtoSchema.extend({ catalogueId: CatalogueIdSchema.optional() });

/** POST /file-explorer-service/cloud/preview-videos/create. */
export const RegisterPreviewVideosSchema = z.object({
  catalogueId: CatalogueIdSchema,
  fileList: z.array(PreviewFileDtoSchema).min(1).max(100),
  uploadedBy: z.string().max(200).optional(),
});

export const CatalogueIdParamSchema = z.object({ id: CatalogueIdSchema });

/** GET .../videos/{videoId}/url: the video whose stored file to play. */
export const VideoIdParamSchema = z.object({ videoId: Id });

/** A signed, expiring address of a video's stored file (HTTP ranges work). */
export const VideoUrlSchema = z.object({
  /** the stored original */
  url: z.string(),
  expiresAt: z.string(),
  /** the HLS master playlist once the video is COMPLETE, else null (play `url` then) */
  hlsUrl: z.string().nullable(),
  /** the poster image of the transcode, else null */
  posterUrl: z.string().nullable(),
  /** the auto-generated thumbnails of the transcode (3 to 5), in time order */
  thumbnailUrls: z.array(z.string()),
});
export type VideoUrl = z.infer<typeof VideoUrlSchema>;

/** A catalogue's preview videos: the demo-video browser reads fileList. */
export const PreviewVideosSchema = z.object({ catalogueId: z.string(), fileList: z.array(VideoFileSchema) });

/** GET /file-explorer-service/cloud/preview-videos/all: the demo-video browser's folders (catalogues). */
export const PreviewFolderSchema = z.object({
  catalogueId: z.string(),
  catalogueName: z.string(),
  /** preview videos in the folder */
  videoCount: z.number().int(),
});
export const PreviewFoldersSchema = z.array(PreviewFolderSchema);
export type PreviewFolder = z.infer<typeof PreviewFolderSchema>;

/** PUT /file-explorer-service/cloud/preview-videos/update: rename a preview video or move it to another catalogue's list. */
export const UpdatePreviewVideoSchema = z.object({
  videoId: Id,
  file: z.string().trim().min(1).max(1000).optional(),
  catalogueId: CatalogueIdSchema.optional(),
});

/** DELETE /file-explorer-service/cloud/preview-videos/delete: the stored files, their outputs and records. */
export const DeletePreviewVideosSchema = z.object({ videoIds: z.array(Id).min(1).max(100) });

/** GET /file-explorer-service/cloud/getsubjects: the subjects the caller may open in the explorer. */
export const ExplorerSubjectSchema = z.object({
  subjectId: z.string(),
  subjectName: z.string(),
  status: z.string(),
  unitCount: z.number().int(),
  videoCount: z.number().int(),
});
export const ExplorerSubjectsSchema = z.array(ExplorerSubjectSchema);

/** A live-class recording: a video with its live class (spec 2 §7, recordings size 10000 ascending). */
export const RecordingSchema = VideoFileSchema.extend({
  liveClassId: z.string(),
  liveClassName: z.string(),
  instructorName: z.string().nullable(),
  /** when the class was held, ISO */
  classDate: z.string(),
});
export type Recording = z.infer<typeof RecordingSchema>;

export const RecordingsQuerySchema = z.object({
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(CONSTANTS.recordingsPage.size).default(CONSTANTS.recordingsPage.size),
  /** by class date, then name */
  sort: z.enum(['ASC', 'DESC']).default(CONSTANTS.recordingsPage.sort),
});

export const RecordingsPageSchema = z.object({
  content: z.array(RecordingSchema),
  page: z.number().int(),
  size: z.number().int(),
  totalElements: z.number().int(),
  totalPages: z.number().int(),
});
