import { z } from 'zod';
import { DateTimeSchema, linkSchema } from '../fields';
import {
  STUDENT_UPDATE_ACTIONS,
  STUDENT_UPDATE_AUDIENCES,
  STUDENT_UPDATE_LIMITS,
  STUDENT_UPDATE_STATES,
  STUDENT_UPDATE_TYPES,
} from './student-update-rules';

// Student updates and the students' home-page video (spec 2 §7 "Student updates", DESIGN §9).

const Id = z.string().trim().min(1).max(64);

export const StudentUpdateTypeSchema = z.enum(STUDENT_UPDATE_TYPES);
export const StudentUpdateStateSchema = z.enum(STUDENT_UPDATE_STATES);
export const StudentUpdateActionSchema = z.enum(STUDENT_UPDATE_ACTIONS);
export const StudentUpdateAudienceKindSchema = z.enum(STUDENT_UPDATE_AUDIENCES);

/** One catalogue, batch or group an update is sent to. */
export const AudienceTargetSchema = z.object({ id: z.string(), name: z.string() });
export type AudienceTarget = z.infer<typeof AudienceTargetSchema>;

export const StudentUpdateAudienceSchema = z.object({
  kind: StudentUpdateAudienceKindSchema,
  /** empty for EVERYONE */
  targets: z.array(AudienceTargetSchema),
  /** students it reaches now (every student for EVERYONE) */
  studentCount: z.number().int(),
});

export const StudentUpdateSchema = z.object({
  updateId: z.string(),
  updateType: StudentUpdateTypeSchema,
  title: z.string(),
  /** sanitised HTML */
  body: z.string(),
  /** an image from the update-image resource type, or null */
  imageUrl: z.string().nullable(),
  /** a transcoded video, or null */
  videoId: z.string().nullable(),
  videoName: z.string().nullable(),
  /** the HLS address of the video, or null */
  videoUrl: z.string().nullable(),
  videoThumbnail: z.string().nullable(),
  audience: StudentUpdateAudienceSchema,
  state: StudentUpdateStateSchema,
  /** when a SCHEDULED update publishes (also kept on the published one: when it was meant to) */
  publishAt: z.string().nullable(),
  publishedAt: z.string().nullable(),
  withdrawnAt: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
  updatedBy: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type StudentUpdate = z.infer<typeof StudentUpdateSchema>;

export const StudentUpdateListQuerySchema = z.object({
  state: StudentUpdateStateSchema.optional(),
});
export const StudentUpdateTypeParamsSchema = z.object({ updateType: z.string().max(64) });

const UpdateFields = z.object({
  title: z
    .string()
    .trim()
    .min(1, 'The title is required')
    .max(STUDENT_UPDATE_LIMITS.title, `The title is at most ${STUDENT_UPDATE_LIMITS.title} characters`),
  /** HTML from the editor; the server sanitises it */
  body: z
    .string()
    .max(
      STUDENT_UPDATE_LIMITS.body,
      `The text is at most ${STUDENT_UPDATE_LIMITS.body.toLocaleString('en-IN')} characters`,
    ),
  imageUrl: linkSchema().nullable().default(null),
  videoId: Id.nullable().default(null),
  audience: z.object({
    kind: StudentUpdateAudienceKindSchema,
    ids: z.array(Id).max(STUDENT_UPDATE_LIMITS.audienceIds).default([]),
  }),
  /** what the save does: DRAFT keeps it a draft, SCHEDULE needs publishAt, PUBLISH publishes now */
  action: StudentUpdateActionSchema,
  publishAt: DateTimeSchema.nullable().default(null),
});

export const CreateStudentUpdateBodySchema = UpdateFields.extend({ updateType: StudentUpdateTypeSchema });
export type CreateStudentUpdateBody = z.input<typeof CreateStudentUpdateBodySchema>;

/** Every field again with the version it was read at; WITHDRAW takes the update down (the fields are kept). */
export const ChangeStudentUpdateBodySchema = UpdateFields.extend({
  updateId: Id,
  version: z.number().int().min(0),
});
export type ChangeStudentUpdateBody = z.input<typeof ChangeStudentUpdateBodySchema>;

export const DeleteStudentUpdateQuerySchema = z.object({ updateId: Id });

/** What an update may be sent to, for the drawer's pickers (the catalogues, active batches and groups). */
export const UpdateAudienceChoicesSchema = z.object({
  catalogues: z.array(AudienceTargetSchema),
  batches: z.array(AudienceTargetSchema),
  groups: z.array(AudienceTargetSchema),
});
export type UpdateAudienceChoices = z.infer<typeof UpdateAudienceChoicesSchema>;

/** A transcoded video that may play in an update or on the students' home page. */
export const PlayableVideoSchema = z.object({
  videoId: z.string(),
  videoName: z.string(),
  /** the subject it belongs to, or null for a preview video */
  subjectName: z.string().nullable(),
  durationSeconds: z.number().nullable(),
  videoUrl: z.string(),
  thumbnail: z.string().nullable(),
});
export type PlayableVideo = z.infer<typeof PlayableVideoSchema>;
export const PlayableVideoQuerySchema = z.object({ q: z.string().trim().max(100).optional() });

/** `/cms/pagecontent/videourl`: the video on the students' home page. */
export const HomeVideoSchema = z.object({
  video: PlayableVideoSchema.nullable(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string().nullable(),
  version: z.number().int(),
});
export type HomeVideo = z.infer<typeof HomeVideoSchema>;
export const HomeVideoBodySchema = z.object({
  /** null clears it */
  videoId: Id.nullable(),
  version: z.number().int().min(0),
});
export type HomeVideoBody = z.input<typeof HomeVideoBodySchema>;
