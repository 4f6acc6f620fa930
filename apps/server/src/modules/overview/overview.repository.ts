import { count, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema';

/** The overview's own figures; the rest come from the users, auth and notifications repositories. */
export class OverviewRepository {
  constructor(private readonly db: Db) {}

  /** Sessions that have not expired yet. */
  async liveSessions(now = new Date()): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(sessions).where(gt(sessions.expiresAt, now));
    return row?.n ?? 0;
  }
}
