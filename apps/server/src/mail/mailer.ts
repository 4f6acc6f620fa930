import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { DevOutboxMailer } from './dev-outbox-mailer';
import { SmtpMailer } from './smtp-mailer';

/** One e-mail to one recipient: a plain-text body always, an HTML one when there is one. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** files sent with it (an invoice PDF) */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  fileName: string;
  contentType: string;
  content: Buffer;
}

/**
 * Where e-mail goes (DESIGN §9 "Real parts"): an interface, like sign-in code delivery. `send`
 * resolves once the message is accepted for delivery and throws when it is not: a message is never
 * dropped without the caller knowing.
 */
export interface Mailer {
  readonly kind: string;
  send(message: MailMessage): Promise<{ messageId: string }>;
}

/** Neither demo mode nor SMTP_URL: every send fails with what to do. */
export class UnconfiguredMailer implements Mailer {
  readonly kind = 'none';
  async send(): Promise<{ messageId: string }> {
    throw new Error('E-mail is not configured: set SMTP_URL');
  }
}

/** The mailer of this configuration: the development outbox in demo mode, else SMTP when SMTP_URL is set. */
export function createMailer(
  config: Pick<Config, 'demoMode' | 'smtpUrl' | 'mailFrom'>,
  db: Db,
  log: FastifyBaseLogger,
): Mailer {
  if (config.demoMode) return new DevOutboxMailer(db, log, config.mailFrom);
  if (config.smtpUrl) return new SmtpMailer(config.smtpUrl, config.mailFrom, log);
  log.warn('demo mode is off and SMTP_URL is not set: e-mails (verification links, invoices) cannot be sent');
  return new UnconfiguredMailer();
}
