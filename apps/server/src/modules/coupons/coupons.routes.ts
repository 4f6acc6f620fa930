import type { FastifyInstance } from 'fastify';
import { contract } from '@lectern/contract';
import type { AppDeps } from '../../lib/deps';
import { registerDomain } from '../../lib/routing';
import { CouponsRepository } from './coupons.repository';
import { CouponsService } from './coupons.service';

export function couponsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const service = new CouponsService(deps.db, new CouponsRepository(deps.db));
  registerDomain(app, deps, contract.coupons, {
    list: async ({ query }) => ({ data: await service.list(query) }),
    create: async ({ auth, body }) => {
      const { coupon, message } = await service.create(auth, body);
      return { data: coupon, message };
    },
    update: async ({ auth, body }) => {
      const { coupon, message } = await service.update(auth, body);
      return { data: coupon, message };
    },
    one: async ({ params }) => ({ data: await service.one(params.id) }),
    expire: async ({ auth, params }) => {
      const { coupon, message } = await service.expire(auth, params.id);
      return { data: coupon, message };
    },
    test: async ({ params, query }) => ({
      data: await service.test(params.id, query.storeListingId, query.mobileNumber),
    }),
    history: async ({ params }) => ({ data: await service.history(params.id) }),
  });
}
