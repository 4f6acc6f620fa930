import { z } from 'zod';
import { route } from '../route';
import { MailOutboxEntrySchema, MailOutboxQuerySchema } from './mail.schemas';

export const mailContract = {
  outbox: route({
    method: 'GET',
    path: '/dev/mail-outbox',
    summary: 'Demo mode only: the e-mails the development outbox has kept for a recipient, newest first',
    access: { kind: 'signed' },
    query: MailOutboxQuerySchema,
    response: z.array(MailOutboxEntrySchema),
    demoOnly: true,
  }),
};
