import fs from 'node:fs';
import { MESSAGES, fillMessage } from '@lectern/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, checkScreen, launchBrowser, newPage, shot, signInAs } from './browser';

const FINANCE = '9000000005';
const CONTENT_ADMIN = '9000000002';
const ANANYA = '9876543210';

/** DD-MM-YYYY plus `days`, as YYYY-MM-DD and DD-MM-YYYY. */
function laterThan(ddmmyyyy: string, days: number): { iso: string; shown: string } {
  const [dd, mm, yyyy] = ddmmyyyy.split('-').map(Number);
  const date = new Date(Date.UTC(yyyy ?? 0, (mm ?? 1) - 1, (dd ?? 1) + days));
  const iso = date.toISOString().slice(0, 10);
  const [y, m, d] = iso.split('-');
  return { iso, shown: `${d}-${m}-${y}` };
}

/** Presses Tab until `target` has the focus (at most 12 times). */
async function tabTo(page: Page, target: ReturnType<Page['getByRole']>): Promise<void> {
  for (let step = 0; step < 12; step += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('the control was not reached with Tab');
}

async function findStudent(page: Page, mobileNumber: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name: 'Student Management' }).waitFor();
  await page.getByRole('searchbox', { name: 'Find a student' }).fill(mobileNumber);
  await page.keyboard.press('Enter');
  await page.waitForURL(`**/student-management?mobileNumber=${mobileNumber}`);
}

describe('student management', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('finance finds Ananya Sharma, extends her active subscription, cancels the expired one from the keyboard, verifies her e-mail and downloads an invoice', async () => {
    const { context, page, errors } = await newPage(browser, DESKTOP);
    try {
      await signInAs(page, FINANCE);
      await page.goto('/student-management');
      await page.getByText('Search a student by their 10-digit mobile number.').waitFor();
      await checkScreen(page, 'student-management-empty');

      // an unknown number: a calm empty state
      await findStudent(page, '9123400000');
      await page.getByText('No student found for 9123400000.').waitFor();

      await findStudent(page, ANANYA);
      await page.getByText('Ananya Sharma').waitFor();
      const subscriptions = page.getByRole('list', { name: 'Subscriptions' });
      const active = subscriptions.getByRole('listitem').filter({ hasText: 'ACTIVE' }).first();
      await active.waitFor();
      expect(await subscriptions.getByText('EXPIRED').count()).toBeGreaterThan(0);
      await page.getByRole('list', { name: 'Orders' }).getByRole('listitem').first().waitFor();
      await shot(page, 'student-management-found', { fullPage: true });

      // extend the active subscription past its end date
      const endText = (await active.locator('dt:has-text("End date") + dd').first().textContent()) ?? '';
      const next = laterThan(endText.trim(), 30);
      await active.getByRole('button', { name: /^Extend / }).click();
      const dialog = page.getByRole('dialog', { name: 'Extend subscription?' });
      await dialog.getByLabel(/New end date/).fill(next.iso);
      await dialog.getByRole('textbox', { name: /Reason/ }).fill('Exam postponed by the board');
      await checkScreen(page, 'student-management-extend');
      await dialog.getByRole('button', { name: 'Extend', exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });
      // the student reloads after 2 seconds with the new date and the 'extended' tag
      await subscriptions.getByText('extended', { exact: true }).waitFor({ timeout: 10_000 });
      await subscriptions.getByText(next.shown).waitFor();

      // verify the e-mail
      await page.getByText('Unverified', { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Verify e-mail' }).click();
      const verify = page.getByRole('dialog', { name: 'Verify e-mail?' });
      await verify.getByRole('textbox', { name: /Reason/ }).fill('Confirmed on a call');
      await verify.getByRole('button', { name: 'Verify e-mail' }).click();
      await verify.waitFor({ state: 'hidden' });
      await page.getByText('Verified', { exact: true }).waitFor({ timeout: 10_000 });

      // cancel the expired subscription from the keyboard
      const expired = subscriptions.getByRole('listitem').filter({ hasText: 'EXPIRED' }).first();
      await expired.getByRole('button', { name: /^Cancel / }).focus();
      await page.keyboard.press('Enter');
      const cancel = page.getByRole('dialog', { name: 'Cancel subscription?' });
      const reason = cancel.getByRole('textbox', { name: /Reason/ });
      await tabTo(page, reason);
      await page.keyboard.type('Asked for by the student');
      await tabTo(page, cancel.getByRole('button', { name: 'Cancel subscription' }));
      await page.keyboard.press('Enter');
      await cancel.waitFor({ state: 'hidden' });
      await subscriptions.getByText('CANCELLED', { exact: true }).waitFor({ timeout: 10_000 });
      await subscriptions.getByText('Asked for by the student').waitFor();

      // download an invoice's PDF through the signed client
      const downloadButton = page.getByRole('button', { name: /^Download PDF of invoice / }).first();
      const [download] = await Promise.all([page.waitForEvent('download'), downloadButton.click()]);
      const file = await download.path();
      const head = fs.readFileSync(file).subarray(0, 4).toString('latin1');
      expect(head).toBe('%PDF');
      expect(download.suggestedFilename()).toMatch(/\.pdf$/);

      await shot(page, 'student-management-found-after', { fullPage: true });
      expect(errors.filter((error) => !/status of 404/.test(error))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the student screen at 390 px', async () => {
    const { context, page } = await newPage(browser, PHONE);
    try {
      await signInAs(page, FINANCE);
      await page.goto(`/student-management?mobileNumber=${ANANYA}`);
      await page.getByText('Ananya Sharma').waitFor();
      await page.getByRole('list', { name: 'Orders' }).getByRole('listitem').first().waitFor();
      await shot(page, 'student-management-found', { fullPage: true });
      const scrollsSideways = await page.evaluate(
        () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
      );
      expect(scrollsSideways).toBe(false);
    } finally {
      await context.close();
    }
  });

  it('a content admin sees the page-permission message', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    try {
      await signInAs(page, CONTENT_ADMIN);
      await page.goto('/student-management');
      await page.getByText(fillMessage(MESSAGES.pagePermission, { pageName: 'Student Management' })).waitFor();
      await checkScreen(page, 'student-management-no-permission');
    } finally {
      await context.close();
    }
  });
});
