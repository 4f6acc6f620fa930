import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { devOutbox } from '../../db/schema';

/** What the system routes read from the database: its health and the development SMS outbox. */
export class SystemRepository {
  constructor(private readonly database: Database) {}

  /** True when the database answers a query. */
  async ping(): Promise<boolean> {
    return this.database
      .query('SELECT 1')
      .then(() => true)
      .catch(() => false);
  }

  /** The newest codes the outbox has sent (to one number when given), at most `limit`. */
  async outbox(mobileNumber: string | undefined, limit: number) {
    return this.database.db
      .select()
      .from(devOutbox)
      .where(mobileNumber ? eq(devOutbox.mobileNumber, mobileNumber) : undefined)
      .orderBy(desc(devOutbox.sentAt), desc(devOutbox.id))
      .limit(limit);
  }
}
