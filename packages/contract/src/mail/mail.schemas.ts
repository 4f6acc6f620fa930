import { z } from 'zod';

// Demo mode's development e-mail outbox (DESIGN §9 "Real parts"): what the console would have mailed.

export const MailOutboxQuerySchema = z.object({
  /** the recipient's address, matched without regard to case */
  to: z.string().trim().min(1, 'name a recipient').max(320),
});

export const MailOutboxEntrySchema = z.object({
  messageId: z.string(),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  sentAt: z.string(),
  /** the files it carried (an invoice PDF), named with their type and size in bytes */
  attachments: z.array(z.object({ fileName: z.string(), contentType: z.string(), size: z.number().int() })),
});
export type MailOutboxEntry = z.infer<typeof MailOutboxEntrySchema>;
