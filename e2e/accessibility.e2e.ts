import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeViolations, scanScreen } from './accessibility';
import {
  DESKTOP,
  PHONE,
  checkScreen,
  launchBrowser,
  loaded,
  newPage,
  requestDemoCode,
  shot,
  signInThroughScreen,
} from './browser';

/**
 * Accessibility beyond what the other journeys visit: the main screens at 320 px and at 200% zoom
 * with nothing lost; reduced motion; live regions; the check itself failing on a planted violation.
 * Every screen's axe check at desktop and phone widths is the walk of e2e/layout.ts. docs/accessibility.md.
 */
const SUPER_ADMIN = '9000000001';
const SUBJECT = 'subj-organic-chemistry';

/** Where a page is opened: pages that need a subject get a demo one. */
function address(path: string): string {
  if (path === '/subject-management/subject-details') return `${path}?subjectId=${SUBJECT}`;
  if (path === '/subject-management/subject-details/topics') return `${path}?subjectId=${SUBJECT}&unitId=${SUBJECT}-u1`;
  return path;
}

/** Screens checked for reflow: at 320 px (WCAG 1.4.10) and at 200% zoom of a 1440 x 900 window. */
const REFLOW_SCREENS = [
  '/overview',
  '/subject-management',
  address('/subject-management/subject-details'),
  address('/subject-management/subject-details/topics'),
  '/subject-review',
  '/file-explorer',
  '/transcoding-manager',
  '/user-management',
];
const NARROW = { width: 320, height: 640 };
const ZOOMED = { width: DESKTOP.width / 2, height: DESKTOP.height / 2 };

async function openPage(page: Page, path: string): Promise<void> {
  await page.goto(address(path));
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await loaded(page);
}

/** The page never scrolls sideways: content reflows instead (tables scroll inside their own box). */
async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

describe('reflow, zoom and the check itself', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  beforeAll(async () => {
    browser = await launchBrowser();
    ({ context, page, errors } = await newPage(browser));
    await signInThroughScreen(page, SUPER_ADMIN);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('at 320 px and at 200% zoom nothing is lost: no sideways scroll, the title shows, no violations', async () => {
    for (const viewport of [NARROW, ZOOMED]) {
      await page.setViewportSize(viewport);
      for (const path of REFLOW_SCREENS) {
        await openPage(page, path);
        expect(await sidewaysOverflow(page), `${path} at ${viewport.width} px`).toBeLessThanOrEqual(0);
        const title = await page.getByRole('heading', { level: 1 }).boundingBox();
        expect(title && title.x >= 0 && title.x + title.width <= viewport.width, `${path} title`).toBe(true);
        const violations = await scanScreen(page);
        expect(violations, describeViolations(path, viewport.width, violations)).toEqual([]);
      }
    }
    await page.setViewportSize(NARROW);
    await shot(page, 'user-management-narrow');
    await page.setViewportSize(DESKTOP);
    expect(errors).toEqual([]);
  }, 240_000);

  it('the check fails on a violation, naming the rule, the element and the screen', async () => {
    await openPage(page, '/overview');
    await page.evaluate(() => {
      const planted = document.createElement('button');
      planted.id = 'planted';
      planted.textContent = 'Approve';
      planted.setAttribute('aria-label', 'Decline');
      planted.style.color = '#BBBBBB';
      document.querySelector('main')?.append(planted);
    });
    const failure = await checkScreen(page, 'planted-violation').then(
      () => null,
      (error: Error) => error.message,
    );
    expect(failure).toContain("'planted-violation' at 1440 px");
    expect(failure).toContain("'planted-violation' at 390 px");
    expect(failure).toContain('label-content-name-mismatch');
    expect(failure).toContain('color-contrast');
    expect(failure).toContain('<button id="planted"');
  });
});

describe('motion and live regions', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  /** Everything that animates in the page now: CSS transitions and animations that still run. */
  async function running(page: Page): Promise<{ name: string; properties: string[]; ms: number }[]> {
    return page.evaluate(() =>
      document
        .getAnimations()
        .filter((animation) => animation.playState === 'running')
        .map((animation) => {
          const effect = animation.effect as KeyframeEffect | null;
          const name =
            animation instanceof CSSAnimation
              ? animation.animationName
              : animation instanceof CSSTransition
                ? `transition of ${animation.transitionProperty}`
                : 'script animation';
          const properties = [...new Set((effect?.getKeyframes() ?? []).flatMap((frame) => Object.keys(frame)))].filter(
            (key) => !['offset', 'computedOffset', 'easing', 'composite'].includes(key),
          );
          return { name, properties, ms: Number(effect?.getComputedTiming().duration ?? 0) };
        }),
    );
  }

  it('with reduced motion, drawers appear in place and spinners only fade', async () => {
    const { context, page } = await newPage(browser, PHONE);
    try {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await signInThroughScreen(page, '9000000002');
      // a slow answer keeps the loading indicators on screen
      await page.route('**/api/subjects/subject/all**', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await route.continue();
      });
      await page.goto('/subject-management');
      await page.getByRole('progressbar').first().waitFor();
      const loading = await running(page);
      for (const animation of loading) {
        // what still runs changes opacity only (or is over within a millisecond)
        expect(animation.ms <= 1 || animation.properties.every((key) => key === 'opacity'), animation.name).toBe(true);
      }
      expect(loading.some((animation) => animation.name === 'lectern-fade')).toBe(true);
      await page.getByRole('button', { name: 'Create Subject' }).click();
      const sampled: Awaited<ReturnType<typeof running>> = [];
      for (let sample = 0; sample < 5; sample++) {
        sampled.push(...(await running(page)));
        // wait justified: motion is sampled over the drawer's opening, 40 ms apart
        await page.waitForTimeout(40);
      }
      await page.getByRole('dialog', { name: 'Create Subject' }).waitFor();
      for (const animation of sampled) {
        expect(animation.ms <= 1 || animation.properties.every((key) => key === 'opacity'), animation.name).toBe(true);
      }
      // and without the preference the same drawer slides in
      await page.keyboard.press('Escape');
      await page.emulateMedia({ reducedMotion: 'no-preference' });
      await page.getByRole('dialog', { name: 'Create Subject' }).waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: 'Create Subject' }).click();
      const sliding: Awaited<ReturnType<typeof running>> = [];
      for (let sample = 0; sample < 8; sample++) {
        sliding.push(...(await running(page)));
        // wait justified: motion is sampled over the drawer's slide, 25 ms apart
        await page.waitForTimeout(25);
      }
      expect(sliding.some((animation) => animation.name.includes('transform') && animation.ms > 100)).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('a failed call is read out at once (an assertive alert), a success politely (a status)', async () => {
    const { context, page } = await newPage(browser);
    try {
      const code = await requestDemoCode(page, '9000000002');
      await page.getByLabel('One-time code').fill(code === '000000' ? '111111' : '000000');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      const alerts = page.getByRole('alert').filter({ hasText: 'Invalid Credentials' });
      await expect.poll(() => alerts.count()).toBe(2);
      expect(await alerts.last().getAttribute('aria-live')).toBe('assertive');

      await signInThroughScreen(page, '9000000001');
      await page.getByRole('button', { name: 'Sign out' }).click();
      const status = page.getByRole('status').filter({ hasText: 'You have been signed out.' });
      await status.waitFor();
      expect(await status.getAttribute('aria-live')).toBe('polite');
    } finally {
      await context.close();
    }
  });
});
