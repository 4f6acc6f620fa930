import { queryOptions, useQuery } from '@tanstack/react-query';
import { notificationsContract, type RouteOutput } from '@lectern/contract';
import { apiCall } from '../../../lib/api-client';

export type NotificationList = RouteOutput<typeof notificationsContract.listStaff>;
export type StaffNotification = NotificationList['notifications'][number];

/** GET /notifications/staff: the signed-in user's notifications, newest first. */
export function getNotifications(limit?: number, signal?: AbortSignal): Promise<NotificationList> {
  return apiCall(notificationsContract.listStaff, { query: limit === undefined ? {} : { limit } }, { signal });
}

export const notificationsQueryKey = ['notifications'] as const;

export const notificationsQueryOptions = (limit?: number) =>
  queryOptions({
    queryKey: [...notificationsQueryKey, limit ?? 'default'],
    queryFn: ({ signal }) => getNotifications(limit, signal),
    // new notifications arrive without the user doing anything: look every minute
    refetchInterval: 60_000,
    meta: { background: true },
  });

export function useNotifications(limit?: number) {
  return useQuery(notificationsQueryOptions(limit));
}
