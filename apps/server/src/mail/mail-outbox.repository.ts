import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';

type NewOutboxMail = typeof mailOutbox.$inferInsert;

/** Demo mode's e-mail outbox: the only code that reads and writes `mail_outbox`. */
export class MailOutboxRepository {
  constructor(private readonly db: Db) {}

  async insert(mail: NewOutboxMail): Promise<void> {
    await this.db.insert(mailOutbox).values(mail);
  }

  /** The newest messages to one address (any case), at most `limit`. */
  async latest(recipient: string, limit: number) {
    return this.db
      .select()
      .from(mailOutbox)
      .where(eq(sql`lower(${mailOutbox.recipient})`, recipient.toLowerCase()))
      .orderBy(desc(mailOutbox.id))
      .limit(limit);
  }
}
