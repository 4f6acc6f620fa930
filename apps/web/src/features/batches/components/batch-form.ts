import {
  BATCH_CAPACITY_MAX,
  BATCH_MESSAGES,
  CreateBatchBodySchema,
  fillMessage,
  type Batch,
  type CreateBatchBody,
} from '@lectern/contract';

/** The batch drawer's fields as typed (the capacity as text until it is checked). */
export interface BatchFormValues {
  batchName: string;
  batchCode: string;
  branchId: string;
  programId: string;
  startDate: string;
  endDate: string;
  capacity: string;
}
export type BatchFormField = keyof BatchFormValues;

/** The drawer's names of the fields, for the list of what someone else changed. */
export const BATCH_FIELD_LABELS: Record<BatchFormField, string> = {
  batchName: 'Batch name',
  batchCode: 'Batch code',
  branchId: 'Branch',
  programId: 'Program',
  startDate: 'Starts',
  endDate: 'Ends',
  capacity: 'Capacity',
};

export const emptyBatchForm = (): BatchFormValues => ({
  batchName: '',
  batchCode: '',
  branchId: '',
  programId: '',
  startDate: '',
  endDate: '',
  capacity: '',
});

export const batchFormValues = (batch: Batch): BatchFormValues => ({
  batchName: batch.batchName,
  batchCode: batch.batchCode,
  branchId: batch.branchId,
  programId: batch.programId,
  startDate: batch.startDate,
  endDate: batch.endDate,
  capacity: String(batch.capacity),
});

/** Plainer words than the schema's for the fields a person picks rather than types. */
const PICK: Partial<Record<BatchFormField, string>> = {
  branchId: 'Choose a branch, or add one.',
  programId: 'Choose a program, or add one.',
  startDate: 'Choose the first day.',
  endDate: 'Choose the last day.',
};
const CAPACITY = `The capacity is a whole number from 1 to ${BATCH_CAPACITY_MAX}.`;

/**
 * The body to send, or what is wrong per field: the contract's schema, the end on or after the start,
 * and (when editing) a capacity not below the students already in the batch.
 */
export function batchBody(
  values: BatchFormValues,
  studentCount = 0,
):
  | { body: CreateBatchBody; issues?: undefined }
  | { body?: undefined; issues: Partial<Record<BatchFormField, string>> } {
  const issues: Partial<Record<BatchFormField, string>> = {};
  const capacityText = values.capacity.trim();
  const capacity = /^\d{1,6}$/.test(capacityText) ? Number(capacityText) : Number.NaN;
  const parsed = CreateBatchBodySchema.safeParse({ ...values, capacity });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as BatchFormField;
      issues[field] ??= field === 'capacity' ? CAPACITY : (PICK[field] ?? issue.message);
    }
  }
  if (!issues.startDate && !issues.endDate && values.endDate < values.startDate) {
    issues.endDate = BATCH_MESSAGES.endBeforeStart;
  }
  if (!issues.capacity && capacity < studentCount) {
    issues.capacity = fillMessage(BATCH_MESSAGES.capacityBelowStudents, { count: studentCount });
  }
  if (Object.keys(issues).length > 0 || !parsed.success) return { issues };
  return { body: parsed.data };
}
