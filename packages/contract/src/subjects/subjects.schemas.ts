import { z } from 'zod';
import { linkSchema } from '../fields';

export const SUBJECT_STATES = ['IN_PROGRESS', 'FINISHED', 'READY_TO_BE_PUBLISHED', 'PUBLISHED'] as const;
export const SubjectStateSchema = z.enum(SUBJECT_STATES);
export type SubjectState = z.infer<typeof SubjectStateSchema>;

/** Listing groups of DESIGN §6, in display order. */
export const LISTING_GROUPS = [
  'UNASSIGNED',
  'NEWLY_ASSIGNED',
  'IN_PROGRESS',
  'FINISHED',
  'READY_TO_BE_PUBLISHED',
  'PUBLISHED',
] as const;
export const ListingGroupSchema = z.enum(LISTING_GROUPS);
export type ListingGroup = z.infer<typeof ListingGroupSchema>;

export const LISTING_GROUP_LABELS: Record<ListingGroup, string> = {
  UNASSIGNED: 'Unassigned',
  NEWLY_ASSIGNED: 'Newly assigned',
  IN_PROGRESS: 'In progress',
  FINISHED: 'Finished',
  READY_TO_BE_PUBLISHED: 'Ready to be published',
  PUBLISHED: 'Published',
};

export const SUBJECT_ROLES = ['CONTENT_ADMIN', 'CONTENT_DEVELOPER', 'CONTENT_UPLOADER'] as const;
export const SubjectRoleSchema = z.enum(SUBJECT_ROLES);

const Id = z.string().min(1).max(64);
const Name = (what: string) =>
  z.string().trim().min(1, `${what} is required`).max(200, `${what} must be at most 200 characters`);
const Version = z.number().int().min(0);

export const TotalsSchema = z.object({
  units: z.number().int(),
  activeUnits: z.number().int(),
  topics: z.number().int(),
  activeTopics: z.number().int(),
  subTopics: z.number().int(),
  activeSubTopics: z.number().int(),
  /** seconds */
  totalVideoTime: z.number(),
  activeVideoTime: z.number(),
  freeTrialSubTopics: z.number().int(),
  freeTrialVideoTime: z.number(),
});
export type Totals = z.infer<typeof TotalsSchema>;

export const AttachedVideoSchema = z.object({
  videoId: z.string(),
  videoName: z.string(),
  videoDurationInSecond: z.number(),
  size: z.number(),
});

export const SubtopicSchema = z.object({
  subtopicId: z.string(),
  subTopicName: z.string(),
  description: z.string(),
  numberOfVideos: z.number().int(),
  /** seconds */
  videoDuration: z.number(),
  active: z.boolean(),
  status: z.string(),
  trial: z.boolean(),
  video: AttachedVideoSchema.nullable(),
});
export type Subtopic = z.infer<typeof SubtopicSchema>;

export const ContentItemSchema = z.object({
  contentType: z.literal('VIDEO'),
  locked: z.boolean(),
  quiz: z.null(),
  subTopic: SubtopicSchema,
});

export const TopicSchema = z.object({
  topicId: z.string(),
  topicName: z.string(),
  active: z.boolean(),
  status: z.string(),
  trial: z.boolean(),
  contents: z.array(ContentItemSchema),
});
export type Topic = z.infer<typeof TopicSchema>;

export const UnitSchema = z.object({
  unitId: z.string(),
  unitName: z.string(),
  active: z.boolean(),
  status: z.string(),
  trial: z.boolean(),
  /** percentage of the unit's subtopics that have a video */
  completion: z.number(),
  topics: z.array(TopicSchema),
  totals: TotalsSchema,
});
export type Unit = z.infer<typeof UnitSchema>;

export const AssigneeSchema = z.object({
  userId: z.string(),
  userName: z.string(),
  image: z.string().nullable(),
});
export type Assignee = z.infer<typeof AssigneeSchema>;

export const SubjectAssigneesSchema = z.object({
  subjectId: z.string(),
  contentAdminId: z.string().nullable(),
  contentAdmin: AssigneeSchema.nullable(),
  contentDevelopers: z.array(AssigneeSchema),
  contentUploaders: z.array(AssigneeSchema),
});
export type SubjectAssignees = z.infer<typeof SubjectAssigneesSchema>;

export const InstructorSchema = z.object({
  instructorFirstName: z.string().trim().min(1).max(60),
  instructorLastName: z.string().trim().max(60),
  qualification: z.string().trim().max(200),
  imageLink: linkSchema().nullable(),
});

export const ReviewSchema = z.object({
  action: z.enum(['REVERTED', 'DECLINED', 'APPROVED']),
  reason: z.string().nullable(),
  by: z.string(),
  at: z.string(),
});

const SubjectCoreShape = {
  subjectId: z.string(),
  subjectName: z.string(),
  description: z.string(),
  subjectState: SubjectStateSchema,
  /** the listing group the subject falls in */
  status: ListingGroupSchema,
  subjectInfo: z.string(),
  locked: z.boolean(),
  imagePath: z.string().nullable(),
  imageName: z.string().nullable(),
  videoPath: z.string().nullable(),
  comingSoon: z.boolean(),
  activityMessage: z.string().nullable(),
  activityAt: z.string().nullable(),
  /** the caller's part in this subject: CONTENT_ADMIN, CONTENT_DEVELOPER, CONTENT_UPLOADER or SUPER_ADMIN */
  role: z.string().nullable(),
  version: z.number().int(),
  lastReview: ReviewSchema.nullable(),
  updatedAt: z.string(),
};

export const SubjectListItemSchema = z.object({
  ...SubjectCoreShape,
  unitCount: z.number().int(),
  topicCount: z.number().int(),
  subTopicCount: z.number().int(),
  /** seconds of video in the subject */
  duration: z.number(),
  contentAdmin: AssigneeSchema.nullable(),
  contentDevelopers: z.array(AssigneeSchema),
});
export type SubjectListItem = z.infer<typeof SubjectListItemSchema>;

export const SubjectDetailSchema = z.object({
  ...SubjectCoreShape,
  units: z.array(UnitSchema),
  instructors: z.array(InstructorSchema),
  assignees: SubjectAssigneesSchema,
  totals: TotalsSchema,
});
export type SubjectDetail = z.infer<typeof SubjectDetailSchema>;

// ---- inputs

export const SubjectIdParamSchema = z.object({ subjectid: Id });
export const SubjectIdCamelParamSchema = z.object({ subjectId: Id });
export const UserIdParamSchema = z.object({ userId: Id });
export const UserIdLowerParamSchema = z.object({ userid: Id });
export const StatusParamSchema = z.object({ status: z.union([SubjectStateSchema, ListingGroupSchema]) });

export const CreateSubjectBodySchema = z.strictObject({
  subjectName: Name('Subject name'),
  description: z.string().trim().max(2000).default(''),
  imagePath: linkSchema().nullable().default(null),
  imageName: z.string().max(300).nullable().default(null),
  comingSoon: z.boolean().default(false),
  locked: z.boolean().default(false),
  instructors: z.array(InstructorSchema).max(20).default([]),
});

export const UpdateSubjectBodySchema = z.strictObject({
  subjectId: Id,
  version: Version,
  subjectName: Name('Subject name').optional(),
  description: z.string().trim().max(2000).optional(),
  imagePath: linkSchema().nullable().optional(),
  imageName: z.string().max(300).nullable().optional(),
  comingSoon: z.boolean().optional(),
  locked: z.boolean().optional(),
  instructors: z.array(InstructorSchema).max(20).optional(),
});

export const DeleteSubjectsBodySchema = z.strictObject({
  subjectIds: z.array(Id).min(1, 'choose at least one subject').max(500),
});

export const WorkflowBodySchema = z.strictObject({ subjectId: Id, version: Version });

export const RevertBodySchema = z.strictObject({
  version: Version,
  reason: z.string().trim().min(1, 'a reason is required').max(1000),
  /** decline instead of revert: both return the subject to IN_PROGRESS */
  decline: z.boolean().default(false),
});

export const AssigneeChangeBodySchema = z.strictObject({
  subjectId: Id,
  version: Version,
  userId: Id,
  userName: z.string().max(200).optional(),
  role: SubjectRoleSchema,
  image: linkSchema().nullable().optional(),
  operation: z.enum(['ADD', 'REMOVE']),
});

export const AttachVideoBodySchema = z.strictObject({
  subjectId: Id,
  version: Version,
  unitId: Id,
  topicId: Id,
  subTopicId: Id,
  /** the video to attach; null detaches */
  videoDetails: z.strictObject({ videoId: Id }).nullable(),
});

const Flags = { active: z.boolean().optional(), trial: z.boolean().optional() };
const Edit = { subjectId: Id, version: Version };

export const CreateUnitBodySchema = z.strictObject({ ...Edit, unitName: Name('Unit name'), ...Flags });
export const UpdateUnitBodySchema = z.strictObject({
  ...Edit,
  unitId: Id,
  unitName: Name('Unit name').optional(),
  ...Flags,
});
export const DeleteUnitBodySchema = z.strictObject({ ...Edit, unitId: Id });
export const ReorderUnitsBodySchema = z.strictObject({ ...Edit, unitIds: z.array(Id).min(1).max(1000) });

export const CreateTopicBodySchema = z.strictObject({ ...Edit, unitId: Id, topicName: Name('Topic name'), ...Flags });
export const UpdateTopicBodySchema = z.strictObject({
  ...Edit,
  topicId: Id,
  topicName: Name('Topic name').optional(),
  ...Flags,
});
export const DeleteTopicBodySchema = z.strictObject({ ...Edit, topicId: Id });
export const ReorderTopicsBodySchema = z.strictObject({ ...Edit, unitId: Id, topicIds: z.array(Id).min(1).max(1000) });

export const CreateSubtopicBodySchema = z.strictObject({
  ...Edit,
  topicId: Id,
  subTopicName: Name('Subtopic name'),
  description: z.string().trim().max(2000).default(''),
  ...Flags,
});
export const UpdateSubtopicBodySchema = z.strictObject({
  ...Edit,
  subtopicId: Id,
  subTopicName: Name('Subtopic name').optional(),
  description: z.string().trim().max(2000).optional(),
  ...Flags,
});
export const DeleteSubtopicBodySchema = z.strictObject({ ...Edit, subtopicId: Id });
export const ReorderSubtopicsBodySchema = z.strictObject({
  ...Edit,
  topicId: Id,
  subtopicIds: z.array(Id).min(1).max(1000),
});
