import { notificationsContract } from '@lectern/contract';
import { useRouteMutation } from '../../../lib/controllers/use-route-mutation';
import { notificationsQueryKey } from './get-notifications';

/**
 * PUT /notifications/staff/read: marks the given notifications read, or all of them when none are given.
 * Background by default: no spinner and no error snackbar (opening the bell must stay quiet).
 */
export function useMarkNotificationsRead(options: { background?: boolean } = {}) {
  const background = options.background ?? true;
  return useRouteMutation(notificationsContract.markRead, {
    toInput: (notificationIds: string[] | undefined) => ({
      body: notificationIds === undefined ? {} : { notificationIds },
    }),
    meta: background ? { noSpinner: true, silentError: true } : {},
    invalidate: [notificationsQueryKey],
  });
}
