/**
 * Legal terms as a content admin (issue 16): edit the terms twice (a change, then a minor change),
 * each saved as a new version with a change note; the versions list them with the author; compare
 * the two new versions side by side; a second tab saving from an old version is told of the conflict
 * and keeps its text. Desktop and phone widths.
 */
import { DEMO_STAFF } from '@lectern/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, launchBrowser, newPage, shot, signInAs } from './browser';

const CONTENT_ADMIN = DEMO_STAFF.find((staff) => staff.role === 'CONTENT_ADMIN')!;
const stamp = Date.now().toString(36);

const editor = (page: Page) => page.getByRole('textbox', { name: 'Terms and conditions' });
const versionRows = (page: Page) => page.getByRole('table', { name: 'Versions of the terms' }).locator('tbody tr');

async function openLegal(page: Page): Promise<void> {
  await page.goto('/legal');
  await page.getByRole('heading', { level: 1, name: 'Legal' }).waitFor();
  await editor(page).getByText('Who we are').waitFor();
}

/** Types a new paragraph at the end of the terms, as a person would: click the last line, End, Enter, the keys. */
async function typeAtEnd(page: Page, text: string): Promise<void> {
  await editor(page).locator('p').last().click();
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await page.keyboard.type(text);
}

async function saveWithNote(page: Page, note: string, minor = false): Promise<void> {
  await page.getByRole('textbox', { name: /Change note/ }).fill(note);
  if (minor) await page.getByRole('checkbox', { name: /Minor change/ }).check();
  await page.getByRole('button', { name: 'Save as a new version' }).click();
}

describe('legal terms', () => {
  let browser: Browser;
  let page: Page;
  let startVersion = 0;
  beforeAll(async () => {
    browser = await launchBrowser();
    page = (await newPage(browser, DESKTOP)).page;
    await signInAs(page, CONTENT_ADMIN.phone);
  });
  afterAll(async () => browser?.close());

  it('edits the terms twice; each save is a new version with its note and author', async () => {
    await openLegal(page);
    startVersion = await versionRows(page).count();
    await shot(page, 'legal');

    await typeAtEnd(page, `Holiday list ${stamp}: offices close on Diwali and Pongal.`);
    await saveWithNote(page, `Holiday list ${stamp}`);
    await page.getByText(`The terms were saved as version ${startVersion + 1}.`).waitFor();

    await typeAtEnd(page, 'Support answers within two working days.');
    await saveWithNote(page, `Support hours ${stamp}`, true);
    await page.getByText(`The terms were saved as version ${startVersion + 2}.`).waitFor();

    await page.reload();
    await editor(page).getByText('Support answers within two working days.').waitFor();
    const first = versionRows(page).first();
    await first.getByText(`Support hours ${stamp}`).waitFor();
    expect(await first.textContent()).toContain(`${CONTENT_ADMIN.firstName} ${CONTENT_ADMIN.lastName}`);
    expect(await first.getByText('latest').count()).toBe(1);
    expect(await first.getByText('minor').count()).toBe(1);
    expect(await versionRows(page).count()).toBe(startVersion + 2);
  });

  it('compares the two new versions side by side', async () => {
    const compare = page.getByRole('table', { name: /side by side/ });
    await page.getByRole('combobox', { name: 'Older version' }).click();
    await page.getByRole('option', { name: new RegExp(`^Version ${startVersion + 1} `) }).click();
    await page
      .getByRole('table', { name: `Version ${startVersion + 1} and version ${startVersion + 2} side by side` })
      .waitFor();
    await page
      .getByText(`1 block changed between version ${startVersion + 1} and version ${startVersion + 2}.`)
      .waitFor();
    const added = compare.locator('ins');
    expect(await added.allTextContents()).toEqual(['Support answers within two working days.']);
    // the first edit is its own paragraph after the grievances, untouched by the second
    const rows = compare.getByRole('row');
    expect(await rows.last().textContent()).toContain('Support answers within two working days.');
    expect(await rows.nth(-2).textContent()).toContain(`Holiday list ${stamp}: offices close on Diwali and Pongal.`);
    await shot(page, 'legal-compare', { fullPage: true });
    await page.setViewportSize(PHONE);
    await shot(page, 'legal-compare');
    await page.setViewportSize(DESKTOP);
  });

  it('a second tab saving from an older version is told of the conflict and keeps its text', async () => {
    // the second tab signs in itself: sessions are per tab
    const other = await page.context().newPage();
    await signInAs(other, CONTENT_ADMIN.phone);
    await openLegal(other);
    await typeAtEnd(page, 'First tab line.');
    await saveWithNote(page, `First tab ${stamp}`);
    await page.getByText(`The terms were saved as version ${startVersion + 3}.`).waitFor();

    await typeAtEnd(other, 'Second tab line.');
    await saveWithNote(other, `Second tab ${stamp}`);
    await other.getByText(/Someone else changed this terms while you were working on it/).waitFor();
    expect(await editor(other).textContent()).toContain('Second tab line.');
    await other.getByRole('button', { name: 'Load latest' }).click();
    await editor(other).getByText('First tab line.').waitFor();
    expect(await editor(other).textContent()).not.toContain('Second tab line.');
    await other.close();
  });
});
