import type { FastifyInstance } from 'fastify';
import { contract } from '@lectern/contract';
import type { AppDeps } from '../../lib/deps';
import { registerDomain } from '../../lib/routing';
import { CategoriesRepository } from './categories.repository';
import { CategoriesService } from './categories.service';

export function categoriesRoutes(app: FastifyInstance, deps: AppDeps): void {
  const service = new CategoriesService(deps.db, new CategoriesRepository(deps.db));
  registerDomain(app, deps, contract.categories, {
    list: async () => ({ data: await service.list() }),
    one: async ({ params }) => ({ data: await service.one(params.categoryId) }),
    create: async ({ auth, body }) => {
      const { category, message } = await service.create(auth, body);
      return { data: category, message, status: 201 };
    },
    update: async ({ auth, body }) => {
      const { category, message } = await service.update(auth, body);
      return { data: category, message };
    },
    remove: async ({ auth, params }) => {
      const { message } = await service.remove(auth, params.categoryId);
      return { data: { categoryId: params.categoryId }, message };
    },
    reorder: async ({ auth, body }) => {
      const { categories, message } = await service.reorder(auth, body);
      return { data: categories, message };
    },
  });
}
