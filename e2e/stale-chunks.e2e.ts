import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, checkScreen, launchBrowser, signInThroughScreen } from './browser';
import { freePort } from './processes';
import { startConsole, stopConsole } from './start-console';

// A tab opened before a deploy asks for chunks whose names are gone. This journey runs a console of
// its own on a copy of the built web app (WEB_DIST), so deleting and renaming chunks touches no other
// journey: a chunk deleted under the same version shows the console's own error page inside the
// product frame with 'Reload'; after a 'deploy' (every asset renamed, as a new build names them) the
// tab reloads by itself, once, and opens the screen in the new version.

const SUPER_ADMIN = '9000000001';
const built = path.resolve(import.meta.dirname, '../apps/web/dist');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-stale-chunks-'));
const dataDir = path.join(scratch, 'data');
// the demo data seeded once for the run (global-setup): this console starts without seeding its own
fs.cpSync(inject('seededDataDir'), dataDir, { recursive: true });
const v1 = path.join(scratch, 'web-v1');
const v2 = path.join(scratch, 'web-v2');

let port = 0;
let server: { baseUrl: string; child: ChildProcess } | null = null;

async function start(webDist: string): Promise<string> {
  server = await startConsole(dataDir, { env: { WEB_DIST: webDist, PORT: String(port) }, timeoutMs: 120_000 });
  return server.baseUrl;
}

async function stop(): Promise<void> {
  const child = server?.child;
  server = null;
  if (child) await stopConsole(child);
}

/** The chunk of a screen in a built web app, e.g. 'coupons-page' → 'coupons-page-iQ_y8gqj.js'. */
function chunkOf(dist: string, name: string): string {
  const file = fs.readdirSync(path.join(dist, 'assets')).find((f) => new RegExp(`^${name}-[\\w-]+\\.js$`).test(f));
  if (!file) throw new Error(`no ${name} chunk in ${dist}`);
  return file;
}

/** Removes a chunk and its compressed twins; gives a function that puts them back. */
function removeChunk(dist: string, file: string): () => void {
  const saved = path.join(scratch, `saved-${file}`);
  fs.mkdirSync(saved, { recursive: true });
  const twins = [file, `${file}.br`, `${file}.gz`].filter((f) => fs.existsSync(path.join(dist, 'assets', f)));
  for (const twin of twins) fs.renameSync(path.join(dist, 'assets', twin), path.join(saved, twin));
  return () => {
    for (const twin of twins) fs.renameSync(path.join(saved, twin), path.join(dist, 'assets', twin));
  };
}

/**
 * A new build of the same code: every asset gets another name (as a changed hash would give it) and
 * every reference to it is rewritten; compressed twins are made again.
 */
function newBuild(from: string, to: string): void {
  fs.mkdirSync(path.join(to, 'assets'), { recursive: true });
  const assets = fs.readdirSync(path.join(from, 'assets')).filter((f) => !/\.(br|gz|map)$/.test(f));
  const renamed = new Map(assets.map((f) => [f, f.replace(/(\.[a-z0-9]+)$/, 'v2$1')]));
  const names = [...renamed.keys()].sort((a, b) => b.length - a.length);
  const pattern = new RegExp(names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g');
  const write = (file: string, body: Buffer) => {
    fs.writeFileSync(file, body);
    if (/\.(js|css|html|svg)$/.test(file)) {
      fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(body));
      fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body));
    }
  };
  const rewrite = (body: Buffer, file: string) =>
    /\.(js|css|html)$/.test(file)
      ? Buffer.from(body.toString('utf8').replace(pattern, (name) => renamed.get(name) ?? name))
      : body;
  for (const [old, next] of renamed) {
    write(path.join(to, 'assets', next), rewrite(fs.readFileSync(path.join(from, 'assets', old)), old));
  }
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    if (entry.name === 'assets' || /\.(br|gz)$/.test(entry.name)) continue;
    const source = path.join(from, entry.name);
    // other folders (public files) are not hashed: they stay as they are
    if (entry.isDirectory()) fs.cpSync(source, path.join(to, entry.name), { recursive: true });
    else write(path.join(to, entry.name), rewrite(fs.readFileSync(source), entry.name));
  }
}

describe('a screen whose code is gone', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    fs.cpSync(built, v1, { recursive: true, filter: (src) => !src.endsWith('.map') });
    port = await freePort();
    const baseUrl = await start(v1);
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: DESKTOP, baseURL: baseUrl });
    page = await context.newPage();
    await signInThroughScreen(page, SUPER_ADMIN);
  }, 600_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await stop();
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it("shows the console's error page in the frame with 'Reload' (same version: no reload by itself)", async () => {
    const restore = removeChunk(v1, chunkOf(v1, 'coupons-page'));
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    const versionChecked = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/' && response.request().resourceType() === 'fetch',
    );
    await page.getByTestId('nav-/coupons').click();
    await page.getByRole('heading', { level: 1, name: 'This screen could not be loaded' }).waitFor();
    await versionChecked;
    expect(await page.getByText(/Hey developer|Unexpected Application Error/).count()).toBe(0);
    // inside the product frame: the navigation stays, and the ways on are offered
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    await page.getByRole('link', { name: 'Go to Account Overview' }).waitFor();
    await checkScreen(page, 'screen-not-loaded');
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);

    // the chunk is back (the connection came back): 'Reload' opens the screen
    restore();
    await page.getByRole('button', { name: 'Reload' }).click();
    await page.getByRole('heading', { level: 1, name: 'Coupons' }).waitFor();
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(false);
  }, 300_000);

  it('after a deploy, the tab reloads by itself once and opens the screen in the new version', async () => {
    const oldEntry = await page.locator('script[type="module"][src]').getAttribute('src');
    newBuild(v1, v2);
    await stop();
    await start(v2);
    let loads = 0;
    page.on('load', () => (loads += 1));
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    // Legal's chunk of the old version is gone in the new one
    await page.getByTestId('nav-/legal').click();
    await page.getByRole('heading', { level: 1, name: 'Legal' }).waitFor({ timeout: 30_000 });
    const newEntry = await page.locator('script[type="module"][src]').getAttribute('src');
    expect(newEntry).not.toBe(oldEntry);
    expect(newEntry).toMatch(/v2\.js$/);
    expect(loads).toBe(1);
    expect(await page.evaluate(() => sessionStorage.getItem('lectern.reloaded-for-version'))).toBe(newEntry);
    // still signed in, and the new version works on
    await page.getByTestId('nav-/coupons').click();
    await page.getByRole('heading', { level: 1, name: 'Coupons' }).waitFor();
    expect(loads).toBe(1);
  }, 600_000);
});
