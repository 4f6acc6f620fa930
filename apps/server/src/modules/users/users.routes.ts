import type { FastifyInstance } from 'fastify';
import { ROLES, contract } from '@lectern/contract';
import type { AppDeps } from '../../lib/deps';
import { registerDomain } from '../../lib/routing';
import { UsersRepository, roleId } from './users.repository';
import { UsersService } from './users.service';

export function usersRoutes(app: FastifyInstance, deps: AppDeps): void {
  const repo = new UsersRepository(deps.db);
  const service = new UsersService(deps.db, repo, deps.sessions);
  registerDomain(app, deps, contract.users, {
    listInternal: async ({ query }) => ({ data: await service.page(query.page, query.size) }),
    listRoles: async () => ({ data: ROLES.map((roleName) => ({ roleId: roleId(roleName), roleName })) }),
    listByRole: async ({ params }) => ({ data: await service.byRole(params.role) }),
    create: async ({ auth, body }) => {
      const { user, message } = await service.create(auth, body);
      return { data: user, message, status: 201 };
    },
    update: async ({ auth, body }) => {
      const { user, message } = await service.update(auth, body);
      return { data: user, message };
    },
    validateMobile: async ({ params }) => ({ data: await service.validateMobile(params.mobileNumber) }),
    apiKeys: async () => ({ data: await deps.apiKeys.list() }),
    createApiKey: async ({ auth, body }) => {
      const { key, message } = await deps.apiKeys.create(auth, body);
      return { data: key, message, status: 201 };
    },
    revokeApiKey: async ({ auth, params }) => {
      const { key, message } = await deps.apiKeys.revoke(auth, params.keyId);
      return { data: key, message };
    },
  });
}
