import type { Category } from '@lectern/contract';
import { and, asc, eq, inArray, isNotNull, ne, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { catalogues, categories, storeListings, subCategories } from '../../db/schema';

export type CategoryRow = typeof categories.$inferSelect;

/** A sub-category as a change writes it: its id (new or kept) and name, in list order. */
export interface SubCategoryDraft {
  id: string;
  name: string;
}

type Listed = { catalogueId: string; catalogueName: string };

/** Store categories and their sub-categories, with the catalogues listed in each (read from store listings). */
export class CategoriesRepository {
  constructor(private readonly db: Db) {}

  /** Every category in the store's order, or the ones named; sub-categories in their order. */
  async list(db: Db = this.db, only?: string[]): Promise<Category[]> {
    const rows = await db
      .select()
      .from(categories)
      .where(only ? inArray(categories.id, only) : undefined)
      .orderBy(asc(categories.position), asc(categories.createdAt), asc(categories.id));
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const subs = await db
      .select({ id: subCategories.id, categoryId: subCategories.categoryId, name: subCategories.name })
      .from(subCategories)
      .where(inArray(subCategories.categoryId, ids))
      .orderBy(asc(subCategories.position), asc(subCategories.createdAt), asc(subCategories.id));
    const listed = await db
      .select({
        categoryId: storeListings.categoryId,
        subCategoryId: storeListings.subCategoryId,
        catalogueId: catalogues.id,
        catalogueName: catalogues.name,
      })
      .from(storeListings)
      .innerJoin(catalogues, eq(catalogues.id, storeListings.catalogueId))
      .where(and(isNotNull(storeListings.categoryId), inArray(storeListings.categoryId, ids)))
      .orderBy(asc(catalogues.name), asc(catalogues.id));

    const byCategory = new Map<string, Listed[]>();
    const bySub = new Map<string, Listed[]>();
    for (const { categoryId, subCategoryId, ...catalogue } of listed) {
      if (categoryId) byCategory.set(categoryId, [...(byCategory.get(categoryId) ?? []), catalogue]);
      if (subCategoryId) bySub.set(subCategoryId, [...(bySub.get(subCategoryId) ?? []), catalogue]);
    }
    return rows.map((row) => ({
      categoryId: row.id,
      categoryName: row.name,
      publishState: row.publishState,
      position: row.position,
      catalogues: byCategory.get(row.id) ?? [],
      subCategories: subs
        .filter((s) => s.categoryId === row.id)
        .map((s) => ({ subCategoryId: s.id, subCategoryName: s.name, catalogues: bySub.get(s.id) ?? [] })),
      version: row.version,
      updatedAt: row.updatedAt.toISOString(),
    }));
  }

  async byId(id: string, db: Db = this.db): Promise<Category | null> {
    return (await this.list(db, [id]))[0] ?? null;
  }

  /** The category holding `name` (case-insensitive), if any. */
  async byName(db: Db, name: string): Promise<{ id: string } | null> {
    const rows = await db
      .select({ id: categories.id })
      .from(categories)
      .where(eq(sql`lower(${categories.name})`, name.toLowerCase()));
    return rows[0] ?? null;
  }

  /** The category row, locked for the rest of the transaction. */
  async lock(tx: Db, id: string): Promise<CategoryRow | null> {
    const rows = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
    return rows[0] ?? null;
  }

  async bumpVersion(tx: Db, id: string): Promise<void> {
    await tx
      .update(categories)
      .set({ version: sql`${categories.version} + 1`, updatedAt: new Date() })
      .where(eq(categories.id, id));
  }

  /** Every category's id in the current order, all rows locked: a reorder and a create queue behind it. */
  async lockOrder(tx: Db): Promise<string[]> {
    const rows = await tx
      .select({ id: categories.id })
      .from(categories)
      .orderBy(asc(categories.position), asc(categories.createdAt), asc(categories.id))
      .for('update');
    return rows.map((r) => r.id);
  }

  /** Adds a category after the last one, with its sub-categories in the order given. */
  async insert(
    tx: Db,
    values: { id: string; name: string; publishState: boolean },
    subs: SubCategoryDraft[],
  ): Promise<void> {
    await tx.insert(categories).values({
      ...values,
      position: sql`(SELECT coalesce(max(${categories.position}) + 1, 0) FROM ${categories})`,
    });
    await this.insertSubCategories(
      tx,
      values.id,
      subs.map((sub, position) => ({ ...sub, position })),
    );
  }

  async update(tx: Db, id: string, values: { name: string; publishState: boolean }): Promise<void> {
    await tx.update(categories).set(values).where(eq(categories.id, id));
  }

  /** The ids of a category's sub-categories. */
  async subCategoryIds(db: Db, categoryId: string): Promise<string[]> {
    const rows = await db
      .select({ id: subCategories.id })
      .from(subCategories)
      .where(eq(subCategories.categoryId, categoryId));
    return rows.map((r) => r.id);
  }

  /**
   * Makes a category's sub-categories exactly `subs`, in that order: kept ones renamed and moved, new
   * ones inserted, the rest deleted (their store listings keep the category, without a sub-category).
   */
  async replaceSubCategories(tx: Db, categoryId: string, subs: SubCategoryDraft[], existing: string[]): Promise<void> {
    const kept = subs.filter((s) => existing.includes(s.id));
    const keptIds = kept.map((s) => s.id);
    await tx
      .delete(subCategories)
      .where(
        and(
          eq(subCategories.categoryId, categoryId),
          keptIds.length > 0 ? notInArray(subCategories.id, keptIds) : undefined,
        ),
      );
    for (const [position, sub] of subs.entries()) {
      if (!existing.includes(sub.id)) continue;
      await tx
        .update(subCategories)
        .set({ name: sub.name, position })
        .where(and(eq(subCategories.id, sub.id), eq(subCategories.categoryId, categoryId)));
    }
    await this.insertSubCategories(
      tx,
      categoryId,
      subs.flatMap((sub, position) => (existing.includes(sub.id) ? [] : [{ ...sub, position }])),
    );
  }

  private async insertSubCategories(tx: Db, categoryId: string, subs: (SubCategoryDraft & { position: number })[]) {
    if (subs.length === 0) return;
    await tx.insert(subCategories).values(subs.map((s) => ({ ...s, categoryId })));
  }

  async delete(tx: Db, id: string): Promise<void> {
    await tx.delete(categories).where(eq(categories.id, id));
  }

  /** Gives each category its place in `ids` (the caller holds every row's lock). */
  async setOrder(tx: Db, ids: string[]): Promise<void> {
    for (const [position, id] of ids.entries()) {
      await tx
        .update(categories)
        .set({ position })
        .where(and(eq(categories.id, id), ne(categories.position, position)));
    }
  }
}
