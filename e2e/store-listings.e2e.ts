import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, consoleUrl, launchBrowser, newPage, shot, signInAs } from './browser';
import { UPLOADS, generateClip, signIn, waitFor, type ApiClient } from './processes';
import { tempDir } from './upload-helpers';
import { dragByKeys } from './keyboard';

/**
 * Store listings (issue 15) as a content admin builds one: a listing for a demo catalogue that is not
 * listed yet, with two of its transcoded preview videos (and a chosen thumbnail), a testimonial with a
 * cropped photo, two FAQs reordered from the keyboard, a question paper and the SEO fields with their
 * search preview and Course JSON-LD; then the list with its tags, the preview at phone width, and a
 * second tab's save making the first tab's save a clear conflict.
 */
const CONTENT_ADMIN = '9000000002';
// a demo catalogue (apps/server/src/seed/demo-publisher.ts) that is neither listed nor archived
const CATALOGUE = { id: 'cat-bank-po-english', name: 'Bank PO English Mastery', code: 'BANK-PO-ENG' };
const stamp = Date.now().toString(36);
const CODE = `BANK-ENG-${stamp}`.toUpperCase();
const SLUG = `bank-po-english-${stamp}`;
const VIDEOS = [`Reading comprehension ${stamp}.mp4`, `Error spotting ${stamp}.mp4`];
const LISTINGS = '/publisher/storeManager/storelistings';

async function uploadPreview(client: ApiClient, file: string, fileName: string): Promise<string> {
  const data = fs.readFileSync(file);
  const start = await client.call('POST', UPLOADS, {
    target: { type: 'preview-video', catalogueId: CATALOGUE.id },
    fileName,
    size: data.length,
    contentType: 'video/mp4',
  });
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  const upload = start.body.data;
  const put = await fetch(`${client.baseUrl}${upload.url}`, { method: 'PUT', headers: upload.headers, body: data });
  expect(put.status).toBe(200);
  expect((await client.call('POST', `${UPLOADS}/${upload.uploadId}/complete`, {})).status).toBe(200);
  const registered = await client.call('POST', '/api/file-explorer-service/cloud/preview-videos/create', {
    catalogueId: CATALOGUE.id,
    fileList: [
      { file: fileName, size: data.length, awsKey: upload.key, videoDurationInSecond: 2, catalogueId: CATALOGUE.id },
    ],
  });
  expect(registered.status, JSON.stringify(registered.body)).toBe(200);
  return registered.body.data.fileList.find((f: { Name: string }) => f.Name === fileName).videoId;
}

/** A generated picture as the picker's drop zone takes it. */
async function picture(page: Page, text: string): Promise<Buffer> {
  const png = await page.evaluate((label) => {
    const canvas = document.createElement('canvas');
    canvas.width = 480;
    canvas.height = 480;
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#5850EC';
    g.fillRect(0, 0, 480, 480);
    g.fillStyle = '#ffffff';
    g.font = '56px sans-serif';
    g.fillText(label, 60, 250);
    return canvas.toDataURL('image/png').split(',')[1]!;
  }, text);
  return Buffer.from(png, 'base64');
}

/** A one-page PDF, as small as a valid one can be. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** Uploads an image in the open picker, crops it, and adds it. */
async function pickCroppedImage(page: Page, title: string, name: string): Promise<void> {
  const picker = page.getByRole('dialog', { name: title });
  await picker.getByRole('heading', { name: 'Upload Files' }).waitFor();
  await picker
    .getByTestId('file-drop-zone-input')
    .setInputFiles({ name: `${name}.png`, mimeType: 'image/png', buffer: await picture(page, name.slice(0, 8)) });
  const crop = page.getByRole('dialog', { name: 'Crop Image' });
  await crop.getByRole('img', { name: 'Image to crop' }).waitFor();
  await crop.getByRole('button', { name: 'Crop and Save' }).click();
  await picker.getByText(/was uploaded and is chosen/).waitFor({ timeout: 30_000 });
  await picker.getByRole('button', { name: 'Add resource' }).click();
  await picker.waitFor({ state: 'hidden' });
}

async function nextStep(page: Page, label: string): Promise<void> {
  await page.getByRole('button', { name: 'Next step' }).click();
  await page.getByRole('heading', { level: 2, name: label }).waitFor();
}

async function typeRichText(page: Page, label: string, text: string): Promise<void> {
  const box = page.getByRole('textbox', { name: label, exact: true });
  await box.click();
  await page.keyboard.type(text);
}

/** The listing's row in the list, found by its code. */
async function listingRow(page: Page): Promise<Locator> {
  await page.goto(LISTINGS);
  await page.getByRole('heading', { level: 1, name: 'Publisher - Store Listings' }).waitFor();
  const table = page.getByRole('table', { name: 'Store listings' });
  await table.locator('tbody tr').first().waitFor();
  await page.getByRole('searchbox', { name: 'Search Store listings' }).fill(CODE);
  await page.getByTestId('data-table-count').getByText('1 record found').waitFor();
  return table.getByRole('row').filter({ hasText: CODE });
}

const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

describe('store listings', () => {
  let browser: Browser;
  const files = tempDir();
  let storeId = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    const admin = await signIn(consoleUrl(), CONTENT_ADMIN, 'CONTENT_ADMIN');
    const clip = generateClip(path.join(files.dir, 'clip.mp4'), { seconds: 2, width: 320, height: 180 });
    const ids = [await uploadPreview(admin, clip, VIDEOS[0]!), await uploadPreview(admin, clip, VIDEOS[1]!)];
    // both transcoded, with their generated thumbnails
    await waitFor(
      'the preview videos to be transcoded',
      async () => {
        const urls = await Promise.all(
          ids.map(
            async (id) => (await admin.call('GET', `/api/file-explorer-service/cloud/videos/${id}/url`)).body.data,
          ),
        );
        return urls.every(
          (u: { hlsUrl: string | null; thumbnailUrls: string[] }) => u.hlsUrl && u.thumbnailUrls.length > 0,
        );
      },
      150_000,
      500,
    );
  }, 200_000);

  afterAll(async () => {
    await browser?.close();
    files.cleanup();
  });

  it('a content admin creates a listing through every step and finds it in the list with its tags', async () => {
    const { context, page, errors } = await newPage(browser, DESKTOP);
    try {
      await signInAs(page, CONTENT_ADMIN);
      await page.goto(LISTINGS);
      await page.getByRole('heading', { level: 1, name: 'Publisher - Store Listings' }).waitFor();
      await page
        .getByTestId('data-table-count')
        .getByText(/records? found/)
        .waitFor();
      await shot(page, 'store-listings');
      await page.getByRole('link', { name: 'Create store listing' }).click();
      await page.getByRole('heading', { level: 1, name: 'Create store listing' }).waitFor();

      // Basics: the catalogue, a code, a category, published; bad input first
      await page.getByRole('button', { name: 'Create listing' }).first().click();
      await page.getByText('Choose the catalogue to list.').first().waitFor();
      await page.getByRole('combobox', { name: 'Catalogue' }).click();
      await page.getByRole('option', { name: new RegExp(CATALOGUE.name) }).click();
      await page.getByRole('textbox', { name: 'Store listing code' }).fill('BANK ENG');
      await page.getByText('Store listing code may hold only letters, digits and hyphens.').first().waitFor();
      await page.getByRole('textbox', { name: 'Store listing code' }).fill(CODE);
      await page.getByRole('combobox', { name: 'Category', exact: true }).click();
      await page.getByRole('option', { name: 'Management' }).click();
      await page.getByLabel('Published in the store').check();
      await typeRichText(
        page,
        'Description',
        'Reading comprehension, grammar and descriptive writing for IBPS and SBI PO.',
      );
      await shot(page, 'store-listing-editor-basics');

      // Content
      await nextStep(page, 'Content');
      await page.getByRole('textbox', { name: 'Target year' }).fill('2026');
      await page.getByRole('textbox', { name: 'Programs' }).fill('IBPS PO, SBI PO');
      await typeRichText(page, 'Exam syllabus', 'Reading comprehension, cloze test, error spotting, para jumbles.');

      // Media: the store icon (cropped), both preview videos, the second thumbnail of the first
      await nextStep(page, 'Media');
      await page.getByRole('button', { name: 'Choose icon' }).click();
      await pickCroppedImage(page, 'Store icon', `icon-${stamp}`);
      await page.getByRole('img', { name: 'Store icon' }).waitFor();
      // the first ticked here with its second thumbnail; the second added through Browse Demo Videos with its third
      await page.getByRole('checkbox', { name: new RegExp(VIDEOS[0]!.replace('.mp4', '')) }).check();
      const thumbnails = page.getByRole('radiogroup', { name: `Thumbnail of ${VIDEOS[0]}` });
      await thumbnails.getByRole('radio', { name: 'Thumbnail 2' }).check();
      await thumbnails.locator('img').nth(1).waitFor();
      await page.getByRole('button', { name: 'Browse Demo Videos' }).click();
      const drawer = page.getByRole('dialog', { name: 'Browse Demo Videos' });
      await drawer
        .getByRole('listbox', { name: 'Folders' })
        .getByRole('option', { name: new RegExp(CATALOGUE.name) })
        .click();
      await drawer.getByRole('button', { name: 'Next step' }).click();
      await drawer
        .getByRole('listbox', { name: 'Video files' })
        .getByRole('option', { name: new RegExp(VIDEOS[1]!) })
        .click();
      await drawer.getByRole('button', { name: 'Next step' }).click();
      await drawer.getByRole('listbox', { name: 'Thumbnails' }).getByRole('option').nth(2).click();
      await drawer.getByRole('button', { name: 'Add video' }).click();
      await drawer.waitFor({ state: 'hidden' });
      expect(
        await page
          .getByRole('radiogroup', { name: `Thumbnail of ${VIDEOS[1]}` })
          .getByRole('radio', { name: 'Thumbnail 3' })
          .isChecked(),
      ).toBe(true);
      await page.getByRole('textbox', { name: 'Tag', exact: true }).first().fill('Reading');
      await shot(page, 'store-listing-editor-media');

      // Testimonials and FAQs
      await nextStep(page, 'Testimonials and FAQs');
      await page.getByRole('button', { name: 'Add testimonial' }).click();
      await page.getByRole('textbox', { name: 'First name' }).fill('Priya');
      await page.getByRole('textbox', { name: 'Last name' }).fill('Iyer');
      await page.getByRole('textbox', { name: 'Title', exact: true }).fill('SBI PO 2025, selected');
      await page.getByRole('textbox', { name: 'What they say' }).fill('The daily reading drills doubled my RC speed.');
      await page.getByRole('button', { name: 'Choose photo' }).click();
      await pickCroppedImage(page, 'Testimonial image', `priya-${stamp}`);
      await page.getByRole('img', { name: /Photo of Testimonial 1: Priya Iyer/ }).waitFor();
      for (const [question, answer] of [
        ['Is there a free trial?', 'Yes: seven days, no card needed.'],
        ['Are the classes recorded?', 'Every live class is recorded the same day.'],
      ] as const) {
        await page.getByRole('button', { name: 'Add FAQ' }).click();
        await page.getByRole('textbox', { name: 'Question' }).last().fill(question);
        await typeRichText(page, `Answer to FAQ ${question.startsWith('Is') ? 1 : 2}`, answer);
      }
      // FAQ 2 moves up, from the keyboard: lift the handle with Space, arrow up, drop with Space
      await page.getByRole('button', { name: 'Reorder FAQ 2: Are the classes recorded?' }).focus();
      await dragByKeys(page, ['Space', 'ArrowUp', 'Space']);
      await page.getByRole('listitem', { name: 'FAQ 1: Are the classes recorded?' }).waitFor();
      await shot(page, 'store-listing-editor-faqs');

      // Question papers
      await nextStep(page, 'Question papers');
      await page.getByRole('button', { name: 'Add question paper' }).click();
      const papers = page.getByRole('dialog', { name: 'Question papers' });
      await papers.getByRole('heading', { name: 'Upload Files' }).waitFor();
      await papers
        .getByTestId('file-drop-zone-input')
        .setInputFiles({ name: `SBI PO 2025 ${stamp}.pdf`, mimeType: 'application/pdf', buffer: PDF });
      await papers.getByText(/was uploaded and is chosen/).waitFor({ timeout: 30_000 });
      await papers.getByRole('button', { name: 'Add resource' }).click();
      await papers.waitFor({ state: 'hidden' });
      await page.getByRole('region', { name: 'Question paper 1' }).waitFor();

      // Plans: the catalogue's subscription, featured on the home page
      await nextStep(page, 'Plans');
      await page.getByRole('checkbox', { name: /6 months/ }).check();
      await page.getByLabel('Featured on homepage').check();

      // SEO, with its live search result and JSON-LD
      await nextStep(page, 'SEO');
      await page.getByRole('textbox', { name: 'SEO title' }).fill('Bank PO English online course');
      await page
        .getByRole('textbox', { name: 'SEO description' })
        .fill('Reading, grammar and writing for IBPS and SBI PO.');
      await page.getByRole('textbox', { name: 'Keywords' }).fill('bank po, english');
      await page.getByRole('textbox', { name: 'Slug' }).fill(SLUG);
      await page.getByTestId('search-preview').getByText('Bank PO English online course').waitFor();
      const jsonLd = JSON.parse((await page.getByTestId('json-ld').textContent()) ?? '{}');
      expect(jsonLd['@type']).toBe('Course');
      expect(jsonLd.hasCourseInstance[0].courseMode).toBe('Online');
      expect(jsonLd.offers).toEqual([expect.objectContaining({ price: '2999.00', priceCurrency: 'INR' })]);
      await shot(page, 'store-listing-editor-seo');

      await page.getByRole('button', { name: 'Create listing' }).first().click();
      await page.waitForURL(/storeId=/);
      storeId = new URL(page.url()).searchParams.get('storeId') ?? '';
      expect(storeId).not.toBe('');
      await page.getByRole('heading', { level: 1, name: /Bank PO English Mastery/ }).waitFor();
      // the meter: everything but recommendations
      await page.getByTestId('completeness-meter').getByText('83%').waitFor();

      const row = await listingRow(page);
      for (const tag of ['Published', 'Listed', 'Featured']) await row.getByText(tag, { exact: true }).waitFor();
      await shot(page, 'store-listings-found');
      // the details list: what it holds, and what it lacks
      await page.getByRole('link', { name: 'Store details list' }).click();
      await page.getByRole('heading', { level: 1, name: 'Publisher - Store Details List' }).waitFor();
      await page.getByRole('searchbox', { name: 'Search Store details' }).fill(CODE);
      const details = page.getByRole('table', { name: 'Store details' }).getByRole('row').filter({ hasText: CODE });
      await details.getByText('83%').waitFor();
      await shot(page, 'store-details-list');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('previews the listing at phone width, without sideways scrolling', async () => {
    expect(storeId).not.toBe('');
    const { context, page, errors } = await newPage(browser, PHONE);
    try {
      await signInAs(page, CONTENT_ADMIN);
      // the list and the editor at 390 px, then the preview
      await page.goto(LISTINGS);
      await page
        .getByTestId('data-table-count')
        .getByText(/records? found/)
        .waitFor();
      await shot(page, 'store-listings');
      await page.goto(`/publisher/storeManager/store?storeId=${storeId}`);
      await page.getByText('Step 1 of 8: Basics').waitFor();
      expect(await sideways(page)).toBe(false);
      await shot(page, 'store-listing-editor-basics');
      await page.getByRole('button', { name: 'Preview' }).click();
      await page.getByRole('button', { name: 'Phone' }).click();
      const preview = page.getByTestId('listing-preview');
      await preview.waitFor();
      expect(await preview.getAttribute('data-width')).toBe('phone');
      await preview.getByText('Rs. 2,999').waitFor();
      // the FAQs in their new order, the two preview videos, the question paper
      expect(await preview.getByRole('heading', { level: 3 }).allTextContents()).toContain(
        'Frequently asked questions',
      );
      const questions = await preview.locator('.MuiAccordionSummary-content').allTextContents();
      expect(questions).toEqual(['Are the classes recorded?', 'Is there a free trial?']);
      await preview.getByRole('link', { name: /^SBI/ }).waitFor();
      expect(await sideways(page)).toBe(false);
      // an amount never breaks after 'Rs.', however narrow its card: each price is one line box
      const priceLines = await preview.getByTestId('plan-price').evaluateAll((prices) =>
        prices.map((price) => {
          const card = price.closest<HTMLElement>('.MuiPaper-root')!;
          const width = card.style.width;
          card.style.width = '90px';
          const lines = price.getClientRects().length;
          card.style.width = width;
          return `${price.textContent}: ${lines}`;
        }),
      );
      expect(priceLines.length).toBeGreaterThan(0);
      expect(priceLines.filter((line) => !line.endsWith(': 1'))).toEqual([]);
      await shot(page, 'store-listing-preview', { fullPage: true });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a save from a second tab makes the first tab’s save a clear conflict, and Load latest recovers', async () => {
    expect(storeId).not.toBe('');
    const { context, page, errors } = await newPage(browser, DESKTOP);
    try {
      await signInAs(page, CONTENT_ADMIN);
      const editor = `/publisher/storeManager/store?storeId=${storeId}`;
      await page.goto(editor);
      await page.getByRole('heading', { level: 1, name: /Bank PO English Mastery/ }).waitFor();

      // the second tab (its own session: sessions are per tab) saves first
      const second = await context.newPage();
      await signInAs(second, CONTENT_ADMIN);
      await second.goto(editor);
      await second.getByRole('button', { name: /^SEO/ }).click();
      await second.getByRole('textbox', { name: 'SEO title' }).fill('Bank PO English: the complete course');
      await second.getByRole('button', { name: 'Save changes' }).first().click();
      await waitFor('the second tab to save', async () =>
        second.getByRole('button', { name: 'Save changes' }).first().isDisabled(),
      );
      await second.close();

      await page.getByRole('button', { name: /^Content/ }).click();
      await page.getByRole('textbox', { name: 'Target year' }).fill('2027');
      await page.getByRole('button', { name: 'Save changes' }).first().click();
      const alert = page.getByTestId('save-error');
      await alert.waitFor();
      expect(await alert.textContent()).toMatch(/changed|version/i);
      // nothing typed is lost
      expect(await page.getByRole('textbox', { name: 'Target year' }).inputValue()).toBe('2027');
      await shot(page, 'store-listing-conflict');
      await alert.getByRole('button', { name: 'Load latest' }).click();
      await alert.waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: /^SEO/ }).click();
      expect(await page.getByRole('textbox', { name: 'SEO title' }).inputValue()).toBe(
        'Bank PO English: the complete course',
      );
      // the refused save logs its 409 in the console; nothing else may
      expect(errors.filter((error) => !error.includes('409'))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
