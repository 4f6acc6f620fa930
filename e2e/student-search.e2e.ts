import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, checkScreen, launchBrowser, loaded, newPage, shot, signInAs } from './browser';

const FINANCE = '9000000005';
const ANANYA = '9876543210';

const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Find a student' });
const found = (page: Page) => page.getByRole('list', { name: 'Students found' });

const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

describe('student search', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('finance finds Ananya Sharma by name and by invoice number, and opens her', async () => {
    const { context, page, errors } = await newPage(browser, DESKTOP);
    try {
      await signInAs(page, FINANCE);
      await page.goto('/student-management');
      // before anything is typed: the newest students and orders
      await page.getByRole('list', { name: 'Recent students' }).getByRole('link').first().waitFor();
      await page.getByRole('list', { name: 'Recent orders' }).getByRole('link').first().waitFor();
      await loaded(page);
      await shot(page, 'student-search-start', { fullPage: true });

      // by name, in another case: the list says why each student matched
      await searchBox(page).fill('ananya sharma');
      const ananya = found(page).getByRole('link').filter({ hasText: ANANYA });
      await ananya.waitFor();
      expect(await ananya.textContent()).toContain('Matched on name');
      await page.waitForURL(/[?&]q=ananya\+sharma/);
      await loaded(page);
      await shot(page, 'student-search-results', { fullPage: true });

      // the keyboard: ArrowDown from the box to the first result, Enter opens it
      await searchBox(page).focus();
      await page.keyboard.press('ArrowDown');
      expect(
        await found(page)
          .getByRole('link')
          .first()
          .evaluate((link) => link === document.activeElement),
      ).toBe(true);
      await page.keyboard.press('Enter');
      await page.waitForURL(`**/student-management?mobileNumber=${ANANYA}`);
      await page.getByRole('heading', { name: 'Student details' }).waitFor();
      const invoice = page
        .getByRole('list', { name: 'Orders' })
        .getByText(/[A-Z]+\/\d{4}\/\d+/)
        .first();
      await invoice.waitFor();
      const invoiceNumber = /[A-Z]+\/\d{4}\/\d+/.exec((await invoice.textContent()) ?? '')?.[0] ?? '';
      expect(invoiceNumber).not.toBe('');

      // by invoice number, typed in lower case: one exact match, which Enter opens
      await searchBox(page).fill(invoiceNumber.toLowerCase());
      const byInvoice = found(page).getByRole('link');
      await byInvoice.filter({ hasText: `Matched on invoice number ${invoiceNumber}` }).waitFor();
      expect(await byInvoice.count()).toBe(1);
      await page.keyboard.press('Enter');
      await page.waitForURL(`**/student-management?mobileNumber=${ANANYA}`);
      await page.getByRole('heading', { name: 'Student details' }).waitFor();

      // nothing matches: a calm sentence, not an error
      await searchBox(page).fill('zzqx no such student');
      await page.getByText('No student matches "zzqx no such student"').waitFor();
      await checkScreen(page, 'student-search-none');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('searches and opens a student at 390 px', async () => {
    const { context, page } = await newPage(browser, PHONE);
    try {
      await signInAs(page, FINANCE);
      await page.goto('/student-management');
      await page.getByRole('list', { name: 'Recent orders' }).getByRole('link').first().waitFor();
      await loaded(page);
      await shot(page, 'student-search-start', { fullPage: true });
      expect(await scrollsSideways(page)).toBe(false);

      await searchBox(page).fill('Ananya');
      await found(page).getByRole('link').filter({ hasText: ANANYA }).waitFor();
      await loaded(page);
      await shot(page, 'student-search-results', { fullPage: true });
      expect(await scrollsSideways(page)).toBe(false);

      await found(page).getByRole('link').filter({ hasText: ANANYA }).click();
      await page.waitForURL(`**/student-management?mobileNumber=${ANANYA}`);
      await page.getByRole('heading', { name: 'Student details' }).waitFor();
    } finally {
      await context.close();
    }
  });
});
