import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, checkScreen, launchBrowser, newPage, shot, signInAs } from './browser';
import {
  ALKANES,
  ALKENES,
  HYDROCARBONS,
  MiB,
  UPLOADER,
  chooseFile,
  slowParts,
  storedUploadProgress,
  tempDir,
  topicLink,
  uploadRow,
  waitForStatus,
  watchParts,
  writeVideo,
} from './upload-helpers';

/**
 * The upload queue end to end, as the demo content uploader in 'Organic Chemistry': a 200 MB video
 * uploads (multipart) and registers; another is cancelled mid-way; a failed registration is fixed
 * with 'FIX FAILURES (1)'; a network cut and a page reload both resume from the stored parts; after a
 * reload the panel offers the interrupted upload again (IndexedDB) and resumes it from its own row.
 */
const stamp = Date.now();
const BIG = 200 * MiB;
const PARTS = Math.ceil(BIG / (8 * MiB)); // 25

interface Session {
  context: BrowserContext;
  page: Page;
  errors: string[];
}

describe('uploads', () => {
  let browser: Browser;
  const files = tempDir();

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    files.cleanup();
  });

  async function uploader(): Promise<Session> {
    const session = await newPage(browser);
    await signInAs(session.page, UPLOADER);
    // leaving mid-upload asks first (beforeunload): the journeys that reload say yes
    session.page.on('dialog', (dialog) => void dialog.accept());
    return session;
  }

  async function openTopic(page: Page, topic = ALKENES) {
    await page.goto(topicLink(HYDROCARBONS, topic));
    await page.getByRole('heading', { name: `Upload videos to ${topic.name}` }).waitFor();
  }

  /** Console errors a journey may cause on purpose (failed requests it provoked). */
  const unexpected = (errors: string[]) =>
    errors.filter((e) => !/Failed to load resource|ERR_INTERNET_DISCONNECTED|net::ERR_FAILED|status of 500/.test(e));

  it('uploads a 200 MB video: the ring reaches 100 and the row reaches registered', async () => {
    const { context, page, errors } = await uploader();
    try {
      const name = `lecture-${stamp}.mp4`;
      const file = writeVideo(files.dir, name, BIG);
      await openTopic(page);
      const parts = watchParts(page);
      await chooseFile(page, file);
      const panel = page.getByRole('region', { name: 'Uploads' });
      await panel.getByText('1 item in progress').waitFor();
      for (const label of ['FIX FAILURES (0)', 'Upload All', 'Clear Uploaded', 'Clear All']) {
        expect(await panel.getByRole('button', { name: label }).isVisible(), label).toBe(true);
      }
      const row = uploadRow(page, name);
      expect(await row.textContent()).toContain('200 MB');
      await checkScreen(page, 'upload-panel-uploading');
      await waitForStatus(row, 'uploadedToDb');
      const ring = row.getByRole('progressbar', { name: `Progress of ${name}` });
      expect(await ring.getAttribute('aria-valuenow')).toBe('100');
      expect(await row.getByText('100%').isVisible()).toBe(true);
      expect(await row.getByRole('img', { name: 'Registered' }).count()).toBe(1);
      await panel.getByText('0 items in progress').waitFor();
      // multipart: every part once
      expect([...new Set(parts.stored)].sort((a, b) => a - b)).toEqual(Array.from({ length: PARTS }, (_, i) => i + 1));
      // the topic's list was refreshed after the registration
      await page.getByRole('table').getByText(name, { exact: true }).waitFor();
      expect(unexpected(errors)).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);

  it('cancels an upload mid-way: progress 0, cancelled, a new id', async () => {
    const { context, page } = await uploader();
    try {
      const name = `cancel-me-${stamp}.mp4`;
      const file = writeVideo(files.dir, name, BIG);
      await openTopic(page);
      await slowParts(page, 400);
      await chooseFile(page, file);
      const row = uploadRow(page, name);
      await row.and(page.locator('[data-status="uploading"]:not([data-progress="0"])')).waitFor({ timeout: 60_000 });
      const id = await row.getAttribute('data-id');
      const aborted = page.waitForRequest(
        (r) => r.method() === 'DELETE' && /\/api\/file-explorer-service\/cloud\/uploads\/[^/]+$/.test(r.url()),
      );
      await row.getByRole('button', { name: `Cancel ${name}` }).click();
      await aborted;
      await waitForStatus(row, 'cancelled', 10_000);
      // the pointer leaves the row: the button now under it would open its tooltip during the check
      await page.mouse.move(0, 0);
      await checkScreen(page, 'upload-panel-cancelled');
      expect(await row.getAttribute('data-progress')).toBe('0');
      expect(await row.getByRole('progressbar', { name: `Progress of ${name}` }).getAttribute('aria-valuenow')).toBe(
        '0',
      );
      expect(await row.getAttribute('data-id')).not.toBe(id);
      expect(await row.getByRole('button', { name: `Cancel ${name}` }).count()).toBe(0);
      // it is not processed again: nothing waits in the queue, and nothing is kept to resume after a reload
      expect(await page.getByRole('button', { name: 'Upload All' }).isDisabled()).toBe(true);
      await expect.poll(() => storedUploadProgress(page, name)).toBe(-1);
      expect(await row.getAttribute('data-status')).toBe('cancelled');
    } finally {
      await context.close();
    }
  }, 120_000);

  it("registers after a failed registration with 'FIX FAILURES (1)', without uploading again", async () => {
    const { context, page } = await uploader();
    try {
      const name = `register-later-${stamp}.mp4`;
      const file = writeVideo(files.dir, name, 3 * MiB);
      await openTopic(page, ALKANES);
      let refused = 0;
      await page.route('**/api/file-explorer-service/cloud/uploadfiles', async (route) => {
        if (refused++ === 0) {
          return route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: JSON.stringify({ error: true, message: 'Something went wrong. Please try again later.' }),
          });
        }
        return route.continue();
      });
      let puts = 0;
      page.on('request', (r) => {
        if (r.method() === 'PUT' && r.url().includes('/files/upload')) puts++;
      });
      await chooseFile(page, file);
      const row = uploadRow(page, name);
      await waitForStatus(row, 'registrationFailed', 60_000);
      expect(await row.getByRole('img', { name: 'Registration failed' }).count()).toBe(1);
      await checkScreen(page, 'upload-panel-registration-failed');
      const fix = page.getByRole('button', { name: 'FIX FAILURES (1)' });
      await fix.click();
      await waitForStatus(row, 'uploadedToDb', 30_000);
      expect(refused).toBe(2);
      expect(puts).toBe(1);
      await page.getByRole('button', { name: 'FIX FAILURES (0)' }).waitFor();
      await page.getByRole('table').getByText(name, { exact: true }).waitFor();
    } finally {
      await context.close();
    }
  }, 120_000);

  it('finishes after the network is cut and restored, without sending stored parts again', async () => {
    const { context, page } = await uploader();
    try {
      const name = `network-drop-${stamp}.mp4`;
      const file = writeVideo(files.dir, name, BIG);
      await openTopic(page);
      await slowParts(page, 300);
      const parts = watchParts(page);
      await chooseFile(page, file);
      const row = uploadRow(page, name);
      await expect.poll(() => parts.stored.length, { timeout: 60_000, interval: 100 }).toBeGreaterThanOrEqual(6);
      await context.setOffline(true);
      // wait justified: the outage is the scenario; 2.5 s outlasts a part's retry, so the queue must wait
      await page.waitForTimeout(2500);
      const storedWhileOffline = parts.stored.length;
      expect(storedWhileOffline).toBeLessThan(PARTS);
      expect(await row.getAttribute('data-status')).toBe('uploading');
      await context.setOffline(false);
      await waitForStatus(row, 'uploadedToDb');
      expect(parts.resentAfterStored).toEqual([]);
      expect([...parts.stored].sort((a, b) => a - b)).toEqual(Array.from({ length: PARTS }, (_, i) => i + 1));
    } finally {
      await context.close();
    }
  }, 180_000);

  it('resumes after a page reload when the same file is chosen again', async () => {
    const { context, page } = await uploader();
    try {
      const name = `reload-${stamp}.mp4`;
      const file = writeVideo(files.dir, name, BIG);
      await openTopic(page);
      const stopSlow = await slowParts(page, 300);
      const before = watchParts(page);
      await chooseFile(page, file);
      await expect.poll(() => before.stored.length, { timeout: 60_000, interval: 100 }).toBeGreaterThanOrEqual(8);
      before.stop();
      await stopSlow();
      await page.reload();
      await page.getByRole('heading', { name: `Upload videos to ${ALKENES.name}` }).waitFor();
      // the queue died with the page; choosing the same file again resumes it
      const after = watchParts(page);
      const started = page.waitForResponse(
        (r) => r.request().method() === 'POST' && r.url().endsWith('/api/file-explorer-service/cloud/uploads'),
      );
      await chooseFile(page, file);
      const start = (await (await started).json()) as { data: { resumed: boolean; parts: { partNumber: number }[] } };
      expect(start.data.resumed).toBe(true);
      expect(start.data.parts.length).toBeGreaterThanOrEqual(8);
      const row = uploadRow(page, name);
      await waitForStatus(row, 'uploadedToDb');
      expect(after.requested.length).toBeLessThan(PARTS);
      const resumedFrom = new Set(start.data.parts.map((p) => p.partNumber));
      expect(after.requested.filter((n) => resumedFrom.has(n))).toEqual([]);
      expect(new Set([...resumedFrom, ...after.stored]).size).toBe(PARTS);
    } finally {
      await context.close();
    }
  }, 180_000);

  it("after a reload shows the upload as interrupted: 'Choose file' on its row resumes it", async () => {
    const { context, page } = await uploader();
    try {
      const name = `interrupted-${stamp}.mp4`;
      const file = writeVideo(files.dir, name, BIG);
      await openTopic(page, ALKANES);
      const stopSlow = await slowParts(page, 600);
      const before = watchParts(page);
      await chooseFile(page, file);
      await expect.poll(() => before.stored.length, { timeout: 15_000, interval: 100 }).toBeGreaterThan(0);
      before.stop();
      // the console writes its progress every 2 s: reload once it has
      await expect.poll(() => storedUploadProgress(page, name), { timeout: 15_000, interval: 200 }).toBeGreaterThan(0);
      const kept = await storedUploadProgress(page, name);
      await stopSlow();
      await page.reload(); // the beforeunload question is answered yes (uploader())
      await page.getByRole('heading', { name: `Upload videos to ${ALKANES.name}` }).waitFor();

      const row = uploadRow(page, name);
      await waitForStatus(row, 'interrupted', 10_000);
      await row.getByText('Choose the file again to resume.').waitFor();
      expect(await row.textContent()).toContain('200 MB · Interrupted');
      // the progress so far, as kept (a later write may have landed before the reload)
      const shown = Number(
        await row.getByRole('progressbar', { name: `Progress of ${name}` }).getAttribute('aria-valuenow'),
      );
      expect(shown).toBeGreaterThanOrEqual(kept);
      expect(shown).toBeLessThan(100);
      const panel = page.getByRole('region', { name: 'Uploads' });
      await panel.getByText('0 items in progress · 1 to resume').waitFor();
      expect(await row.getByRole('button', { name: `Choose file: ${name}` }).isVisible()).toBe(true);
      expect(await row.getByRole('button', { name: `Remove ${name}` }).isVisible()).toBe(true);
      // axe at both widths, and a picture of each
      await shot(page, 'upload-panel-interrupted');
      await page.setViewportSize(PHONE);
      await shot(page, 'upload-panel-interrupted');
      expect(await row.getByRole('button', { name: `Choose file: ${name}` }).isVisible()).toBe(true);
      await page.setViewportSize(DESKTOP);

      const started = page.waitForResponse(
        (r) => r.request().method() === 'POST' && r.url().endsWith('/api/file-explorer-service/cloud/uploads'),
      );
      await row.getByLabel(`Choose ${name} to resume`).setInputFiles(file);
      const start = (await (await started).json()) as { data: { resumed: boolean; parts: unknown[] } };
      expect(start.data.resumed).toBe(true);
      expect(start.data.parts.length).toBeGreaterThan(0);
      await waitForStatus(row, 'uploadedToDb', 30_000);
      await page.getByRole('table').getByText(name, { exact: true }).waitFor();
      // nothing is offered again after the next reload
      await page.reload();
      await page.getByRole('heading', { name: `Upload videos to ${ALKANES.name}` }).waitFor();
      // the console keeps no record of it, which is what a reload offers
      expect(await storedUploadProgress(page, name)).toBe(-1);
      expect(await row.count()).toBe(0);
    } finally {
      await context.close();
    }
  }, 60_000);
});
