import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  studentUpdatesContract,
  type ChangeStudentUpdateBody,
  type CreateStudentUpdateBody,
  type StudentUpdate,
} from '@lectern/contract';
import { apiCallWithHeaders } from '../../../lib/api-client';
import { successMessage } from '../components/update-display';
import { studentUpdateKeys } from './student-update-keys';

/**
 * POST .../createupdate: a new update, kept as a draft, scheduled or published now. The drawer shows a
 * refusal itself (everything typed kept), so no snackbar repeats it; the success names the update.
 */
export function useCreateStudentUpdate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateStudentUpdateBody) => {
      const result = await apiCallWithHeaders(studentUpdatesContract.create, { body });
      return { data: result.data, message: result.message ?? successMessage(null, result.data) };
    },
    meta: { serverMessage: true, silentError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: studentUpdateKeys.lists }),
  });
}

/**
 * PUT .../changeupdate: the whole update at the version the editor saw, with what the save does. The
 * list reloads after a refusal too: a stale version (409) means someone else saved.
 */
export function useChangeStudentUpdate(options: { silentError?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, before }: { body: ChangeStudentUpdateBody; before: StudentUpdate }) => {
      const result = await apiCallWithHeaders(studentUpdatesContract.change, { body });
      return { data: result.data, message: result.message ?? successMessage(before, result.data) };
    },
    meta: { serverMessage: true, silentError: options.silentError ?? true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: studentUpdateKeys.lists }),
  });
}

/** DELETE .../deleteupdate?updateId=: an update students do not see now; the snackbar names it. */
export function useDeleteStudentUpdate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (update: StudentUpdate) => {
      const result = await apiCallWithHeaders(studentUpdatesContract.remove, { query: { updateId: update.updateId } });
      return { data: result.data, message: result.message ?? successMessage(update, null) };
    },
    meta: { serverMessage: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: studentUpdateKeys.lists }),
  });
}
