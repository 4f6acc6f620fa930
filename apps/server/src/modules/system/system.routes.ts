import type { FastifyInstance } from 'fastify';
import { contract } from '@lectern/contract';
import { desc, eq } from 'drizzle-orm';
import { devOutbox } from '../../db/schema';
import type { AppDeps } from '../../lib/deps';
import { registerDomain } from '../../lib/routing';
import { buildOpenApi } from './openapi';

/** Resource types of spec 2 §7; their storage arrives with the uploads issue. */
const RESOURCE_TYPES = [
  { key: 'testimonial-image', label: 'Testimonial image' },
  { key: 'instructor-image', label: 'Instructor image' },
  { key: 'instructor-resume', label: 'Instructor resume' },
  { key: 'catalogue-syllabus', label: 'Catalogue syllabus' },
  { key: 'store-icon', label: 'Store icon' },
  { key: 'question-paper', label: 'Question paper' },
  { key: 'catalogue-image', label: 'Catalogue image' },
  { key: 'live-class-thumbnail', label: 'Live class thumbnails' },
];

export function systemRoutes(app: FastifyInstance, deps: AppDeps): void {
  const openApi = buildOpenApi(deps.config.version);
  registerDomain(app, deps, contract.system, {
    config: async () => ({
      data: {
        environment: deps.config.environment,
        demoMode: deps.config.demoMode,
        publicKey: deps.keys.publicKeyPem,
        fixedString: deps.keys.fixedString,
        signingSecret: deps.keys.signingSecret,
        cdnBase: deps.config.cdnBase,
        resourceTypes: RESOURCE_TYPES,
        version: deps.config.version,
      },
    }),
    health: async () => {
      const database = await deps.database
        .query('SELECT 1')
        .then(() => 'ok' as const)
        .catch(() => 'down' as const);
      return {
        data: {
          status: database === 'ok' ? ('ok' as const) : ('degraded' as const),
          database,
          storage: 'not-configured' as const,
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
