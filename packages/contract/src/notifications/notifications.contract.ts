import { route } from '../route';
import {
  MarkReadBodySchema,
  MarkReadResponseSchema,
  NotificationListSchema,
  NotificationsQuerySchema,
} from './notifications.schemas';

export const notificationsContract = {
  listStaff: route({
    method: 'GET',
    path: '/notifications/staff',
    summary: "The signed-in user's notifications, newest first",
    access: { kind: 'session', area: 'signedIn' },
    query: NotificationsQuerySchema,
    response: NotificationListSchema,
  }),
  markRead: route({
    method: 'PUT',
    path: '/notifications/staff/read',
    summary: 'Mark notifications read',
    access: { kind: 'session', area: 'signedIn' },
    body: MarkReadBodySchema,
    response: MarkReadResponseSchema,
  }),
};
