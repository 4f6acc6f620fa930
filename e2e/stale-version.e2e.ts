/**
 * Two people edit the same object (issue 31): a coupon, a batch and a catalogue, each open in two
 * browser contexts. The first save lands; the second is refused as stale and shows the one notice every
 * editor shares (the server's sentence, what changed there, the user's edits kept, 'Load latest' and
 * 'Overwrite with mine'). Overwriting saves the second person's edits over the server's copy and keeps
 * the first person's edits to the fields the second left alone: no edit is lost.
 */
import { DEMO_STAFF } from '@lectern/contract';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, shot, signInAs } from './browser';

const FINANCE = DEMO_STAFF.find((staff) => staff.role === 'FINANCE')!.phone;
const CONTENT_ADMIN = DEMO_STAFF.find((staff) => staff.role === 'CONTENT_ADMIN')!.phone;
const STAMP = Date.now().toString(36).toUpperCase();
/** The server's sentence for a refused save, up to the entity's name. */
const STALE = /Someone else changed this .* while you were working on it\./;

/** Two people, each in their own browser context, signed in as `phone`. */
async function twoPeople(
  browser: Browser,
  phone: string,
): Promise<{ first: Page; second: Page; close: () => Promise<void> }> {
  const one = await newPage(browser);
  const two = await newPage(browser);
  await signInAs(one.page, phone);
  await signInAs(two.page, phone);
  return {
    first: one.page,
    second: two.page,
    close: async () => {
      expect([...one.errors, ...two.errors].filter((error) => !/status of 409/.test(error))).toEqual([]);
      await Promise.all([one.context.close(), two.context.close()]);
    },
  };
}

/** The second save is refused: the shared notice names what changed and keeps the edits, then overwrites. */
async function refusedThenOverwritten(page: Page, scope: Locator, changed: string, screen: string): Promise<void> {
  const notice = scope.getByRole('alert').filter({ hasText: STALE });
  await notice.waitFor();
  await notice.getByText(`Changed on the server: ${changed}. Your edits are kept until you choose.`).waitFor();
  expect(await notice.getByRole('button', { name: 'Load latest' }).isVisible()).toBe(true);
  // said once, in the notice: no snackbar repeats it
  expect(await page.getByText(STALE).count()).toBe(1);
  await shot(page, `stale-version-${screen}`);
  await notice.getByRole('button', { name: 'Overwrite with mine' }).click();
}

describe('the same object saved from two places', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('a coupon: the second save is refused, and overwriting keeps both edits', async () => {
    const { first, second, close } = await twoPeople(browser, FINANCE);
    try {
      const coupon = 'ENGLISH-BOOST';
      const open = async (page: Page) => {
        await page.goto(`/coupons?coupons.q=${coupon}`);
        await page.getByRole('button', { name: `Edit ${coupon}` }).click();
        const drawer = page.getByRole('dialog', { name: `Edit ${coupon}` });
        await drawer.getByRole('textbox', { name: /Description/ }).waitFor();
        return drawer;
      };
      const mine = await open(first);
      const theirs = await open(second);
      const description = `10% off every English grammar course (${STAMP}).`;
      await mine.getByRole('textbox', { name: /Description/ }).fill(description);
      await mine.getByRole('button', { name: 'Save changes' }).click();
      await first.getByText(`Coupon '${coupon}' was updated.`).waitFor();

      await theirs.getByRole('textbox', { name: /Discount \(%\)/ }).fill('12');
      await theirs.getByRole('button', { name: 'Save changes' }).click();
      await refusedThenOverwritten(second, theirs, 'Description', 'coupon');
      await second.getByText(`Coupon '${coupon}' was updated.`).waitFor();

      const reopened = await open(first);
      expect(await reopened.getByRole('textbox', { name: /Description/ }).inputValue()).toBe(description);
      expect(await reopened.getByRole('textbox', { name: /Discount \(%\)/ }).inputValue()).toBe('12');
    } finally {
      await close();
    }
  }, 180_000);

  it('a batch: the second save is refused, and overwriting keeps both edits', async () => {
    const { first, second, close } = await twoPeople(browser, FINANCE);
    try {
      const batch = 'JEE Advanced 2027 Weekend';
      const open = async (page: Page) => {
        await page.goto(`/batch-management?batches.q=JEE27-KOTA-WE`);
        await page.getByRole('button', { name: `Edit ${batch}` }).click();
        const drawer = page.getByRole('dialog', { name: `Edit ${batch}` });
        await drawer.getByRole('textbox', { name: 'Capacity' }).waitFor();
        return drawer;
      };
      const mine = await open(first);
      const theirs = await open(second);
      const ends = await mine.getByLabel(/^Ends/).inputValue();
      await mine.getByRole('textbox', { name: 'Capacity' }).fill('45');
      await mine.getByRole('button', { name: 'Save changes' }).click();
      await first.getByText(`Batch '${batch}' was updated.`).waitFor();

      await theirs.getByLabel(/^Ends/).fill('2027-06-15');
      await theirs.getByRole('button', { name: 'Save changes' }).click();
      await refusedThenOverwritten(second, theirs, 'Capacity', 'batch');
      await second.getByText(`Batch '${batch}' was updated.`).waitFor();

      const reopened = await open(first);
      expect(await reopened.getByRole('textbox', { name: 'Capacity' }).inputValue()).toBe('45');
      expect(await reopened.getByLabel(/^Ends/).inputValue()).toBe('2027-06-15');
      expect(ends).not.toBe('2027-06-15');
    } finally {
      await close();
    }
  }, 180_000);

  it('a catalogue: the second save is refused, and overwriting keeps both edits', async () => {
    const { first, second, close } = await twoPeople(browser, CONTENT_ADMIN);
    try {
      const catalogue = 'CAT 2026 Quantitative Aptitude';
      const open = async (page: Page) => {
        await page.goto('/publisher/catalogueManager/catalogueList');
        await page.getByRole('searchbox', { name: 'Search Catalogues' }).fill('CAT-QUANT-2026');
        await page.getByTestId('data-table-count').getByText('1 record found').waitFor();
        await page.getByRole('link', { name: `Edit ${catalogue}` }).click();
        await page.getByRole('heading', { level: 2, name: 'Details' }).waitFor();
        await page.getByRole('textbox', { name: 'Description', exact: true }).waitFor();
      };
      await open(first);
      await open(second);
      const description = `Quant for CAT 2026: arithmetic, algebra and geometry, with sectional mocks (${STAMP}).`;
      await first.getByRole('textbox', { name: 'Description', exact: true }).fill(description);
      await first.getByRole('button', { name: 'Save changes' }).first().click();
      await first.getByText(`Catalogue '${catalogue}' was updated.`).waitFor();

      const publisher = `Lectern Learning ${STAMP}`;
      await second.getByRole('textbox', { name: 'Publisher name', exact: true }).fill(publisher);
      await second.getByRole('button', { name: 'Save changes' }).first().click();
      await refusedThenOverwritten(second, second.locator('main'), 'Details', 'catalogue');
      await second.getByText(`Catalogue '${catalogue}' was updated.`).waitFor();

      await open(first);
      expect(await first.getByRole('textbox', { name: 'Description', exact: true }).inputValue()).toBe(description);
      expect(await first.getByRole('textbox', { name: 'Publisher name', exact: true }).inputValue()).toBe(publisher);
    } finally {
      await close();
    }
  }, 180_000);
});
