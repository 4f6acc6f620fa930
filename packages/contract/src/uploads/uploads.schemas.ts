import { z } from 'zod';
import { RESOURCE_TYPE_KEYS, UPLOAD_MAX_PARTS, UPLOAD_MAX_PARTS_PER_SIGN } from './upload-rules';

const Id = z.string().min(1).max(64);

/** A catalogue id as it appears in preview-video keys: letters, digits, '-' and '_' only. */
export const CatalogueIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, 'must be letters, digits, - or _ (at most 64)');

export const ResourceTypeKeySchema = z.enum(RESOURCE_TYPE_KEYS);

/** Where an upload goes: a subject's videos, a catalogue's preview videos, or a resource type's folder. */
export const UploadTargetSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('subject'), subjectId: Id, unitId: Id.optional(), topicId: Id.optional() }),
  z.object({ type: z.literal('preview-video'), catalogueId: CatalogueIdSchema }),
  z.object({ type: z.literal('resource'), resourceType: ResourceTypeKeySchema }),
]);
export type UploadTarget = z.infer<typeof UploadTargetSchema>;

export const UploadStartSchema = z.object({
  target: UploadTargetSchema,
  /** the file's name as chosen; the server sanitises it (spec 1 §5) and builds the key */
  fileName: z.string().min(1).max(1000),
  /** bytes */
  size: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  /** the browser's File.type; may be empty */
  contentType: z.string().max(200).optional(),
  /**
   * identifies the same file across reloads together with name and size (e.g. File.lastModified);
   * without it an upload is never resumed
   */
  fingerprint: z.string().min(1).max(200).optional(),
});
export type UploadStart = z.infer<typeof UploadStartSchema>;

const PartNumber = z.number().int().min(1).max(UPLOAD_MAX_PARTS);

/** A part already stored: its number, the ETag storage answered, its size in bytes. */
export const StoredPartSchema = z.object({
  partNumber: PartNumber,
  etag: z.string().min(1).max(200),
  size: z.number().int().min(0),
});
export type StoredPart = z.infer<typeof StoredPartSchema>;

export const UploadModeSchema = z.enum(['single', 'multipart']);

export const UploadStartResultSchema = z.object({
  uploadId: z.string(),
  key: z.string(),
  /** the sanitised name stored in the key (after the unique id, for videos) */
  fileName: z.string(),
  size: z.number(),
  mode: UploadModeSchema,
  /** bytes per part (every part but the last); the whole size for a single PUT */
  partSize: z.number(),
  partCount: z.number(),
  /** single mode: where to PUT the file */
  url: z.string().optional(),
  /** headers every PUT of this upload must carry exactly (they are signed) */
  headers: z.record(z.string(), z.string()),
  /** when `url` stops working (ISO time); ask again for a new one */
  expiresAt: z.string(),
  /** true when this is an earlier upload of the same file, resumed */
  resumed: z.boolean(),
  /** multipart: the parts already stored; upload only the others */
  parts: z.array(StoredPartSchema),
});
export type UploadStartResult = z.infer<typeof UploadStartResultSchema>;

export const UploadIdParamSchema = z.object({ uploadId: z.string().min(1).max(64) });

export const SignPartsSchema = z.object({
  partNumbers: z
    .array(PartNumber)
    .min(1)
    .max(UPLOAD_MAX_PARTS_PER_SIGN)
    .refine((list) => new Set(list).size === list.length, 'part numbers must not repeat'),
  /** parts the browser has finished since it last asked (kept for resuming on any storage) */
  stored: z.array(StoredPartSchema).max(UPLOAD_MAX_PARTS_PER_SIGN).optional(),
});

export const SignedPartSchema = z.object({
  partNumber: z.number(),
  url: z.string(),
  /** the exact number of bytes this part must carry */
  size: z.number(),
  expiresAt: z.string(),
});

export const SignPartsResultSchema = z.object({
  parts: z.array(SignedPartSchema),
  headers: z.record(z.string(), z.string()),
  expiresAt: z.string(),
});

export const CompleteUploadSchema = z.object({
  /** multipart: every part with the ETag its PUT answered; single: leave out */
  parts: z
    .array(z.object({ partNumber: PartNumber, etag: z.string().min(1).max(200) }))
    .max(UPLOAD_MAX_PARTS)
    .optional(),
});

export const CompleteUploadResultSchema = z.object({
  uploadId: z.string(),
  key: z.string(),
  fileName: z.string(),
  size: z.number(),
  /** resource types: the file's public address; videos: null (they are registered, then transcoded) */
  url: z.string().nullable(),
});

export const AbortUploadResultSchema = z.object({ uploadId: z.string(), status: z.literal('ABORTED') });
