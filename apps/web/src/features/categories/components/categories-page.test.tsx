import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Category } from '@lectern/contract';
import { mockApi, type MockHandlers, type RouteKey } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

function category(
  categoryId: string,
  categoryName: string,
  subs: string[],
  options: { publishState?: boolean; catalogues?: number; version?: number } = {},
): Category {
  return {
    categoryId,
    categoryName,
    publishState: options.publishState ?? true,
    position: 0,
    catalogues: Array.from({ length: options.catalogues ?? 0 }, (_v, i) => ({
      catalogueId: `${categoryId}-cat-${i}`,
      catalogueName: `${categoryName} course ${i + 1}`,
    })),
    subCategories: subs.map((name, i) => ({
      subCategoryId: `${categoryId}-sub-${i}`,
      subCategoryName: name,
      catalogues: [],
    })),
    version: options.version ?? 2,
    updatedAt: '2026-11-20T10:00:00.000Z',
  };
}

const CATEGORIES: Category[] = [
  category('category-engineering', 'Engineering Entrance', ['JEE Main', 'JEE Advanced', 'BITSAT'], { catalogues: 2 }),
  category('category-medical', 'Medical Entrance', ['NEET UG', 'AIIMS']),
  category('category-defence', 'Defence', [], { publishState: false, catalogues: 1 }),
].map((c, position) => ({ ...c, position }));

async function setup<K extends RouteKey = never>(
  handlers: MockHandlers<K> = {},
  ready: string | null = 'Engineering Entrance',
) {
  const api = await mockApi({ 'GET /publisher/category/all': { body: { data: CATEGORIES } }, ...handlers });
  const view = renderApp('/publisher/categories', { roles: ['CONTENT_ADMIN'] });
  // the first test also waits for the page's chunk to compile
  await screen.findByRole('heading', { level: 1, name: 'Publisher - Categories' }, { timeout: 10_000 });
  if (ready) await screen.findByText(ready);
  return { ...api, ...view };
}

function names(): string[] {
  return Array.from(document.querySelectorAll('tbody tr')).map((tr) => tr.querySelectorAll('td')[1]?.textContent ?? '');
}

function row(name: string): HTMLElement {
  const tr = screen.getByText(name).closest('tr');
  if (!tr) throw new Error(`no row for ${name}`);
  return tr;
}

// happy-dom does no layout, and dnd-kit's keyboard sensor moves by measured rectangles: lay the table
// rows and the drawer's sub-category rows out 50px apart, as a browser would.
function stubLayout() {
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const item = this.closest('tbody tr, [data-testid="sub-category-row"]');
    const index = item?.parentElement ? Array.from(item.parentElement.children).indexOf(item) : -1;
    return DOMRect.fromRect({ x: 0, y: index < 0 ? 0 : 60 + index * 50, width: 800, height: index < 0 ? 0 : 50 });
  });
}

describe('Categories', () => {
  beforeEach(stubLayout);
  afterEach(() => vi.restoreAllMocks());

  it('lists the categories in order with their sub-categories, catalogues and publish switch', async () => {
    await setup();
    expect(names()).toEqual(['Engineering Entrance', 'Medical Entrance', 'Defence']);
    const engineering = row('Engineering Entrance');
    expect(Array.from(engineering.querySelectorAll('.MuiChip-label')).map((chip) => chip.textContent)).toEqual([
      'JEE Main',
      'JEE Advanced',
      'BITSAT',
    ]);
    expect(engineering.querySelectorAll('td')[3]?.textContent).toBe('2');
    expect(screen.getByRole<HTMLInputElement>('switch', { name: 'Published: Engineering Entrance' }).checked).toBe(
      true,
    );
    expect(screen.getByRole<HTMLInputElement>('switch', { name: 'Published: Defence' }).checked).toBe(false);
    expect(within(row('Defence')).getAllByRole('cell')[2]?.textContent).toBe('NA');
    expect(screen.getByText('Categories:').parentElement?.textContent).toContain('3');
    expect(screen.getByText('Published:').parentElement?.textContent).toContain('2');
  });

  it('says so when there are no categories yet', async () => {
    await setup({ 'GET /publisher/category/all': { body: { data: [] } } }, null);
    expect(await screen.findByText('No categories yet. Add the first one with Add category.')).toBeTruthy();
  });

  it('shows a failed load with Retry', async () => {
    let calls = 0;
    const { user } = await setup(
      {
        'GET /publisher/category/all': () =>
          ++calls === 1
            ? { status: 500, body: { error: true, message: 'Something went wrong. Please try again later.' } }
            : { body: { data: CATEGORIES } },
      },
      null,
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Something went wrong. Please try again later.');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Engineering Entrance')).toBeTruthy();
  });

  it('reorders from the keyboard and saves the whole new order', async () => {
    const { user, find } = await setup({
      'PUT /publisher/category/order/update': (request) => {
        const ids = (request.body as { categoryIds: string[] }).categoryIds;
        return {
          body: {
            data: ids.map((id, position) => ({ ...CATEGORIES.find((c) => c.categoryId === id)!, position })),
            message: 'The order of the categories was saved.',
          },
        };
      },
    });
    const handle = screen.getAllByRole('button', { name: 'Drag to reorder' })[0]!;
    act(() => handle.focus());
    await user.keyboard('[Space]');
    await user.keyboard('[ArrowDown]');
    await user.keyboard('[ArrowDown]');
    await user.keyboard('[Space]');
    await waitFor(() => expect(find('PUT /publisher/category/order/update')).toHaveLength(1));
    expect(find('PUT /publisher/category/order/update')[0]?.body).toEqual({
      categoryIds: ['category-medical', 'category-defence', 'category-engineering'],
    });
    await waitFor(() => expect(names()).toEqual(['Medical Entrance', 'Defence', 'Engineering Entrance']));
    expect(await screen.findByText('The order of the categories was saved.')).toBeTruthy();
  });

  it("explains, in the spec's words, that a category with sub-categories cannot be deleted", async () => {
    const { user, find } = await setup();
    await user.click(screen.getByRole('button', { name: 'Delete Engineering Entrance' }));
    const dialog = await screen.findByRole('dialog', { name: 'Engineering Entrance cannot be deleted' });
    expect(dialog.textContent).toContain('You cannot delete a category with subcategory(s) in it.');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(find('DELETE /publisher/category/category-engineering')).toHaveLength(0);
  });

  it('deletes a category without sub-categories after confirming', async () => {
    const { user, find } = await setup({
      'DELETE /publisher/category/category-defence': {
        body: { data: { categoryId: 'category-defence' }, message: "Category 'Defence' was deleted." },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Delete Defence' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Defence?' });
    expect(dialog.textContent).toContain(
      "'Defence' will be deleted. 1 catalogue listed in it will have no category until you choose another.",
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(find('DELETE /publisher/category/category-defence')).toHaveLength(1));
    expect(await screen.findByText("Category 'Defence' was deleted.")).toBeTruthy();
  });

  it('shows the server refusal when a category gained sub-categories meanwhile', async () => {
    const { user } = await setup({
      'DELETE /publisher/category/category-defence': {
        status: 409,
        body: { error: true, message: 'You cannot delete a category with subcategory(s) in it.' },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Delete Defence' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Defence?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('You cannot delete a category with subcategory(s) in it.')).toBeTruthy();
  });

  it('publishes and unpublishes with the switch, at the version shown', async () => {
    const { user, find } = await setup({
      'PUT /publisher/category': (request) => ({
        body: {
          data: { ...CATEGORIES[1]!, publishState: false, version: 3 },
          message: `Category '${(request.body as { categoryName: string }).categoryName}' was updated.`,
        },
      }),
    });
    await user.click(screen.getByRole('switch', { name: 'Published: Medical Entrance' }));
    await waitFor(() => expect(find('PUT /publisher/category')).toHaveLength(1));
    expect(find('PUT /publisher/category')[0]?.body).toEqual({
      categoryId: 'category-medical',
      version: 2,
      categoryName: 'Medical Entrance',
      publishState: false,
      subCategories: [
        { subCategoryId: 'category-medical-sub-0', subCategoryName: 'NEET UG' },
        { subCategoryId: 'category-medical-sub-1', subCategoryName: 'AIIMS' },
      ],
    });
    expect(await screen.findByText("Category 'Medical Entrance' was updated.")).toBeTruthy();
  });

  it('adds a category with sub-categories: add, rename, remove and reorder them in the drawer', async () => {
    const { user, find } = await setup({
      'POST /publisher/category': {
        status: 201,
        body: {
          data: category('category-banking', 'Banking Exams', ['SBI PO', 'IBPS PO']),
          message: "Category 'Banking Exams' was created.",
        },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Add category' }));
    const drawer = await screen.findByRole('dialog', { name: 'Add category' });
    const form = within(drawer);
    await user.type(form.getByRole('textbox', { name: 'Category name' }), 'Banking Exams');
    for (const name of ['IBPS PO', 'RBI Grade B', 'SBI PO']) {
      await user.click(form.getByRole('button', { name: 'Add sub-category' }));
      const fields = form.getAllByRole('textbox', { name: /^Sub-category \d/ });
      await user.type(fields.at(-1)!, name);
    }
    await user.click(form.getByRole('button', { name: 'Remove RBI Grade B' }));
    // SBI PO up above IBPS PO, from the keyboard
    act(() => form.getByRole('button', { name: 'Drag to reorder SBI PO' }).focus());
    await user.keyboard('[Space]');
    await user.keyboard('[ArrowUp]');
    await user.keyboard('[Space]');
    await waitFor(() =>
      expect(form.getAllByRole<HTMLInputElement>('textbox', { name: /^Sub-category \d/ }).map((f) => f.value)).toEqual([
        'SBI PO',
        'IBPS PO',
      ]),
    );
    await user.click(form.getByRole('switch', { name: 'Published' }));
    await user.click(form.getByRole('button', { name: 'Create category' }));
    await waitFor(() => expect(find('POST /publisher/category')).toHaveLength(1));
    expect(find('POST /publisher/category')[0]?.body).toEqual({
      categoryName: 'Banking Exams',
      publishState: true,
      subCategories: [{ subCategoryName: 'SBI PO' }, { subCategoryName: 'IBPS PO' }],
    });
    expect(await screen.findByText("Category 'Banking Exams' was created.")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add category' })).toBeNull());
  });

  it('says a sub-category needs a name on save, not while rows are being added', async () => {
    const { user, find } = await setup();
    await user.click(screen.getByRole('button', { name: 'Add category' }));
    const form = within(await screen.findByRole('dialog', { name: 'Add category' }));
    await user.type(form.getByRole('textbox', { name: 'Category name' }), 'Law Entrance');
    await user.click(form.getByRole('button', { name: 'Add sub-category' }));
    await user.click(form.getByRole('button', { name: 'Add sub-category' }));
    expect(form.getAllByRole('textbox', { name: /^Sub-category \d/ })).toHaveLength(2);
    expect(form.queryByText('Sub-category name is required')).toBeNull();
    await user.type(form.getByRole('textbox', { name: 'Sub-category 1' }), 'CLAT');
    await user.click(form.getByRole('button', { name: 'Create category' }));
    expect((await form.findByText('Sub-category name is required')).closest('li')?.querySelector('input')?.value).toBe(
      '',
    );
    expect(find('POST /publisher/category')).toHaveLength(0);
  });

  it('edits a category, refusing a sub-category name given twice and showing the server refusal', async () => {
    const { user, find } = await setup({
      'PUT /publisher/category': {
        status: 409,
        body: { error: true, message: "A category named 'Medical Entrance' already exists." },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Edit Engineering Entrance' }));
    const drawer = await screen.findByRole('dialog', { name: 'Edit Engineering Entrance' });
    const form = within(drawer);
    expect(form.getAllByRole<HTMLInputElement>('textbox', { name: /^Sub-category \d/ }).map((f) => f.value)).toEqual([
      'JEE Main',
      'JEE Advanced',
      'BITSAT',
    ]);
    const bitsat = form.getByRole('textbox', { name: 'Sub-category 3' });
    await user.clear(bitsat);
    await user.type(bitsat, 'jee main');
    await user.click(form.getByRole('button', { name: 'Save changes' }));
    expect(await form.findByText("'jee main' appears twice in this category.")).toBeTruthy();
    expect(find('PUT /publisher/category')).toHaveLength(0);

    await user.clear(bitsat);
    await user.type(bitsat, 'BITSAT 2027');
    const name = form.getByRole('textbox', { name: 'Category name' });
    await user.clear(name);
    await user.type(name, 'Medical Entrance');
    await user.click(form.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(find('PUT /publisher/category')).toHaveLength(1));
    expect(find('PUT /publisher/category')[0]?.body).toEqual({
      categoryId: 'category-engineering',
      version: 2,
      categoryName: 'Medical Entrance',
      publishState: true,
      subCategories: [
        { subCategoryId: 'category-engineering-sub-0', subCategoryName: 'JEE Main' },
        { subCategoryId: 'category-engineering-sub-1', subCategoryName: 'JEE Advanced' },
        { subCategoryId: 'category-engineering-sub-2', subCategoryName: 'BITSAT 2027' },
      ],
    });
    expect((await form.findByRole('alert')).textContent).toContain(
      "A category named 'Medical Entrance' already exists.",
    );
    expect(screen.getByRole('dialog', { name: 'Edit Engineering Entrance' })).toBeTruthy();
  });
});
