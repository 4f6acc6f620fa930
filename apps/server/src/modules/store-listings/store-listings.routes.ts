import type { FastifyInstance } from 'fastify';
import { contract } from '@lectern/contract';
import type { AppDeps } from '../../lib/deps';
import { registerDomain } from '../../lib/routing';
import type { CataloguesReader } from '../catalogues';
import type { CouponsReader } from '../coupons';
import { EditorOptionsService } from './editor-options.service';
import { StoreListingsRepository } from './store-listings.repository';
import { StoreListingsService } from './store-listings.service';

/** Store listings read the catalogues they sell and the coupons they offer through those modules. */
export function storeListingsRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  sources: { catalogues: CataloguesReader; coupons: CouponsReader },
): void {
  const repo = new StoreListingsRepository(deps.database);
  const service = new StoreListingsService(deps.database, repo, sources.catalogues);
  const options = new EditorOptionsService(repo, sources.catalogues, sources.coupons);
  registerDomain(app, deps, contract.storeListings, {
    list: async ({ query }) => ({ data: await service.list(query) }),
    one: async ({ params }) => ({ data: await service.one(params.storeId) }),
    create: async ({ auth, body }) => {
      const { listing, message } = await service.create(auth, body);
      return { data: listing, message, status: 201 };
    },
    update: async ({ auth, body }) => {
      const { listing, message } = await service.update(auth, body);
      return { data: listing, message };
    },
    remove: async ({ auth, params }) => {
      const { message } = await service.remove(auth, params.storeId);
      return { data: { storeListingId: params.storeId }, message };
    },
    recommendations: async ({ params }) => ({ data: await options.recommendations(params.id) }),
    listableCatalogues: async ({ query }) => ({ data: await options.listableCatalogues(query.storeListingId) }),
    coupons: async () => ({ data: await options.coupons() }),
  });
}
