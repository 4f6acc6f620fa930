import { useQueryClient } from '@tanstack/react-query';
import { batchesContract, type RouteInput } from '@lectern/contract';
import { useRouteMutation } from '../../../lib/controllers/use-route-mutation';
import { batchKeys } from './batch-keys';

type GroupInput = RouteInput<typeof batchesContract.createGroup>['body'];
type GroupUpdateInput = RouteInput<typeof batchesContract.updateGroup>['body'];

/** After any change: every batch query reads again (lists, pickers, seats, students, groups). */
const ALL = [batchKeys.all];

/** POST /batch/createBatch; the drawer shows a refusal itself (what was typed kept). */
export function useCreateBatch() {
  return useRouteMutation(batchesContract.create, {
    meta: { serverMessage: true, silentError: true },
    invalidate: ALL,
    invalidateOn: 'success',
  });
}

/** PUT /batch/updateBatch at the version the drawer saw (409, STALE_VERSION, when someone saved meanwhile). */
export function useUpdateBatch() {
  return useRouteMutation(batchesContract.update, {
    meta: { serverMessage: true, silentError: true },
    invalidate: ALL,
  });
}

/** PUT /batch/closeBatch/{batchId}: the server's message shows (and its refusal, as a snackbar). */
export function useCloseBatch() {
  return useRouteMutation(batchesContract.close, {
    toInput: ({ batchId, version }: { batchId: string; version: number }) => ({
      params: { batchId },
      body: { version },
    }),
    meta: { serverMessage: true },
    invalidate: ALL,
  });
}

/** POST /batch/createBranch, from the batch form: the new branch is chosen there. */
export function useCreateBranch() {
  return useRouteMutation(batchesContract.createBranch, {
    toInput: (body: RouteInput<typeof batchesContract.createBranch>['body']) => ({ body }),
    meta: { serverMessage: true, silentError: true },
    invalidate: [batchKeys.branches],
    invalidateOn: 'success',
  });
}

/** POST /batch/createProgram, from the batch form: the new program is chosen there. */
export function useCreateProgram() {
  return useRouteMutation(batchesContract.createProgram, {
    toInput: (body: RouteInput<typeof batchesContract.createProgram>['body']) => ({ body }),
    meta: { serverMessage: true, silentError: true },
    invalidate: [batchKeys.programs],
    invalidateOn: 'success',
  });
}

/** POST /batch/group (add) or PUT /batch/group (at its version). */
export function useSaveGroup() {
  const create = useRouteMutation(batchesContract.createGroup, {
    meta: { serverMessage: true, silentError: true },
    invalidate: ALL,
  });
  const update = useRouteMutation(batchesContract.updateGroup, {
    meta: { serverMessage: true, silentError: true },
    invalidate: ALL,
  });
  return {
    isPending: create.isPending || update.isPending,
    error: create.error ?? update.error,
    mutateAsync: (body: GroupInput | GroupUpdateInput) =>
      'groupId' in body ? update.mutateAsync({ body }) : create.mutateAsync({ body }),
  };
}

/** DELETE /batch/groups/{groupId}: its batches stay. */
export function useDeleteGroup() {
  return useRouteMutation(batchesContract.deleteGroup, {
    toInput: (groupId: string) => ({ params: { groupId } }),
    meta: { serverMessage: true },
    invalidate: ALL,
  });
}

/** POST /batch/batch/{batchId}/students: an existing student, by mobile number. The form shows a refusal. */
export function useAddBatchStudent() {
  return useRouteMutation(batchesContract.addStudent, {
    toInput: ({ batchId, mobileNumber }: { batchId: string; mobileNumber: string }) => ({
      params: { batchId },
      body: { mobileNumber },
    }),
    meta: { serverMessage: true, silentError: true },
    invalidate: ALL,
    invalidateOn: 'success',
  });
}

/** DELETE /batch/batch/{batchId}/students/{studentId}: the student and their subscriptions stay. */
export function useRemoveBatchStudent() {
  return useRouteMutation(batchesContract.removeStudent, {
    toInput: (params: { batchId: string; studentId: string }) => ({ params }),
    meta: { serverMessage: true },
    invalidate: ALL,
  });
}

/**
 * POST /batch/updateStudentsBatch (with oldBatchId). The answer says per student who could not go;
 * the dialog shows the message and a line per failure (spec 2 §8), so no snackbar comes from here.
 */
export function useMoveStudents() {
  return useRouteMutation(batchesContract.moveStudents, {
    toInput: (body: RouteInput<typeof batchesContract.moveStudents>['body']) => ({ body }),
    meta: { silentError: true },
    invalidate: ALL,
  });
}

/** POST /batch/bulkUpload: a dry run (nothing written) or the real run; the dialog shows the outcome. */
export function useBulkUpload() {
  const queryClient = useQueryClient();
  return useRouteMutation(batchesContract.bulkUpload, {
    toInput: (body: RouteInput<typeof batchesContract.bulkUpload>['body']) => ({ body }),
    meta: { silentError: true, noSpinner: true },
    // a dry run wrote nothing: nothing to read again
    onSuccess: ({ data }) => (data.dryRun ? undefined : queryClient.invalidateQueries({ queryKey: batchKeys.all })),
  });
}
