/**
 * Student updates (issue 20): a content admin signs in through the screen, opens Student Updates,
 * writes an announcement for one demo batch (the preview shows its title and text), schedules it a few
 * minutes ahead (the table shows it Scheduled, at that time), publishes it now (Published), withdraws it
 * after confirmation (Unpublished); switches tabs by keyboard; an unknown type is the 404 page; the
 * home-page video is changed and the choice survives a reload. The list and the drawer at desktop and
 * phone widths, each screen through the accessibility check.
 */
import { DEMO_STAFF, formatIndiaDateTime, formatIndiaDateWithTime } from '@lectern/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, checkScreen, launchBrowser, newPage, shot, signInAs } from './browser';

const ADMIN = DEMO_STAFF.find((staff) => staff.role === 'CONTENT_ADMIN')!;
// a demo batch (apps/server/src/seed/demo-batches.ts); audiences name batches with their code
const BATCH = /^JEE Advanced 2027 Morning \(JEE27-KOTA-M\)$/;
const TITLE = `Journey timetable ${Date.now().toString(36)}`;
const BODY = 'Morning classes start at 7:30 from Monday.';
const IST = 330 * 60_000;

/** An instant as the India date-time input takes it: '2026-11-27T09:35'. */
const indiaInput = (ms: number) => new Date(ms + IST).toISOString().slice(0, 16);

const table = (page: Page) => page.getByRole('table', { name: 'Announcements' });
const row = (page: Page) => table(page).getByRole('row').filter({ hasText: TITLE });

async function findUpdate(page: Page): Promise<void> {
  await page.getByRole('searchbox', { name: /search/i }).fill(TITLE);
  await row(page).waitFor();
}

describe('student updates', () => {
  let browser: Browser;
  let page: Page;
  let errors: string[];
  beforeAll(async () => {
    browser = await launchBrowser();
    ({ page, errors } = await newPage(browser, DESKTOP));
    await signInAs(page, ADMIN.phone);
  });
  afterAll(async () => browser?.close());

  it('opens at the first type, with its tabs, the table and the home-page video', async () => {
    await page.getByRole('link', { name: 'Student Updates' }).click();
    await page.waitForURL('**/student-updates/announcements');
    await page.getByRole('heading', { level: 1, name: 'Student Updates' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Announcements' }).getAttribute('aria-selected')).toBe('true');
    await page.getByText('News for students: holidays, new courses, changes to the app.').waitFor();
    await page
      .getByRole('region', { name: "Video on the students' home page" })
      .getByTestId('home-video-name')
      .waitFor();
    await table(page).getByRole('row').nth(1).waitFor();
    await shot(page, 'student-updates');
    await page.setViewportSize(PHONE);
    await shot(page, 'student-updates', { fullPage: true });
    // the table scrolls inside its box: the page itself does not scroll sideways
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.setViewportSize(DESKTOP);
  });

  it('writes an update for one batch, previews it and schedules it a few minutes ahead', async () => {
    await page.getByRole('button', { name: 'Write an update' }).first().click();
    const drawer = page.getByRole('dialog', { name: 'Write an update' });
    await drawer.waitFor();
    await drawer.getByRole('textbox', { name: 'Title' }).fill(TITLE);
    await drawer.getByRole('textbox', { name: 'Text' }).click();
    await page.keyboard.type(BODY);
    await drawer.getByRole('radio', { name: 'Batches' }).check();
    await drawer.getByRole('combobox', { name: 'Batches' }).click();
    await page.getByRole('option', { name: BATCH }).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => drawer.getByRole('combobox', { name: 'Batches' }).textContent()).toMatch(BATCH);

    const preview = drawer.getByRole('region', { name: 'As a student sees it' });
    expect(await preview.getByTestId('preview-title').textContent()).toBe(TITLE);
    expect(await preview.getByTestId('preview-body').textContent()).toBe(BODY);
    expect(await preview.textContent()).toContain('Announcements');

    await drawer.getByRole('radio', { name: 'Schedule' }).check();
    const publishAt = Math.ceil((Date.now() + 5 * 60_000) / 60_000) * 60_000;
    await drawer.getByLabel(/^Publish at \(India time\)/).fill(indiaInput(publishAt));
    await expect.poll(() => preview.textContent()).toContain(formatIndiaDateTime(publishAt));
    await shot(page, 'student-updates-drawer');
    await page.setViewportSize(PHONE);
    await shot(page, 'student-updates-drawer');
    // on a phone the preview is below the form
    await preview.scrollIntoViewIfNeeded();
    await shot(page, 'student-updates-drawer-preview');
    await page.setViewportSize(DESKTOP);

    await drawer.getByRole('button', { name: 'Schedule', exact: true }).click();
    await page.getByText(new RegExp(`^'${TITLE}' will be published on `)).waitFor();
    await drawer.waitFor({ state: 'hidden' });
    await findUpdate(page);
    await row(page).getByText('Scheduled', { exact: true }).waitFor();
    await row(page).getByText(formatIndiaDateWithTime(publishAt), { exact: true }).waitFor();
    expect(await row(page).textContent()).toContain('JEE Advanced 2027 Morning (JEE27-KOTA-M)');
  });

  it('publishes it now, then withdraws it after confirmation', async () => {
    await row(page).getByRole('button', { name: TITLE, exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'Edit update' });
    await drawer.waitFor();
    expect(await drawer.getByRole('radio', { name: 'Schedule' }).isChecked()).toBe(true);
    await drawer.getByRole('radio', { name: 'Publish now' }).check();
    await drawer.getByRole('button', { name: 'Publish now', exact: true }).click();
    await page.getByText(`'${TITLE}' was published.`).waitFor();
    await drawer.waitFor({ state: 'hidden' });
    await row(page).getByText('Published', { exact: true }).waitFor();

    await row(page)
      .getByRole('button', { name: `Withdraw ${TITLE}` })
      .click();
    const confirm = page.getByRole('dialog', { name: `Withdraw '${TITLE}'?` });
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain(`Students will no longer see '${TITLE}'.`);
    await checkScreen(page, 'student-updates-withdraw');
    await confirm.getByRole('button', { name: 'Withdraw' }).click();
    await page.getByText(new RegExp(`^'${TITLE}' was withdrawn`)).waitFor();
    await row(page).getByText('Unpublished', { exact: true }).waitFor();
  });

  it('switches tabs by keyboard, and an unknown type is the 404 page', async () => {
    await page.getByRole('tab', { name: 'Announcements' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Exam alerts');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/student-updates/exam-alerts');
    await expect.poll(() => page.getByRole('tab', { name: 'Exam alerts' }).getAttribute('aria-selected')).toBe('true');
    await page.getByText('Exam dates, admit cards, form deadlines and syllabus changes.').waitFor();

    await page.goto('/student-updates/news');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/errors/error-404');
  });

  it("changes the home page's video, and the choice survives a reload", async () => {
    await page.goto('/student-updates/announcements');
    const panel = page.getByRole('region', { name: "Video on the students' home page" });
    const name = panel.getByTestId('home-video-name');
    await name.waitFor();
    const before = (await name.textContent()) ?? '';
    await panel.getByRole('button', { name: /^(Change|Choose video)$/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Choose the home page video' });
    await dialog.waitFor();
    const videos = dialog.getByRole('list', { name: 'Videos' }).getByRole('button');
    await videos.first().waitFor();
    // a video other than the one playing now
    const other = dialog.getByRole('list', { name: 'Videos' }).locator('[aria-pressed="false"]').first();
    const chosen = (await other.locator('.MuiListItemText-primary').textContent()) ?? '';
    expect(chosen).not.toBe(before);
    await other.click();
    await checkScreen(page, 'student-updates-home-video');
    await dialog.getByRole('button', { name: 'Use this video' }).click();
    await page.getByText(`'${chosen}' now plays on the students' home page.`).waitFor();
    await expect.poll(() => name.textContent()).toBe(chosen);

    await page.reload();
    await page
      .getByRole('region', { name: "Video on the students' home page" })
      .getByTestId('home-video-name')
      .waitFor();
    expect(
      await page
        .getByRole('region', { name: "Video on the students' home page" })
        .getByTestId('home-video-name')
        .textContent(),
    ).toBe(chosen);
    // media the headless browser cannot play is no error of the page
    expect(errors.filter((error) => !/Failed to load resource|media/i.test(error))).toEqual([]);
  });
});
