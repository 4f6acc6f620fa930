import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  MESSAGES,
  subjectsContract,
  type RouteDef,
  type RouteInput,
  type SubjectDetail,
  type SubjectDetailSchema,
} from '@lectern/contract';
import { isApiError } from '../../../lib/api-error';
import { useRouteMutation } from '../../../lib/controllers/use-route-mutation';
import { queryKeys } from '../../../lib/query-keys';

/** Every call that changes one subject and answers with the whole subject. */
export const SUBJECT_EDITS = {
  update: subjectsContract.update,
  sendForReview: subjectsContract.sendForReview,
  approve: subjectsContract.approve,
  revert: subjectsContract.revert,
  attachVideo: subjectsContract.attachVideo,
  createUnit: subjectsContract.createUnit,
  updateUnit: subjectsContract.updateUnit,
  deleteUnit: subjectsContract.deleteUnit,
  reorderUnits: subjectsContract.reorderUnits,
  createTopic: subjectsContract.createTopic,
  updateTopic: subjectsContract.updateTopic,
  deleteTopic: subjectsContract.deleteTopic,
  reorderTopics: subjectsContract.reorderTopics,
  createSubtopic: subjectsContract.createSubtopic,
  updateSubtopic: subjectsContract.updateSubtopic,
  deleteSubtopic: subjectsContract.deleteSubtopic,
  reorderSubtopics: subjectsContract.reorderSubtopics,
} as const satisfies Record<string, SubjectEditRoute>;

export type SubjectEdit = keyof typeof SUBJECT_EDITS;
export type SubjectEditInput<K extends SubjectEdit> = RouteInput<(typeof SUBJECT_EDITS)[K]>;

/** Any of them, as far as a caller needs: it answers the whole subject. */
type SubjectEditRoute = RouteDef & { response: typeof SubjectDetailSchema };

/** After any change: the answer is the new subject; the listing is stale. */
function settle(queryClient: QueryClient, subjectId: string, detail: SubjectDetail) {
  queryClient.setQueryData(queryKeys.subject(subjectId), detail);
  void queryClient.invalidateQueries({ queryKey: queryKeys.subjectList });
}

/**
 * One mutation for one kind of subject change (rename a unit, reorder topics, attach a video...).
 * The server's message is shown on success; a 409 (someone else changed the subject) reloads the
 * subject so the user can try again, while the screen keeps what they typed.
 */
export function useSubjectEdit<K extends SubjectEdit>(
  kind: K,
  options: {
    subjectId: string;
    quiet?: boolean;
    errorMessages?: Partial<Record<number, string>>;
    messageValues?: Record<string, string | number>;
  },
) {
  const queryClient = useQueryClient();
  const route: SubjectEditRoute = SUBJECT_EDITS[kind];
  return useRouteMutation(route, {
    // the input is this kind's own, checked where the caller builds it
    toInput: (input: SubjectEditInput<K>) => input as RouteInput<SubjectEditRoute>,
    meta: {
      serverMessage: !options.quiet,
      errorMessages: options.errorMessages,
      messageValues: options.messageValues,
    },
    onSuccess: (result) => settle(queryClient, options.subjectId, result.data),
    onError: (error) => {
      if (isApiError(error) && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.subject(options.subjectId) });
      }
    },
  });
}

/** POST /subjects/subject: create a subject. */
export function useCreateSubject() {
  const queryClient = useQueryClient();
  return useRouteMutation(subjectsContract.create, {
    toInput: (body: RouteInput<typeof subjectsContract.create>['body']) => ({ body }),
    meta: { serverMessage: true },
    onSuccess: (result) => settle(queryClient, result.data.subjectId, result.data),
  });
}

/** DELETE /subjects/subject: delete subjects; a 403 reads 'You dont have permission to delete subject(s).' */
export function useDeleteSubjects() {
  return useRouteMutation(subjectsContract.delete, {
    toInput: (subjectIds: string[]) => ({ body: { subjectIds } }),
    meta: { serverMessage: true, errorMessages: { 403: MESSAGES.subjectDeleteForbidden } },
    invalidate: [queryKeys.subjects],
  });
}

/** PUT /subjects/subject/assignee: add or remove a person. */
export function useChangeAssignee(subjectName: string) {
  return useRouteMutation(subjectsContract.changeAssignee, {
    toInput: (body: RouteInput<typeof subjectsContract.changeAssignee>['body']) => ({ body }),
    meta: { errorMessages: { 500: MESSAGES.assigneeUpdateFailed }, messageValues: { subjectName } },
    invalidate: [queryKeys.subjects],
  });
}
