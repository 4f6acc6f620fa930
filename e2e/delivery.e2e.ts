import fs from 'node:fs';
import { MESSAGES } from '@lectern/contract';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, launchBrowser, newPage, shot, signInAs } from './browser';

const FINANCE = '9000000005';
// apps/server/src/seed/demo-delivery.ts DEMO_DELIVERY: pending courier packages and a processed one
const PENDING = ['DP-0151-2', 'DP-0179-3', 'DP-0154-1', 'DP-0277-1'] as const;
const PROCESSED = 'DP-0125-3';
// every row of a status on one page
const LIST = '/deliveryManagement?delivery.size=100';

/** The counts of the four status tabs, as their labels show them. */
async function counts(page: Page): Promise<Record<string, number>> {
  const result: Record<string, number> = {};
  for (const label of ['Pending', 'Processed', 'Delivered', 'Cancelled']) {
    const text = (await page.getByRole('tab', { name: new RegExp(`^${label} \\(`) }).textContent()) ?? '';
    result[label] = Number(/\(([\d,]+)\)/.exec(text)?.[1]?.replace(/,/g, '') ?? 'NaN');
  }
  return result;
}

async function waitForCounts(page: Page, expected: Record<string, number>): Promise<void> {
  await expect.poll(() => counts(page), { timeout: 15_000 }).toEqual(expected);
}

const row = (page: Page, packageId: string): Locator =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name: packageId, exact: true }) });

async function openPackage(page: Page, packageId: string): Promise<Locator> {
  // from the keyboard: focus the row's Open button and press Enter
  await row(page, packageId)
    .getByRole('button', { name: new RegExp(`^Open ${packageId} of `) })
    .focus();
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: `Package ${packageId}` });
  await drawer.getByRole('heading', { name: 'Student' }).waitFor();
  return drawer;
}

describe('delivery management', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('finance processes three courier packages (one fails with its reason), prints their labels, changes an address and cancels one; the tab counts follow', async () => {
    const { context, page, errors } = await newPage(browser, DESKTOP);
    try {
      await signInAs(page, FINANCE);

      // the tracking id of a package already on its way: given again, it must fail
      await page.goto(`/deliveryManagement?tab=processed&delivery.search=${PROCESSED}`);
      await row(page, PROCESSED).waitFor();
      const dispatch =
        (await row(page, PROCESSED)
          .getByRole('cell', { name: /^(DTDC|BLUE_DART|INDIA_POST) / })
          .textContent()) ?? '';
      const takenId = dispatch.trim().split(' ').at(-1) ?? '';
      expect(takenId).toMatch(/^[A-Z0-9-]{6,30}$/);

      await page.goto(LIST);
      await page.getByRole('heading', { level: 1, name: 'Delivery Management' }).waitFor();
      await row(page, PENDING[0]).waitFor();
      const before = await counts(page);
      expect(before.Pending).toBeGreaterThan(3);
      await shot(page, 'delivery-pending');

      // choose three pending packages and process them by courier
      for (const id of PENDING.slice(0, 3)) await row(page, id).getByRole('checkbox').check();
      const bar = page.getByRole('toolbar', { name: 'Selected rows' });
      await bar.getByText('3 selected').waitFor();
      await bar.getByRole('button', { name: 'Process' }).click();
      const drawer = page.getByRole('dialog', { name: 'Process 3 packages' });
      await drawer.waitFor();
      const stamp = String(Date.now()).slice(-8);
      const fresh = [`JRN${stamp}A`, `JRN${stamp}C`];
      const group = (id: string) => page.getByRole('group', { name: new RegExp(`^${id} · `) });
      await group(PENDING[0])
        .getByRole('textbox', { name: /Tracking id/ })
        .fill(fresh[0]!);
      await group(PENDING[1])
        .getByRole('textbox', { name: /Tracking id/ })
        .fill(takenId);
      // the third from a pasted CSV, matched by package id
      await drawer
        .getByRole('textbox', { name: 'Tracking ids as CSV' })
        .fill(`packageId,trackingId\n${PENDING[2]},${fresh[1]!}\n`);
      await drawer.getByRole('button', { name: 'Fill in from CSV' }).click();
      await drawer.getByText('1 tracking id filled in.').waitFor();
      await shot(page, 'delivery-process');
      await drawer.getByRole('button', { name: 'Process', exact: true }).click();

      // one fails with its reason and stays, with what was typed; the other two went
      const left = page.getByRole('dialog', { name: 'Process 1 package' });
      await left.waitFor();
      await left
        .getByText(
          new RegExp(`^For .+ \\(${PENDING[1]}\\) tracking id ${takenId} is already used by package ${PROCESSED}\\.$`),
        )
        .waitFor();
      expect(
        await group(PENDING[1])
          .getByRole('textbox', { name: /Tracking id/ })
          .inputValue(),
      ).toBe(takenId);
      await page.getByText('2 packages processed; 1 could not be: see why for each.').waitFor();
      await shot(page, 'delivery-process-failure');
      await left.getByRole('button', { name: 'Close' }).click();
      await page.getByRole('dialog', { name: 'Discard changes?' }).getByRole('button', { name: 'Discard' }).click();
      await left.waitFor({ state: 'hidden' });
      await waitForCounts(page, { ...before, Pending: before.Pending! - 2, Processed: before.Processed! + 2 });

      // their labels, as one PDF
      await page.getByRole('tab', { name: /^Processed \(/ }).click();
      for (const id of [PENDING[0], PENDING[2]]) await row(page, id).getByRole('checkbox').check();
      await bar.getByText('2 selected').waitFor();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        bar.getByRole('button', { name: 'Print labels' }).click(),
      ]);
      const head = fs
        .readFileSync(await download.path())
        .subarray(0, 4)
        .toString('latin1');
      expect(head).toBe('%PDF');
      expect(download.suggestedFilename()).toMatch(/^delivery-labels-.+\.pdf$/);

      // a processed package's address cannot change, and the drawer says why
      const processed = await openPackage(page, PENDING[0]);
      expect(await processed.getByRole('button', { name: 'Edit address' }).isDisabled()).toBe(true);
      await processed.getByText('Its address cannot change once it is processed.').waitFor();
      await processed.getByText(`DTDC ${fresh[0]!}: Booked`).waitFor();
      await shot(page, 'delivery-drawer-processed');
      await page.keyboard.press('Escape');
      await processed.waitFor({ state: 'hidden' });

      // change the address of a pending one
      await page.getByRole('tab', { name: /^Pending \(/ }).click();
      await row(page, PENDING[3]).waitFor();
      const pending = await openPackage(page, PENDING[3]);
      await pending.getByRole('button', { name: 'Edit address' }).click();
      const address = page.getByRole('dialog', { name: `Edit the address of ${PENDING[3]}` });
      await address.getByRole('textbox', { name: /Address line 1/ }).fill('Flat 12, Lakeview Apartments, 3rd Cross');
      await address.getByRole('textbox', { name: /^City/ }).fill('Mysuru');
      await address.getByRole('textbox', { name: /^State/ }).fill('Karnataka');
      await address.getByRole('textbox', { name: /^PIN/ }).fill('05700');
      await address.getByRole('button', { name: 'Save address' }).click();
      await address.getByText('The PIN 05700 is not valid: a PIN is 6 digits and does not start with 0.').waitFor();
      await address.getByRole('textbox', { name: /^PIN/ }).fill('570001');
      await address.getByRole('button', { name: 'Save address' }).click();
      await page.getByText(MESSAGES.addressSaved).waitFor();
      await address.waitFor({ state: 'hidden' });
      await pending.getByText(/Flat 12, Lakeview Apartments, 3rd Cross.*Mysuru, Karnataka 570001/).waitFor();
      await pending.getByRole('heading', { name: 'Earlier addresses' }).waitFor();
      await shot(page, 'delivery-drawer-pending');
      await pending.getByRole('button', { name: 'Close' }).click();
      await pending.waitFor({ state: 'hidden' });

      // cancel the one that failed, with a reason
      const failed = await openPackage(page, PENDING[1]);
      await failed.getByRole('button', { name: 'Cancel package' }).click();
      const cancel = page.getByRole('dialog', { name: `Cancel ${PENDING[1]}?` });
      await cancel.getByRole('combobox', { name: /Cancellation type/ }).click();
      await page.getByRole('option', { name: 'Student asked' }).click();
      await cancel.getByRole('textbox', { name: /Description/ }).fill('Student already has the printed notes.');
      await shot(page, 'delivery-cancel');
      await cancel.getByRole('button', { name: 'Cancel package' }).click();
      await page.getByText(MESSAGES.orderCancelled).waitFor();
      await failed.getByText('Student already has the printed notes.').waitFor();
      await failed.getByRole('button', { name: 'Close' }).click();
      await waitForCounts(page, {
        ...before,
        Pending: before.Pending! - 3,
        Processed: before.Processed! + 2,
        Cancelled: before.Cancelled! + 1,
      });
      await row(page, PENDING[1]).waitFor({ state: 'detached' });

      expect(errors.filter((error) => !/status of 40\d/.test(error))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the delivery screen at 390 px', async () => {
    const { context, page } = await newPage(browser, PHONE);
    try {
      await signInAs(page, FINANCE);
      // every processed package on one page: the journeys before this one process more of them
      await page.goto(`${LIST}&tab=processed`);
      await row(page, PROCESSED).waitFor();
      await shot(page, 'delivery-processed', { fullPage: true });
      const scrollsSideways = await page.evaluate(
        () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
      );
      expect(scrollsSideways).toBe(false);
      await openPackage(page, PROCESSED);
      await shot(page, 'delivery-drawer-processed');
    } finally {
      await context.close();
    }
  });
});
