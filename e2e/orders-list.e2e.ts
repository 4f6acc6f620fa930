import fs from 'node:fs';
import ExcelJS from 'exceljs';
import type { Browser, Download, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, launchBrowser, loaded, newPage, shot, signInAs } from './browser';

// Every order in one list (issue 34), on the demo data (apps/server/src/seed/demo-orders.ts: about
// 600 orders in every status): filter, search, the totals strip, the two files, and an order opened
// on the student's page, at desktop and phone widths.

const FINANCE = '9000000005';
// apps/server/src/seed/demo-students.ts DEMO_STUDENT
const ANANYA = { name: 'Ananya Sharma', mobileNumber: '9876543210' };

/** A figure of the totals strip as a number (Rs. amounts in paise). */
async function total(page: Page, label: string): Promise<number> {
  const text = (await page.getByTestId(`orders-total-${label}`).textContent()) ?? '';
  // the label ('Net'), then the figure ('Rs. 34,498' or '612')
  const figure = text.slice(label.length);
  const amount = figure.replace(/^Rs\.\s*/, '').replace(/,/g, '');
  return figure.startsWith('Rs.') ? Math.round(Number(amount) * 100) : Number(amount);
}

const tableRows = (page: Page): Locator =>
  page
    .getByRole('table')
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });

async function firstOrderId(page: Page): Promise<string> {
  return ((await tableRows(page).first().getByRole('cell').first().textContent()) ?? '').trim();
}

async function choose(page: Page, select: string, option: string): Promise<void> {
  await page.getByRole('search', { name: 'Filter orders' }).getByRole('combobox', { name: select }).click();
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
  await loaded(page);
}

async function downloadOf(page: Page, button: string): Promise<Download> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  return download;
}

/** RFC 4180 CSV back into rows (quoted fields, doubled quotes, CRLF). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  return rows;
}

describe('the orders list', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('finance pages through every order, filters and searches them with the totals following, exports both files and opens an order', async () => {
    const { context, page, errors } = await newPage(browser, DESKTOP);
    try {
      await signInAs(page, FINANCE, '/orders');
      await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
      await loaded(page);
      const all = await total(page, 'orders');
      // the demo seed's orders (about 600) and any the other journeys placed
      expect(all).toBeGreaterThan(500);
      await expect
        .poll(async () => page.getByTestId('data-table-count').textContent())
        .toMatch(new RegExp(`^${all.toLocaleString('en-IN')} records found`));
      await shot(page, 'orders');

      // the next page asks the server for the next ten, newest first
      const newest = await firstOrderId(page);
      await page.getByRole('button', { name: 'Go to next page' }).click();
      await loaded(page);
      expect(page.url()).toContain('orders.page=2');
      await expect.poll(() => firstOrderId(page), { timeout: 15_000 }).not.toBe(newest);

      // a status: every row has it, and the totals are of those orders only
      await choose(page, 'Status', 'Refunded');
      expect(page.url()).toContain('orders.status=REFUNDED');
      await expect.poll(() => total(page, 'orders'), { timeout: 15_000 }).toBeLessThan(all);
      const refunded = await total(page, 'orders');
      expect(refunded).toBeGreaterThan(0);
      expect(await total(page, 'refunded')).toBe(await total(page, 'net'));
      for (const row of await tableRows(page).all()) expect(await row.textContent()).toContain('Refunded');

      // the list as a link: a reload shows the same list
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
      await loaded(page);
      expect(await total(page, 'orders')).toBe(refunded);

      // a search by the student's name, with any status
      await page.getByRole('search', { name: 'Filter orders' }).getByRole('button', { name: 'Clear filters' }).click();
      await expect.poll(() => total(page, 'orders'), { timeout: 15_000 }).toBe(all);
      const search = page.getByRole('searchbox', { name: 'Search orders' });
      await search.fill(ANANYA.name);
      await search.press('Enter');
      await loaded(page);
      expect(page.url()).toContain('orders.search=Ananya+Sharma');
      await expect.poll(() => total(page, 'orders'), { timeout: 15_000 }).toBeLessThan(all);
      const hers = await total(page, 'orders');
      expect(hers).toBeGreaterThan(0);
      expect(hers).toBeLessThan(all);
      for (const row of await tableRows(page).all()) expect(await row.textContent()).toContain(ANANYA.name);

      // the CSV: every matching order (not the page of ten), its net adding up to the strip's
      const csv = await downloadOf(page, 'Export CSV');
      expect(csv.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
      const [heading, ...lines] = parseCsv(fs.readFileSync(await csv.path(), 'utf8'));
      expect(lines).toHaveLength(hers);
      const net = heading!.indexOf('Net (Rs.)');
      const sum = lines.reduce((n, line) => n + Math.round(Number(line[net]) * 100), 0);
      expect(sum).toBe(await total(page, 'net'));
      expect(new Set(lines.map((line) => line[3]))).toEqual(new Set([ANANYA.mobileNumber]));

      // the XLSX: the same orders
      const xlsx = await downloadOf(page, 'Export XLSX');
      expect(xlsx.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.xlsx$/);
      const workbook = new ExcelJS.Workbook();
      const bytes = fs.readFileSync(await xlsx.path());
      await workbook.xlsx.load(
        bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
      );
      expect(workbook.getWorksheet('Orders')!.rowCount).toBe(hers + 1);

      // open the newest of her orders: her page with that order's details open
      const orderId = await firstOrderId(page);
      await tableRows(page)
        .first()
        .getByRole('link', { name: `Open order ${orderId} of ${ANANYA.name}` })
        .click();
      await page.getByRole('heading', { level: 1, name: 'Student Management' }).waitFor();
      expect(new URL(page.url()).searchParams.get('order')).toBe(orderId);
      await page.getByRole('button', { name: `Hide details of order ${orderId}` }).waitFor();
      await loaded(page);
      await shot(page, 'orders-student-order');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('reads as a table scrolling inside its box on a phone, with the totals above it', async () => {
    const { context, page, errors } = await newPage(browser, PHONE);
    try {
      await signInAs(page, FINANCE, '/orders?orders.status=PAID&orders.mode=UPI');
      await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
      await loaded(page);
      expect(await total(page, 'orders')).toBeGreaterThan(0);
      for (const row of await tableRows(page).all()) expect(await row.textContent()).toContain('UPI');
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      await shot(page, 'orders-filtered');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
