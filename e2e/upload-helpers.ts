import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page, Request } from 'playwright-core';

/** The demo content uploader (assigned to Organic Chemistry). */
export const UPLOADER = '9000000004';
export const SUBJECT = { id: 'subj-organic-chemistry', name: 'Organic Chemistry' };
export const MiB = 1024 * 1024;

/** A folder of generated files, removed by `cleanup`. */
export function tempDir(): { dir: string; cleanup: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-uploads-'));
  return { dir, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** Writes an MP4-looking file: a valid 'ftyp' box, then filler, `size` bytes in all. */
export function writeVideo(dir: string, name: string, size: number): string {
  const file = path.join(dir, name);
  const fd = fs.openSync(file, 'w');
  try {
    const head = Buffer.alloc(32);
    head.writeUInt32BE(32, 0);
    head.write('ftypisom', 4, 'latin1');
    head.writeUInt32BE(0x200, 12);
    head.write('isomiso2avc1mp41', 16, 'latin1');
    fs.writeSync(fd, head);
    const chunk = Buffer.alloc(16 * MiB, 0x2e);
    let written = head.length;
    while (written < size) {
      const n = Math.min(chunk.length, size - written);
      fs.writeSync(fd, chunk, 0, n);
      written += n;
    }
  } finally {
    fs.closeSync(fd);
  }
  return file;
}

/** The link to a topic's video files in the file explorer. */
export function topicLink(unit: { id: string; name: string }, topic: { id: string; name: string }): string {
  const query = new URLSearchParams({
    viewType: 'Files',
    subjectId: SUBJECT.id,
    subjectName: SUBJECT.name,
    unitId: unit.id,
    unitName: unit.name,
    topicId: topic.id,
    topicName: topic.name,
  });
  return `/file-explorer?${query.toString()}`;
}

export const HYDROCARBONS = { id: 'subj-organic-chemistry-u1', name: 'Hydrocarbons' };
export const ALKANES = { id: 'subj-organic-chemistry-u1-t1', name: 'Alkanes' };
export const ALKENES = { id: 'subj-organic-chemistry-u1-t2', name: 'Alkenes' };

/** The row of the upload panel showing `fileName`. */
export const uploadRow = (page: Page, fileName: string): Locator =>
  page.locator(`[data-testid="upload-row"][data-name="${fileName}"]`);

/** Chooses a file in the page's drop zone. */
export async function chooseFile(page: Page, file: string): Promise<void> {
  await page.getByTestId('file-drop-zone-input').setInputFiles(file);
}

/** Waits until the row shows `status` (data-status), up to `timeout` ms. */
export async function waitForStatus(row: Locator, status: string, timeout = 120_000): Promise<void> {
  await row.and(row.page().locator(`[data-status="${status}"]`)).waitFor({ timeout });
}

/** The part number a local-driver part URL is signed for (its token's payload), or null. */
export function partNumberOf(url: string): number | null {
  const token = new URL(url).searchParams.get('token');
  const payload = token?.split('.')[1];
  if (!payload) return null;
  const data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { op?: string; n?: number };
  return data.op === 'part' && typeof data.n === 'number' ? data.n : null;
}

/** Records every part PUT (requests, and those answered 200) of the page. */
export function watchParts(page: Page) {
  const requested: number[] = [];
  const stored: number[] = [];
  /** part numbers requested after the part was stored (should stay empty) */
  const resentAfterStored: number[] = [];
  const onRequest = (request: Request) => {
    if (request.method() !== 'PUT' || !request.url().includes('/files/upload')) return;
    const n = partNumberOf(request.url());
    if (n === null) return;
    if (stored.includes(n)) resentAfterStored.push(n);
    requested.push(n);
  };
  const onFinished = async (request: Request) => {
    if (request.method() !== 'PUT' || !request.url().includes('/files/upload')) return;
    const n = partNumberOf(request.url());
    const response = await request.response().catch(() => null);
    if (n !== null && response?.status() === 200) stored.push(n);
  };
  page.on('request', onRequest);
  page.on('requestfinished', (request) => void onFinished(request));
  return {
    requested,
    stored,
    resentAfterStored,
    stop: () => {
      page.off('request', onRequest);
    },
  };
}

/** Slows every part PUT down by `ms`, so a test can act while an upload runs. */
export async function slowParts(page: Page, ms: number): Promise<() => Promise<void>> {
  const pattern = '**/files/upload?**';
  await page.route(pattern, async (route) => {
    if (route.request().method() !== 'PUT') return route.continue();
    await new Promise((resolve) => setTimeout(resolve, ms));
    try {
      await route.continue();
    } catch {
      // the page went offline or away meanwhile: the request simply fails
    }
  });
  return () => page.unroute(pattern);
}

/**
 * The progress the console kept in IndexedDB for `fileName` (what a reload shows), or -1 when it
 * keeps no record of it. The console opens the database first (at the upload's start).
 */
export function storedUploadProgress(page: Page, fileName: string): Promise<number> {
  return page.evaluate(
    (name) =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('lectern-uploads');
        open.onerror = () => resolve(-1);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('uploads')) {
            db.close();
            resolve(-1);
            return;
          }
          const all = db.transaction('uploads').objectStore('uploads').getAll();
          all.onsuccess = () => {
            db.close();
            const record = (all.result as { fileName: string; progressNum: number }[]).find((r) => r.fileName === name);
            resolve(record ? record.progressNum : -1);
          };
          all.onerror = () => {
            db.close();
            resolve(-1);
          };
        };
      }),
    fileName,
  );
}
