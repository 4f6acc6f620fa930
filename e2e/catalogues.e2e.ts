import { DEMO_STAFF, MESSAGES, fillMessage } from '@lectern/contract';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, launchBrowser, newPage, shot, signInAs } from './browser';
import { MiB, chooseFile, tempDir, uploadRow, waitForStatus, writeVideo } from './upload-helpers';

const CONTENT_ADMIN = DEMO_STAFF.find((staff) => staff.role === 'CONTENT_ADMIN')?.phone ?? '9000000002';
const FINANCE = DEMO_STAFF.find((staff) => staff.role === 'FINANCE')?.phone ?? '9000000005';
const LIST = '/publisher/catalogueManager/catalogueList';
/** A published subject of the demo data. */
const PUBLISHED_SUBJECT = 'Quantitative Aptitude';

const stamp = Date.now().toString(36).toUpperCase();
const NAME = `Banking Aptitude ${stamp}`;
const CODE = `BANK-APT-${stamp}`;

async function openList(page: Page): Promise<Locator> {
  await page.goto(LIST);
  await page.getByRole('heading', { level: 1, name: 'Publisher - Catalogue Manager' }).waitFor();
  const table = page.getByRole('table', { name: 'Catalogues' });
  await table.locator('tbody tr').first().waitFor();
  return table;
}

/** The list narrowed to the journey's catalogue; gives its row. */
async function findRow(page: Page, table: Locator): Promise<Locator> {
  await page.getByRole('searchbox', { name: 'Search Catalogues' }).fill(CODE);
  await page.getByTestId('data-table-count').getByText('1 record found').waitFor();
  return table.getByRole('row').filter({ hasText: CODE });
}

async function step(page: Page, label: string): Promise<void> {
  await page.getByRole('button', { name: 'Next step' }).click();
  await page.getByRole('heading', { level: 2, name: label }).waitFor();
}

/** A generated picture as the picker's drop zone takes it. */
async function picture(page: Page): Promise<Buffer> {
  const png = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 640;
    canvas.height = 360;
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#5850EC';
    g.fillRect(0, 0, 640, 360);
    g.fillStyle = '#ffffff';
    g.font = '48px sans-serif';
    g.fillText('Banking Aptitude', 120, 190);
    return canvas.toDataURL('image/png').split(',')[1]!;
  });
  return Buffer.from(png, 'base64');
}

describe('catalogues', () => {
  let browser: Browser;
  const files = tempDir();
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    files.cleanup();
  });

  it('a content admin creates a catalogue through every step, finds it in the list, archives and unarchives it', async () => {
    const { context, page, errors } = await newPage(browser, DESKTOP);
    try {
      await signInAs(page, CONTENT_ADMIN);
      await openList(page);
      await shot(page, 'catalogue-list');
      await page.getByRole('link', { name: 'Create catalogue' }).click();
      await page.getByRole('heading', { level: 1, name: 'Create catalogue' }).waitFor();

      // Details
      await page.getByRole('textbox', { name: 'Catalogue name' }).fill(NAME);
      await page.getByRole('textbox', { name: 'Catalogue code' }).fill(CODE);
      await page.getByRole('textbox', { name: 'Description' }).fill('Quantitative aptitude for bank examinations.');
      await page.getByRole('textbox', { name: 'Publisher name' }).fill('Lectern Learning');
      await shot(page, 'catalogue-editor-details');

      // Theme: a colour that is not one is named under the step
      await step(page, 'Theme');
      const card = page.getByRole('textbox', { name: 'Card background colour', exact: true });
      await card.fill('cream');
      await page.getByRole('button', { name: 'Next step' }).click();
      await page.getByRole('alert').getByText('Card background colour must be a colour like #5850EC.').waitFor();
      await card.fill('#fef3c7');
      await page.getByRole('textbox', { name: 'Catalogue code font colour', exact: true }).fill('#92400e');
      await shot(page, 'catalogue-editor-theme');

      // Images: one uploaded through the picker, cropped first
      await step(page, 'Images');
      await page.getByRole('button', { name: 'Add image' }).click();
      const picker = page.getByRole('dialog', { name: 'Catalogue Images' });
      await picker.getByRole('heading', { name: 'Upload Files' }).waitFor();
      await picker.getByTestId('file-drop-zone-input').setInputFiles({
        name: `Banner ${stamp}.png`,
        mimeType: 'image/png',
        buffer: await picture(page),
      });
      const crop = page.getByRole('dialog', { name: 'Crop Image' });
      await crop.getByRole('img', { name: 'Image to crop' }).waitFor();
      await crop.getByRole('button', { name: 'Crop and Save' }).click();
      await picker.getByText(/was uploaded and is chosen/).waitFor({ timeout: 30_000 });
      await picker.getByRole('button', { name: 'Add resource' }).click();
      await picker.waitFor({ state: 'hidden' });
      const image = page.getByRole('region', { name: 'Image 1' });
      await image.getByText(new RegExp(`Banner-${stamp}\\.jpg`)).waitFor();
      expect(await image.getByRole('combobox', { name: 'Image type' }).textContent()).toBe('Banner');
      await shot(page, 'catalogue-editor-images');

      // Subjects: published ones only, the totals follow
      await step(page, 'Subjects');
      await page.getByText(PUBLISHED_SUBJECT).click();
      await page.getByTestId('subject-totals').getByText('Subjects: 1').waitFor();
      expect(await page.getByText('Modern Indian History').count()).toBe(0);
      await shot(page, 'catalogue-editor-subjects');

      await step(page, 'Resources');
      await step(page, 'Instructors');
      await page.getByRole('button', { name: 'Add instructor' }).click();
      await page.getByRole('textbox', { name: 'Instructor name' }).fill('Meera Nair');
      await page.getByRole('textbox', { name: 'Role', exact: true }).fill('Lead faculty');

      // Subscriptions and add-ons: Rs. 4,999 for 12 months, and printed notes
      await step(page, 'Subscriptions and add-ons');
      await page.getByRole('button', { name: 'Add subscription' }).click();
      const subscription = page.getByRole('region', { name: 'Subscription 1' });
      await subscription.getByRole('textbox', { name: 'Subscription label' }).fill('One year');
      await subscription.getByRole('textbox', { name: 'Number of months' }).fill('12');
      await subscription.getByRole('textbox', { name: 'Price', exact: true }).fill('4,999');
      await subscription.getByText('Reads as Rs. 4,999').waitFor();
      await page.getByRole('button', { name: 'Add add-on' }).click();
      const addOn = page.getByRole('region', { name: 'Add-on 1' });
      await addOn.getByRole('textbox', { name: 'Add-on name' }).fill('Printed notes');
      await addOn.getByRole('textbox', { name: 'Add-on price' }).fill('1,500');
      await shot(page, 'catalogue-editor-prices');

      // Preview videos wait for the catalogue to exist
      await step(page, 'Preview videos');
      await page.getByText('Save the catalogue first').waitFor();
      await page.getByRole('button', { name: 'Create catalogue' }).first().click();
      await page.getByText(fillMessage(MESSAGES.catalogueCreated, { catalogueName: NAME })).waitFor();
      await page.waitForURL(/catalogueId=/);
      await page.getByRole('heading', { level: 1, name: NAME }).waitFor();
      await page.getByText('Drag and drop a video here').waitFor();

      // a preview video uploaded to the catalogue's own folder shows in its list once registered
      const previewName = `preview-${stamp}.mp4`;
      await chooseFile(page, writeVideo(files.dir, previewName, 2 * MiB));
      await waitForStatus(uploadRow(page, previewName), 'uploadedToDb', 60_000);
      await page.getByRole('checkbox', { name: new RegExp(previewName.replace('.', '\\.')) }).waitFor();
      await shot(page, 'catalogue-editor-preview-videos');

      // the list shows it, with its lowest price and store status
      const table = await openList(page);
      const row = await findRow(page, table);
      expect(await row.getByText('Rs. 4,999').isVisible()).toBe(true);
      expect(await row.getByText('Not Listed').isVisible()).toBe(true);
      await shot(page, 'catalogue-list-found');

      // archive after confirming: it leaves the active list
      await row.getByRole('button', { name: `Archive ${NAME}` }).click();
      const archive = page.getByRole('dialog', { name: `Archive '${NAME}'?` });
      await archive.getByText('You can unarchive it at any time.', { exact: false }).waitFor();
      await shot(page, 'catalogue-list-archive-dialog');
      await archive.getByRole('button', { name: 'Archive' }).click();
      await page.getByText(fillMessage(MESSAGES.catalogueArchived, { catalogueName: NAME })).waitFor();
      await page.getByTestId('data-table-count').getByText('0 records found').waitFor();

      // the archived view has it, and unarchives it
      await page.getByRole('group', { name: 'Show catalogues' }).getByRole('button', { name: 'Archived' }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get('catalogues.show')).toBe('archived');
      const archivedRow = await findRow(page, table);
      await archivedRow.getByRole('button', { name: `Unarchive ${NAME}` }).click();
      await page
        .getByRole('dialog', { name: `Unarchive '${NAME}'?` })
        .getByRole('button', { name: 'Unarchive' })
        .click();
      await page.getByText(fillMessage(MESSAGES.catalogueUnarchived, { catalogueName: NAME })).waitFor();
      await page.getByRole('group', { name: 'Show catalogues' }).getByRole('button', { name: 'Active' }).click();
      await (await findRow(page, table)).getByRole('button', { name: `Archive ${NAME}` }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);

  it('FINANCE opens the catalogue, changes a price and sees every other field read-only', async () => {
    const { context, page, errors } = await newPage(browser, PHONE);
    try {
      await signInAs(page, FINANCE);
      const table = await openList(page);
      expect(await page.getByRole('link', { name: 'Create catalogue' }).count()).toBe(0);
      const row = await findRow(page, table);
      expect(await row.getByRole('button', { name: `Delete ${NAME}` }).count()).toBe(0);
      await shot(page, 'catalogue-list-finance');
      await row.getByRole('link', { name: `Edit ${NAME}` }).click();

      // FINANCE opens on the prices
      await page.getByRole('heading', { level: 2, name: 'Subscriptions and add-ons' }).waitFor();
      const subscription = page.getByRole('region', { name: 'Subscription 1' });
      const price = subscription.getByRole('textbox', { name: 'Price', exact: true });
      expect(await price.inputValue()).toBe('4,999');
      await price.fill('5,499');
      await subscription.getByText('Reads as Rs. 5,499').waitFor();
      const addOn = page.getByRole('region', { name: 'Add-on 1' });
      expect(await addOn.getByRole('textbox', { name: 'Add-on name' }).getAttribute('readonly')).not.toBeNull();
      expect(await page.getByRole('button', { name: 'Add add-on' }).count()).toBe(0);
      await shot(page, 'catalogue-editor-finance-prices');

      // on a phone the steps fold away behind 'All steps'
      await page.getByRole('button', { name: 'All steps' }).click();
      await page.getByRole('button', { name: /^Details/ }).click();
      await page.getByRole('heading', { level: 2, name: 'Details' }).waitFor();
      for (const name of ['Catalogue name', 'Catalogue code', 'Description', 'Publisher name']) {
        expect(await page.getByRole('textbox', { name, exact: true }).getAttribute('readonly'), name).not.toBeNull();
      }
      expect(await page.getByRole('switch', { name: 'Featured', exact: true }).isDisabled()).toBe(true);
      // the pointer leaves the step buttons: at the desktop width the check also takes, it would hover the side navigation
      await page.mouse.move(1, 1);
      await shot(page, 'catalogue-editor-finance-details');

      await page.getByRole('button', { name: 'Save changes' }).first().click();
      await page.getByText(fillMessage(MESSAGES.catalogueUpdated, { catalogueName: NAME })).waitFor();

      const list = await openList(page);
      expect(await (await findRow(page, list)).getByText('Rs. 5,499').isVisible()).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});
