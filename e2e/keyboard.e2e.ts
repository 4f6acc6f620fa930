import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, checkScreen, consoleUrl, launchBrowser, newPage, readDemoCode } from './browser';
import { dragByKeys, expectEscapeReturnsFocus, expectFocusTrapped, isFocused, tab, tabTo } from './keyboard';
import { signIn } from './processes';

/**
 * A whole task without a mouse, as a content developer: sign in, open a subject, add units, reorder
 * them, send the subject for review. Every Tab stop must show where the focus is; the dialog and the
 * drawers keep the focus in, close on Escape and give the focus back to what opened them; results are
 * read out through live regions.
 */
const ADMIN = '9000000002';
const DEVELOPER = '9000000003';
const stamp = Date.now();
const SUBJECT = `Acoustics ${stamp}`;

const table = (page: Page, name: string) => page.getByRole('table', { name, exact: true });

/** The unit names, top to bottom (without the counts in brackets after them). */
async function unitOrder(page: Page): Promise<string[]> {
  const names = await table(page, 'Units').locator('tbody tr td:nth-child(2)').allTextContents();
  return names.map((name) => name.replace(/\(.*\)$/, '').trim());
}

/** Signs in with the keyboard only: the number field has focus, Enter requests the code, Enter signs in. */
async function signInByKeyboard(page: Page, mobileNumber: string): Promise<void> {
  await page.goto('/auth/login');
  const number = page.getByLabel('Mobile number');
  await expect.poll(() => isFocused(number)).toBe(true);
  await page.keyboard.type(mobileNumber);
  await page.keyboard.press('Enter');
  const code = await readDemoCode(page);
  await expect.poll(() => isFocused(page.getByLabel('One-time code'))).toBe(true);
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
  await page.waitForURL('**/overview');
  await page.getByTestId('overview-figures').waitFor();
}

/** A subject made by the content admin through the API and assigned to the developer. */
async function subjectFor(developerId: string): Promise<string> {
  const admin = await signIn(consoleUrl(), ADMIN, 'CONTENT_ADMIN');
  const created = await admin.call('POST', '/api/subjects/subject', { subjectName: SUBJECT });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const { subjectId, version } = created.body.data as { subjectId: string; version: number };
  const assigned = await admin.call('PUT', '/api/subjects/subject/assignee', {
    subjectId,
    version,
    userId: developerId,
    role: 'CONTENT_DEVELOPER',
    operation: 'ADD',
  });
  expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
  return subjectId;
}

/** Types a unit name into 'New unit name' (tabbing to it) and presses Enter. */
async function addUnit(page: Page, name: string) {
  const field = page.getByRole('textbox', { name: 'New unit name' });
  if (!(await isFocused(field))) await tabTo(page, field);
  await page.keyboard.type(name);
  await page.keyboard.press('Enter');
  await table(page, 'Units').getByText(name, { exact: true }).waitFor();
}

/** The live region (status or alert) whose text is `text`. */
function liveRegion(page: Page, role: 'status' | 'alert', text: string): Locator {
  return page.getByRole(role).filter({ hasText: text });
}

describe('a whole task from the keyboard', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('a content developer signs in, opens a subject, adds and reorders units and sends it for review', async () => {
    const { context, page, errors } = await newPage(browser, DESKTOP);
    try {
      await signInByKeyboard(page, DEVELOPER);
      const session = await page.evaluate(() => sessionStorage.getItem('lectern.session'));
      const developerId = (JSON.parse(session ?? '{}') as { user?: { userId?: string } }).user?.userId;
      if (!developerId) throw new Error('no signed-in user in the session');
      await subjectFor(developerId);
      await page.reload();
      await page.getByTestId('overview-figures').waitFor();

      // the first Tab stop skips past the top bar and the navigation
      const skip = page.getByRole('link', { name: 'Skip to main content' });
      await tab(page);
      expect(await isFocused(skip)).toBe(true);
      await page.keyboard.press('Enter');
      expect(await isFocused(page.getByRole('main'))).toBe(true);

      // to Subject Management in the navigation, which lies behind the main area
      const navLink = page
        .getByRole('navigation', { name: 'Main navigation' })
        .getByRole('link', { name: 'Subject Management' });
      await tabTo(page, navLink, { back: true });
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { level: 1, name: 'Subject Management' }).waitFor();

      // find the subject with the search box, then open it
      const search = page.getByRole('searchbox').first();
      await tabTo(page, search);
      await page.keyboard.type(SUBJECT);
      await page.keyboard.press('Enter');
      const open = page.getByRole('link', { name: `Open ${SUBJECT}` });
      // once failed under load after 30 s: say what the screen held then
      await open.waitFor().catch(async (error: Error) => {
        const links = await page.getByRole('link', { name: /^Open / }).allTextContents();
        throw new Error(
          `${error.message}\nsearch box: '${await search.inputValue()}'; address: ${page.url()}; open links: ${links.join(', ')}`,
        );
      });
      // the list has narrowed to the subject (the search applied), so it no longer changes under the Tabs
      await expect.poll(() => page.getByRole('link', { name: /^Open / }).count()).toBe(1);
      await tabTo(page, open);
      await page.keyboard.press('Enter');
      await page.getByTestId('subject-name').filter({ hasText: SUBJECT }).waitFor();

      // two units, typed and added with Enter; the result is read out politely
      await addUnit(page, 'Waves');
      await addUnit(page, 'Resonance');
      expect(await unitOrder(page)).toEqual(['Waves', 'Resonance']);
      await checkScreen(page, 'keyboard-subject-details');

      // reorder: the second unit's handle, Space to lift, ArrowUp, Space to drop
      const handle = table(page, 'Units')
        .getByRole('row')
        .filter({ hasText: 'Resonance' })
        .getByRole('button', { name: 'Drag to reorder' });
      await tabTo(page, handle);
      await dragByKeys(page, ['Space', 'ArrowUp', 'Space']);
      await expect.poll(() => unitOrder(page)).toEqual(['Resonance', 'Waves']);

      // the confirmation dialog keeps the focus in, closes on Escape and gives the focus back
      const send = page.getByRole('button', { name: 'Send for review' });
      await tabTo(page, send);
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Send for review?' });
      await dialog.waitFor();
      await expectFocusTrapped(page, dialog);
      await expectEscapeReturnsFocus(page, dialog, send);

      // and this time it is sent
      await page.keyboard.press('Enter');
      await dialog.waitFor();
      await tabTo(page, dialog.getByRole('button', { name: 'Send for review' }), { max: 10 });
      await page.keyboard.press('Enter');
      await liveRegion(page, 'status', `'${SUBJECT}' was sent for review.`).waitFor();
      await page.getByTestId('edit-notice').waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('drawers keep the focus in, close on Escape and give it back; the phone menu too', async () => {
    const { context, page, errors } = await newPage(browser, DESKTOP);
    try {
      await signInByKeyboard(page, ADMIN);
      await page.goto('/subject-management');
      await page.getByRole('heading', { level: 1, name: 'Subject Management' }).waitFor();

      // a form drawer
      const create = page.getByRole('button', { name: 'Create Subject' });
      await tabTo(page, create);
      await page.keyboard.press('Enter');
      const drawer = page.getByRole('dialog', { name: 'Create Subject' });
      await drawer.waitFor();
      await expectFocusTrapped(page, drawer);
      await expectEscapeReturnsFocus(page, drawer, create);

      // the navigation drawer of a phone
      await page.setViewportSize(PHONE);
      const menu = page.getByRole('button', { name: 'Open menu' });
      await menu.waitFor();
      await tabTo(page, menu, { back: true, max: 20 });
      await page.keyboard.press('Enter');
      const navigation = page.locator('.MuiDrawer-modal');
      await navigation.getByRole('navigation', { name: 'Main navigation' }).waitFor();
      await expectFocusTrapped(page, navigation);
      await expectEscapeReturnsFocus(page, navigation, menu);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});
