import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, checkScreen, launchBrowser, newPage, shot, signInAs } from './browser';
import { settle } from './accessibility';
import { MiB, SUBJECT, UPLOADER, chooseFile, tempDir, uploadRow, waitForStatus, writeVideo } from './upload-helpers';

/**
 * The file explorer as the demo content uploader: Subjects -> Units -> Topics -> files with a
 * breadcrumb kept in the URL; upload into a topic, see the file with its badge, filter, preview,
 * copy, move and delete (each confirmed). Then the resource picker in the gallery as a content admin.
 * Screenshots at desktop and phone widths go to .screenshots/ (gitignored); every screen is checked (shot).
 */
const ADMIN = '9000000002';
const stamp = Date.now();
const NAME = `explorer-${stamp}.mp4`;

const table = (page: Page) => page.getByRole('table');
const fileRow = (page: Page, name: string): Locator => table(page).getByRole('row').filter({ hasText: name });

async function open(page: Page, name: string) {
  await page.getByRole('link', { name: `Open ${name}` }).click();
}

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('the file explorer', () => {
  let browser: Browser;
  const files = tempDir();
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    files.cleanup();
  });

  it('navigates subject -> unit -> topic, uploads into it, and copies, moves and deletes a file', async () => {
    const { context, page, errors } = await newPage(browser);
    try {
      await signInAs(page, UPLOADER);
      await page.goto('/file-explorer');
      await page.getByRole('heading', { level: 1, name: 'File Explorer' }).waitFor();
      await page.getByRole('table', { name: 'Subjects' }).waitFor();
      // the uploader sees only the subjects assigned to them
      expect(await page.getByRole('link', { name: 'Open Physical Geography' }).count()).toBe(0);
      const subjectRow = page.getByRole('row').filter({ hasText: SUBJECT.id });
      expect(await subjectRow.textContent()).toContain('3 units');
      await shot(page, 'file-explorer-subjects');

      await open(page, SUBJECT.name);
      await page.getByRole('table', { name: `Units of ${SUBJECT.name}` }).waitFor();
      await checkScreen(page, 'file-explorer-units');
      await open(page, 'Hydrocarbons');
      await page.getByRole('table', { name: 'Topics of Hydrocarbons' }).waitFor();
      await page
        .getByRole('row')
        .filter({ hasText: 'Alkenes' })
        .getByText(/\d+ files?/)
        .waitFor();
      await checkScreen(page, 'file-explorer-topics');
      await open(page, 'Alkenes');
      await page.getByRole('heading', { name: 'Upload videos to Alkenes' }).waitFor();
      const url = new URL(page.url());
      expect(Object.fromEntries(url.searchParams)).toMatchObject({
        viewType: 'Files',
        subjectId: SUBJECT.id,
        subjectName: SUBJECT.name,
        unitName: 'Hydrocarbons',
        topicName: 'Alkenes',
      });
      const crumbs = page.getByRole('navigation', { name: 'File explorer location' });
      expect((await crumbs.textContent())?.replace(/\s+/g, ' ')).toContain(
        'Subjects/Organic Chemistry/Hydrocarbons/Alkenes',
      );

      // a seeded, transcoded video of the topic
      await fileRow(page, 'ozonolysis.mp4').getByText('Transcoded').waitFor();

      // upload into the open topic
      await chooseFile(page, writeVideo(files.dir, NAME, 12 * MiB));
      await waitForStatus(uploadRow(page, NAME), 'uploadedToDb', 60_000);
      const row = fileRow(page, NAME);
      await row.waitFor();
      const cells = await row.getByRole('cell').allTextContents();
      expect(cells.join('|')).toContain('subjects/subj-organic-chemistry/');
      expect(cells.join('|')).toContain('12 MB');
      expect(cells.join('|')).toContain('Sneha Kulkarni');
      // registration submits its transcode (this filler file is no video: it soon ends in ERROR)
      await row
        .locator('[data-status="SUBMITTED"], [data-status="PROGRESSING"], [data-status="ERROR"]')
        .first()
        .waitFor();
      await shot(page, 'file-explorer-files');

      // 'Refresh Table' and the filter by status
      await page.getByRole('button', { name: 'Refresh Table' }).click();
      await page.getByRole('button', { name: /Filter/ }).click();
      await page.getByRole('menuitemradio', { name: 'Transcoded' }).waitFor();
      await checkScreen(page, 'file-explorer-filter-menu');
      await page.getByRole('menuitemradio', { name: 'Transcoded' }).click();
      await page.keyboard.press('Escape');
      await expect.poll(() => fileRow(page, NAME).count()).toBe(0);
      expect(await fileRow(page, 'ozonolysis.mp4').count()).toBe(1);
      await page.getByRole('button', { name: /Filter/ }).click();
      await page.getByRole('menuitemradio', { name: 'Transcoded' }).click();
      await page.keyboard.press('Escape');
      await fileRow(page, NAME).waitFor();

      // the preview plays the stored file through a signed address
      await row.getByRole('button', { name: `Play ${NAME}` }).click();
      const preview = page.getByRole('dialog', { name: NAME });
      const video = preview.locator('video');
      await video.waitFor();
      const src = (await video.getAttribute('src')) ?? '';
      expect(src).toMatch(/\/files\/object\?token=/);
      const read = await page.request.get(src, { headers: { range: 'bytes=0-15' } });
      expect(read.status()).toBe(206);
      expect((await read.body()).subarray(4, 8).toString()).toBe('ftyp');
      await shot(page, 'file-explorer-preview');
      await page.keyboard.press('Escape');
      await preview.waitFor({ state: 'detached' });

      // copy to another topic (chosen in a dialog that says what will happen)
      await row.getByRole('checkbox').check();
      await page.getByRole('button', { name: 'Copy', exact: true }).click();
      const copy = page.getByRole('dialog', { name: 'Copy 1 video' });
      await choose(page, 'Unit', 'Reaction Mechanisms');
      await choose(page, 'Topic', 'Elimination');
      await copy
        .getByText('1 video will be copied to Organic Chemistry › Reaction Mechanisms › Elimination.')
        .waitFor();
      await checkScreen(page, 'file-explorer-copy-dialog');
      await copy.getByRole('button', { name: 'Copy', exact: true }).click();
      await copy.waitFor({ state: 'detached' });
      await page.getByText('1 video copied.').waitFor();

      // move the original to Benzene
      await row.getByRole('checkbox').check();
      await page.getByRole('button', { name: 'Move', exact: true }).click();
      const move = page.getByRole('dialog', { name: 'Move 1 video' });
      await choose(page, 'Unit', 'Aromatic Compounds');
      await choose(page, 'Topic', 'Benzene');
      await move.getByRole('button', { name: 'Move', exact: true }).click();
      await move.waitFor({ state: 'detached' });
      await page.getByText('1 video moved.').waitFor();
      await expect.poll(() => fileRow(page, NAME).count()).toBe(0);

      // the copy is in Elimination; delete it there, confirmed
      await crumbs.getByRole('link', { name: SUBJECT.name }).click();
      await open(page, 'Reaction Mechanisms');
      await open(page, 'Elimination');
      const copied = fileRow(page, NAME);
      await copied.waitFor();
      await copied.getByRole('checkbox').check();
      await page.getByRole('button', { name: 'Delete', exact: true }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete this video?' });
      await confirm.getByText(`'${NAME}' will be deleted from storage`).waitFor();
      await checkScreen(page, 'file-explorer-delete-dialog');
      await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
      await page.getByText('1 video deleted.').waitFor();
      await expect.poll(() => fileRow(page, NAME).count()).toBe(0);

      // the moved one is in Benzene
      await crumbs.getByRole('link', { name: SUBJECT.name }).click();
      await open(page, 'Aromatic Compounds');
      await open(page, 'Benzene');
      await fileRow(page, NAME).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('takes screenshots of the explorer and the upload panel at desktop and phone widths', async () => {
    for (const [name, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      const { context, page, errors } = await newPage(browser, viewport);
      let hold = false;
      let release = (): void => undefined;
      const released = new Promise<void>((resolve) => (release = resolve));
      try {
        await signInAs(page, UPLOADER);
        await page.goto(
          `/file-explorer?viewType=Files&subjectId=${SUBJECT.id}&subjectName=Organic+Chemistry&unitId=${SUBJECT.id}-u1&unitName=Hydrocarbons&topicId=${SUBJECT.id}-u1-t1&topicName=Alkanes`,
        );
        await page.getByRole('table').getByText('nomenclature-of-alkanes.mp4', { exact: true }).waitFor();
        await shot(page, 'file-explorer-topic');
        // a queue with a finished file, one uploading slowly and one refused by the server
        // parts go slowly; once the short file is in and the long one has moved, its later parts wait until the end,
        // so it is still uploading when Clear All is pressed however fast this machine is
        await page.route('**/files/upload?**', async (route) => {
          await new Promise((resolve) => setTimeout(resolve, 1500));
          if (hold) await released;
          await route.continue().catch(() => undefined);
        });
        const long = `A very long lecture recording name for the panel ${stamp}.mp4`;
        await chooseFile(page, writeVideo(files.dir, long, 400 * MiB));
        await page.getByTestId('upload-row').first().waitFor();
        await chooseFile(page, writeVideo(files.dir, `short-${name}-${stamp}.mp4`, 2 * MiB));
        await waitForStatus(uploadRow(page, `short-${name}-${stamp}.mp4`), 'uploadedToDb', 30_000);
        await uploadRow(page, long).and(page.locator(':not([data-progress="0"])')).waitFor({ timeout: 30_000 });
        hold = true;
        await shot(page, 'upload-panel-expanded');
        await page.getByRole('button', { name: 'Collapse uploads' }).click();
        await page.getByRole('button', { name: 'Expand uploads' }).waitFor();
        await settle(page); // the panel has folded
        await shot(page, 'upload-panel-collapsed');
        // the panel fits the screen
        const box = await page.getByRole('region', { name: 'Uploads' }).boundingBox();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
        await page.getByRole('button', { name: 'Expand uploads' }).click();
        // the long file is still uploading: Clear All asks first
        await page.getByRole('button', { name: 'Clear All' }).click();
        await page.getByRole('dialog', { name: 'Clear all uploads?' }).waitFor();
        await checkScreen(page, 'upload-panel-clear-dialog');
        await page
          .getByRole('dialog', { name: 'Clear all uploads?' })
          .getByRole('button', { name: 'Clear All' })
          .click();
        await page.getByRole('region', { name: 'Uploads' }).waitFor({ state: 'detached' });
        expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
      } finally {
        release();
        await context.close();
      }
    }
  }, 120_000);

  it('the resource picker: upload a cropped image, search, Add resource', async () => {
    for (const [name, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      const { context, page, errors } = await newPage(browser, viewport);
      try {
        await signInAs(page, ADMIN);
        await page.goto('/dev/gallery#resource-picker');
        await page.getByRole('button', { name: 'Open resource picker' }).click();
        const drawer = page.getByRole('dialog', { name: 'Catalogue Images' });
        await drawer.getByRole('heading', { name: 'Upload Files' }).waitFor();
        const add = drawer.getByRole('button', { name: 'Add resource' });
        expect(await add.isDisabled()).toBe(true);
        // a generated picture, cropped first
        const png = await page.evaluate(() => {
          const canvas = document.createElement('canvas');
          canvas.width = 320;
          canvas.height = 200;
          const g = canvas.getContext('2d')!;
          g.fillStyle = '#5850EC';
          g.fillRect(0, 0, 320, 200);
          g.fillStyle = '#ffffff';
          g.font = '32px sans-serif';
          g.fillText('Lectern', 100, 110);
          return canvas.toDataURL('image/png').split(',')[1]!;
        });
        await drawer.getByTestId('file-drop-zone-input').setInputFiles({
          name: `Banner ${name}${stamp}.png`,
          mimeType: 'image/png',
          buffer: Buffer.from(png, 'base64'),
        });
        const crop = page.getByRole('dialog', { name: 'Crop Image' });
        await crop.getByRole('img', { name: 'Image to crop' }).waitFor();
        await checkScreen(page, 'resource-picker-crop');
        await crop.getByRole('button', { name: 'Crop and Save' }).click();
        await drawer.getByText(/was uploaded and is chosen/).waitFor({ timeout: 30_000 });
        const chosenName = `Banner-${name}${stamp}.jpg`;
        await drawer.getByRole('option', { name: new RegExp(chosenName) }).waitFor();
        expect(await add.isDisabled()).toBe(false);
        await drawer.getByRole('searchbox', { name: 'Search files' }).fill(`${name}${stamp}`);
        expect(await drawer.getByTestId('picker-count').textContent()).toMatch(/^1 file/);
        await shot(page, 'resource-picker');
        await add.click();
        await page.getByText(`Chosen: catalogues/images/${chosenName}`).waitFor();
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }
  }, 120_000);
});
