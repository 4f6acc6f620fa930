import type { FastifyInstance } from 'fastify';
import { contract } from '@lectern/contract';
import type { AppDeps } from '../../lib/deps';
import { registerDomain } from '../../lib/routing';
import { renderInvoicePdf } from './invoice-pdf';
import { StudentsRepository } from './students.repository';
import { EmailVerificationService } from './email-verification.service';
import { StudentSearchRepository } from './student-search.repository';
import { StudentSearchService } from './student-search.service';
import { StudentsService } from './students.service';

export function studentsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const repo = new StudentsRepository(deps.db);
  const service = new StudentsService(deps.db, repo);
  const verification = new EmailVerificationService(deps.db, repo);
  const finder = new StudentSearchService(new StudentSearchRepository(deps.db));
  registerDomain(app, deps, contract.students, {
    info: async ({ query }) => ({ data: await service.byMobile(query.mobileNumber) }),
    search: async ({ query }) => ({ data: await finder.search(query) }),
    recent: async () => ({ data: await finder.recent() }),
    subscriptions: async ({ params }) => ({ data: await service.subscriptionsOf(params.studentId) }),
    byIds: async ({ auth, body }) => ({ data: await service.byIds(auth, body.studentIds) }),
    updateSubscription: async ({ auth, body }) => {
      const { subscription, message } = await service.updateSubscription(auth, body);
      return { data: subscription, message };
    },
    orders: async ({ params }) => ({ data: await service.ordersOf(params.studentId) }),
    invoice: async ({ params, query }) => {
      const invoice = await service.invoice(params.orderId);
      if (query.format !== 'pdf') return { data: invoice };
      const fileName = `invoice-${invoice.invoiceNumber.replaceAll('/', '-')}.pdf`;
      return {
        data: invoice,
        headers: { 'content-disposition': `inline; filename="${fileName}"`, 'cache-control': 'private, no-store' },
        file: { body: await renderInvoicePdf(invoice), contentType: 'application/pdf' },
      };
    },
    verifyEmail: async ({ auth, query }) => {
      const { student, message } = await verification.verifyEmail(auth, query.studentId, query.reason);
      return { data: student, message };
    },
    sendVerification: async ({ auth, params }) => {
      const { message, ...sent } = await verification.sendVerification(auth, params.studentId, {
        mailer: deps.mailer,
        secret: deps.keys.pepper,
        publicUrl: deps.config.publicUrl,
      });
      return { data: sent, message };
    },
    confirmEmail: async ({ query }) => {
      const { studentId, message } = await verification.confirmEmail(deps.keys.pepper, query.token);
      return {
        data: { studentId, emailVerified: true },
        file: { body: Buffer.from(confirmationPage(message)), contentType: 'text/html; charset=utf-8' },
      };
    },
  });
}

/** The short page a student sees after opening the link. */
function confirmationPage(message: string): string {
  const text = message.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>E-mail verified</title></head><body style="font-family: sans-serif; max-width: 32rem; margin: 4rem auto; padding: 0 1rem"><h1>E-mail verified</h1><p>${text}</p></body></html>`;
}
