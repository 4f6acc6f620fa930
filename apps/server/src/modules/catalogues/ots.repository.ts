import crypto from 'node:crypto';
import type { OtsPlan } from '@lectern/contract';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client';
import { otsProducts, subscriptions } from '../../db/schema';
import type { OtsRow, SubscriptionRow } from './catalogues.repository';

/** The OTS manager's SQL: subscriptions and their one-time-sale products. */
export class OtsRepository {
  constructor(private readonly database: Database) {}

  private get db(): Db {
    return this.database.db;
  }

  async subscriptionById(id: string, db: Db = this.db): Promise<{ sub: SubscriptionRow; ots: OtsRow[] } | null> {
    const [sub] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
    if (!sub) return null;
    const ots = await db
      .select()
      .from(otsProducts)
      .where(eq(otsProducts.subscriptionId, id))
      .orderBy(asc(otsProducts.position), asc(otsProducts.createdAt));
    return { sub, ots };
  }

  async otsCatalogues() {
    return this.database.query<{
      id: string;
      name: string;
      code: string;
      archived: boolean;
      subscription_count: number;
      ots_count: number;
    }>(
      `SELECT c.id, c.name, c.code, c.archived,
        (SELECT count(*)::int FROM subscriptions s WHERE s.catalogue_id = c.id) AS subscription_count,
        (SELECT count(*)::int FROM ots_products o JOIN subscriptions s ON s.id = o.subscription_id WHERE s.catalogue_id = c.id) AS ots_count
      FROM catalogues c ORDER BY c.name, c.id`,
    );
  }

  async lockSubscription(tx: Db, id: string): Promise<SubscriptionRow | null> {
    const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).for('update');
    return row ?? null;
  }

  async bumpSubscriptionVersion(tx: Db, id: string): Promise<void> {
    await tx
      .update(subscriptions)
      .set({ version: sql`${subscriptions.version} + 1`, updatedAt: new Date() })
      .where(eq(subscriptions.id, id));
  }

  async otsIds(tx: Db, subscriptionId: string): Promise<Set<string>> {
    const rows = await tx
      .select({ id: otsProducts.id })
      .from(otsProducts)
      .where(eq(otsProducts.subscriptionId, subscriptionId));
    return new Set(rows.map((r) => r.id));
  }

  /** Applies a planned OTS change: removals, updates (marked UPDATED when a field changed), inserts (CREATED) last. */
  async applyOtsPlan(tx: Db, subscriptionId: string, plan: OtsPlan): Promise<void> {
    if (plan.remove.length > 0) await tx.delete(otsProducts).where(inArray(otsProducts.id, plan.remove));
    const current = await tx.select().from(otsProducts).where(eq(otsProducts.subscriptionId, subscriptionId));
    for (const row of plan.update) {
      const before = current.find((c) => c.id === row.otsId);
      if (
        !before ||
        (before.productLabel === row.productLabel &&
          before.packageCode === row.packageCode &&
          before.groupCode === row.groupCode)
      ) {
        continue;
      }
      await tx
        .update(otsProducts)
        .set({
          productLabel: row.productLabel,
          packageCode: row.packageCode,
          groupCode: row.groupCode,
          status: 'UPDATED',
          updatedAt: new Date(),
        })
        .where(eq(otsProducts.id, row.otsId));
    }
    const next = current.reduce((max, c) => Math.max(max, c.position + 1), 0);
    if (plan.insert.length > 0) {
      await tx.insert(otsProducts).values(
        plan.insert.map((row, i) => ({
          id: crypto.randomUUID(),
          subscriptionId,
          position: next + i,
          ...row,
          status: 'CREATED',
        })),
      );
    }
  }
}
