import { bigserial, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { stampedAt } from './columns';

/** Demo mode's e-mail outbox: what would have been mailed, read back by GET /api/dev/mail-outbox. */
export const mailOutbox = pgTable('mail_outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  messageId: text('message_id').notNull().unique(),
  recipient: text('recipient').notNull(),
  sender: text('sender').notNull(),
  subject: text('subject').notNull(),
  bodyText: text('body_text').notNull(),
  bodyHtml: text('body_html'),
  /** the files the message carried: [{ fileName, contentType, size }] */
  attachments: jsonb('attachments').notNull().default([]),
  sentAt: stampedAt('sent_at'),
});
