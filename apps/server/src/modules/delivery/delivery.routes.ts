import type { FastifyInstance } from 'fastify';
import { contract, indianDate } from '@lectern/contract';
import type { AppDeps } from '../../lib/deps';
import { registerDomain } from '../../lib/routing';
import { deliveryCsv } from './delivery-csv';
import { DeliveryRepository } from './delivery.repository';
import { DeliveryService } from './delivery.service';
import { renderLabelsPdf } from './labels-pdf';

export function deliveryRoutes(app: FastifyInstance, deps: AppDeps): void {
  const service = new DeliveryService(
    deps.db,
    new DeliveryRepository(deps.db),
    deps.config.delivery.courierTrackingUrls,
  );
  const sender = { name: deps.config.invoicing.supplierName, address: deps.config.invoicing.supplierAddress };
  registerDomain(app, deps, contract.delivery, {
    list: async ({ params, query }) => ({ data: await service.list(params.status, query) }),
    byId: async ({ params }) => ({ data: await service.byId(params.packageId) }),
    addAddress: async ({ auth, body }) => {
      const { pkg, message } = await service.saveAddress(auth, body);
      return { data: pkg, message };
    },
    changeAddress: async ({ auth, body }) => {
      const { pkg, message } = await service.saveAddress(auth, body);
      return { data: pkg, message };
    },
    process: async ({ auth, body }) => {
      const { message, ...result } = await service.process(auth, body.packages);
      return { data: result, message };
    },
    update: async ({ auth, body }) => {
      const { pkg, message } = await service.update(auth, body);
      return { data: pkg, message };
    },
    cancel: async ({ auth, body }) => {
      const { pkg, message } = await service.cancel(auth, body);
      return { data: pkg, message };
    },
    catalogues: async () => ({ data: await service.catalogues() }),
    labels: async ({ query }) => {
      const packages = await service.forLabels(query.packageIds);
      return {
        data: { packageIds: query.packageIds, pages: packages.length * 2 },
        headers: {
          'content-disposition': `inline; filename="delivery-labels-${indianDate()}.pdf"`,
          'cache-control': 'private, no-store',
        },
        file: { body: await renderLabelsPdf(packages, sender), contentType: 'application/pdf' },
      };
    },
    exportCsv: async ({ params, query }) => {
      const packages = await service.list(params.status, query);
      return {
        data: { rows: packages.length },
        headers: {
          'content-disposition': `attachment; filename="delivery-${params.status.toLowerCase()}-${indianDate()}.csv"`,
          'cache-control': 'private, no-store',
        },
        file: { body: Buffer.from(deliveryCsv(packages)), contentType: 'text/csv; charset=utf-8' },
      };
    },
  });
}
