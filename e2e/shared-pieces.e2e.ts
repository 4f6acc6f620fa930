import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, launchBrowser, newPage, shot, signInAs } from './browser';
import { dragByKeys } from './keyboard';

const ANY_STAFF = '9000000005';

async function openGallery(page: Page): Promise<void> {
  await signInAs(page, ANY_STAFF);
  await page.goto('/dev/gallery');
  await page.getByRole('heading', { level: 1, name: 'Component Gallery' }).waitFor();
  await page.getByTestId('big-table').getByText('Student 00001').waitFor();
}

/** The chapter names of the reorder table, top to bottom. */
async function chapterOrder(table: Locator): Promise<string[]> {
  return table.locator('tbody tr td:nth-child(2)').allTextContents();
}

describe('the shared pieces in the gallery', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  for (const viewport of [DESKTOP, PHONE]) {
    it(`renders every piece without console errors at ${viewport.width}x${viewport.height}`, async () => {
      const { context, page, errors } = await newPage(browser, viewport);
      try {
        await openGallery(page);
        for (const id of ['page-header', 'data-table', 'big-table', 'drawer-form', 'badges', 'drop-zone']) {
          expect(await page.locator(`section#${id} h2`).first().isVisible(), id).toBe(true);
        }
        // nothing may stick out sideways: the page itself never scrolls horizontally
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await shot(page, 'gallery', { fullPage: true });

        // open the pieces that live in layers and look at them too
        await page.getByRole('button', { name: 'Open the drawer form' }).click();
        const drawer = page.getByRole('dialog', { name: 'Create Subject' });
        await drawer.waitFor();
        await shot(page, 'gallery-drawer');
        await drawer.getByLabel('Subject name').fill('Botany');
        await page.keyboard.press('Escape');
        await page.getByRole('dialog', { name: 'Discard changes?' }).getByRole('button', { name: 'Discard' }).click();
        await drawer.waitFor({ state: 'hidden' });

        await page.getByRole('button', { name: 'Crop a sample picture' }).click();
        const crop = page.getByRole('dialog', { name: 'Crop Image' });
        await crop.getByRole('img', { name: 'Image to crop' }).waitFor();
        await shot(page, 'gallery-crop');
        await crop.getByRole('button', { name: 'Crop and Save' }).click();
        await page.getByText(/Cropped to a .* JPEG\./).waitFor();

        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  it('scrolls the 10,000-row table to its last row', async () => {
    const { context, page, errors } = await newPage(browser);
    try {
      await openGallery(page);
      const big = page.getByTestId('big-table');
      await big.scrollIntoViewIfNeeded();
      const scroller = big.getByTestId('data-table-scroll');
      const last = big.getByText('Student 10000', { exact: true });
      expect(await last.count()).toBe(0);
      // rows are measured as they appear, so the end may move: scroll until the last row is there
      await expect
        .poll(async () => {
          await scroller.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
          return last.count();
        })
        .toBeGreaterThan(0);
      expect(await last.isVisible()).toBe(true);
      expect(await big.getByText('Student 00001', { exact: true }).count()).toBe(0);
      expect(await big.locator('tbody tr').count()).toBeLessThan(100);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('reorders rows by dragging the handle with the mouse', async () => {
    const { context, page, errors } = await newPage(browser);
    try {
      await openGallery(page);
      const table = page.getByTestId('reorder-table');
      await table.scrollIntoViewIfNeeded();
      const before = await chapterOrder(table);
      expect(before[0]).toBe('Chapter 1: Atoms and Molecules');
      const handle = table.getByRole('button', { name: 'Drag to reorder' }).first();
      const from = await handle.boundingBox();
      const target = await table.locator('tbody tr').nth(2).boundingBox();
      if (!from || !target) throw new Error('the table is not laid out');
      const x = from.x + from.width / 2;
      await page.mouse.move(x, from.y + from.height / 2);
      await page.mouse.down();
      // past the 4 px activation distance first, then onto the third row in steps
      await page.mouse.move(x, from.y + from.height / 2 + 10, { steps: 3 });
      await page.mouse.move(x, target.y + target.height / 2 + 4, { steps: 12 });
      await page.mouse.up();
      await expect.poll(() => chapterOrder(table)).toEqual([before[1], before[2], before[0], before[3], before[4]]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('reorders rows from the keyboard: Space, ArrowDown, Space', async () => {
    const { context, page, errors } = await newPage(browser);
    try {
      await openGallery(page);
      const table = page.getByTestId('reorder-table');
      await table.scrollIntoViewIfNeeded();
      const before = await chapterOrder(table);
      await table.getByRole('button', { name: 'Drag to reorder' }).first().focus();
      await dragByKeys(page, ['Space', 'ArrowDown', 'Space']);
      await expect.poll(() => chapterOrder(table)).toEqual([before[1], before[0], before[2], before[3], before[4]]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
