import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationsContract } from '@lectern/contract';
import { apiCallWithHeaders } from '../../../lib/api-client';
import { notificationsQueryKey } from './get-notifications';

/** PUT /notifications/staff/read: marks the given notifications read, or all of them when none are given. */
export async function markNotificationsRead(notificationIds?: string[]) {
  const result = await apiCallWithHeaders(notificationsContract.markRead, {
    body: notificationIds === undefined ? {} : { notificationIds },
  });
  return { ...result.data, message: result.message };
}

/** Background by default: no spinner and no error snackbar (opening the bell must stay quiet). */
export function useMarkNotificationsRead(options: { background?: boolean } = {}) {
  const queryClient = useQueryClient();
  const background = options.background ?? true;
  return useMutation({
    mutationFn: markNotificationsRead,
    meta: background ? { noSpinner: true, silentError: true } : {},
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
}
