import type { FastifyInstance } from 'fastify';
import { contract, indianDate } from '@lectern/contract';
import { createGateway } from '../../config/payments';
import type { JobRegistry } from '../../jobs';
import type { AppDeps } from '../../lib/deps';
import { keepRawBody } from '../../lib/raw-body';
import { registerDomain } from '../../lib/routing';
import { renderCreditNotePdf } from '../students';
import { gstReportCsv, gstReportXlsx } from './gst-report-files';
import { GstReportRepository } from './gst-report.repository';
import { GstReportService } from './gst-report.service';
import { orderQueue, registerOrderJobs } from './order-jobs';
import { ordersCsv, ordersXlsx } from './orders-list-files';
import { OrdersListRepository } from './orders-list.repository';
import { OrdersListService } from './orders-list.service';
import { OrdersService } from './orders.service';
import { PaymentsRepository } from './payments.repository';

declare module 'fastify' {
  interface FastifyInstance {
    /** the orders service (tests move its clock and expire an order as its job does) */
    orders: OrdersService;
  }
}

/** Orders and payments (DESIGN §10), refunds, and the jobs they queue (expiry, receipt, gateway refund). */
export function paymentsRoutes(app: FastifyInstance, deps: AppDeps, jobs: JobRegistry): void {
  const service = new OrdersService(
    deps.db,
    new PaymentsRepository(deps.db),
    {
      invoicing: deps.config.invoicing,
      payments: deps.config.payments,
      gateway: createGateway(deps.config.payments),
      mailer: deps.mailer,
    },
    orderQueue(jobs),
  );
  const gst = new GstReportService(new GstReportRepository(deps.db), deps.config.invoicing);
  registerOrderJobs(jobs, service, app.log);
  // Razorpay signs the body as it sent it: that route's raw body is kept before parsing
  const rawBody = keepRawBody(app, contract.payments.razorpayWebhook.path);
  app.decorate('orders', service);
  const list = new OrdersListService(new OrdersListRepository(deps.db));
  registerDomain(app, deps, contract.payments, {
    createOrder: async ({ auth, body }) => {
      const { order, message } = await service.create(auth, body);
      return { data: order, message };
    },
    offers: async () => ({ data: await service.offers() }),
    order: async ({ params }) => ({ data: await service.detail(params.orderId) }),
    offlinePayment: async ({ auth, params, body }) => {
      const { order, message } = await service.payOffline(auth, params.orderId, body);
      return { data: order, message };
    },
    refund: async ({ auth, params, body }) => {
      const { order, message } = await service.refund(auth, params.orderId, body);
      return { data: order, message };
    },
    creditNote: async ({ params, query }) => {
      const { note, invoice } = await service.creditNote(params.orderId, params.creditNoteId);
      if (query.format !== 'pdf') return { data: note };
      const fileName = `credit-note-${note.creditNoteNumber.replaceAll('/', '-')}.pdf`;
      return {
        data: note,
        headers: { 'content-disposition': `inline; filename="${fileName}"`, 'cache-control': 'private, no-store' },
        file: { body: await renderCreditNotePdf(note, invoice), contentType: 'application/pdf' },
      };
    },
    gstReport: async ({ query }) => {
      const report = await gst.report(query.month);
      if (query.format === 'json') return { data: report };
      const csv = query.format === 'csv';
      return {
        data: report,
        headers: {
          'content-disposition': `attachment; filename="gst-return-${query.month}.${query.format}"`,
          'cache-control': 'private, no-store',
        },
        file: csv
          ? { body: Buffer.from(gstReportCsv(report)), contentType: 'text/csv; charset=utf-8' }
          : {
              body: await gstReportXlsx(report),
              contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            },
      };
    },
    orders: async ({ query }) => {
      if (query.format === 'json') return { data: await list.list(query) };
      const all = await list.all(query);
      const xlsx = query.format === 'xlsx';
      return {
        data: all,
        headers: {
          'content-disposition': `attachment; filename="orders-${indianDate()}.${query.format}"`,
          'cache-control': 'private, no-store',
        },
        file: xlsx
          ? {
              body: await ordersXlsx(all),
              contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            }
          : { body: ordersCsv(all), contentType: 'text/csv; charset=utf-8' },
      };
    },
    razorpayWebhook: async ({ request }) => ({ data: await service.gatewayEvent(rawBody(request), request.headers) }),
  });
}
