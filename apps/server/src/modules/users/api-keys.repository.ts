import type { ApiKey, ApiKeyScope } from '@lectern/contract';
import { and, count, desc, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiKeyFailures, apiKeys } from '../../db/schema';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

export function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    keyId: row.id,
    name: row.name,
    scopes: row.scopes,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdByName,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    revokedBy: row.revokedByName,
  };
}

/** Service callers' API keys (only their hashes) and the failed calls the limiter counts. */
export class ApiKeysRepository {
  constructor(private readonly db: Db) {}

  async all(): Promise<ApiKeyRow[]> {
    return this.db.select().from(apiKeys).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  }

  async byId(id: string, db: Db = this.db): Promise<ApiKeyRow | null> {
    const rows = await db.select().from(apiKeys).where(eq(apiKeys.id, id));
    return rows[0] ?? null;
  }

  /** The key's row locked until the transaction ends (a revoke), null when there is none. */
  async lock(tx: Db, id: string): Promise<ApiKeyRow | null> {
    const rows = await tx.select().from(apiKeys).where(eq(apiKeys.id, id)).for('update');
    return rows[0] ?? null;
  }

  /** The keys starting with `prefix`: almost always one, and the hash tells which (if any) was sent. */
  async byPrefix(prefix: string): Promise<ApiKeyRow[]> {
    return this.db.select().from(apiKeys).where(eq(apiKeys.prefix, prefix));
  }

  async insert(
    tx: Db,
    row: {
      id: string;
      name: string;
      scopes: ApiKeyScope[];
      prefix: string;
      secretHash: string;
      createdBy: string;
      createdByName: string;
    },
  ): Promise<void> {
    await tx.insert(apiKeys).values(row);
  }

  async revoke(tx: Db, id: string, at: Date, byName: string): Promise<void> {
    await tx.update(apiKeys).set({ revokedAt: at, revokedByName: byName }).where(eq(apiKeys.id, id));
  }

  /** Records a call at `at`, unless one was recorded within `everyMs` (one write a minute, not one a call). */
  async touch(id: string, at: Date, everyMs: number): Promise<void> {
    await this.db
      .update(apiKeys)
      .set({ lastUsedAt: at })
      .where(
        and(
          eq(apiKeys.id, id),
          or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, new Date(at.getTime() - everyMs))),
        ),
      );
  }

  /** Records a failed call from `ip` at `at` and answers how many it made since `since`, this one included. */
  async countFailure(ip: string, at: Date, since: Date): Promise<number> {
    await this.db.insert(apiKeyFailures).values({ ip, createdAt: at });
    const [row] = await this.db
      .select({ n: count() })
      .from(apiKeyFailures)
      .where(and(eq(apiKeyFailures.ip, ip), gt(apiKeyFailures.createdAt, since)));
    return row?.n ?? 0;
  }

  async sweepFailures(before: Date): Promise<void> {
    await this.db.delete(apiKeyFailures).where(lt(apiKeyFailures.createdAt, before));
  }
}
