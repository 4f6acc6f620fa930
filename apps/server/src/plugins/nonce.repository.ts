import { eq, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { signatureNonces } from '../db/schema';

/** Signature ids already used, kept in the database so every process of a deployment sees them. */
export class NonceRepository {
  constructor(private readonly db: Db) {}

  /** Records a signature id; false when it was recorded before (a replay). */
  async claim(id: string, expiresAt: Date): Promise<boolean> {
    const inserted = await this.db
      .insert(signatureNonces)
      .values({ id, expiresAt })
      .onConflictDoNothing()
      .returning({ id: signatureNonces.id });
    return inserted.length > 0;
  }

  /** Forgets one id (what it guarded was not done, so it may come again). */
  async release(id: string): Promise<void> {
    await this.db.delete(signatureNonces).where(eq(signatureNonces.id, id));
  }

  /** Forgets the ids that expired before `before`. */
  async sweep(before: Date): Promise<void> {
    await this.db.delete(signatureNonces).where(lt(signatureNonces.expiresAt, before));
  }
}
