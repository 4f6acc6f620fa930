import { contract } from '@lectern/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../lib/deps';
import { registerDomain } from '../../lib/routing';
import { DevOutboxMailer } from '../../mail/dev-outbox-mailer';

/** Demo mode's e-mail outbox, readable like the sign-in code outbox (the route exists only in demo mode). */
export function mailRoutes(app: FastifyInstance, deps: AppDeps): void {
  const outbox = new DevOutboxMailer(deps.db, app.log, deps.config.mailFrom);
  registerDomain(app, deps, contract.mail, {
    outbox: async ({ query }) => ({ data: await outbox.latest(query.to) }),
  });
}
