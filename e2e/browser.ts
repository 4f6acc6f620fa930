import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { DESKTOP, checkScreen } from './accessibility';
import { signIn } from './processes';

export { DESKTOP, PHONE, checkScreen } from './accessibility';

/** Screenshots of the journeys, to look at (gitignored). */
const SHOTS = path.resolve(import.meta.dirname, '../.screenshots');

/**
 * The system Chromium the journeys drive: Debian's `chromium-headless-shell` when it is installed (the
 * same Chromium build without the desktop browser's layer; the journeys take about a sixth less CPU in
 * it), else the full `chromium`. CHROMIUM_PATH chooses either.
 */
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ??
  (fs.existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');

/** The system Chromium, headless, with the flags this machine needs. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-dev-shm-usage',
    ],
  });
}

/**
 * The console of this worker: journeys run in three workers, each against its own console (global-setup),
 * so one file's writes never meet another's running at the same time.
 */
export function consoleUrl(): string {
  const urls = inject('baseUrls');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  return urls[(worker - 1) % urls.length]!;
}

/** A fresh context (its own session storage) at the console's address, collecting console errors. */
export async function newPage(
  browser: Browser,
  viewport = DESKTOP,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport, baseURL: consoleUrl() });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return { context, page, errors };
}

/** What shows while a screen still loads: a lazy page, a query fetching, a busy region, a skeleton row. */
const LOADING = [
  '[data-testid="fetching-bar"]',
  '[aria-label="Loading page"]',
  '[aria-busy="true"]',
  '[data-testid="skeleton-row"]',
];

/**
 * Waits until the screen shows nothing loading (LOADING) for three animation frames in a row: the
 * console's own signal that its data arrived, where `networkidle` waited half a second after the last
 * request. `loadingOnPurpose` screens (the gallery's loading samples) wait for the fetching bar only.
 */
export async function loaded(page: Page, { loadingOnPurpose = false } = {}): Promise<void> {
  const selector = (loadingOnPurpose ? LOADING.slice(0, 1) : LOADING).join(', ');
  const settled = await page.evaluate(async (busy) => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    const deadline = performance.now() + 30_000;
    let quiet = 0;
    while (quiet < 3 && performance.now() < deadline) {
      await frame();
      quiet = document.querySelector(busy) ? 0 : quiet + 1;
    }
    return quiet >= 3 ? null : (document.querySelector(busy)?.outerHTML.slice(0, 200) ?? '?');
  }, selector);
  if (settled !== null) throw new Error(`${page.url()} still loading after 30 s: ${settled}`);
}

/** Waits for the sign-in screen's demo-mode hint and gives the code it shows. */
export async function readDemoCode(page: Page): Promise<string> {
  const hint = page.getByText(/Demo mode: your code is \d{6}/);
  await hint.waitFor();
  const code = /(\d{6})/.exec((await hint.textContent()) ?? '')?.[1];
  if (!code) throw new Error('no demo code shown');
  return code;
}

/** Opens sign-in, asks a code for `mobileNumber` with the mouse, and gives the demo code shown. */
export async function requestDemoCode(page: Page, mobileNumber: string): Promise<string> {
  await page.goto('/auth/login');
  await page.getByLabel('Mobile number').fill(mobileNumber);
  await page.getByRole('button', { name: 'Request code' }).click();
  return readDemoCode(page);
}

/** Signs in through the screen: number, 'Request code', the demo hint's code, 'Sign in'. */
export async function signInThroughScreen(page: Page, mobileNumber: string): Promise<void> {
  await page.goto('/auth/login');
  const number = page.getByLabel('Mobile number');
  await number.waitFor();
  // the same screens for every journey: checked by the first to meet them in the run
  await checkScreen(page, 'sign-in', { oncePerRun: true });
  await number.fill(mobileNumber);
  await page.getByRole('button', { name: 'Request code' }).click();
  const code = await readDemoCode(page);
  await checkScreen(page, 'sign-in-code', { oncePerRun: true });
  await page.getByLabel('One-time code').fill(code);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL('**/overview');
  await page.getByTestId('overview-figures').waitFor();
  await checkScreen(page, `overview as ${mobileNumber}`, { oncePerRun: true });
}

/**
 * Signs in without the screens, for journeys about something else: a session made through the API
 * (the demo outbox's code, as processes.ts `signIn`) is put in the tab's session storage before the
 * app starts, as the sign-in screen leaves it, and the page opens `path` (the overview, where sign-in
 * lands). Signing in through the screens is sign-in.e2e.ts's journey (and `signInThroughScreen`).
 */
export async function signInAs(page: Page, mobileNumber: string, path = '/overview'): Promise<void> {
  const client = await signIn(consoleUrl(), mobileNumber, '');
  const user = client.session.user as { roles: { roleName: string }[] };
  const session = JSON.stringify({
    token: client.session.token,
    user,
    roles: user.roles.map((role) => role.roleName),
  });
  // a same-origin answer that starts no app: the tab's session storage is set there, then the app opens
  await page.goto('/api/health');
  await page.evaluate(({ key, value }) => sessionStorage.setItem(key, value), {
    key: 'lectern.session',
    value: session,
  });
  await page.goto(path);
  if (path === '/overview') await page.getByTestId('overview-figures').waitFor();
}

/**
 * Checks the screen (checkScreen: axe at both widths) and saves a screenshot of it to
 * `.screenshots/<screen>-<desktop|phone|width>.png`. Journeys call this for every screen they visit.
 */
export async function shot(page: Page, screen: string, { fullPage = false } = {}): Promise<void> {
  await checkScreen(page, screen);
  const width = page.viewportSize()?.width ?? DESKTOP.width;
  const label = width >= DESKTOP.width ? 'desktop' : width >= 375 && width <= 430 ? 'phone' : `${width}px`;
  await saveScreenshot(page, `${screen}-${label}.png`, { fullPage });
}

/**
 * Saves the screen as it is to `.screenshots/<name>`, for a person to look at. CI, where nobody can
 * look, sets E2E_SCREENSHOTS=off (.ci/run): the PNGs took a tenth of the layout walk's time.
 */
export async function saveScreenshot(page: Page, name: string, { fullPage = false } = {}): Promise<void> {
  if (process.env.E2E_SCREENSHOTS === 'off') return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, name), fullPage });
}
