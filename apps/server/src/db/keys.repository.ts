import { eq } from 'drizzle-orm';
import type { Db } from './client';
import { settings } from './schema';

/** The generated keys kept in the settings table, so every process of a deployment shares them. */
export class KeysRepository {
  constructor(private readonly db: Db) {}

  /** The stored value of `key`, storing `create()` first when there is none. */
  async getOrCreate(key: string, create: () => string): Promise<string> {
    const existing = await this.db.select().from(settings).where(eq(settings.key, key));
    if (existing[0]) return existing[0].value;
    // Two processes starting together: the first insert wins and both read it back.
    await this.db.insert(settings).values({ key, value: create() }).onConflictDoNothing();
    const stored = await this.db.select().from(settings).where(eq(settings.key, key));
    if (!stored[0]) throw new Error(`Could not store setting ${key}`);
    return stored[0].value;
  }
}
