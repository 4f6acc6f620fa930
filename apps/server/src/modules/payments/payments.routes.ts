import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { contract } from '@lectern/contract';
import { createGateway } from '../../config/payments';
import type { JobRegistry } from '../../jobs';
import type { AppDeps } from '../../lib/deps';
import { keepRawBody } from '../../lib/raw-body';
import { registerDomain } from '../../lib/routing';
import { expireOrderJob, registerExpireJob } from './expire-job';
import { OrdersService } from './orders.service';
import { PaymentsRepository } from './payments.repository';

declare module 'fastify' {
  interface FastifyInstance {
    /** the orders service (tests move its clock and expire an order as its job does) */
    orders: OrdersService;
  }
}

/** Orders and payments (DESIGN §10), and the job that expires an unpaid order at its time. */
export function paymentsRoutes(app: FastifyInstance, deps: AppDeps, jobs: JobRegistry): void {
  const service = new OrdersService(
    deps.db,
    new PaymentsRepository(deps.db),
    {
      invoicing: deps.config.invoicing,
      payments: deps.config.payments,
      gateway: createGateway(deps.config.payments),
    },
    undefined,
    // the order stands when its expiry cannot be queued (the queue's connection lost): said in the log,
    // not to the caller as a failed order
    (orderId, at) =>
      jobs
        .send(expireOrderJob, { orderId }, { id: crypto.randomUUID(), startAfter: at })
        .catch((error: unknown) => app.log.error({ err: error, orderId }, 'order expiry could not be queued')),
  );
  registerExpireJob(jobs, service, app.log);
  // Razorpay signs the body as it sent it: that route's raw body is kept before parsing
  const rawBody = keepRawBody(app, contract.payments.razorpayWebhook.path);
  app.decorate('orders', service);
  registerDomain(app, deps, contract.payments, {
    createOrder: async ({ auth, body }) => {
      const { order, message } = await service.create(auth, body);
      return { data: order, message };
    },
    order: async ({ params }) => ({ data: await service.detail(params.orderId) }),
    offlinePayment: async ({ auth, params, body }) => {
      const { order, message } = await service.payOffline(auth, params.orderId, body);
      return { data: order, message };
    },
    razorpayWebhook: async ({ request }) => ({ data: await service.gatewayEvent(rawBody(request), request.headers) }),
  });
}
