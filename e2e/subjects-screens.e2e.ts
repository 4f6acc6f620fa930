import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, launchBrowser, loaded, newPage, shot as checkAndShoot, signInAs } from './browser';

/**
 * Screenshots of every subject screen at desktop and phone widths, into .screenshots/ (gitignored),
 * to look at; each screen is also checked for accessibility (shot), console errors and sideways page scroll.
 */
const ADMIN = '9000000002';
const DEVELOPER = '9000000003';
const UPLOADER = '9000000004';

async function shot(page: Page, name: string, fullPage = true) {
  await loaded(page);
  await checkAndShoot(page, name, { fullPage });
}

/** The page itself never scrolls sideways (tables scroll inside their own box). */
async function expectNoPageScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(1);
}

describe('subject screens at desktop and phone widths', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`content admin screens (${size})`, async () => {
      const { context, page, errors } = await newPage(browser, viewport);
      try {
        await signInAs(page, ADMIN);
        await page.goto('/subject-management?group=IN_PROGRESS');
        await page.getByRole('heading', { level: 1, name: 'Subject Management' }).waitFor();
        await page
          .getByRole('button', { name: 'Open Organic Chemistry' })
          .or(page.getByRole('link', { name: 'Open Organic Chemistry' }))
          .first()
          .waitFor();
        await expectNoPageScroll(page);
        await shot(page, 'subject-management');

        await page.getByRole('button', { name: 'Create Subject' }).click();
        await page.getByRole('dialog', { name: 'Create Subject' }).waitFor();
        await shot(page, 'subject-create-drawer', false);
        await page.getByRole('dialog', { name: 'Create Subject' }).getByRole('button', { name: 'Close' }).click();

        await page.goto('/subject-management/subject-details?subjectId=subj-organic-chemistry');
        await page.getByRole('heading', { level: 1, name: 'Subject Management - Subject Details' }).waitFor();
        await page.getByRole('heading', { name: 'Units' }).waitFor();
        await expectNoPageScroll(page);
        await shot(page, 'subject-details');

        await page.getByRole('button', { name: 'Assign people' }).click();
        await page.getByRole('dialog', { name: 'Assign people' }).waitFor();
        await shot(page, 'subject-assignees-drawer', false);
        await page.getByRole('button', { name: 'Done' }).click();

        await page.goto('/subject-management/subject-details?subjectId=subj-indian-economy');
        await page.getByTestId('review-reason').waitFor();
        await shot(page, 'subject-details-reverted');

        await page.goto('/subject-review');
        await page.getByRole('heading', { level: 1, name: 'Subject Review' }).waitFor();
        await page.getByRole('heading', { name: 'Finished' }).waitFor();
        await loaded(page);
        await expectNoPageScroll(page);
        await shot(page, 'subject-review');
        await page
          .getByRole('button', { name: /^Revert or decline / })
          .first()
          .click();
        await page.getByRole('dialog').waitFor();
        await shot(page, 'subject-review-revert-dialog', false);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });

    it(`content developer and uploader screens (${size})`, async () => {
      const { context, page, errors } = await newPage(browser, viewport);
      try {
        await signInAs(page, DEVELOPER);
        await page.goto(
          '/subject-management/subject-details/topics?subjectId=subj-organic-chemistry&unitId=subj-organic-chemistry-u1',
        );
        await page.getByRole('heading', { level: 1, name: 'Subject Management - Topics' }).waitFor();
        await page.getByRole('heading', { name: 'Topics', exact: true }).waitFor();
        await expectNoPageScroll(page);
        await shot(page, 'subject-topics');

        await page.getByRole('button', { name: 'Attach video' }).first().click();
        await page.getByRole('dialog', { name: 'Attach video' }).waitFor();
        await page.getByText('TRANSCODING IN PROGRESS').first().waitFor();
        await shot(page, 'subject-attach-drawer', false);
        await page.keyboard.press('Escape');

        await page.goto('/subject-management/subject-details?subjectId=subj-indian-polity');
        await page.getByTestId('edit-notice').waitFor();
        await shot(page, 'subject-details-locked');
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
      const uploader = await newPage(browser, viewport);
      try {
        await signInAs(uploader.page, UPLOADER);
        await uploader.page.goto('/subject-management/subject-details?subjectId=subj-organic-chemistry');
        await uploader.page.getByTestId('edit-notice').waitFor();
        await shot(uploader.page, 'subject-details-uploader');
        expect(uploader.errors).toEqual([]);
      } finally {
        await uploader.context.close();
      }
    });
  }
});
