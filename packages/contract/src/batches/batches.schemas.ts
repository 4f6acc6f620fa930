import { z } from 'zod';
import { DaySchema } from '../fields';
import {
  BATCH_CAPACITY_MAX,
  BATCH_CODE_PATTERN,
  BATCH_STATUSES,
  BULK_ROW_OUTCOMES,
  BULK_UPLOAD_MAX_ROWS,
} from './batch-rules';

// Batches, branches, programs, groups and batch students (spec 2 §3 "Batch data", §4, §7 "Batches and
// groups", §8, DESIGN §9). Offline and hybrid coaching runs in batches ('JEE 2027 Morning, Kota');
// staff build them, fill them from spreadsheets and move students between them.

const Id = z.string().trim().min(1).max(64);
const Version = z.number().int().min(0);
const Name = (what: string, max = 80) =>
  z.string().trim().min(1, `${what} is required`).max(max, `${what} is at most ${max} characters`);

export const BatchStatusSchema = z.enum(BATCH_STATUSES);

export const BranchSchema = z.object({
  branchId: z.string(),
  branchName: z.string(),
  city: z.string(),
  /** batches in the branch, any status */
  batchCount: z.number().int(),
  createdAt: z.string(),
  createdBy: z.string(),
});
export type Branch = z.infer<typeof BranchSchema>;

export const ProgramSchema = z.object({
  programId: z.string(),
  programName: z.string(),
  batchCount: z.number().int(),
  createdAt: z.string(),
  createdBy: z.string(),
});
export type Program = z.infer<typeof ProgramSchema>;

export const BatchSchema = z.object({
  batchId: z.string(),
  batchName: z.string(),
  batchCode: z.string(),
  branchId: z.string(),
  branchName: z.string(),
  programId: z.string(),
  programName: z.string(),
  /** YYYY-MM-DD */
  startDate: z.string(),
  endDate: z.string(),
  capacity: z.number().int(),
  studentCount: z.number().int(),
  status: BatchStatusSchema,
  closedAt: z.string().nullable(),
  closedBy: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type Batch = z.infer<typeof BatchSchema>;

/** The pagination answer: the batches in `batchDTOS` (spec 2 §3 "batchList (server field batchDTOS)"). */
export const BatchPageSchema = z.object({
  batchDTOS: z.array(BatchSchema),
  page: z.number().int(),
  size: z.number().int(),
  totalElements: z.number().int(),
});

/** `getBatchInfoByStatus`: a short line per batch, for pickers (move to batch, live classes, groups). */
export const BatchInfoSchema = z.object({
  batchId: z.string(),
  batchName: z.string(),
  batchCode: z.string(),
  branchName: z.string(),
  programName: z.string(),
  capacity: z.number().int(),
  studentCount: z.number().int(),
});
export type BatchInfo = z.infer<typeof BatchInfoSchema>;

export const GroupSchema = z.object({
  groupId: z.string(),
  groupName: z.string(),
  description: z.string(),
  batches: z.array(BatchInfoSchema),
  createdBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type Group = z.infer<typeof GroupSchema>;

/** A student's place in a batch. */
export const BatchMemberSchema = z.object({
  studentId: z.string(),
  rollNumber: z.string().nullable(),
  addedAt: z.string(),
  addedBy: z.string(),
});
export type BatchMember = z.infer<typeof BatchMemberSchema>;

/** `batch/{batchId}/studentIds`: the ids in `data.data.studentIds` as the spec reads them, with each member's place. */
export const BatchStudentIdsSchema = z.object({
  data: z.object({ studentIds: z.array(z.string()), members: z.array(BatchMemberSchema) }),
});

export const MoveFailureSchema = z.object({ studentId: z.string(), name: z.string(), reason: z.string() });
export type MoveFailure = z.infer<typeof MoveFailureSchema>;

/**
 * `updateStudentsBatch`: `error` is set when any student could not be moved (the screen shows
 * `message` and one line per failure, 'For {name} {reason}'); `data` lists the failures.
 */
export const MoveResultSchema = z.object({
  error: z.boolean(),
  message: z.string(),
  moved: z.array(z.string()),
  data: z.array(MoveFailureSchema),
});
export type MoveResult = z.infer<typeof MoveResultSchema>;

export const BulkRowResultSchema = z.object({
  rowNumber: z.number().int(),
  name: z.string(),
  mobileNumber: z.string(),
  outcome: z.enum(BULK_ROW_OUTCOMES),
  /** why an ERROR row was left out (or what an ALREADY_IN_BATCH row already is) */
  reason: z.string().nullable(),
  /** the student, when there is (or, on a real run, now is) one */
  studentId: z.string().nullable(),
});
export type BulkRowResult = z.infer<typeof BulkRowResultSchema>;

export const BulkUploadResultSchema = z.object({
  dryRun: z.boolean(),
  batchId: z.string(),
  counts: z.object({
    NEW_STUDENT: z.number().int(),
    EXISTING_STUDENT_ADDED: z.number().int(),
    ALREADY_IN_BATCH: z.number().int(),
    ERROR: z.number().int(),
  }),
  rows: z.array(BulkRowResultSchema),
  message: z.string(),
});
export type BulkUploadResult = z.infer<typeof BulkUploadResultSchema>;

// ---- inputs

export const BatchIdParamSchema = z.object({ batchId: Id });
export const GroupIdParamSchema = z.object({ groupId: Id });
export const BatchStatusParamSchema = z.object({ status: BatchStatusSchema });
export const BatchStudentParamSchema = z.object({ batchId: Id, studentId: Id });

export const BatchPageQuerySchema = z.object({
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(1000).default(1000),
});

const BatchFields = z.object({
  batchName: Name('The batch name', 100),
  batchCode: z
    .string()
    .trim()
    .toUpperCase()
    .regex(BATCH_CODE_PATTERN, 'a batch code is 2 to 30 letters, digits or hyphens, like JEE27-KOTA-M'),
  branchId: Id,
  programId: Id,
  startDate: DaySchema,
  endDate: DaySchema,
  capacity: z.number().int().min(1, 'the capacity is at least 1').max(BATCH_CAPACITY_MAX),
});
export const CreateBatchBodySchema = BatchFields;
export type CreateBatchBody = z.infer<typeof CreateBatchBodySchema>;
export const UpdateBatchBodySchema = BatchFields.extend({ batchId: Id, version: Version });
export type UpdateBatchBody = z.infer<typeof UpdateBatchBodySchema>;
export const CloseBatchBodySchema = z.object({ version: Version.optional() });

export const CreateBranchBodySchema = z.object({
  branchName: Name('The branch name'),
  city: Name('The city'),
});
export const CreateProgramBodySchema = z.object({ programName: Name('The program name') });

export const GroupBodySchema = z.object({
  groupName: Name('The group name'),
  description: z.string().trim().max(300).default(''),
  batchIds: z.array(Id).max(200),
});
export const UpdateGroupBodySchema = GroupBodySchema.extend({ groupId: Id, version: Version });

export const MoveStudentsBodySchema = z.object({
  oldBatchId: Id,
  newBatchId: Id,
  studentIds: z.array(Id).min(1, 'choose at least one student').max(1000),
});
export type MoveStudentsBody = z.infer<typeof MoveStudentsBodySchema>;

export const AddBatchStudentBodySchema = z.object({
  mobileNumber: z
    .string()
    .trim()
    .regex(/^[6-9][0-9]{9}$/, 'a mobile number is 10 digits starting with 6-9'),
  rollNumber: z.string().trim().max(20).optional(),
});

/**
 * One row as sent: text as the sheet held it (the browser applied any fix the user accepted). The
 * server checks each row with the shared rules and answers its reasons, so a bad row is never a 400.
 */
export const BulkRowInputSchema = z.object({
  rowNumber: z.number().int().min(1),
  name: z.string().max(500),
  mobileNumber: z.string().max(100),
  email: z.string().max(500).default(''),
  rollNumber: z.string().max(100).default(''),
});
export const BulkUploadBodySchema = z.object({
  batchId: Id,
  dryRun: z.boolean(),
  rows: z.array(BulkRowInputSchema).max(BULK_UPLOAD_MAX_ROWS, `a sheet may hold at most ${BULK_UPLOAD_MAX_ROWS} rows`),
});
export type BulkUploadBody = z.infer<typeof BulkUploadBodySchema>;
