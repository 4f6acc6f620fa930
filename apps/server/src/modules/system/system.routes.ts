import type { FastifyInstance } from 'fastify';
import { contract } from '@lectern/contract';
import type { AppDeps } from '../../lib/deps';
import { registerDomain } from '../../lib/routing';
import type { Storage } from '../../storage';
import { SystemRepository } from './system.repository';
import { SystemService } from './system.service';

export function systemRoutes(app: FastifyInstance, deps: AppDeps, storage: Storage): void {
  const service = new SystemService(deps.config, deps.keys, storage, new SystemRepository(deps.database));
  registerDomain(app, deps, contract.system, {
    config: async () => ({ data: service.appConfig() }),
    health: async () => {
      const health = await service.health();
      // A process that cannot store a change (database or files down or full) is out of service.
      return { data: health, status: health.database === 'ok' && health.storage === 'ok' ? 200 : 503 };
    },
    docs: async () => ({ data: service.docs() }),
    outbox: async ({ query }) => ({ data: await service.outbox(query.mobileNumber) }),
  });
}
