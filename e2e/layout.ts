import { DEMO_STAFF, PAGES, STUDENT_UPDATE_TYPES } from '@lectern/contract';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeViolations, scanScreen } from './accessibility';
import { CHROMIUM_PATH, DESKTOP, PHONE, consoleUrl, launchBrowser, loaded, saveScreenshot, signInAs } from './browser';

/**
 * Layout and accessibility of every screen, each opened once per width: at 390 px no page pans
 * sideways (document scrollWidth <= innerWidth: wide tables scroll inside their own box); at 1440 px,
 * in a browser with classic (always shown, 15 px) scrollbars, every row action of the first rows of
 * every table and every tab is in sight (inside the window and inside its table's or tab list's
 * scroll box), and the navigation
 * keeps its labels on one line with User Management above the fold. At both widths axe finds no
 * violation, the screen has one h1 and the browser logs no error. SUPER_ADMIN sees every screen but
 * 'Your Live Classes' (INSTRUCTOR only). accessibility.e2e.ts adds reflow, zoom and motion.
 *
 * The walk is long, so it is split in two files (layout-1.e2e.ts, layout-2.e2e.ts) that run in
 * different workers: each takes every other screen.
 */
const SUPER_ADMIN = '9000000001';
const INSTRUCTOR = DEMO_STAFF.find((staff) => staff.role === 'INSTRUCTOR')!.phone;
const SUBJECT = 'subj-organic-chemistry';
const VIDEO_FILES = `/file-explorer?viewType=Files&subjectId=${SUBJECT}&subjectName=Organic+Chemistry&unitId=${SUBJECT}-u1&unitName=Hydrocarbons&topicId=${SUBJECT}-u1-t1&topicName=Alkanes`;

/** Every screen of the router, with a demo object where it needs one (found on the list screens). */
function screens(): { path: string; role: string }[] {
  const fixed: Record<string, string> = {
    '/subject-management/subject-details': `/subject-management/subject-details?subjectId=${SUBJECT}`,
    '/subject-management/subject-details/topics': `/subject-management/subject-details/topics?subjectId=${SUBJECT}&unitId=${SUBJECT}-u1`,
    '/batch-management/students': '/batch-management/students?batchId=batch-jee27-kota-e',
    '/student-updates': `/student-updates/${STUDENT_UPDATE_TYPES[0]}`,
  };
  const paths = [
    ...PAGES.map((entry) => fixed[entry.path] ?? entry.path),
    ...STUDENT_UPDATE_TYPES.slice(1).map((type) => `/student-updates/${type}`),
    VIDEO_FILES,
    '/file-explorer?viewType=Resources',
    '/notifications',
    '/dev/gallery',
    '/publisher/catalogueManager/createCatalogue',
    '/errors/error-401',
    '/errors/error-404',
    '/errors/error-500',
  ];
  return [...new Set(paths)].map((path) => ({ path, role: path === '/go-live' ? INSTRUCTOR : SUPER_ADMIN }));
}

async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  // the gallery shows loading samples on purpose
  await loaded(page, { loadingOnPurpose: path.startsWith('/dev/gallery') });
}

/** axe's violations of the screen as it is, with one h1: the report names the screen and the width. */
async function accessible(page: Page, path: string): Promise<void> {
  const width = page.viewportSize()!.width;
  const violations = await scanScreen(page);
  expect(violations, describeViolations(path, width, violations)).toEqual([]);
  expect(await page.getByRole('heading', { level: 1 }).count(), `${path}: one h1 at ${width} px`).toBe(1);
}

/** A screen's name in a file name: '/file-explorer?viewType=Files&…' -> 'file-explorer-Files'. */
function fileName(path: string): string {
  const [route, query] = path.split('?');
  const view = new URLSearchParams(query).get('viewType');
  return [route!.slice(1).replaceAll('/', '-'), view].filter(Boolean).join('-');
}

/** How far the page pans sideways. */
async function panning(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/**
 * What is out of sight, each named with its place. The row actions of the first three rows of each
 * table (the buttons and links in the cells at a row's end that hold one) must lie inside the window
 * and their table's scroll box, with their own cell on top at their centre (not a column over them).
 * Every tab must lie whole inside the window and the box its list scrolls in (a tab cut at the edge or
 * behind a scroll arrow is a hidden tab).
 */
async function outOfSight(page: Page): Promise<{ rowActions: string[]; tabs: string[] }> {
  return page.evaluate(() => {
    /** `element` with its place, when it is not whole inside `box` and the window or `covered` says so */
    const misplaced = (element: HTMLElement, box: DOMRect, name: string, covered?: (r: DOMRect) => boolean) => {
      const r = element.getBoundingClientRect();
      const inside =
        r.width > 0 &&
        r.left >= Math.max(0, box.left) - 1 &&
        r.right <= Math.min(window.innerWidth, box.right) + 1 &&
        !covered?.(r);
      return inside
        ? []
        : [
            `'${name.trim()}' at ${Math.round(r.left)}-${Math.round(r.right)} (box ${Math.round(box.left)}-${Math.round(box.right)})`,
          ];
    };
    const rowActions: string[] = [];
    for (const scroll of document.querySelectorAll<HTMLElement>('[data-testid="data-table-scroll"]')) {
      const box = scroll.getBoundingClientRect();
      for (const row of [...scroll.querySelectorAll('tbody tr')].slice(0, 3)) {
        for (const cell of [...row.children].reverse()) {
          const controls = [...cell.querySelectorAll<HTMLElement>('button, a[href]')];
          if (controls.length === 0) break;
          for (const control of controls) {
            const name = control.getAttribute('aria-label') ?? control.textContent ?? '';
            rowActions.push(
              ...misplaced(control, box, name, (r) => {
                const y = r.top + r.height / 2;
                return (
                  y >= 0 &&
                  y <= window.innerHeight &&
                  !cell.contains(document.elementFromPoint(r.left + r.width / 2, y))
                );
              }),
            );
          }
        }
      }
    }
    const tabs: string[] = [];
    for (const list of document.querySelectorAll<HTMLElement>('[role="tablist"]')) {
      const box = (list.parentElement ?? list).getBoundingClientRect();
      for (const tab of list.querySelectorAll<HTMLElement>('[role="tab"]')) {
        tabs.push(...misplaced(tab, box, tab.textContent ?? ''));
      }
    }
    return { rowActions, tabs };
  });
}

/** Half `part` (0 or 1) of the walk: every other screen, and one of the two tests of the rest. */
export function describeLayout(part: 0 | 1): void {
  describe(`layout of every screen (part ${part + 1} of 2)`, () => {
    let phoneBrowser: Browser;
    let classicBrowser: Browser;
    const signedIn = new Map<string, { phone: Page; desktop: Page; contexts: BrowserContext[] }>();
    /** what either page logged as an error (page errors and console errors), emptied by each test */
    const errors: string[] = [];

    async function pagesFor(role: string) {
      const existing = signedIn.get(role);
      if (existing) return existing;
      const baseURL = consoleUrl();
      const phoneContext = await phoneBrowser.newContext({ viewport: PHONE, baseURL });
      const desktopContext = await classicBrowser.newContext({ viewport: DESKTOP, baseURL });
      const phone = await phoneContext.newPage();
      const desktop = await desktopContext.newPage();
      for (const page of [phone, desktop]) {
        page.on('pageerror', (error) => errors.push(String(error)));
        page.on('console', (message) => {
          if (message.type() === 'error') errors.push(message.text());
        });
      }
      await signInAs(phone, role);
      await signInAs(desktop, role);
      const pages = { phone, desktop, contexts: [phoneContext, desktopContext] };
      signedIn.set(role, pages);
      return pages;
    }

    beforeAll(async () => {
      phoneBrowser = await launchBrowser();
      // classic scrollbars, as on Windows and Linux desktops (Playwright hides them in headless mode)
      classicBrowser = await chromium.launch({
        executablePath: CHROMIUM_PATH,
        headless: true,
        ignoreDefaultArgs: ['--hide-scrollbars'],
        args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-dev-shm-usage'],
      });
    });
    afterAll(async () => {
      for (const { contexts } of signedIn.values()) for (const context of contexts) await context.close();
      await phoneBrowser?.close();
      await classicBrowser?.close();
    });

    // the navigation is the same on every screen: checked once, in part 1
    if (part === 0)
      it('the navigation keeps every label on one line with classic scrollbars, User Management above the fold', async () => {
        const { desktop } = await pagesFor(SUPER_ADMIN);
        await open(desktop, '/overview');
        const scrollbar = await desktop.evaluate(() => {
          const probe = document.createElement('div');
          probe.style.cssText = 'width:100px;height:100px;overflow:scroll;position:absolute';
          document.body.append(probe);
          const width = probe.offsetWidth - probe.clientWidth;
          probe.remove();
          return width;
        });
        expect(scrollbar, 'the browser shows classic scrollbars').toBeGreaterThan(0);
        const items = await desktop
          .locator('[data-testid^="nav-/"]')
          .evaluateAll((links) =>
            links.map((link) => ({ label: link.textContent ?? '', height: link.getBoundingClientRect().height })),
          );
        const line = Math.min(...items.map((item) => item.height));
        expect(items.filter((item) => item.height > line + 1).map((item) => item.label)).toEqual([]);
        const userManagement = await desktop.getByTestId('nav-/user-management').boundingBox();
        const navBox = await desktop.getByRole('navigation', { name: 'Main navigation' }).evaluate((nav) => {
          const box = nav.parentElement!.getBoundingClientRect();
          return { top: box.top, bottom: box.bottom };
        });
        // its label in sight (the item's own bottom padding may be cut)
        expect(userManagement!.y + userManagement!.height).toBeLessThanOrEqual(navBox.bottom + 4);
      }, 120_000);

    for (const { path, role } of screens().filter((_, index) => index % 2 === part)) {
      it(`${path}: no sideways panning at 390 px; row actions and tabs in sight at 1440 px; no violations at either`, async () => {
        const { phone, desktop } = await pagesFor(role);
        errors.length = 0;
        await open(phone, path);
        expect(await panning(phone), `${path} pans sideways at 390 px`).toBeLessThanOrEqual(0);
        await accessible(phone, path);
        await saveScreenshot(phone, `page-${fileName(path)}-phone.png`);
        await open(desktop, path);
        expect(await panning(desktop), `${path} pans sideways at 1440 px`).toBeLessThanOrEqual(0);
        const { rowActions, tabs } = await outOfSight(desktop);
        expect(rowActions, `${path}: row actions out of sight at 1440 px`).toEqual([]);
        expect(tabs, `${path}: tabs out of sight at 1440 px`).toEqual([]);
        await accessible(desktop, path);
        await saveScreenshot(desktop, `page-${fileName(path)}-desktop.png`);
        // the error pages are opened on purpose: what they log is what brought the user there
        if (!path.startsWith('/errors/')) expect(errors).toEqual([]);
      });
    }

    if (part === 1)
      it('the editors opened from a list: no sideways panning at 390 px', async () => {
        const { phone } = await pagesFor(SUPER_ADMIN);
        const editors: string[] = [];
        for (const [list, link] of [
          ['/publisher/storeManager/storelistings', 'a[href*="storeManager/store?"]'],
          ['/publisher/otsManager', 'a[href*="editOts?"]'],
        ] as const) {
          await open(phone, list);
          const href = await phone.locator(link).first().getAttribute('href');
          expect(href, `a link to an editor on ${list}`).toBeTruthy();
          editors.push(href!);
        }
        for (const path of editors) {
          await open(phone, path);
          expect(await panning(phone), `${path} pans sideways at 390 px`).toBeLessThanOrEqual(0);
        }
      }, 120_000);
  });
}
