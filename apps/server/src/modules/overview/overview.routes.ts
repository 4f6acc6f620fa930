import type { FastifyInstance } from 'fastify';
import { contract, hasPermission } from '@lectern/contract';
import { count, gt } from 'drizzle-orm';
import { sessions } from '../../db/schema';
import type { AppDeps } from '../../lib/deps';
import { registerDomain } from '../../lib/routing';
import { AuthRepository } from '../auth/auth.repository';
import { NotificationsRepository } from '../notifications/notifications.routes';
import { UsersRepository } from '../users/users.repository';

export function overviewRoutes(app: FastifyInstance, deps: AppDeps): void {
  const notifications = new NotificationsRepository(deps.db);
  const users = new UsersRepository(deps.db);
  const auth = new AuthRepository(deps.db);
  registerDomain(app, deps, contract.overview, {
    summary: async ({ auth: caller }) => {
      const info = await auth.loggedInUser(caller.userId);
      const figures = [
        {
          key: 'unreadNotifications',
          label: 'Unread notifications',
          value: await notifications.unread(caller.userId),
          link: '/notifications',
        },
        { key: 'rolesHeld', label: 'Roles held', value: caller.roles.length, link: null },
      ];
      if (hasPermission(caller.roles, 'userManagement')) {
        const counts = await users.countActive();
        const [live] = await deps.db.select({ n: count() }).from(sessions).where(gt(sessions.expiresAt, new Date()));
        figures.push(
          { key: 'activeUsers', label: 'Active staff users', value: counts.active, link: '/user-management' },
          { key: 'inactiveUsers', label: 'Deactivated staff users', value: counts.inactive, link: '/user-management' },
          { key: 'liveSessions', label: 'Signed-in sessions', value: live?.n ?? 0, link: null },
        );
      }
      return {
        data: {
          userName: info?.userName ?? '',
          roles: caller.roles,
          lastSignInAt: info?.lastSignInAt?.toISOString() ?? null,
          figures,
        },
      };
    },
  });
}
