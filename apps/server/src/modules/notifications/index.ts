// What other modules may use of the notifications module; lint refuses an import deeper than this file.
import type { Db } from '../../db/client';
import { NotificationsRepository } from './notifications.repository';

export type { NotificationDraft } from './notifications.repository';

/** A user's notifications as other modules count them. */
export type NotificationsReader = Pick<NotificationsRepository, 'unread'>;

export function notificationsReader(db: Db): NotificationsReader {
  return new NotificationsRepository(db);
}
