import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { BULK_UPLOAD_COLUMNS } from '@lectern/contract';
import type { Browser, Download, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, launchBrowser, loaded, newPage, shot, signInAs } from './browser';

const FINANCE = '9000000005';
const STAMP = String(Date.now()).slice(-6);
const BRANCH = `Udaipur ${STAMP}`;
const PROGRAM = `JEE Main 2028 ${STAMP}`;
const MORNING = { name: `Udaipur Morning ${STAMP}`, code: `UDR-${STAMP}-M`, capacity: '40' };
// one seat: of two students moved in, exactly one fits
const EVENING = { name: `Udaipur Evening ${STAMP}`, code: `UDR-${STAMP}-E`, capacity: '1' };
const mobile = (n: number) => `7${STAMP}${String(100 + n)}`;
const GOOD = [
  ['Kavya Nair', `+91 ${mobile(1)}`, 'kavya.nair@example.in', 'UDR-001'],
  ['Arjun Reddy', mobile(2), '', 'UDR-002'],
  ['Meera Iyer', mobile(3), 'meera.iyer@example.in', ''],
] as const;
const BAD = [
  ['', mobile(4), '', ''],
  ['Rohit Das', '12345', '', ''],
] as const;

const row = (page: Page, text: string): Locator =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name: text, exact: true }) });

async function readWorkbook(download: Download): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  const bytes = fs.readFileSync(await download.path());
  await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no worksheet');
  return sheet;
}

const values = (sheet: ExcelJS.Worksheet, rowNumber: number) =>
  (sheet.getRow(rowNumber).values as unknown[]).slice(1).map((cell) => (cell === undefined ? '' : String(cell)));

async function addBatch(page: Page, batch: typeof MORNING, create: boolean): Promise<void> {
  await page.getByRole('button', { name: 'Add batch' }).click();
  const drawer = page.getByRole('dialog', { name: 'Add batch' });
  await drawer.getByRole('textbox', { name: 'Batch name' }).fill(batch.name);
  await drawer.getByRole('textbox', { name: 'Batch code' }).fill(batch.code.toLowerCase());
  if (create) {
    await drawer.getByRole('button', { name: 'Add branch' }).click();
    const branch = drawer.getByRole('group', { name: 'New branch' });
    await branch.getByRole('textbox', { name: 'Branch name' }).fill(BRANCH);
    await branch.getByRole('textbox', { name: 'City' }).fill('Udaipur');
    await branch.getByRole('button', { name: 'Create branch' }).click();
    await branch.waitFor({ state: 'detached' });
    await drawer.getByRole('button', { name: 'Add program' }).click();
    await drawer.getByRole('textbox', { name: 'Program name' }).fill(PROGRAM);
    await page.keyboard.press('Enter');
    await drawer.getByRole('group', { name: 'New program' }).waitFor({ state: 'detached' });
    await expect.poll(() => drawer.getByRole('combobox', { name: /^Branch/ }).textContent()).toBe(`${BRANCH}, Udaipur`);
    await expect.poll(() => drawer.getByRole('combobox', { name: /^Program/ }).textContent()).toBe(PROGRAM);
  } else {
    await drawer.getByRole('combobox', { name: /^Branch/ }).click();
    await page.getByRole('option', { name: `${BRANCH}, Udaipur` }).click();
    await drawer.getByRole('combobox', { name: /^Program/ }).click();
    await page.getByRole('option', { name: PROGRAM }).click();
  }
  await drawer.getByLabel(/^Starts/).fill('2026-12-01');
  await drawer.getByLabel(/^Ends/).fill('2027-05-31');
  await drawer.getByRole('textbox', { name: 'Capacity' }).fill(batch.capacity);
  if (create) await shot(page, 'batches-drawer');
  await drawer.getByRole('button', { name: 'Add batch' }).click();
  await page.getByText(`Batch '${batch.name}' was created.`).waitFor();
  await drawer.waitFor({ state: 'hidden' });
}

describe('batch management', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('creates a branch, a program and batches; fills one from the sample sheet (3 good rows, 2 bad), moves two students where one does not fit, closes it', async () => {
    const { context, page, errors } = await newPage(browser, DESKTOP);
    try {
      await signInAs(page, FINANCE);
      await page.goto('/batch-management');
      await page.getByRole('heading', { level: 1, name: 'Batch Management' }).waitFor();
      await page.getByRole('table').getByRole('row').nth(1).waitFor();
      await loaded(page);
      await shot(page, 'batches-list');

      await addBatch(page, MORNING, true);
      await addBatch(page, EVENING, false);

      // the new batches, found by the list's search
      await page.goto(`/batch-management?batches.q=${STAMP}`);
      await row(page, MORNING.name).waitFor();
      expect(await row(page, MORNING.name).textContent()).toContain('0 / 40');
      expect(await row(page, EVENING.name).textContent()).toContain(MORNING.code.replace('-M', '-E'));

      // the sample sheet, made into ours: its columns, 3 good rows and 2 bad ones
      await row(page, MORNING.name)
        .getByRole('button', { name: `Upload students to ${MORNING.name}` })
        .click();
      const dialog = page.getByRole('dialog', { name: `Upload students to ${MORNING.name}` });
      const [sample] = await Promise.all([
        page.waitForEvent('download'),
        dialog.getByRole('button', { name: 'Download the sample sheet' }).click(),
      ]);
      expect(sample.suggestedFilename()).toBe('batch-students-sample.xlsx');
      const sheet = await readWorkbook(sample);
      expect(values(sheet, 1)).toEqual([...BULK_UPLOAD_COLUMNS]);
      // our rows over the sample's two examples
      [...GOOD, ...BAD].forEach((cells, index) =>
        cells.forEach((cell, column) => {
          sheet.getCell(index + 2, column + 1).value = cell || null;
        }),
      );
      const buffer = Buffer.from(await sheet.workbook.xlsx.writeBuffer());
      await dialog.getByTestId('file-drop-zone-input').setInputFiles({
        name: 'udaipur-morning.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer,
      });

      // the preview: '+91' is suggested a fix; accepted, the sheet is checked again
      await dialog.getByText('What the upload will do').waitFor();
      await dialog.getByText('Left out: 3').waitFor();
      await dialog.getByText(new RegExp(`Suggested: ${mobile(1)} \\(.*'\\+91' removed`)).waitFor();
      await dialog.getByRole('button', { name: 'Accept fixes' }).click();
      await dialog.getByText('1 mobile number fixed as suggested; the preview has been checked again.').waitFor();
      await dialog.getByText('New student: 3').waitFor();
      await dialog.getByText('Left out: 2').waitFor();
      await dialog.getByText('The name is missing.').waitFor();
      await dialog.getByText(/'12345' is not a mobile number/).waitFor();
      const upload = dialog.getByRole('button', { name: 'Upload 3 students' });
      expect(await upload.isDisabled()).toBe(true);
      await dialog.getByRole('checkbox', { name: /I have checked the preview: add 3 students/ }).check();
      await shot(page, 'batches-upload-preview');
      await upload.click();
      await dialog.getByText('What the upload did').waitFor();
      await dialog
        .getByText(/^3 students added to .+ \(3 new\); 2 rows left out\.$/)
        .first()
        .waitFor();
      await shot(page, 'batches-upload-result');

      // the rejected rows, as a sheet with a reason each
      const [rejected] = await Promise.all([
        page.waitForEvent('download'),
        dialog.getByRole('button', { name: 'Download rejected rows' }).click(),
      ]);
      expect(rejected.suggestedFilename()).toBe('udaipur-morning-rejected-rows.xlsx');
      const left = await readWorkbook(rejected);
      expect(left.actualRowCount).toBe(3);
      expect(values(left, 1)).toEqual(['Row', ...BULK_UPLOAD_COLUMNS, 'Reason']);
      expect(values(left, 2).slice(0, 3)).toEqual(['5', '', mobile(4)]);
      expect(values(left, 2)[5]).toBe('The name is missing.');
      expect(values(left, 3).slice(0, 3)).toEqual(['6', 'Rohit Das', '12345']);
      expect(values(left, 3)[5]).toMatch(/^'12345' is not a mobile number/);
      await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
      await dialog.waitFor({ state: 'hidden' });
      await expect.poll(() => row(page, MORNING.name).textContent()).toContain('3 / 40');

      // its students; two of them to the one-seat batch: one moves, one does not fit
      await row(page, MORNING.name).getByRole('link', { name: MORNING.name, exact: true }).click();
      await page.getByRole('heading', { level: 1, name: MORNING.name }).waitFor();
      await row(page, 'Meera Iyer').waitFor();
      await shot(page, 'batch-students');
      for (const name of ['Kavya Nair', 'Arjun Reddy']) await row(page, name).getByRole('checkbox').check();
      const bar = page.getByRole('toolbar', { name: 'Selected rows' });
      await bar.getByRole('button', { name: 'Move to batch' }).click();
      const move = page.getByRole('dialog', { name: 'Move 2 students to another batch' });
      await move.getByRole('combobox', { name: /Move to/ }).click();
      await page.getByRole('option', { name: new RegExp(`^${EVENING.name} `) }).click();
      await move.getByRole('button', { name: 'Move' }).click();
      const failed = page.getByRole('dialog', { name: 'Some students were not moved' });
      await failed.getByText(`1 student moved to ${EVENING.name}; 1 could not be moved.`).waitFor();
      const line = await failed.getByRole('listitem').textContent();
      expect(line).toMatch(
        new RegExp(`^For (Kavya Nair|Arjun Reddy) batch '${EVENING.name}' is full \\(1 student\\)\\.$`),
      );
      await shot(page, 'batch-students-move-failure');
      await failed.getByRole('button', { name: 'Close' }).last().click();
      await failed.waitFor({ state: 'hidden' });
      await expect.poll(() => page.getByRole('table').getByRole('row').count()).toBe(3);
      await bar.getByText('1 selected').waitFor();

      // close the batch
      await page.goto(`/batch-management?batches.q=${STAMP}`);
      await row(page, MORNING.name)
        .getByRole('button', { name: `Close ${MORNING.name}` })
        .click();
      const confirm = page.getByRole('dialog', { name: `Close ${MORNING.name}?` });
      await confirm
        .getByText(
          /will take no new students and no new live classes\. It keeps its 2 students, and its classes so far keep their records/,
        )
        .waitFor();
      await shot(page, 'batches-close');
      await confirm.getByRole('button', { name: 'Close batch' }).click();
      await page
        .getByText(`Batch '${MORNING.name}' is closed: it takes no new students and no new live classes.`)
        .waitFor();
      await row(page, MORNING.name).getByText('Closed').waitFor();
      expect(
        await row(page, MORNING.name)
          .getByRole('button', { name: `Edit ${MORNING.name}` })
          .isDisabled(),
      ).toBe(true);

      // a group of active batches: the closed one is not offered
      const groupName = `Udaipur evenings ${STAMP}`;
      await page.getByRole('tab', { name: 'Groups' }).click();
      await page.getByRole('button', { name: 'Add group' }).click();
      const groupDrawer = page.getByRole('dialog', { name: 'Add group' });
      await groupDrawer.getByRole('textbox', { name: 'Group name' }).fill(groupName);
      await groupDrawer.getByRole('combobox', { name: /^Batches/ }).fill(STAMP);
      await page.getByRole('option', { name: new RegExp(`^${EVENING.name} `) }).click();
      expect(await page.getByRole('option', { name: new RegExp(`^${MORNING.name} `) }).count()).toBe(0);
      await page.keyboard.press('Escape');
      await shot(page, 'batches-group-drawer');
      await groupDrawer.getByRole('button', { name: 'Add group' }).click();
      await page.getByText(`Group '${groupName}' was created.`).waitFor();
      await row(page, groupName).waitFor();
      await shot(page, 'batches-groups');

      expect(errors.filter((error) => !/status of 40\d/.test(error))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the batch screens at 390 px', async () => {
    const { context, page } = await newPage(browser, PHONE);
    try {
      await signInAs(page, FINANCE);
      await page.goto(`/batch-management?batches.q=${STAMP}`);
      await row(page, EVENING.name).waitFor();
      await shot(page, 'batches-list', { fullPage: true });
      await page.getByRole('button', { name: 'Add batch' }).click();
      await page.getByRole('dialog', { name: 'Add batch' }).getByRole('button', { name: 'Add branch' }).click();
      await shot(page, 'batches-drawer');
      await page.getByRole('dialog', { name: 'Add batch' }).getByRole('button', { name: 'Cancel' }).last().click();
      await page.getByRole('dialog', { name: 'Add batch' }).waitFor({ state: 'hidden' });
      const sideways = () =>
        page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
      expect(await sideways()).toBe(false);
      await row(page, EVENING.name)
        .getByRole('button', { name: `Upload students to ${EVENING.name}` })
        .click();
      const dialog = page.getByRole('dialog', { name: `Upload students to ${EVENING.name}` });
      await dialog.waitFor();
      await shot(page, 'batches-upload');
      // a full batch: the preview says so for each row
      await dialog.getByTestId('file-drop-zone-input').setInputFiles({
        name: 'evening.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(`Name,Mobile Number\nTara Bose,${mobile(7)}\nNeel Shah,0${mobile(8)}\n`),
      });
      await dialog.getByText('Left out: 2').waitFor();
      await dialog.getByText(`batch '${EVENING.name}' is full (1 student).`).first().waitFor();
      await shot(page, 'batches-upload-preview');
      await page.keyboard.press('Escape');
      // a pointer left over the rows would hover the navigation when the check widens the page to 1440 px
      await page.mouse.move(380, 5);
      // from the keyboard: a pointer left where the link was would hover the navigation at 1440 px
      await row(page, EVENING.name).getByRole('link', { name: EVENING.name, exact: true }).focus();
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { level: 1, name: EVENING.name }).waitFor();
      await page.getByRole('table').getByRole('row').nth(1).waitFor();
      await shot(page, 'batch-students', { fullPage: true });
      expect(await sideways()).toBe(false);
    } finally {
      await context.close();
    }
  });
});
