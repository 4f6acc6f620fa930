import type { FastifyInstance } from 'fastify';
import { RESOURCE_TYPES, contract } from '@lectern/contract';
import { desc, eq } from 'drizzle-orm';
import { devOutbox } from '../../db/schema';
import type { AppDeps } from '../../lib/deps';
import { registerDomain } from '../../lib/routing';
import type { Storage } from '../../storage';
import { buildOpenApi } from './openapi';

/** Resource types of spec 2 §7 (their buckets, folders and kinds: docs/storage.md). */
const RESOURCE_TYPE_LIST = RESOURCE_TYPES.map(({ key, label }) => ({ key, label }));

export function systemRoutes(app: FastifyInstance, deps: AppDeps, storage: Storage): void {
  const openApi = buildOpenApi(deps.config.version);
  registerDomain(app, deps, contract.system, {
    config: async () => ({
      data: {
        environment: deps.config.environment,
        transcodingEnvironment: deps.config.transcoding.environment,
        demoMode: deps.config.demoMode,
        publicKey: deps.keys.publicKeyPem,
        fixedString: deps.keys.fixedString,
        signingSecret: deps.keys.signingSecret,
        cdnBase: deps.config.cdnBase,
        resourceTypes: RESOURCE_TYPE_LIST,
        version: deps.config.version,
      },
    }),
    health: async () => {
      const [database, storageCheck] = await Promise.all([
        deps.database
          .query('SELECT 1')
          .then(() => 'ok' as const)
          .catch(() => 'down' as const),
        storage.driver.check(),
      ]);
      // Only a database failure takes the process out of service (503); storage down is 'degraded'.
      return {
        data: {
          status: database === 'ok' && storageCheck === 'ok' ? ('ok' as const) : ('degraded' as const),
          database,
          storage: storageCheck,
          queue: 'not-configured' as const,
        },
        status: database === 'ok' ? 200 : 503,
      };
    },
    docs: async () => ({ data: openApi }),
    outbox: async ({ query }) => {
      const rows = await deps.db
        .select()
        .from(devOutbox)
        .where(query.mobileNumber ? eq(devOutbox.mobileNumber, query.mobileNumber) : undefined)
        .orderBy(desc(devOutbox.sentAt), desc(devOutbox.id))
        .limit(50);
      return {
        data: rows.map((r) => ({ mobileNumber: r.mobileNumber, code: r.code, sentAt: r.sentAt.toISOString() })),
      };
    },
  });
}
