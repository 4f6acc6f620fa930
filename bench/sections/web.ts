import zlib from 'node:zlib';
import lighthouse, { desktopConfig, type Config } from 'lighthouse';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import puppeteer from 'puppeteer-core';
import { PAGES } from '@lectern/contract';
import { signIn, type Session } from '../lib/client';
import { couldNotRun, median, type BenchRow } from '../report';

/**
 * The browser figures, against the built console with the large data set: the brotli size of the
 * JavaScript and CSS each screen loads (first load), Lighthouse's performance score on the login
 * screen, the subject listing, the catalogue list and student management with the desktop and the
 * mobile preset (page speed), Lighthouse's accessibility score there and on the overview
 * (accessibility), and the 10,000-recording list of the Transcoding Manager (big table).
 */

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS || 3);
const LOGIN = '/auth/login';
const LISTING = '/subject-management';
const CATALOGUES = '/publisher/catalogueManager/catalogueList';
const STUDENTS = '/student-management';
const OVERVIEW = '/overview';
const KB = 1000;

/** The SPA's session (apps/web/src/lib/session.ts: sessionStorage 'lectern.session'), as JSON. */
function sessionJson(s: Session): string {
  const user = s.user as { roles: { roleName: string }[] };
  return JSON.stringify({ token: s.token, user, roles: user.roles.map((r) => r.roleName) });
}

async function signedInContext(browser: Browser, baseUrl: string, session: string | null): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1440, height: 900 } });
  if (session) {
    await context.addInitScript((value) => sessionStorage.setItem('lectern.session', value), session);
  }
  return context;
}

// ---- first load

interface Loaded {
  path: string;
  files: number;
  /** brotli quality 11 of every file: what the build pre-compresses and the server sends */
  brotliBytes: number;
  gzipBytes: number;
  rawBytes: number;
  /** bytes as served (the server's content-encoding, if any) */
  wireBytes: number;
  /** the largest files, brotli KB */
  largest: string;
}

/**
 * Opens one screen in a fresh context (empty cache) and compresses every script and stylesheet it
 * loaded with brotli (quality 11, as `npm run build` pre-compresses them and the server sends them to
 * a browser that accepts br) and gzip (level 9, for browsers that do not).
 */
async function firstLoad(browser: Browser, baseUrl: string, screen: string, session: string | null): Promise<Loaded> {
  const context = await signedInContext(browser, baseUrl, session);
  try {
    const page = await context.newPage();
    const bodies = new Map<string, Promise<Buffer | null>>();
    const wire = new Map<string, Promise<number>>();
    page.on('response', (response) => {
      const type = response.request().resourceType();
      if ((type === 'script' || type === 'stylesheet') && response.status() === 200 && !bodies.has(response.url())) {
        const length = Number(response.headers()['content-length'] ?? NaN);
        wire.set(
          response.url(),
          response
            .request()
            .sizes()
            .then(
              (sizes) => sizes.responseBodySize,
              () => length,
            ),
        );
        bodies.set(
          response.url(),
          response.body().catch(() => null),
        );
      }
    });
    await page.goto(screen, { waitUntil: 'networkidle' });
    // networkidle can come while the entry chunk still runs (no request for 500 ms): the screen is
    // loaded once its heading shows and the network is quiet again
    await page.locator('main h1, h1').first().waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    let brotliBytes = 0;
    let gzipBytes = 0;
    let rawBytes = 0;
    const sizes: { name: string; brotli: number }[] = [];
    for (const [url, body] of bodies) {
      const bytes = await body;
      if (!bytes) throw new Error(`could not read ${url}`);
      const brotli = zlib.brotliCompressSync(bytes, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
      }).length;
      rawBytes += bytes.length;
      brotliBytes += brotli;
      gzipBytes += zlib.gzipSync(bytes, { level: 9 }).length;
      sizes.push({
        name: new URL(url).pathname
          .split('/')
          .pop()!
          .replace(/-[\w-]{8}\.(js|css)$/, '.$1'),
        brotli,
      });
    }
    sizes.sort((a, b) => b.brotli - a.brotli);
    const largest = sizes
      .slice(0, 4)
      .map((f) => `${f.name} ${(f.brotli / KB).toFixed(0)}`)
      .join(', ');
    let wireBytes = 0;
    for (const size of wire.values()) wireBytes += (await size) || 0;
    return { path: screen, files: bodies.size, brotliBytes, gzipBytes, rawBytes, wireBytes, largest };
  } finally {
    await context.close();
  }
}

async function firstLoadRows(browser: Browser, baseUrl: string, session: string): Promise<BenchRow[]> {
  const login = await firstLoad(browser, baseUrl, LOGIN, null);
  const screens = [...new Set(PAGES.map((p) => p.path))];
  const loaded: Loaded[] = [];
  for (let i = 0; i < screens.length; i += 4) {
    loaded.push(...(await Promise.all(screens.slice(i, i + 4).map((p) => firstLoad(browser, baseUrl, p, session)))));
  }
  const listing = loaded.find((l) => l.path === LISTING)!;
  const largest = [login, ...loaded].reduce((a, b) => (b.brotliBytes > a.brotliBytes ? b : a));
  const describe = (l: Loaded) =>
    `${l.files} files, ${(l.rawBytes / KB).toFixed(0)} KB raw, ${(l.gzipBytes / KB).toFixed(0)} KB gzip, ${(l.wireBytes / KB).toFixed(0)} KB as Chromium received them; largest (KB brotli): ${l.largest}`;
  return [
    {
      section: 'first load',
      figure: 'login screen: JavaScript and CSS, brotli',
      ours: login.brotliBytes / KB,
      baseline: null,
      unit: 'KB',
      budget: { max: 150, text: '≤ 150 KB' },
      note: `${describe(login)}; brotli quality 11 of every script and stylesheet the screen loaded (fresh browser context)`,
    },
    {
      section: 'first load',
      figure: 'subject listing: JavaScript and CSS, brotli',
      ours: listing.brotliBytes / KB,
      baseline: null,
      unit: 'KB',
      budget: { max: 250, text: '≤ 250 KB' },
      note: describe(listing),
    },
    {
      section: 'first load',
      figure: `largest of all ${loaded.length + 1} screens: ${largest.path}`,
      ours: largest.brotliBytes / KB,
      baseline: null,
      unit: 'KB',
      budget: { max: 250, text: '≤ 250 KB' },
      note: `${describe(largest)}; every path of PAGES signed in as SUPER_ADMIN, and the login screen`,
    },
  ];
}

// ---- big table

interface BigTable {
  /** click to the first rows painted */
  firstRowsMs: number;
  /** the answer's last byte to the first rows painted */
  afterAnswerMs: number;
  apiMs: number;
  apiKiB: number;
  rows: number;
  openLongest: number;
  scrollLongest: number;
  scrollMs: number;
  worstFrameMs: number;
  frames: number;
}

/** Opens the Recordings tab (10,000 rows) and scrolls its list to the end, a viewport per frame. */
async function bigTable(browser: Browser, baseUrl: string, session: string): Promise<BigTable> {
  const context = await signedInContext(browser, baseUrl, session);
  try {
    const page = await context.newPage();
    await page.goto('/transcoding-manager', { waitUntil: 'networkidle' });
    await page.getByRole('tab', { name: 'Recordings' }).waitFor();
    const opened = await page.evaluate(async () => {
      const w = window as unknown as { longTasks: { start: number; duration: number }[] };
      w.longTasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.longTasks.push({ start: e.startTime, duration: e.duration });
      }).observe({ type: 'longtask', buffered: true });
      const tab = [...document.querySelectorAll('[role="tab"]')].find((t) => t.textContent?.startsWith('Recordings'));
      const hasRow = () =>
        [...document.querySelectorAll('[role="tabpanel"]:not([hidden]) tbody tr')].some((tr) =>
          tr.textContent?.includes('recording-'),
        );
      const t0 = performance.now();
      const firstRow = new Promise<number>((resolve) => {
        const observer = new MutationObserver(() => {
          if (!hasRow()) return;
          observer.disconnect();
          // the frame that paints them
          requestAnimationFrame(() => resolve(performance.now()));
        });
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
      });
      (tab as HTMLElement).click();
      const t1 = await firstRow;
      const api = performance
        .getEntriesByType('resource')
        .find((e) => e.name.includes('/api/batch/live-class-recording')) as PerformanceResourceTiming | undefined;
      return {
        t0,
        firstRowsMs: t1 - t0,
        afterAnswerMs: api ? t1 - api.responseEnd : NaN,
        apiMs: api?.duration ?? 0,
        apiBytes: api?.encodedBodySize ?? 0,
      };
    });
    // wait for the list to settle (the count shown, nothing else loading)
    await page.getByTestId('data-table-scroll').last().waitFor();
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    const scrolled = await page.evaluate(async () => {
      const scroller = [...document.querySelectorAll<HTMLElement>('[data-testid="data-table-scroll"]')].find(
        (el) => el.offsetParent !== null,
      )!;
      const rows = Number(scroller.querySelector('table')?.getAttribute('aria-rowcount') ?? 0) - 1;
      const frame = () => new Promise<number>((resolve) => requestAnimationFrame((t) => resolve(t)));
      const start = performance.now();
      let last = await frame();
      let worst = 0;
      let frames = 0;
      while (scroller.scrollTop + scroller.clientHeight < scroller.scrollHeight - 1) {
        scroller.scrollTop += scroller.clientHeight;
        const t = await frame();
        worst = Math.max(worst, t - last);
        last = t;
        frames++;
      }
      for (let i = 0; i < 3; i++) await frame();
      const end = performance.now();
      const lastRowText = [...scroller.querySelectorAll('tbody tr')].at(-1)?.textContent ?? '';
      await new Promise((resolve) => setTimeout(resolve, 300));
      const tasks = (window as unknown as { longTasks: { start: number; duration: number }[] }).longTasks;
      return { start, end, worst, frames, rows, lastRowText, tasks };
    });
    const within = (from: number, to: number) =>
      Math.max(0, ...scrolled.tasks.filter((t) => t.start >= from && t.start < to).map((t) => t.duration));
    if (!scrolled.lastRowText.includes('recording-')) throw new Error(`the list did not end on a recording`);
    return {
      firstRowsMs: opened.firstRowsMs,
      afterAnswerMs: opened.afterAnswerMs,
      apiMs: opened.apiMs,
      apiKiB: opened.apiBytes / 1024,
      rows: scrolled.rows,
      openLongest: within(opened.t0, scrolled.start),
      scrollLongest: within(scrolled.start, scrolled.end),
      scrollMs: scrolled.end - scrolled.start,
      worstFrameMs: scrolled.worst,
      frames: scrolled.frames,
    };
  } finally {
    await context.close();
  }
}

function bigTableRows(t: BigTable): BenchRow[] {
  const task = (ms: number) => (ms === 0 ? 'no long task (none over 50 ms)' : `longest task ${ms.toFixed(0)} ms`);
  return [
    {
      section: 'big table',
      figure: `Recordings tab (${t.rows.toLocaleString('en-US')} rows): answer received to first rows painted`,
      ours: t.afterAnswerMs,
      baseline: null,
      unit: 'ms',
      budget: { max: 300, text: '< 300 ms' },
      note: `click to first rows ${t.firstRowsMs.toFixed(0)} ms, of which the API call ${t.apiMs.toFixed(0)} ms (${t.apiKiB.toFixed(0)} KiB on the wire); headless Chromium, 1440 x 900`,
    },
    {
      section: 'big table',
      figure: '  longest task while opening it',
      ours: t.openLongest,
      baseline: null,
      unit: 'ms',
      budget: { max: 50, text: '≤ 50 ms' },
      note: `${task(t.openLongest)} (PerformanceObserver longtask, from the click until the list settled; the API call's own time counts in the first row, not here)`,
    },
    {
      section: 'big table',
      figure: '  longest task while scrolling to the end',
      ours: t.scrollLongest,
      baseline: null,
      unit: 'ms',
      budget: { max: 50, text: '≤ 50 ms' },
      note: `${task(t.scrollLongest)}; ${t.frames} frames of one viewport each in ${(t.scrollMs / 1000).toFixed(1)} s, longest frame ${t.worstFrameMs.toFixed(0)} ms`,
    },
  ];
}

// ---- page speed and accessibility

interface Speed {
  scores: number[];
  lcp: number[];
  tbt: number[];
  fcp: number[];
  /** Lighthouse's accessibility score of each run (when asked for) */
  accessibility: number[];
  /** the accessibility audits that did not pass, with the elements they name */
  failedAudits: string[];
}

type Category = 'performance' | 'accessibility';
/** Lighthouse's desktop preset, or its default: a mid-range phone on a slow 4G link, simulated */
type Preset = 'desktop' | 'mobile';
const PRESETS: Record<Preset, Config | undefined> = { desktop: desktopConfig, mobile: undefined };

/**
 * Lighthouse in the system Chromium, `runs` times on a path with a preset, for the given categories;
 * the session set in each new document.
 */
async function lighthouseRuns(
  baseUrl: string,
  pathname: string,
  session: string | null,
  runs: number,
  categories: Category[] = ['performance', 'accessibility'],
  preset: Preset = 'desktop',
): Promise<Speed> {
  const browser = await puppeteer.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  const speed: Speed = { scores: [], lcp: [], tbt: [], fcp: [], accessibility: [], failedAudits: [] };
  try {
    for (let i = 0, failures = 0; i < runs; i++) {
      const page = await browser.newPage();
      if (session)
        await page.evaluateOnNewDocument((value) => sessionStorage.setItem('lectern.session', value), session);
      const result = await lighthouse(
        `${baseUrl}${pathname}`,
        { logLevel: 'error', output: 'json', onlyCategories: categories },
        PRESETS[preset],
        page,
      );
      await page.close();
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`Lighthouse gave no result for ${pathname}`);
      if (lhr.runtimeError) {
        // a trace Lighthouse could not read (NO_NAVSTART and the like): once more, twice at most
        if (++failures <= 2) {
          i--;
          continue;
        }
        throw new Error(`Lighthouse on ${pathname}: ${lhr.runtimeError.message}`);
      }
      if (lhr.finalDisplayedUrl && !lhr.finalDisplayedUrl.includes(pathname)) {
        throw new Error(`Lighthouse on ${pathname} ended on ${lhr.finalDisplayedUrl}`);
      }
      if (categories.includes('performance')) {
        speed.scores.push((lhr.categories.performance?.score ?? 0) * 100);
        speed.lcp.push(lhr.audits['largest-contentful-paint']?.numericValue ?? NaN);
        speed.tbt.push(lhr.audits['total-blocking-time']?.numericValue ?? NaN);
        speed.fcp.push(lhr.audits['first-contentful-paint']?.numericValue ?? NaN);
      }
      const accessibility = lhr.categories.accessibility;
      if (accessibility) {
        speed.accessibility.push((accessibility.score ?? 0) * 100);
        for (const ref of accessibility.auditRefs) {
          const audit = lhr.audits[ref.id];
          if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) {
            speed.failedAudits.push(`${ref.id} (${failedElements(audit.details)})`);
          }
        }
      }
    }
  } finally {
    await browser.close();
  }
  return speed;
}

/** The elements an accessibility audit names (its details table of nodes), for the note. */
function failedElements(details: unknown): string {
  const items = (details as { items?: { node?: { selector?: string } }[] } | undefined)?.items ?? [];
  const selectors = items.map((item) => item.node?.selector).filter((selector) => selector !== undefined);
  return selectors.length > 0 ? selectors.slice(0, 3).join(', ') : 'no element named';
}

const SPEED_BUDGET: Record<Preset, number> = { desktop: 98, mobile: 90 };

function speedRow(screen: string, s: Speed, preset: Preset): BenchRow {
  const ms = (values: number[]) => `${median(values).toFixed(0)} ms`;
  return {
    section: 'page speed',
    figure: `Lighthouse performance, ${preset}, ${screen} (median of ${s.scores.length})`,
    ours: median(s.scores),
    baseline: null,
    unit: '',
    budget: { min: SPEED_BUDGET[preset], text: `≥ ${SPEED_BUDGET[preset]}` },
    note: `${preset} preset${preset === 'mobile' ? ' (simulated slow 4G, 4x CPU slowdown)' : ''}; scores ${s.scores.map((n) => n.toFixed(0)).join(', ')}; median LCP ${ms(s.lcp)}, FCP ${ms(s.fcp)}, TBT ${ms(s.tbt)}`,
  };
}

/** Lighthouse's accessibility score (its axe-core audits; docs/accessibility.md): the lowest of the runs. */
function accessibilityRow(screen: string, s: Speed): BenchRow {
  const failed = [...new Set(s.failedAudits)];
  return {
    section: 'accessibility',
    figure: `Lighthouse accessibility, ${screen}`,
    ours: s.accessibility.length > 0 ? Math.min(...s.accessibility) : null,
    baseline: null,
    unit: '',
    budget: { min: 100, text: '100' },
    note: failed.length > 0 ? `failed: ${failed.join('; ')}` : `every audit passes (${s.accessibility.length} run(s))`,
  };
}

/** Every browser figure; each part fails on its own (a row saying why) without stopping the others. */
export async function webSection(baseUrl: string, log: (line: string) => void): Promise<BenchRow[]> {
  const admin = await signIn(baseUrl, '9000000001', 'SUPER_ADMIN');
  const session = sessionJson(admin);
  const rows: BenchRow[] = [];
  const part = async (section: string, fn: () => Promise<BenchRow[]>) => {
    try {
      rows.push(...(await fn()));
    } catch (error) {
      rows.push(couldNotRun(section, error));
    }
  };
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  try {
    await part('first load', () => firstLoadRows(browser, baseUrl, session));
    log('first load measured');
    await part('big table', async () => bigTableRows(await bigTable(browser, baseUrl, session)));
    log('big table measured');
  } finally {
    await browser.close();
  }
  // Lighthouse's desktop and mobile presets on the four screens staff open most; accessibility with
  // the desktop runs (the score does not depend on the preset)
  const screens: { name: string; path: string; session: string | null }[] = [
    { name: 'login screen', path: LOGIN, session: null },
    { name: 'subject listing', path: LISTING, session },
    { name: 'catalogue list', path: CATALOGUES, session },
    { name: 'student management', path: STUDENTS, session },
  ];
  for (const screen of screens) {
    await part('page speed', async () => {
      const desktop = await lighthouseRuns(baseUrl, screen.path, screen.session, LIGHTHOUSE_RUNS);
      const mobile = await lighthouseRuns(
        baseUrl,
        screen.path,
        screen.session,
        LIGHTHOUSE_RUNS,
        ['performance'],
        'mobile',
      );
      return [
        speedRow(screen.name, desktop, 'desktop'),
        speedRow(screen.name, mobile, 'mobile'),
        accessibilityRow(screen.name, desktop),
      ];
    });
    log(`Lighthouse: ${screen.name}`);
  }
  await part('accessibility', async () => [
    // the score does not vary from run to run: one run, accessibility only
    accessibilityRow('overview', await lighthouseRuns(baseUrl, OVERVIEW, session, 1, ['accessibility'])),
  ]);
  log('Lighthouse done');
  return rows;
}
