import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { MailOutboxRepository } from './mail-outbox.repository';
import type { Mailer, MailMessage } from './mailer';

/** How many messages the outbox answers for one recipient. */
const OUTBOX_LIMIT = 20;

/**
 * Demo mode: nothing leaves the machine. Each message is kept in the development outbox (read back
 * with GET /api/dev/mail-outbox?to=) and noted in the server log, as sign-in codes are.
 */
export class DevOutboxMailer implements Mailer {
  readonly kind = 'dev-outbox';
  private readonly repo: MailOutboxRepository;

  constructor(
    db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly from: string,
  ) {
    this.repo = new MailOutboxRepository(db);
  }

  async send(message: MailMessage): Promise<{ messageId: string }> {
    const messageId = `<${crypto.randomUUID()}@dev-outbox.lectern>`;
    await this.repo.insert({
      messageId,
      recipient: message.to,
      sender: this.from,
      subject: message.subject,
      bodyText: message.text,
      bodyHtml: message.html ?? null,
      attachments: (message.attachments ?? []).map((file) => ({
        fileName: file.fileName,
        contentType: file.contentType,
        size: file.content.length,
      })),
    });
    this.log.info({ to: message.to, subject: message.subject, messageId }, 'e-mail kept in the demo outbox');
    return { messageId };
  }

  /** The newest messages kept for an address, newest first (the contract's MailOutboxEntry; the route checks the shape). */
  async latest(to: string) {
    const rows = await this.repo.latest(to.trim(), OUTBOX_LIMIT);
    return rows.map((row) => ({
      messageId: row.messageId,
      from: row.sender,
      to: row.recipient,
      subject: row.subject,
      text: row.bodyText,
      html: row.bodyHtml,
      sentAt: row.sentAt.toISOString(),
      attachments: row.attachments as { fileName: string; contentType: string; size: number }[],
    }));
  }
}
