import type { FastifyInstance } from 'fastify';
import { contract } from '@lectern/contract';
import type { ModuleContext } from '..';
import { registerDomain } from '../../lib/routing';
import { OverviewRepository } from './overview.repository';
import { OverviewService } from './overview.service';

/** The subjects and live-classes modules register after this one: their services are asked for when a request comes. */
function later<T>(what: string, get: () => T | undefined): () => T {
  return () => {
    const found = get();
    if (!found) throw new Error(`the overview needs the '${what}' module`);
    return found;
  };
}

export function overviewRoutes(app: FastifyInstance, ctx: ModuleContext): void {
  const { deps } = ctx;
  const service = new OverviewService(
    new OverviewRepository(deps.db),
    ctx.services.signedIn,
    ctx.services.notifications,
    {
      subjects: later('subjects', () => ctx.services.subjects),
      transcoding: ctx.transcoding,
      transcodingEnvironment: () => deps.config.transcoding.environment,
      liveClasses: later('live-classes', () => ctx.services.liveClasses?.service),
      attendance: ctx.services.attendance,
    },
  );
  registerDomain(app, deps, contract.overview, {
    summary: async ({ auth }) => ({ data: await service.summary(auth) }),
  });
}
