import type { FastifyInstance } from 'fastify';
import { contract } from '@lectern/contract';
import type { AppDeps } from '../../lib/deps';
import { registerDomain } from '../../lib/routing';
import { CataloguesRepository } from './catalogues.repository';
import { CataloguesService } from './catalogues.service';

export function cataloguesRoutes(app: FastifyInstance, deps: AppDeps): CataloguesService {
  const service = new CataloguesService(deps.database, new CataloguesRepository(deps.database));
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
    storefront: async ({ params }) => ({ data: await service.storefront(params.catalogueId) }),
    otsCatalogues: async () => ({ data: await service.otsCatalogues() }),
    otsSubscriptions: async ({ params }) => ({ data: await service.otsSubscriptions(params.catalogueId) }),
    otsUpdate: async ({ auth, body }) => {
      const { subscription, message } = await service.otsUpdate(auth, body);
      return { data: subscription, message };
    },
  });
  return service;
}
