import type { FastifyInstance } from 'fastify';
import { contract } from '@lectern/contract';
import type { JobRegistry } from '../../jobs';
import type { AppDeps } from '../../lib/deps';
import { registerDomain } from '../../lib/routing';
import type { Storage } from '../../storage';
import { SystemRepository } from './system.repository';
import { SystemService } from './system.service';

export function systemRoutes(app: FastifyInstance, deps: AppDeps, storage: Storage, jobs: JobRegistry): void {
  const service = new SystemService(deps.config, deps.keys, storage, new SystemRepository(deps.database), jobs);
  // A process stores into its own environment's buckets: a host of another environment reaching it
  // is said once in the log (an unpinned deployment behind the wrong name, docs/environments.md).
  const warned = new Set<string>();
  registerDomain(app, deps, contract.system, {
    config: async ({ request }) => {
      const data = service.appConfig(request.hostname);
      if (data.environment !== data.storageEnvironment && !warned.has(data.environment)) {
        warned.add(data.environment);
        request.log.warn(
          { host: request.hostname, environment: data.environment, storageEnvironment: data.storageEnvironment },
          "a host of another environment reached this process: it stores into its own environment's buckets; set LECTERN_ENVIRONMENT",
        );
      }
      // the answer depends on the host name: a shared cache must keep one per host
      return { data, headers: { vary: 'Host, X-Forwarded-Host' } };
    },
    health: async () => {
      const health = await service.health();
      // A process that cannot store a change (database or files down or full) or queue a job is out
      // of service; a stalled queue is reported (degraded) but the process still serves.
      const serving = health.database === 'ok' && health.storage === 'ok' && health.queue !== 'down';
      return { data: health, status: serving ? 200 : 503 };
    },
    docs: async () => ({ data: service.docs() }),
    outbox: async ({ query }) => ({ data: await service.outbox(query.mobileNumber) }),
  });
}
