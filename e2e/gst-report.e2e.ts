import fs from 'node:fs';
import { formatMonth, indianDate } from '@lectern/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, launchBrowser, loaded, newPage, shot, signInAs } from './browser';

const FINANCE = '9000000005';
/** 'September 2026' for the month `back` months before this one in India (the demo seed's history covers the last year). */
function monthBefore(back: number): { value: string; label: string } {
  const [year, month] = indianDate().slice(0, 7).split('-').map(Number) as [number, number];
  const index = year * 12 + month - 1 - back;
  const value = `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
  return { value, label: formatMonth(value) };
}

/** A figure under the title ('Net value'), in paise. */
async function figure(page: Page, label: string): Promise<number> {
  const text =
    (await page
      .locator('header dl > div')
      .filter({ hasText: `${label}:` })
      .locator('dd')
      .textContent()) ?? '';
  return Math.round(Number(text.replace(/^Rs\. /, '').replaceAll(',', '')) * 100);
}

/** RFC 4180 rows (the return's CSV quotes only fields that need it). */
function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (!quoted && c === ',') {
      row.push(field);
      field = '';
    } else if (!quoted && c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else {
      field += c;
    }
  }
  return rows;
}

describe('GST return', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it("finance picks a month of demo invoices, reads each table's totals and downloads the CSV with the same figures", async () => {
    const { context, page, errors } = await newPage(browser, DESKTOP);
    try {
      await signInAs(page, FINANCE, '/gst-report');
      await page.getByRole('heading', { level: 1, name: 'GST Return' }).waitFor();
      await loaded(page);
      // last month unless told: the month list says so
      await expect.poll(() => page.getByRole('combobox', { name: 'Month' }).textContent()).toBe(monthBefore(1).label);

      // the month before last, from the keyboard
      const chosen = monthBefore(2);
      await page.getByRole('combobox', { name: 'Month' }).focus();
      await page.keyboard.press('Enter');
      await page.getByRole('option', { name: chosen.label }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get('month')).toBe(chosen.value);
      await page.getByRole('heading', { name: 'HSN/SAC summary' }).waitFor();
      await loaded(page);
      for (const table of ['B2B invoices', 'B2CS', 'Credit notes: registered (CDNR)', 'Credit notes: no GSTIN']) {
        await page.getByRole('heading', { name: table }).waitFor();
      }
      const net = await figure(page, 'Net value');
      expect(net).toBeGreaterThan(0);
      await page
        .getByTestId('gst-b2cs')
        .getByRole('cell', { name: /^Total \(\d+\)$/ })
        .waitFor();
      await shot(page, 'gst-report');

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'CSV' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`gst-return-${chosen.value}.csv`);
      const [heading, ...rows] = csvRows(fs.readFileSync(await download.path(), 'utf8'));
      const hsn = rows.filter((r) => r[0] === 'HSN');
      const value = hsn.reduce((sum, r) => sum + Math.round(Number(r[heading!.indexOf('Value (Rs.)')]) * 100), 0);
      expect(value).toBe(net);
      const taxable = hsn.reduce(
        (sum, r) => sum + Math.round(Number(r[heading!.indexOf('Taxable value (Rs.)')]) * 100),
        0,
      );
      expect(taxable).toBe(await figure(page, 'Taxable value'));
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('reads at phone width: the tables scroll inside their own boxes', async () => {
    const { context, page, errors } = await newPage(browser, PHONE);
    try {
      await signInAs(page, FINANCE, `/gst-report?month=${monthBefore(3).value}`);
      await page.getByRole('heading', { name: 'HSN/SAC summary' }).waitFor();
      await loaded(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      await page.getByRole('region', { name: /^B2CS: \d+ rows?$/ }).waitFor();
      await shot(page, 'gst-report-phone', { fullPage: true });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
