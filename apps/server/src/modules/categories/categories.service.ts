import crypto from 'node:crypto';
import {
  MESSAGES,
  fillMessage,
  type Category,
  type CategoryOrderBodySchema,
  type CreateCategoryBodySchema,
  type UpdateCategoryBodySchema,
} from '@lectern/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { changeAggregate, recordChange, type Aggregate, type OnChangeError, aggregateOf } from '../../lib/aggregate';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../../lib/routing';
import type { CategoriesRepository, CategoryRow, SubCategoryDraft } from './categories.repository';

type CreateCategory = z.output<typeof CreateCategoryBodySchema>;
type UpdateCategory = z.output<typeof UpdateCategoryBodySchema>;
type SubCategoryInput = CreateCategory['subCategories'][number];

const missingCategory = () => AppError.of(404, 'notFound', { what: 'that category' });

/** A name taken between our check and the write: the unique index on lower(name) has the last word. */
const nameTaken =
  (categoryName: string): OnChangeError =>
  (error) =>
    isUniqueViolation(error) ? AppError.of(409, 'categoryNameTaken', { categoryName }) : undefined;

/**
 * The sub-categories of a create or update, checked and given ids: an id must be one of the
 * category's own (`existing`), and no id or name (case-insensitive) may appear twice.
 */
function subCategoryDrafts(categoryName: string, input: SubCategoryInput[], existing: string[]): SubCategoryDraft[] {
  const names = new Set<string>();
  const ids = new Set<string>();
  return input.map(({ subCategoryId, subCategoryName }) => {
    if (subCategoryId !== undefined) {
      if (!existing.includes(subCategoryId) || ids.has(subCategoryId)) {
        throw AppError.of(400, 'subCategoryUnknown', { subCategoryId, categoryName });
      }
      ids.add(subCategoryId);
    }
    const key = subCategoryName.toLowerCase();
    if (names.has(key)) throw AppError.of(400, 'subCategoryNameTwice', { subCategoryName, categoryName });
    names.add(key);
    return { id: subCategoryId ?? crypto.randomUUID(), name: subCategoryName };
  });
}

/** Store categories (spec 2 §3 "Category"): their order, names, publish state and sub-categories. */
export class CategoriesService {
  private readonly categories: Aggregate<CategoryRow>;

  constructor(
    private readonly db: Db,
    private readonly repo: CategoriesRepository,
  ) {
    this.categories = aggregateOf('category', repo, missingCategory);
  }

  list(): Promise<Category[]> {
    return this.repo.list();
  }

  async one(categoryId: string): Promise<Category> {
    const category = await this.repo.byId(categoryId);
    if (!category) throw missingCategory();
    return category;
  }

  /** Creates a category, last in the order. */
  async create(actor: Actor, input: CreateCategory): Promise<{ category: Category; message: string }> {
    const { categoryName, publishState } = input;
    const subs = subCategoryDrafts(categoryName, input.subCategories, []);
    if (await this.repo.byName(this.db, categoryName)) throw AppError.of(409, 'categoryNameTaken', { categoryName });
    const id = crypto.randomUUID();
    await recordChange(this.db, actor, {
      apply: async (tx) => {
        // queue behind a reorder, so the new category is last in the order it saves
        await this.repo.lockOrder(tx);
        await this.repo.insert(tx, { id, name: categoryName, publishState }, subs);
        return {
          activity: {
            action: 'category.create',
            entityType: 'category',
            entityId: id,
            after: input,
            summary: `${actor.name} created category '${categoryName}'`,
          },
        };
      },
      onError: nameTaken(categoryName),
    });
    return { category: await this.one(id), message: fillMessage(MESSAGES.categoryCreated, { categoryName }) };
  }

  /** Renames, publishes or unpublishes a category and sets its sub-categories, at the version the editor saw. */
  async update(actor: Actor, input: UpdateCategory): Promise<{ category: Category; message: string }> {
    const { categoryId, version, categoryName, publishState } = input;
    await changeAggregate(
      this.db,
      this.categories,
      { actor, id: categoryId, version },
      {
        check: async (tx) => {
          const owner = await this.repo.byName(tx, categoryName);
          if (owner && owner.id !== categoryId) throw AppError.of(409, 'categoryNameTaken', { categoryName });
        },
        // after the version check: a sub-category someone else removed is a stale version first
        apply: async ({ tx }) => {
          const existing = await this.repo.subCategoryIds(tx, categoryId);
          const subs = subCategoryDrafts(categoryName, input.subCategories, existing);
          const before = await this.repo.byId(categoryId, tx);
          await this.repo.update(tx, categoryId, { name: categoryName, publishState });
          await this.repo.replaceSubCategories(tx, categoryId, subs, existing);
          return {
            activity: {
              action: 'category.update',
              entityType: 'category',
              entityId: categoryId,
              before,
              after: { categoryName, publishState, subCategories: subs },
              summary: `${actor.name} updated category '${categoryName}'`,
            },
          };
        },
        onError: nameTaken(categoryName),
      },
    );
    return { category: await this.one(categoryId), message: fillMessage(MESSAGES.categoryUpdated, { categoryName }) };
  }

  /** Deletes a category; refused while it has sub-categories (spec 2 §5). Its store listings lose their category. */
  async remove(actor: Actor, categoryId: string): Promise<{ message: string }> {
    let categoryName = '';
    await recordChange(this.db, actor, {
      apply: async (tx) => {
        const row = await this.repo.lock(tx, categoryId);
        if (!row) throw missingCategory();
        if ((await this.repo.subCategoryIds(tx, categoryId)).length > 0) {
          throw AppError.of(409, 'categoryHasSubcategories');
        }
        const before = await this.repo.byId(categoryId, tx);
        await this.repo.delete(tx, categoryId);
        categoryName = row.name;
        return {
          activity: {
            action: 'category.delete',
            entityType: 'category',
            entityId: categoryId,
            before,
            summary: `${actor.name} deleted category '${row.name}'`,
          },
        };
      },
    });
    return { message: fillMessage(MESSAGES.categoryDeleted, { categoryName }) };
  }

  /** Saves the whole order in one transaction: every category exactly once. */
  async reorder(
    actor: Actor,
    input: z.output<typeof CategoryOrderBodySchema>,
  ): Promise<{ categories: Category[]; message: string }> {
    const { categoryIds } = input;
    if (new Set(categoryIds).size !== categoryIds.length) throw AppError.of(400, 'categoryOrderMismatch');
    await recordChange(this.db, actor, {
      apply: async (tx) => {
        const current = await this.repo.lockOrder(tx);
        // a category added or deleted since the editor loaded the list: theirs is not the whole order
        if (current.length !== categoryIds.length || !current.every((id) => categoryIds.includes(id))) {
          throw AppError.of(409, 'categoryOrderMismatch');
        }
        await this.repo.setOrder(tx, categoryIds);
        return {
          activity: {
            action: 'category.reorder',
            entityType: 'category',
            entityId: 'order',
            before: current,
            after: categoryIds,
            summary: `${actor.name} reordered the categories`,
          },
        };
      },
    });
    return { categories: await this.repo.list(), message: MESSAGES.categoryOrderSaved };
  }
}
