import type { FastifyInstance } from 'fastify';
import { contract } from '@lectern/contract';
import type { AppDeps } from '../../lib/deps';
import { registerDomain } from '../../lib/routing';
import { TermsRepository } from './terms.repository';
import { TermsService } from './terms.service';

export function termsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const service = new TermsService(deps.db, new TermsRepository(deps.db));
  registerDomain(app, deps, contract.terms, {
    all: async () => ({ data: await service.all() }),
    latest: async () => ({ data: await service.latest() }),
    update: async ({ auth, body }) => {
      const { terms, message } = await service.save(auth, body);
      return { data: terms, message };
    },
  });
}
