import { hasPermission, type Overview } from '@lectern/contract';
import type { AuthContext } from '../../lib/routing';
import type { AuthRepository } from '../auth/auth.repository';
import type { NotificationsRepository } from '../notifications/notifications.repository';
import type { UsersRepository } from '../users/users.repository';
import type { OverviewRepository } from './overview.repository';

/** The overview screen: who is signed in and the figures their roles may see. */
export class OverviewService {
  constructor(
    private readonly overview: OverviewRepository,
    private readonly auth: AuthRepository,
    private readonly users: UsersRepository,
    private readonly notifications: NotificationsRepository,
  ) {}

  async summary(caller: AuthContext): Promise<Overview> {
    const info = await this.auth.loggedInUser(caller.userId);
    const figures: Overview['figures'] = [
      {
        key: 'unreadNotifications',
        label: 'Unread notifications',
        value: await this.notifications.unread(caller.userId),
        link: '/notifications',
      },
      { key: 'rolesHeld', label: 'Roles held', value: caller.roles.length, link: null },
    ];
    // Staff figures only for those who manage staff.
    if (hasPermission(caller.roles, 'userManagement')) {
      const counts = await this.users.countActive();
      const live = await this.overview.liveSessions();
      figures.push(
        { key: 'activeUsers', label: 'Active staff users', value: counts.active, link: '/user-management' },
        { key: 'inactiveUsers', label: 'Deactivated staff users', value: counts.inactive, link: '/user-management' },
        { key: 'liveSessions', label: 'Signed-in sessions', value: live, link: null },
      );
    }
    return {
      userName: info?.userName ?? '',
      roles: caller.roles,
      lastSignInAt: info?.lastSignInAt?.toISOString() ?? null,
      figures,
    };
  }
}
