import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  batchesContract,
  studentsContract,
  type Batch,
  type BatchMember,
  type BatchStatus,
  type Student,
} from '@lectern/contract';
import { apiCall } from '../../../lib/api-client';
import { batchKeys } from './batch-keys';

/** Spec 2 §9: the console asks for every batch at once (page 0, size 1000) and pages on screen. */
const BATCH_PAGE = { page: 0, size: 1000 } as const;

/** GET /batch/getAllBatch/pagination?page=0&size=1000: every batch, newest first. */
export function getBatches(signal?: AbortSignal): Promise<Batch[]> {
  return apiCall(batchesContract.page, { query: BATCH_PAGE }, { signal }).then((page) => page.batchDTOS);
}

export const batchesQueryOptions = () =>
  queryOptions({ queryKey: batchKeys.list, queryFn: ({ signal }) => getBatches(signal) });

export function useBatches() {
  return useQuery(batchesQueryOptions());
}

/** GET /batch/getBatchInfoByStatus/{status}: a line per batch, for the move and group pickers. */
export function useBatchInfo(status: BatchStatus, enabled = true) {
  return useQuery({
    queryKey: batchKeys.byStatus(status),
    queryFn: ({ signal }) => apiCall(batchesContract.infoByStatus, { params: { status } }, { signal }),
    enabled,
  });
}

/** GET /batch/getAllBranch (the list in data.data). */
export function useBranches(enabled = true) {
  return useQuery({
    queryKey: batchKeys.branches,
    queryFn: ({ signal }) => apiCall(batchesContract.branches, {}, { signal }).then((answer) => answer.data),
    enabled,
  });
}

/** GET /batch/getAllProgram (the list in data.data, as spec 2 §7 reads it). */
export function usePrograms(enabled = true) {
  return useQuery({
    queryKey: batchKeys.programs,
    queryFn: ({ signal }) => apiCall(batchesContract.programs, {}, { signal }).then((answer) => answer.data),
    enabled,
  });
}

/** GET /batch/groups: every group with its batches. */
export function useGroups(enabled = true) {
  return useQuery({
    queryKey: batchKeys.groups,
    queryFn: ({ signal }) => apiCall(batchesContract.groups, {}, { signal }),
    enabled,
  });
}

/** GET /batch/getBatchById/{batchId}: the batch as the server holds it now. */
export function getBatch(batchId: string, signal?: AbortSignal): Promise<Batch> {
  return apiCall(batchesContract.byId, { params: { batchId } }, { signal });
}

export function useBatch(batchId: string | null) {
  return useQuery({
    queryKey: batchKeys.batch(batchId ?? ''),
    queryFn: ({ signal }) => getBatch(batchId ?? '', signal),
    enabled: batchId !== null,
  });
}

/** A student of a batch as the students table shows it. */
export interface BatchStudent extends Student {
  rollNumber: string | null;
  addedAt: string;
}

/** byStudentIds takes at most this many ids a call; a batch may hold up to BATCH_CAPACITY_MAX. */
const IDS_PER_CALL = 1000;

/**
 * A batch's students (spec 2 §7): GET /batch/batch/{batchId}/studentIds gives the ids (and each
 * member's roll number), then POST /students/student/byStudentIds gives the students, a thousand a call.
 */
export async function getBatchStudents(batchId: string, signal?: AbortSignal): Promise<BatchStudent[]> {
  const { data } = await apiCall(batchesContract.studentIds, { params: { batchId } }, { signal });
  const members = new Map<string, BatchMember>(data.members.map((member) => [member.studentId, member]));
  const chunks: string[][] = [];
  for (let at = 0; at < data.studentIds.length; at += IDS_PER_CALL) {
    chunks.push(data.studentIds.slice(at, at + IDS_PER_CALL));
  }
  const students = await Promise.all(
    chunks.map((studentIds) => apiCall(studentsContract.byIds, { body: { studentIds } }, { signal })),
  );
  return students.flat().map((student) => ({
    ...student,
    rollNumber: members.get(student.studentId)?.rollNumber ?? null,
    addedAt: members.get(student.studentId)?.addedAt ?? student.createdAt,
  }));
}

export function useBatchStudents(batchId: string | null) {
  return useQuery({
    queryKey: batchKeys.students(batchId ?? ''),
    queryFn: ({ signal }) => getBatchStudents(batchId ?? '', signal),
    enabled: batchId !== null,
  });
}
