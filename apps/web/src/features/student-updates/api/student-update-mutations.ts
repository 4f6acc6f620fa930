import {
  studentUpdatesContract,
  type ChangeStudentUpdateBody,
  type CreateStudentUpdateBody,
  type StudentUpdate,
} from '@lectern/contract';
import { useRouteMutation } from '../../../lib/controllers/use-route-mutation';
import { successMessage } from '../components/update-display';
import { studentUpdateKeys } from './student-update-keys';

/**
 * POST .../createupdate: a new update, kept as a draft, scheduled or published now. The drawer shows a
 * refusal itself (everything typed kept), so no snackbar repeats it; the success names the update.
 */
export function useCreateStudentUpdate() {
  return useRouteMutation(studentUpdatesContract.create, {
    toInput: (body: CreateStudentUpdateBody) => ({ body }),
    fallbackMessage: (data) => successMessage(null, data),
    meta: { serverMessage: true, silentError: true },
    invalidate: [studentUpdateKeys.lists],
    invalidateOn: 'success',
  });
}

/**
 * PUT .../changeupdate: the whole update at the version the editor saw, with what the save does. The
 * list reloads after a refusal too: a stale version (409) means someone else saved.
 */
export function useChangeStudentUpdate(options: { silentError?: boolean } = {}) {
  return useRouteMutation(studentUpdatesContract.change, {
    toInput: ({ body }: { body: ChangeStudentUpdateBody; before: StudentUpdate }) => ({ body }),
    fallbackMessage: (data, { before }: { body: ChangeStudentUpdateBody; before: StudentUpdate }) =>
      successMessage(before, data),
    meta: { serverMessage: true, silentError: options.silentError ?? true },
    invalidate: [studentUpdateKeys.lists],
  });
}

/** DELETE .../deleteupdate?updateId=: an update students do not see now; the snackbar names it. */
export function useDeleteStudentUpdate() {
  return useRouteMutation(studentUpdatesContract.remove, {
    toInput: (update: StudentUpdate) => ({ query: { updateId: update.updateId } }),
    fallbackMessage: (_data, update: StudentUpdate) => successMessage(update, null),
    meta: { serverMessage: true },
    invalidate: [studentUpdateKeys.lists],
  });
}
