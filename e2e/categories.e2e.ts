/**
 * Store categories as a content admin: the demo categories in order; reorder them with the mouse and
 * from the keyboard, and the order survives a reload; add a category whose sub-categories are
 * reordered from the keyboard in the drawer; deleting a category with sub-categories is refused with
 * the spec's message, and one without them is deleted after confirming.
 */
import { DEMO_STAFF, MESSAGES } from '@lectern/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, launchBrowser, newPage, shot, signInAs } from './browser';
import { dragByKeys } from './keyboard';
import { settle } from './accessibility';

const CONTENT_ADMIN = DEMO_STAFF.find((staff) => staff.role === 'CONTENT_ADMIN')?.phone ?? '9000000002';

const table = (page: Page) => page.getByRole('table', { name: 'Categories' });

/** The category names in the order the table shows them. */
async function rowNames(page: Page): Promise<string[]> {
  return table(page)
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((row) => row.querySelectorAll('td')[1]?.textContent?.trim() ?? ''));
}

async function openCategories(page: Page): Promise<void> {
  await page.goto('/publisher/categories');
  await page.getByRole('heading', { level: 1, name: 'Publisher - Categories' }).waitFor();
  await table(page).getByText('Engineering Entrance', { exact: true }).waitFor();
}

describe('categories', () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await launchBrowser();
    page = (await newPage(browser, DESKTOP)).page;
    await signInAs(page, CONTENT_ADMIN);
  });
  afterAll(async () => browser?.close());

  it('lists the demo categories in order, at desktop and phone widths', async () => {
    await openCategories(page);
    expect(await rowNames(page)).toEqual([
      'Engineering Entrance',
      'Medical Entrance',
      'Civil Services',
      'School Boards',
      'Management',
    ]);
    await shot(page, 'categories');
    await page.setViewportSize(PHONE);
    await shot(page, 'categories');
    await page.setViewportSize(DESKTOP);
    await expect.poll(async () => (await table(page).boundingBox())?.width ?? 0).toBeGreaterThan(900);
  });

  it('reorders with the mouse, and the order survives a reload', async () => {
    const handles = table(page).getByRole('button', { name: 'Drag to reorder' });
    await handles.nth(1).scrollIntoViewIfNeeded();
    const from = (await handles.nth(1).boundingBox())!;
    const to = (await handles.nth(0).boundingBox())!;
    const x = from.x + from.width / 2;
    await page.mouse.move(x, from.y + from.height / 2);
    await page.mouse.down();
    // past the 4 px activation distance first, then onto the first row in steps, and the rows slid aside
    await page.mouse.move(x, from.y + from.height / 2 - 10, { steps: 3 });
    await page.mouse.move(x, to.y + to.height / 2 - 4, { steps: 12 });
    await settle(page);
    await page.mouse.up();
    await expect
      .poll(() => rowNames(page))
      .toEqual(['Medical Entrance', 'Engineering Entrance', 'Civil Services', 'School Boards', 'Management']);
    await page.getByText('The order of the categories was saved.').waitFor();
    await page.reload();
    await table(page).getByText('Management', { exact: true }).waitFor();
    expect(await rowNames(page)).toEqual([
      'Medical Entrance',
      'Engineering Entrance',
      'Civil Services',
      'School Boards',
      'Management',
    ]);
  });

  it('reorders from the keyboard, and the order survives a reload', async () => {
    await table(page).getByRole('button', { name: 'Drag to reorder' }).nth(4).focus();
    await dragByKeys(page, ['Space', 'ArrowUp', 'ArrowUp', 'Space']);
    const expected = ['Medical Entrance', 'Engineering Entrance', 'Management', 'Civil Services', 'School Boards'];
    await expect.poll(() => rowNames(page)).toEqual(expected);
    await page.reload();
    await table(page).getByText('Management', { exact: true }).waitFor();
    expect(await rowNames(page)).toEqual(expected);
  });

  it("refuses to delete a category with sub-categories, in the spec's words", async () => {
    await page.getByRole('button', { name: 'Delete Engineering Entrance' }).click();
    const dialog = page.getByRole('dialog', { name: 'Engineering Entrance cannot be deleted' });
    await dialog.getByText(MESSAGES.categoryHasSubcategories).waitFor();
    await shot(page, 'categories-delete-refused');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await rowNames(page)).toContain('Engineering Entrance');
  });

  it('adds a category, reorders its sub-categories from the keyboard, empties and deletes it', async () => {
    await page.getByRole('button', { name: 'Add category' }).click();
    const drawer = page.getByRole('dialog', { name: 'Add category' });
    await drawer.getByLabel('Category name').fill('Banking Exams');
    for (const name of ['IBPS PO', 'SBI PO']) {
      await drawer.getByRole('button', { name: 'Add sub-category' }).click();
      await drawer
        .getByRole('textbox', { name: /^Sub-category \d/ })
        .last()
        .fill(name);
    }
    await drawer.getByRole('button', { name: 'Drag to reorder SBI PO' }).focus();
    await dragByKeys(page, ['Space', 'ArrowUp', 'Space']);
    await expect
      .poll(() =>
        drawer
          .getByRole('textbox', { name: /^Sub-category \d/ })
          .evaluateAll((f) => f.map((i) => (i as HTMLInputElement).value)),
      )
      .toEqual(['SBI PO', 'IBPS PO']);
    await shot(page, 'categories-drawer');
    await drawer.getByRole('button', { name: 'Create category' }).click();
    await page.getByText("Category 'Banking Exams' was created.").waitFor();
    await drawer.waitFor({ state: 'hidden' });
    const row = table(page).locator('tbody tr').filter({ hasText: 'Banking Exams' });
    expect(await row.locator('.MuiChip-label').allTextContents()).toEqual(['SBI PO', 'IBPS PO']);
    expect((await rowNames(page)).at(-1)).toBe('Banking Exams');

    // with its sub-categories removed in the drawer, it can be deleted
    await page.getByRole('button', { name: 'Edit Banking Exams' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Banking Exams' });
    await edit.getByRole('button', { name: 'Remove SBI PO' }).click();
    await edit.getByRole('button', { name: 'Remove IBPS PO' }).click();
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText("Category 'Banking Exams' was updated.").waitFor();
    await edit.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Delete Banking Exams' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Banking Exams?' });
    await confirm.getByText("'Banking Exams' will be deleted.").waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText("Category 'Banking Exams' was deleted.").waitFor();
    await expect.poll(() => rowNames(page)).not.toContain('Banking Exams');
  });
});
