import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { devOutbox, healthProbes } from '../../db/schema';
import { isOutOfSpace } from '../../lib/out-of-space';

/** What the system routes read from the database: its health and the development SMS outbox. */
export class SystemRepository {
  constructor(private readonly database: Database) {}

  /**
   * Proves the database can store something now: rewrites the one health row (a full disk still
   * answers reads). 'full' when it is out of space, 'down' when it fails otherwise.
   */
  async probe(): Promise<'ok' | 'down' | 'full'> {
    try {
      const now = new Date();
      await this.database.db
        .insert(healthProbes)
        .values({ id: 1, checkedAt: now })
        .onConflictDoUpdate({ target: healthProbes.id, set: { checkedAt: now } });
      return 'ok';
    } catch (error) {
      return isOutOfSpace(error) ? 'full' : 'down';
    }
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
