/**
 * Coupons as FINANCE (issue 16): create a 20% coupon for one store listing and two students (one typed,
 * one pasted beside a bad number), test it for a third student (refused, the reason shown) and for one
 * of the two (the price before and after), expire it (it then opens read-only), and read its history.
 * The page at desktop and phone widths, each screen through the accessibility check.
 */
import { DEMO_STAFF } from '@lectern/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, launchBrowser, newPage, shot, signInAs } from './browser';
import { expectEscapeReturnsFocus, expectFocusTrapped, tabTo } from './keyboard';

const FINANCE = DEMO_STAFF.find((staff) => staff.role === 'FINANCE')!;
const ANANYA = '9876543210';
// the demo students after Ananya: 9810000000 + i × 3797
const SECOND = '9810003797';
const THIRD = '9810007594';
const NAME = `JOURNEY-${Date.now().toString(36).toUpperCase()}`;

const table = (page: Page) => page.getByRole('table', { name: 'Coupons' });

async function findCoupon(page: Page, name: string): Promise<void> {
  const search = page.getByRole('searchbox', { name: /search/i });
  await search.fill(name);
  await table(page).getByText(name, { exact: true }).waitFor();
}

describe('coupons', () => {
  let browser: Browser;
  let page: Page;
  let errors: string[];
  beforeAll(async () => {
    browser = await launchBrowser();
    ({ page, errors } = await newPage(browser, DESKTOP));
    await signInAs(page, FINANCE.phone);
  });
  afterAll(async () => browser?.close());

  it('lists the coupons with their status tags, at desktop and phone widths', async () => {
    await page.goto('/coupons');
    await page.getByRole('heading', { level: 1, name: 'Coupons' }).waitFor();
    await table(page).getByText('Active', { exact: true }).first().waitFor();
    // every state of the demo coupons has its tag
    for (const tag of ['Scheduled', 'Expired', 'Featured']) {
      await page.getByRole('combobox', { name: 'Status' }).click();
      await page.getByRole('option', { name: tag === 'Featured' ? 'Any' : tag, exact: true }).click();
      if (tag === 'Featured') {
        await page.getByRole('combobox', { name: 'Featured' }).click();
        await page.getByRole('option', { name: 'Featured', exact: true }).click();
      }
      await table(page).getByText(tag, { exact: true }).first().waitFor();
    }
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await findCoupon(page, 'DIWALI500');
    await page.getByRole('searchbox', { name: /search/i }).fill('');
    await shot(page, 'coupons');
    await page.setViewportSize(PHONE);
    await shot(page, 'coupons');
    // the table scrolls inside its box: the page itself does not scroll sideways
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.setViewportSize(DESKTOP);
  });

  it('creates a 20% coupon for one listing and two students', async () => {
    await page.getByRole('button', { name: 'Add coupon' }).click();
    const drawer = page.getByRole('dialog', { name: 'Add coupon' });
    await expectFocusTrapped(page, drawer);
    await drawer.getByRole('textbox', { name: /Coupon name/ }).fill(NAME);
    await drawer.getByRole('textbox', { name: /Description/ }).fill('Twenty off JEE Main for two students');
    await drawer.getByRole('textbox', { name: /Discount \(%\)/ }).fill('20');
    const listings = drawer.getByRole('combobox', { name: 'Store listings' });
    await listings.click();
    await listings.pressSequentially('JEE Main 2027');
    await page.getByRole('option', { name: /JEE Main 2027/ }).click();
    await page.keyboard.press('Tab');
    await drawer.getByLabel(/^Upto/).fill('2027-06-30');
    await drawer.getByRole('switch', { name: 'Any student' }).click();
    // one number typed (Enter adds it), one pasted beside one that is not a number
    await drawer.getByRole('textbox', { name: 'Student mobile number' }).fill(ANANYA);
    await page.keyboard.press('Enter');
    await drawer.getByRole('textbox', { name: 'Paste mobile numbers' }).fill(`${SECOND},\n12345`);
    await drawer.getByRole('button', { name: 'Add pasted numbers' }).click();
    await drawer.getByText('1 number added. Not mobile numbers (left in the box to correct): 12345.').waitFor();
    await drawer.getByRole('textbox', { name: 'Paste mobile numbers' }).fill('');
    await drawer.getByText('2 students').waitFor();
    // each number is looked up: the student behind it is named
    await drawer.getByText(`${ANANYA} · Ananya Sharma`).waitFor();
    await drawer.getByText(new RegExp(`^${SECOND} · [A-Z][a-z]+ [A-Z][a-z]+$`)).waitFor();
    await shot(page, 'coupons-drawer');
    await page.setViewportSize(PHONE);
    await shot(page, 'coupons-drawer');
    await page.setViewportSize(DESKTOP);
    await drawer.getByRole('button', { name: 'Add coupon' }).click();
    await page.getByText(`Coupon '${NAME}' was created.`).waitFor();
    await drawer.waitFor({ state: 'hidden' });
    // the list reloads with the new coupon
    await findCoupon(page, NAME);
    const row = table(page).getByRole('row').filter({ hasText: NAME });
    expect(await row.textContent()).toContain('20%');
    expect(await row.textContent()).toMatch(/[A-Z][a-z]+ [A-Z][a-z]+ and 1 more/);
  });

  it('tests it for a third student (refused, the reason shown) and for one of the two (price before and after)', async () => {
    // from the keyboard: Tab from the search to the row's Test, Enter; the dialog holds the focus
    const opener = page.getByRole('button', { name: `Test ${NAME}` });
    await page.getByRole('searchbox', { name: /search/i }).focus();
    await tabTo(page, opener);
    await page.keyboard.press('Enter');
    const tester = page.getByRole('dialog', { name: `Test ${NAME}` });
    await expectFocusTrapped(page, tester);
    expect(await tester.getByRole('combobox', { name: /Store listing/ }).inputValue()).toMatch(/JEE Main 2027/);
    const mobile = tester.getByRole('textbox', { name: /Student mobile number/ });
    await mobile.fill(THIRD);
    await tester.getByRole('button', { name: 'Test', exact: true }).click();
    await tester.getByText(`${NAME} does not apply`).waitFor();
    const reasons = tester.getByRole('list', { name: 'Why it does not apply' });
    expect(await reasons.getByRole('listitem').allTextContents()).toEqual([
      `'${NAME}' is only for certain students, and ${THIRD} is not one of them.`,
    ]);
    await shot(page, 'coupons-tester-refused');

    await mobile.fill(ANANYA);
    await page.keyboard.press('Enter');
    await tester.getByText(`${NAME} applies`).waitFor();
    const rows = tester.getByRole('table', { name: `Prices with ${NAME}` }).locator('tbody tr');
    expect(await rows.count()).toBeGreaterThan(0);
    for (const cells of await rows.evaluateAll((trs) =>
      trs.map((tr) => Array.from(tr.querySelectorAll('th, td')).map((cell) => cell.textContent ?? '')),
    )) {
      const [, before = '', discount = '', after = ''] = cells;
      const rupees = (text: string) => Number(text.replace(/^Rs\. /, '').replace(/,/g, ''));
      expect(before).toMatch(/^Rs\. [\d,]+(\.\d\d)?$/);
      // 20% off, to the paisa
      expect(rupees(discount)).toBeCloseTo(rupees(before) * 0.2, 2);
      expect(rupees(after)).toBeCloseTo(rupees(before) - rupees(discount), 2);
    }
    await shot(page, 'coupons-tester-applies');
    await page.setViewportSize(PHONE);
    await shot(page, 'coupons-tester-applies');
    await page.setViewportSize(DESKTOP);
    await mobile.focus();
    await expectEscapeReturnsFocus(page, tester, opener);
  });

  it('expires it after confirmation; it then opens read-only', async () => {
    await page.getByRole('button', { name: `Expire ${NAME}` }).click();
    const confirm = page.getByRole('dialog', { name: `Expire ${NAME}?` });
    await confirm.getByRole('button', { name: 'Expire' }).click();
    await page.getByText(`Coupon '${NAME}' was expired: it can no longer be used.`).waitFor();
    const row = table(page).getByRole('row').filter({ hasText: NAME });
    await row.getByText('Expired', { exact: true }).waitFor();
    expect(await row.getByRole('button', { name: `Expire ${NAME}` }).isDisabled()).toBe(true);

    await row.getByRole('button', { name: `View ${NAME}` }).click();
    const drawer = page.getByRole('dialog', { name: NAME });
    await drawer.getByText(/This coupon is expired .*it cannot be edited/).waitFor();
    expect(await drawer.getByRole('textbox', { name: /Coupon name/ }).isEditable()).toBe(false);
    expect(await drawer.getByRole('switch', { name: 'Percentage' }).isDisabled()).toBe(true);
    await shot(page, 'coupons-expired');
    await drawer.getByRole('button', { name: 'Close' }).last().click();
    await drawer.waitFor({ state: 'hidden' });
  });

  it('shows its history: who changed what and when, with the uses at the time', async () => {
    await page.getByRole('button', { name: `History of ${NAME}` }).click();
    const dialog = page.getByRole('dialog', { name: `History of ${NAME}` });
    const entries = dialog.getByRole('list', { name: `Changes of ${NAME}` }).locator(':scope > li');
    await entries.first().waitFor();
    expect(await entries.count()).toBe(2);
    const who = `${FINANCE.firstName} ${FINANCE.lastName}`;
    expect(await entries.nth(0).getByRole('heading').textContent()).toMatch(new RegExp(`^Expired by ${who}, `));
    expect(await entries.nth(0).getByRole('row').nth(1).textContent()).toBe('ExpiredNoYes');
    expect(await entries.nth(1).getByRole('heading').textContent()).toMatch(new RegExp(`^Created by ${who}, `));
    const created = (await entries.nth(1).textContent()) ?? '';
    expect(created).toContain('used 0 times at the time');
    expect(created).toContain(NAME);
    expect(created).toContain('20%');
    expect(created).toContain('Ananya Sharma (9876543210)');
    await shot(page, 'coupons-history', { fullPage: true });
    await page.setViewportSize(PHONE);
    await shot(page, 'coupons-history');
    await page.setViewportSize(DESKTOP);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(errors).toEqual([]);
  });
});
