import type { FastifyInstance } from 'fastify';
import { contract } from '@lectern/contract';
import type { AppDeps } from '../../lib/deps';
import { registerDomain } from '../../lib/routing';
import { NotificationsRepository } from './notifications.repository';

// No rules of its own: the routes read and mark a user's notifications through the repository.
export function notificationsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const repo = new NotificationsRepository(deps.db);
  registerDomain(app, deps, contract.notifications, {
    listStaff: async ({ auth, query }) => ({
      data: { notifications: await repo.list(auth.userId, query.limit), unread: await repo.unread(auth.userId) },
    }),
    markRead: async ({ auth, body }) => ({ data: { updated: await repo.markRead(auth.userId, body.notificationIds) } }),
  });
}
