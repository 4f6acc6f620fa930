import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app';

interface SubCategory {
  subCategoryId: string;
  subCategoryName: string;
  catalogues: { catalogueId: string; catalogueName: string }[];
}
interface Category {
  categoryId: string;
  categoryName: string;
  publishState: boolean;
  position: number;
  catalogues: { catalogueId: string; catalogueName: string }[];
  subCategories: SubCategory[];
  version: number;
}

describe('categories API', () => {
  let t: TestContext;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.sessionFor('CONTENT_ADMIN');
  });
  afterAll(async () => t?.close());

  const as = (method: string, path: string, body?: unknown) =>
    t.call(method, path, { token: admin, role: 'CONTENT_ADMIN', body });
  const list = async (): Promise<Category[]> => (await as('GET', '/api/publisher/category/all')).body.data;
  const names = async () => (await list()).map((c) => c.categoryName);
  const one = async (id: string): Promise<Category> => (await as('GET', `/api/publisher/category/${id}`)).body.data;
  const activity = (entityId: string) =>
    t.database.query<{ action: string; summary: string; before: unknown; after: unknown }>(
      'SELECT action, summary, before, after FROM activity_log WHERE entity_id = $1 ORDER BY id',
      [entityId],
    );
  /** The update body that keeps a category as it is. */
  const asIs = (c: Category) => ({
    categoryId: c.categoryId,
    version: c.version,
    categoryName: c.categoryName,
    publishState: c.publishState,
    subCategories: c.subCategories.map(({ subCategoryId, subCategoryName }) => ({ subCategoryId, subCategoryName })),
  });

  it('lists the demo categories in order, each with its sub-categories in order', async () => {
    const res = await as('GET', '/api/publisher/category/all');
    expect(res.status).toBe(200);
    const categories: Category[] = res.body.data;
    expect(categories.map((c) => c.categoryName)).toEqual([
      'Engineering Entrance',
      'Medical Entrance',
      'Civil Services',
      'School Boards',
      'Management',
    ]);
    expect(categories.map((c) => c.position)).toEqual([0, 1, 2, 3, 4]);
    const engineering = categories[0]!;
    expect(engineering).toMatchObject({ categoryId: 'category-engineering', publishState: true, version: 0 });
    expect(engineering.subCategories.map((s) => s.subCategoryName)).toEqual(['JEE Main', 'JEE Advanced', 'BITSAT']);
    expect(categories.find((c) => c.categoryId === 'category-school-boards')?.publishState).toBe(false);
  });

  it('lists the catalogues whose store listing sits in a category and its sub-category', async () => {
    await t.database.query(
      "INSERT INTO catalogues (id, name, code) VALUES ('cat-test-xat', 'XAT Decision Making', 'XAT-DM')",
    );
    await t.database.query(
      `INSERT INTO store_listings (id, catalogue_id, name, code, slug, category_id, sub_category_id)
       VALUES ('sl-test-xat', 'cat-test-xat', 'XAT Decision Making', 'XAT-DM', 'xat-decision-making',
               'category-management', 'subcategory-xat')`,
    );
    const listed = async (column: 'category_id' | 'sub_category_id', id: string) =>
      (
        await t.database.query<{ id: string }>(
          `SELECT c.id FROM store_listings s JOIN catalogues c ON c.id = s.catalogue_id WHERE s.${column} = $1 ORDER BY c.name, c.id`,
          [id],
        )
      ).map((r) => r.id);
    const management = await one('category-management');
    expect(management.catalogues).toContainEqual({ catalogueId: 'cat-test-xat', catalogueName: 'XAT Decision Making' });
    expect(management.catalogues.map((c) => c.catalogueId)).toEqual(await listed('category_id', 'category-management'));
    expect(management.subCategories.map((s) => [s.subCategoryName, s.catalogues.map((c) => c.catalogueId)])).toEqual([
      ['CAT', await listed('sub_category_id', 'subcategory-cat')],
      ['XAT', ['cat-test-xat']],
    ]);
  });

  it('answers 404 for a category that does not exist', async () => {
    const res = await as('GET', '/api/publisher/category/category-nowhere');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('We could not find that category. It may have been deleted.');
  });

  it('creates a category last in the order, with its sub-categories, and records it', async () => {
    const res = await as('POST', '/api/publisher/category', {
      categoryName: '  Banking Exams ',
      subCategories: [{ subCategoryName: 'IBPS PO' }, { subCategoryName: 'SBI Clerk' }],
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe("Category 'Banking Exams' was created.");
    expect(res.body.data).toMatchObject({
      categoryName: 'Banking Exams',
      publishState: false,
      position: 5,
      version: 0,
    });
    expect(res.body.data.subCategories.map((s: SubCategory) => s.subCategoryName)).toEqual(['IBPS PO', 'SBI Clerk']);
    expect((await names()).at(-1)).toBe('Banking Exams');
    const rows = await activity(res.body.data.categoryId);
    expect(rows.map((r) => [r.action, r.summary])).toEqual([
      ['category.create', "Priya Raghavan created category 'Banking Exams'"],
    ]);
  });

  it('refuses a second category with the same name, whatever its case', async () => {
    const res = await as('POST', '/api/publisher/category', { categoryName: 'medical ENTRANCE' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("A category named 'medical ENTRANCE' already exists.");
    const medical = await one('category-medical');
    const rename = await as('PUT', '/api/publisher/category', { ...asIs(medical), categoryName: 'Civil services' });
    expect(rename.status).toBe(409);
    expect(rename.body.message).toBe("A category named 'Civil services' already exists.");
    expect((await one('category-medical')).version).toBe(medical.version);
  });

  it('refuses a sub-category name given twice in one category', async () => {
    const res = await as('POST', '/api/publisher/category', {
      categoryName: 'Defence',
      subCategories: [{ subCategoryName: 'NDA' }, { subCategoryName: 'nda' }],
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("'nda' appears twice in 'Defence'.");
    expect(await names()).not.toContain('Defence');
  });

  it('renames, publishes and sets the sub-categories: kept ones renamed, new ones added, left-out ones deleted, in the order given', async () => {
    const medical = await one('category-medical');
    const [neet, aiims] = medical.subCategories;
    const res = await as('PUT', '/api/publisher/category', {
      categoryId: medical.categoryId,
      version: medical.version,
      categoryName: 'Medical Entrance Exams',
      publishState: false,
      subCategories: [
        { subCategoryName: 'JIPMER' },
        { subCategoryId: neet!.subCategoryId, subCategoryName: 'NEET UG 2027' },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Category 'Medical Entrance Exams' was updated.");
    const after: Category = res.body.data;
    expect(after).toMatchObject({ categoryName: 'Medical Entrance Exams', publishState: false, version: 1 });
    expect(after.subCategories.map((s) => s.subCategoryName)).toEqual(['JIPMER', 'NEET UG 2027']);
    expect(after.subCategories[1]!.subCategoryId).toBe(neet!.subCategoryId);
    expect(after.subCategories.map((s) => s.subCategoryId)).not.toContain(aiims!.subCategoryId);
    expect(await one('category-medical')).toEqual(after);
    const rows = await activity('category-medical');
    expect(rows.map((r) => r.action)).toEqual(['category.update']);
    expect(rows[0]!.summary).toBe("Priya Raghavan updated category 'Medical Entrance Exams'");
    expect(rows[0]!.before).toMatchObject({ categoryName: 'Medical Entrance', publishState: true });
  });

  it('refuses a sub-category of another category, and changes nothing', async () => {
    const medical = await one('category-medical');
    const res = await as('PUT', '/api/publisher/category', {
      ...asIs(medical),
      subCategories: [...asIs(medical).subCategories, { subCategoryId: 'subcategory-cat', subCategoryName: 'CAT' }],
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Sub-category subcategory-cat does not belong to 'Medical Entrance Exams'.");
    expect(await one('category-medical')).toEqual(medical);
    expect((await one('category-management')).subCategories.map((s) => s.subCategoryName)).toEqual(['CAT', 'XAT']);
  });

  it('refuses an update made against an old version, and never overwrites silently', async () => {
    const civil = await one('category-civil-services');
    const first = await as('PUT', '/api/publisher/category', { ...asIs(civil), publishState: false });
    expect(first.status).toBe(200);
    expect(first.body.data.version).toBe(civil.version + 1);
    const stale = await as('PUT', '/api/publisher/category', { ...asIs(civil), categoryName: 'Lost' });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(
      'Someone else changed this category while you were working on it. Reload to see their changes, then try again.',
    );
    expect(await one('category-civil-services')).toMatchObject({ categoryName: 'Civil Services', publishState: false });
  });

  it("refuses to delete a category with sub-categories, in the spec's words", async () => {
    const res = await as('DELETE', '/api/publisher/category/category-engineering');
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('You cannot delete a category with subcategory(s) in it.');
    expect(await names()).toContain('Engineering Entrance');
    expect(await activity('category-engineering')).toEqual([]);
  });

  it('deletes a category once its sub-categories are gone; its store listings lose the category', async () => {
    const management = await one('category-management');
    const emptied = await as('PUT', '/api/publisher/category', { ...asIs(management), subCategories: [] });
    expect(emptied.status).toBe(200);
    const res = await as('DELETE', '/api/publisher/category/category-management');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      data: { categoryId: 'category-management' },
      message: "Category 'Management' was deleted.",
    });
    expect(await names()).not.toContain('Management');
    expect((await as('GET', '/api/publisher/category/category-management')).status).toBe(404);
    const [listing] = await t.database.query<{ category_id: string | null; sub_category_id: string | null }>(
      "SELECT category_id, sub_category_id FROM store_listings WHERE id = 'sl-test-xat'",
    );
    expect(listing).toEqual({ category_id: null, sub_category_id: null });
    const rows = await activity('category-management');
    expect(rows.map((r) => r.action)).toEqual(['category.update', 'category.delete']);
    expect(rows[1]!.summary).toBe("Priya Raghavan deleted category 'Management'");
    expect((await as('DELETE', '/api/publisher/category/category-management')).status).toBe(404);
  });

  it('saves a new order in one go, which the list then keeps', async () => {
    const before = await list();
    const ids = before.map((c) => c.categoryId);
    const reversed = [...ids].reverse();
    const res = await as('PUT', '/api/publisher/category/order/update', { categoryIds: reversed });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('The order of the categories was saved.');
    expect(res.body.data.map((c: Category) => c.categoryId)).toEqual(reversed);
    const after = await list();
    expect(after.map((c) => c.categoryId)).toEqual(reversed);
    expect(after.map((c) => c.position)).toEqual(reversed.map((_id, i) => i));
    // the order is no edit of a category: an editor's open drawer stays current
    expect(after.map((c) => c.version).sort()).toEqual(before.map((c) => c.version).sort());
    const rows = await activity('order');
    expect(rows.map((r) => [r.action, r.summary])).toEqual([
      ['category.reorder', 'Priya Raghavan reordered the categories'],
    ]);
    expect(rows[0]!.before).toEqual(ids);
    expect(rows[0]!.after).toEqual(reversed);
  });

  it('refuses an order that does not list every category exactly once, and keeps the saved one', async () => {
    const saved = (await list()).map((c) => c.categoryId);
    const message = 'The order must list every category exactly once. Reload to see the current categories.';
    const missing = await as('PUT', '/api/publisher/category/order/update', { categoryIds: saved.slice(1) });
    expect(missing.status).toBe(409);
    expect(missing.body.message).toBe(message);
    const unknown = await as('PUT', '/api/publisher/category/order/update', {
      categoryIds: [...saved.slice(1), 'category-nowhere'],
    });
    expect(unknown.status).toBe(409);
    expect(unknown.body.message).toBe(message);
    const twice = await as('PUT', '/api/publisher/category/order/update', { categoryIds: [...saved, saved[0]] });
    expect(twice.status).toBe(400);
    expect(twice.body.message).toBe(message);
    expect((await list()).map((c) => c.categoryId)).toEqual(saved);
  });

  it('puts a new category after the saved order', async () => {
    const saved = (await list()).map((c) => c.categoryId);
    const res = await as('POST', '/api/publisher/category', { categoryName: 'Law Entrance', publishState: true });
    expect(res.status).toBe(201);
    expect((await list()).map((c) => c.categoryId)).toEqual([...saved, res.body.data.categoryId]);
  });

  it('explains bad input', async () => {
    const res = await as('POST', '/api/publisher/category', { categoryName: '   ' });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('Category name is required');
  });

  it('is for SUPER_ADMIN and CONTENT_ADMIN only', async () => {
    expect(
      (
        await t.call('GET', '/api/publisher/category/all', {
          token: await t.sessionFor('SUPER_ADMIN'),
          role: 'SUPER_ADMIN',
        })
      ).status,
    ).toBe(200);
    for (const role of ['FINANCE', 'CONTENT_DEVELOPER'] as const) {
      const token = await t.sessionFor(role);
      const read = await t.call('GET', '/api/publisher/category/all', { token, role });
      expect(read.status).toBe(403);
      expect(read.body.message).toBe('You are not authorized to take this action.');
      const create = await t.call('POST', '/api/publisher/category', { token, role, body: { categoryName: 'Sneaky' } });
      expect(create.status).toBe(403);
      const reorder = await t.call('PUT', '/api/publisher/category/order/update', {
        token,
        role,
        body: { categoryIds: ['category-engineering'] },
      });
      expect(reorder.status).toBe(403);
    }
    expect(await names()).not.toContain('Sneaky');
  });
});
