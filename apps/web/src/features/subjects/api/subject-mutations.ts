import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { MESSAGES, subjectsContract, type RouteDef, type RouteInput, type SubjectDetail } from '@lectern/contract';
import { apiCallWithHeaders } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
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
} as const;

export type SubjectEdit = keyof typeof SUBJECT_EDITS;
export type SubjectEditInput<K extends SubjectEdit> = RouteInput<(typeof SUBJECT_EDITS)[K]>;

/** After any change: the answer is the new subject; the listing is stale. On a conflict, reload the subject. */
function settle(queryClient: QueryClient, subjectId: string, detail?: SubjectDetail) {
  if (detail) queryClient.setQueryData(queryKeys.subject(subjectId), detail);
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
  return useMutation({
    mutationFn: async (input: SubjectEditInput<K>) => {
      const route = SUBJECT_EDITS[kind] as RouteDef;
      const result = await apiCallWithHeaders(route, input as never);
      return { data: result.data as SubjectDetail, message: result.message };
    },
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
  return useMutation({
    mutationFn: async (body: RouteInput<typeof subjectsContract.create>['body']) => {
      const result = await apiCallWithHeaders(subjectsContract.create, { body });
      return { data: result.data, message: result.message };
    },
    meta: { serverMessage: true },
    onSuccess: (result) => settle(queryClient, result.data.subjectId, result.data),
  });
}

/** DELETE /subjects/subject: delete subjects; a 403 reads 'You dont have permission to delete subject(s).' */
export function useDeleteSubjects() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (subjectIds: string[]) => {
      const result = await apiCallWithHeaders(subjectsContract.delete, { body: { subjectIds } });
      return { data: result.data, message: result.message };
    },
    meta: { serverMessage: true, errorMessages: { 403: MESSAGES.subjectDeleteForbidden } },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.subjects }),
  });
}

/** PUT /subjects/subject/assignee: add or remove a person. */
export function useChangeAssignee(subjectId: string, subjectName: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: RouteInput<typeof subjectsContract.changeAssignee>['body']) => {
      const result = await apiCallWithHeaders(subjectsContract.changeAssignee, { body });
      return result.data;
    },
    meta: { errorMessages: { 500: MESSAGES.assigneeUpdateFailed }, messageValues: { subjectName } },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.subjects }),
  });
}
