import { DEMO_STAFF, MESSAGES, fillMessage } from '@lectern/contract';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, checkScreen, launchBrowser, newPage, shot, signInAs } from './browser';

const FINANCE = DEMO_STAFF.find((staff) => staff.role === 'FINANCE')?.phone ?? '9000000005';
const CONTENT_ADMIN = DEMO_STAFF.find((staff) => staff.role === 'CONTENT_ADMIN')?.phone ?? '9000000002';

// a demo catalogue (apps/server/src/seed/demo-publisher.ts) whose first subscription has two OTS products
const CATALOGUE = { name: 'UPSC Prelims 2026 Foundation', code: 'UPSC-PRE-2026' };
const SUBSCRIPTION = 'Till Prelims 2026';
const NO_PERMISSION = 'You dont have permission to access this page';

async function openCatalogue(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Publisher' }).getByRole('link', { name: 'OTS Manager' }).click();
  await page.getByRole('heading', { level: 1, name: 'Publisher - OTS Manager' }).waitFor();
  await page.getByRole('table', { name: 'Catalogues' }).locator('tbody tr').first().waitFor();
  await page.getByRole('searchbox', { name: 'Search Catalogues' }).fill(CATALOGUE.code);
  await page.getByTestId('data-table-count').getByText('1 record found').waitFor();
  await page.getByRole('link', { name: `Edit OTS of ${CATALOGUE.name}` }).click();
  await page.getByRole('heading', { level: 1, name: 'Publisher - Edit OTS' }).waitFor();
  await page.getByText(`${CATALOGUE.name} (${CATALOGUE.code})`).waitFor();
}

function card(page: Page): Locator {
  return page.locator('.MuiCard-root').filter({ has: page.getByRole('heading', { level: 2, name: SUBSCRIPTION }) });
}

/** Each row as the user reads it: the three fields (a text box's value, or the struck-through text) and the status. */
async function rows(page: Page): Promise<{ fields: string[]; struck: boolean; status: string }[]> {
  return card(page)
    .locator('tbody tr[data-status]')
    .evaluateAll((trs) =>
      trs.map((tr) => {
        const cells = Array.from(tr.querySelectorAll('td')).slice(0, 4);
        const fields = cells.slice(0, 3).map((cell) => cell.querySelector('input')?.value ?? cell.textContent ?? '');
        return {
          fields,
          struck: cells.slice(0, 3).every((cell) => cell.querySelector('del') !== null),
          status: cells[3]?.querySelector('span')?.textContent ?? '',
        };
      }),
    );
}

function field(page: Page, title: string, row: number): Locator {
  return card(page).getByRole('textbox', { name: `${title}, row ${row}` });
}

describe('OTS manager', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it("finance adds, edits, deletes, discards and saves a subscription's one-time-sale products; the saved rows survive a reload", async () => {
    const { context, page, errors } = await newPage(browser, DESKTOP);
    try {
      await signInAs(page, FINANCE);

      // finance has no store manager: the publisher area opens on the catalogue list, under the publisher sections
      await page.getByTestId('nav-/publisher').click();
      await page.waitForURL('**/publisher/catalogueManager/catalogueList');
      const sections = page.getByRole('navigation', { name: 'Publisher' });
      expect(await sections.getByRole('link', { name: 'Catalogue Manager' }).getAttribute('aria-current')).toBe('page');
      expect(await sections.getByRole('link', { name: 'Store Manager' }).getAttribute('aria-disabled')).toBe('true');
      // finance lacks the categories: disabled, with the reason on hover
      const categories = sections.getByRole('link', { name: 'Categories' });
      expect(await categories.getAttribute('aria-disabled')).toBe('true');
      expect(await categories.getAttribute('href')).toBeNull();
      await categories.hover();
      expect(await page.getByRole('tooltip').textContent()).toBe(NO_PERMISSION);
      await checkScreen(page, 'publisher-nav-no-permission');

      await openCatalogue(page);
      expect(await sections.getByRole('link', { name: 'OTS Manager' }).getAttribute('aria-current')).toBe('page');
      await card(page).waitFor();
      await shot(page, 'edit-ots');
      const saved = await rows(page);
      expect(saved.map((row) => row.fields)).toEqual([
        ['UPSC GS Prelims', 'UPSC26-GS', 'UPSC26'],
        ['CSAT Add-on', 'UPSC26-CSAT', 'UPSC26'],
      ]);

      // discard: an edit and a delete go back to the saved copy
      await field(page, 'Product label', 1).fill('Something else');
      await card(page).getByRole('button', { name: 'Delete CSAT Add-on' }).click();
      expect((await rows(page)).map(({ struck, status }) => ({ struck, status }))).toEqual([
        { struck: false, status: 'UPDATED' },
        { struck: true, status: 'DELETED' },
      ]);
      await card(page).getByRole('button', { name: 'Discard' }).click();
      const discard = page.getByRole('dialog', { name: 'Discard changes?' });
      await discard.getByRole('button', { name: 'Discard' }).click();
      await discard.waitFor({ state: 'hidden' });
      expect(await rows(page)).toEqual(saved);

      // leaving with changes asks first
      await field(page, 'Group code', 2).fill('UPSC26-X');
      await sections.getByRole('link', { name: 'Catalogue Manager' }).click();
      const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
      await leave.waitFor();
      await checkScreen(page, 'edit-ots-leave-dialog');
      await leave.getByRole('button', { name: 'Stay' }).click();
      await leave.waitFor({ state: 'hidden' });
      expect(new URL(page.url()).pathname).toBe('/publisher/editOts');

      // edit, add (blank fields refused first) and delete, then save
      const stamp = Date.now().toString(36).toUpperCase();
      await field(page, 'Group code', 2).fill('UPSC26');
      await field(page, 'Product label', 1).fill('UPSC GS Prelims 2026');
      await card(page).getByRole('button', { name: 'Add product' }).click();
      await page.keyboard.type(`Polity notes ${stamp}`);
      await card(page).getByRole('button', { name: 'Save' }).click();
      await card(page).getByText('Package code is required', { exact: true }).waitFor();
      await card(page).getByText('Group code is required', { exact: true }).waitFor();
      await checkScreen(page, 'edit-ots-blank-fields');
      // the focus went to the first field to fix: the rest is typed from the keyboard
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Package code, row 3');
      await page.keyboard.type(`POL-${stamp}`);
      await page.keyboard.press('Tab');
      await page.keyboard.type('UPSC26');
      await card(page).getByRole('button', { name: 'Delete CSAT Add-on' }).click();
      expect(await rows(page)).toEqual([
        { fields: ['UPSC GS Prelims 2026', 'UPSC26-GS', 'UPSC26'], struck: false, status: 'UPDATED' },
        { fields: ['CSAT Add-on', 'UPSC26-CSAT', 'UPSC26'], struck: true, status: 'DELETED' },
        { fields: [`Polity notes ${stamp}`, `POL-${stamp}`, 'UPSC26'], struck: false, status: 'CREATED' },
      ]);
      expect(await card(page).getByText('Deleted when you save').isVisible()).toBe(true);
      await shot(page, 'edit-ots-pending');
      await card(page).getByRole('button', { name: 'Save' }).click();
      await page
        .getByText(fillMessage(MESSAGES.otsSaved, { subscriptionLabel: SUBSCRIPTION }))
        .first()
        .waitFor();

      const afterSave = [
        { fields: ['UPSC GS Prelims 2026', 'UPSC26-GS', 'UPSC26'], struck: false, status: 'UPDATED' },
        { fields: [`Polity notes ${stamp}`, `POL-${stamp}`, 'UPSC26'], struck: false, status: 'CREATED' },
      ];
      await expect.poll(() => rows(page)).toEqual(afterSave);
      await page.reload();
      await card(page).locator('tbody tr[data-status]').first().waitFor();
      expect(await rows(page)).toEqual(afterSave);

      // the catalogue's OTS count follows
      await page.getByRole('link', { name: 'Back' }).click();
      await page.getByRole('searchbox', { name: 'Search Catalogues' }).fill(CATALOGUE.code);
      const row = page.getByRole('row').filter({ hasText: CATALOGUE.code });
      await expect.poll(() => row.locator('td').nth(3).textContent()).toBe('2');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("a save on a stale copy shows the server's message and reloads the latest; on a phone the rows stack", async () => {
    const finance = await newPage(browser, PHONE);
    const admin = await newPage(browser, DESKTOP);
    try {
      await signInAs(finance.page, FINANCE);
      await finance.page.goto('/publisher/otsManager');
      await openCatalogue(finance.page);
      await card(finance.page).locator('tbody tr[data-status]').first().waitFor();
      await shot(finance.page, 'edit-ots-phone');
      const widths = await finance.page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        client: document.documentElement.clientWidth,
      }));
      expect(widths.scroll).toBeLessThanOrEqual(widths.client);

      // someone else saves the same subscription first
      await signInAs(admin.page, CONTENT_ADMIN);
      await admin.page.goto('/publisher/otsManager');
      await openCatalogue(admin.page);
      const label = `Current affairs ${Date.now().toString(36).toUpperCase()}`;
      await card(admin.page).getByRole('button', { name: 'Add product' }).click();
      await admin.page.keyboard.type(label);
      await field(admin.page, 'Package code', (await rows(admin.page)).length).fill('UPSC26-CA');
      await field(admin.page, 'Group code', (await rows(admin.page)).length).fill('UPSC26');
      await card(admin.page).getByRole('button', { name: 'Save' }).click();
      await admin.page
        .getByText(fillMessage(MESSAGES.otsSaved, { subscriptionLabel: SUBSCRIPTION }))
        .first()
        .waitFor();

      // finance's copy is stale now
      await field(finance.page, 'Group code', 1).fill('UPSC26-OLD');
      await card(finance.page).getByRole('button', { name: 'Save' }).click();
      const message = fillMessage(MESSAGES.staleVersion, { entity: 'subscription' });
      const stale = card(finance.page).getByRole('alert').filter({ hasText: message });
      await stale.waitFor();
      await checkScreen(finance.page, 'edit-ots-stale');
      await stale.getByRole('button', { name: 'Load latest' }).click();
      await expect.poll(async () => (await rows(finance.page)).map((row) => row.fields[0])).toContain(label);
      expect((await rows(finance.page)).every((row) => row.fields[2] !== 'UPSC26-OLD')).toBe(true);
      expect(await card(finance.page).getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
      expect(finance.errors.filter((error) => !error.includes('409'))).toEqual([]);
    } finally {
      await finance.context.close();
      await admin.context.close();
    }
  });
});
