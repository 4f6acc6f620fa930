import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES, fillMessage, type Category } from '@lectern/contract';
import { mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const STALE = fillMessage(MESSAGES.staleVersion, { entity: 'category' });

const MINE: Category = {
  categoryId: 'category-medical',
  categoryName: 'Medical Entrance',
  publishState: true,
  position: 0,
  catalogues: [],
  subCategories: [{ subCategoryId: 'sub-neet', subCategoryName: 'NEET UG', catalogues: [] }],
  version: 2,
  updatedAt: '2026-11-20T10:00:00.000Z',
};
const THEIRS: Category = { ...MINE, categoryName: 'Medical Entrance (UG)', publishState: false, version: 3 };

/** The category list, which turns to theirs when the first save is refused as stale; a save at 3 goes through. */
async function setup() {
  let list = [MINE];
  const api = await mockApi({
    'GET /publisher/category/all': () => ({ body: { data: list } }),
    'PUT /publisher/category': (request) => {
      const body = request.body as { version: number; categoryName: string };
      if (body.version === 3) return { body: { data: { ...THEIRS, categoryName: body.categoryName, version: 4 } } };
      list = [THEIRS];
      return { status: 409, body: { error: true, errorCode: 'STALE_VERSION', message: STALE } };
    },
  });
  const view = renderApp('/publisher/categories', { roles: ['CONTENT_ADMIN'] });
  // the first test also waits for the page's chunk to compile
  await screen.findByRole('heading', { level: 1, name: 'Publisher - Categories' }, { timeout: 10_000 });
  await view.user.click(await screen.findByRole('button', { name: 'Edit Medical Entrance' }));
  const drawer = await screen.findByRole('dialog', { name: 'Edit Medical Entrance' });
  const name = within(drawer).getByRole<HTMLInputElement>('textbox', { name: 'Category name' });
  await view.user.clear(name);
  await view.user.type(name, 'Medical');
  await view.user.click(within(drawer).getByRole('button', { name: 'Save changes' }));
  const saves = () => api.find('PUT /publisher/category').map((request) => request.body);
  return { ...view, drawer: within(drawer), name, saves };
}

describe('Category drawer on a stale version', () => {
  it('keeps the edits, names what changed on the server, and loads the latest on request', async () => {
    const { user, drawer, name, saves } = await setup();
    const notice = await drawer.findByRole('alert');
    expect(notice.textContent).toContain(STALE);
    await waitFor(() => expect(notice.textContent).toContain('Changed on the server: Category name, Published.'));
    expect(name.value).toBe('Medical');

    await user.click(within(notice).getByRole('button', { name: 'Load latest' }));
    expect(name.value).toBe('Medical Entrance (UG)');
    expect(drawer.queryByText(STALE)).toBeNull();
    await user.clear(name);
    await user.type(name, 'Medical');
    await user.click(drawer.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(saves()).toHaveLength(2));
    expect(saves()).toMatchObject([
      { version: 2, categoryName: 'Medical' },
      { version: 3, categoryName: 'Medical', publishState: false },
    ]);
  });

  it('saves mine at their version with Overwrite with mine, keeping theirs where I changed nothing', async () => {
    const { user, drawer, saves } = await setup();
    await user.click(await drawer.findByRole('button', { name: 'Overwrite with mine' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Medical Entrance' })).toBeNull());
    expect(saves()).toMatchObject([
      { version: 2, categoryName: 'Medical', publishState: true },
      { version: 3, categoryName: 'Medical', publishState: false },
    ]);
  });
});
