import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  batchesContract,
  type BulkUploadBody,
  type CreateBatchBody,
  type MoveStudentsBody,
  type RouteInput,
  type UpdateBatchBody,
} from '@lectern/contract';
import { apiCallWithHeaders } from '../../../lib/api-client';
import { batchKeys } from './batch-keys';

type BranchInput = RouteInput<typeof batchesContract.createBranch>['body'];
type ProgramInput = RouteInput<typeof batchesContract.createProgram>['body'];
type GroupInput = RouteInput<typeof batchesContract.createGroup>['body'];
type GroupUpdateInput = RouteInput<typeof batchesContract.updateGroup>['body'];

/** After any change: every batch query reads again (lists, pickers, seats, students, groups). */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: batchKeys.all });
}

/** POST /batch/createBatch; the drawer shows a refusal itself (what was typed kept). */
export function useCreateBatch() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (body: CreateBatchBody) => {
      const result = await apiCallWithHeaders(batchesContract.create, { body });
      return { data: result.data, message: result.message };
    },
    meta: { serverMessage: true, silentError: true },
    onSuccess: refresh,
  });
}

/** PUT /batch/updateBatch at the version the drawer saw (409 when someone saved meanwhile). */
export function useUpdateBatch() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (body: UpdateBatchBody) => {
      const result = await apiCallWithHeaders(batchesContract.update, { body });
      return { data: result.data, message: result.message };
    },
    meta: { serverMessage: true, silentError: true },
    onSettled: refresh,
  });
}

/** PUT /batch/closeBatch/{batchId}: the server's message shows (and its refusal, as a snackbar). */
export function useCloseBatch() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ batchId, version }: { batchId: string; version: number }) => {
      const result = await apiCallWithHeaders(batchesContract.close, { params: { batchId }, body: { version } });
      return { data: result.data, message: result.message };
    },
    meta: { serverMessage: true },
    onSettled: refresh,
  });
}

/** POST /batch/createBranch, from the batch form: the new branch is chosen there. */
export function useCreateBranch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: BranchInput) => {
      const result = await apiCallWithHeaders(batchesContract.createBranch, { body });
      return { data: result.data, message: result.message };
    },
    meta: { serverMessage: true, silentError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: batchKeys.branches }),
  });
}

/** POST /batch/createProgram, from the batch form: the new program is chosen there. */
export function useCreateProgram() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ProgramInput) => {
      const result = await apiCallWithHeaders(batchesContract.createProgram, { body });
      return { data: result.data, message: result.message };
    },
    meta: { serverMessage: true, silentError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: batchKeys.programs }),
  });
}

/** POST /batch/group (add) or PUT /batch/group (at its version). */
export function useSaveGroup() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (body: GroupInput | GroupUpdateInput) => {
      const result =
        'groupId' in body
          ? await apiCallWithHeaders(batchesContract.updateGroup, { body })
          : await apiCallWithHeaders(batchesContract.createGroup, { body });
      return { data: result.data, message: result.message };
    },
    meta: { serverMessage: true, silentError: true },
    onSettled: refresh,
  });
}

/** DELETE /batch/groups/{groupId}: its batches stay. */
export function useDeleteGroup() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (groupId: string) => {
      const result = await apiCallWithHeaders(batchesContract.deleteGroup, { params: { groupId } });
      return { data: result.data, message: result.message };
    },
    meta: { serverMessage: true },
    onSettled: refresh,
  });
}

/** POST /batch/batch/{batchId}/students: an existing student, by mobile number. The form shows a refusal. */
export function useAddBatchStudent() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ batchId, mobileNumber }: { batchId: string; mobileNumber: string }) => {
      const result = await apiCallWithHeaders(batchesContract.addStudent, {
        params: { batchId },
        body: { mobileNumber },
      });
      return { data: result.data, message: result.message };
    },
    meta: { serverMessage: true, silentError: true },
    onSuccess: refresh,
  });
}

/** DELETE /batch/batch/{batchId}/students/{studentId}: the student and their subscriptions stay. */
export function useRemoveBatchStudent() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ batchId, studentId }: { batchId: string; studentId: string }) => {
      const result = await apiCallWithHeaders(batchesContract.removeStudent, { params: { batchId, studentId } });
      return { data: result.data, message: result.message };
    },
    meta: { serverMessage: true },
    onSettled: refresh,
  });
}

/**
 * POST /batch/updateStudentsBatch (with oldBatchId). The answer says per student who could not go;
 * the dialog shows the message and a line per failure (spec 2 §8), so no snackbar comes from here.
 */
export function useMoveStudents() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (body: MoveStudentsBody) => {
      const result = await apiCallWithHeaders(batchesContract.moveStudents, { body });
      return result.data;
    },
    meta: { silentError: true },
    onSettled: refresh,
  });
}

/** POST /batch/bulkUpload: a dry run (nothing written) or the real run; the dialog shows the outcome. */
export function useBulkUpload() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (body: BulkUploadBody) => {
      const result = await apiCallWithHeaders(batchesContract.bulkUpload, { body });
      return result.data;
    },
    meta: { silentError: true, noSpinner: true },
    onSuccess: (result) => (result.dryRun ? undefined : refresh()),
  });
}
