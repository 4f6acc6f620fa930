import type { FastifyInstance } from 'fastify';
import { contract } from '@lectern/contract';
import type { AppDeps } from '../../lib/deps';
import { registerDomain } from '../../lib/routing';
import { AuthRepository } from '../auth/auth.repository';
import { NotificationsRepository } from '../notifications/notifications.repository';
import { UsersRepository } from '../users/users.repository';
import { OverviewRepository } from './overview.repository';
import { OverviewService } from './overview.service';

export function overviewRoutes(app: FastifyInstance, deps: AppDeps): void {
  const service = new OverviewService(
    new OverviewRepository(deps.db),
    new AuthRepository(deps.db),
    new UsersRepository(deps.db),
    new NotificationsRepository(deps.db),
  );
  registerDomain(app, deps, contract.overview, {
    summary: async ({ auth }) => ({ data: await service.summary(auth) }),
  });
}
