import type { FastifyInstance } from 'fastify';
import { contract } from '@lectern/contract';
import type { AppDeps } from '../../lib/deps';
import { registerDomain } from '../../lib/routing';
import { CataloguesRepository } from './catalogues.repository';
import { CataloguesService } from './catalogues.service';
import { OtsRepository } from './ots.repository';
import { OtsService } from './ots.service';
import { StorefrontService } from './storefront.service';

export function cataloguesRoutes(app: FastifyInstance, deps: AppDeps): CataloguesService {
  const repo = new CataloguesRepository(deps.database);
  const service = new CataloguesService(deps.database, repo);
  const storefront = new StorefrontService(repo);
  const ots = new OtsService(deps.database, repo, new OtsRepository(deps.database));
  registerDomain(app, deps, contract.catalogues, {
    list: async ({ query }) => ({ data: await service.list(query.archived) }),
    details: async ({ params }) => ({ data: await service.details(params.catalogueId) }),
    create: async ({ auth, body }) => {
      const { catalogue, message } = await service.create(auth, body);
      return { data: catalogue, message, status: 201 };
    },
    update: async ({ auth, body }) => {
      const { catalogue, message } = await service.update(auth, body);
      return { data: catalogue, message };
    },
    remove: async ({ auth, params }) => {
      const { message } = await service.remove(auth, params.catalogueId);
      return { data: { catalogueId: params.catalogueId }, message };
    },
    publishableSubjects: async () => ({ data: await service.publishableSubjects() }),
    subjects: async ({ params }) => ({ data: await service.subjectsOf(params.catalogueid) }),
    storefront: async ({ params }) => ({ data: await storefront.storefront(params.catalogueId) }),
    otsCatalogues: async () => ({ data: await ots.otsCatalogues() }),
    otsSubscriptions: async ({ params }) => ({ data: await ots.otsSubscriptions(params.catalogueId) }),
    otsUpdate: async ({ auth, body }) => {
      const { subscription, message } = await ots.otsUpdate(auth, body);
      return { data: subscription, message };
    },
  });
  return service;
}
