/**
 * The Account Overview (issue 20) for each demo role, in one browser: sign in through the screen, see
 * the role's own sections and no others, open every figure's link and find a list with that many rows,
 * and look at the overview at desktop and phone widths (each through the accessibility check).
 */
import { DEMO_STAFF, formatIndianNumber, type Role } from '@lectern/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, launchBrowser, newPage, shot, signInAs } from './browser';

/** The sections (their h2s) each role sees, in order. */
const SECTIONS: Record<Role, string[]> = {
  SUPER_ADMIN: ['At a glance', 'Live classes', 'Subjects and videos', 'Orders, deliveries and coupons', 'Staff'],
  CONTENT_ADMIN: ['At a glance', 'Subjects and videos'],
  CONTENT_DEVELOPER: ['At a glance', 'Your subjects'],
  CONTENT_UPLOADER: ['At a glance', 'Your subjects and videos'],
  FINANCE: ['At a glance', 'Orders, deliveries and coupons'],
  INSTRUCTOR: ['At a glance', 'Your classes'],
};

interface Shown {
  key: string;
  value: number;
  href: string;
  /** a figure of money ('Rs. 6,91,939'), whose list is added up rather than counted */
  money?: string;
}

/** Every figure on the overview with a link: its key, the number it shows and where it goes. */
async function linkedFigures(page: Page): Promise<Shown[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('[data-testid^="figure-"]'))
      .flatMap((el) => {
        const link = el.querySelector('a') ?? (el.tagName === 'A' ? el : null);
        if (!link) return [];
        const numbers = (link.textContent ?? '').match(/\d[\d,]*/g) ?? [];
        const value = Number((numbers.at(-1) ?? '').replace(/,/g, ''));
        const money = /Rs\. [\d,]+(?:\.\d\d)?/.exec(link.textContent ?? '')?.[0];
        const key = el.dataset.testid!.slice('figure-'.length);
        return [{ key, value, href: link.getAttribute('href')!, ...(money ? { money } : {}) }];
      })
      .concat(
        // the last class's attendance: 'N of M present', its insights
        Array.from(document.querySelectorAll<HTMLElement>('[data-testid="last-class"]')).map((el) => {
          const insights = el.closest('.MuiCard-root')?.querySelector('a');
          const present = /([\d,]+) of [\d,]+ present/.exec(el.textContent ?? '')?.[1] ?? '';
          return {
            key: 'lastClass',
            value: Number(present.replace(/,/g, '')),
            href: insights?.getAttribute('href') ?? '',
          };
        }),
      ),
  );
}

/** What the list at `href` counts, read the way a person reads it: the count line, the calendar's classes. */
async function listCount(page: Page, href: string): Promise<() => Promise<string>> {
  await page.goto(href);
  await page.getByRole('heading', { level: 1 }).waitFor();
  if (href.startsWith('/transcoding-manager')) {
    return async () => {
      const shown = page.getByTestId('job-list-shown');
      if ((await shown.count()) > 0) return /of ([\d,]+)$/.exec((await shown.textContent()) ?? '')?.[1] ?? '';
      const empty = page.getByText(/^No (running|errored) jobs\.$|^No videos waiting to be transcoded\.$/);
      return (await empty.count()) > 0 ? '0' : 'loading';
    };
  }
  if (href.startsWith('/live-classes/insights')) {
    return async () => (await page.getByTestId('figure-Present').textContent()) ?? '';
  }
  if (href.startsWith('/live-classes')) {
    return async () => {
      if ((await page.getByRole('progressbar').count()) > 0) return 'loading';
      return String(await page.locator('[data-testid="calendar-class"]:visible').count());
    };
  }
  if (href.startsWith('/notifications')) {
    return async () => String(await page.getByText('Unread: ').count());
  }
  return async () => {
    const line = page.locator('[data-testid="data-table-count"]:visible').first();
    return /^([\d,]+) records? found/.exec((await line.textContent()) ?? '')?.[1] ?? 'loading';
  };
}

/** Signs out whoever is signed in (a journey before may have stopped half-way). */
async function signedOut(page: Page): Promise<void> {
  await page.goto('/auth/login');
  const number = page.getByLabel('Mobile number');
  const signOut = page.getByRole('button', { name: 'Sign out' });
  await number.or(signOut).first().waitFor();
  if (await signOut.isVisible()) {
    await signOut.click();
    await page.waitForURL('**/auth/login');
    await number.waitFor();
  }
}

describe('Account Overview', () => {
  let browser: Browser;
  let page: Page;
  let errors: string[];
  beforeAll(async () => {
    browser = await launchBrowser();
    ({ page, errors } = await newPage(browser, DESKTOP));
  });
  afterAll(async () => browser?.close());

  for (const staff of DEMO_STAFF) {
    it(`${staff.role}: its own figures, each link a list of that many rows, at desktop and phone widths`, async () => {
      await page.setViewportSize(DESKTOP);
      await signedOut(page);
      await signInAs(page, staff.phone);
      await page.getByText(new RegExp(`, ${staff.firstName} ${staff.lastName}$`)).waitFor();
      const headings = page.locator('main h2[id^="overview-"]');
      await expect.poll(() => headings.allTextContents()).toEqual(SECTIONS[staff.role]);

      // the charts come when their section is shown, each with its words
      if (SECTIONS[staff.role].some((s) => s.includes('ubjects'))) {
        await page.getByTestId('subjects-summary').waitFor();
      }
      if (staff.role === 'FINANCE' || staff.role === 'SUPER_ADMIN') {
        expect(await page.getByTestId('figure-revenue.month').textContent()).toMatch(
          /^Revenue this monthRs\. [\d,]+(\.\d\d)?View$/,
        );
      }
      // 'Go live' beside each of today's classes that can go live: every class live now has one (the demo
      // seeds one live class for the instructor; it ends about 35 minutes after seeding)
      const goLive = page.getByRole('link', { name: /^Go live: / });
      const liveNow = page.getByRole('list', { name: 'Classes today' }).getByText('Live now', { exact: true });
      if (staff.role === 'INSTRUCTOR') {
        expect(await goLive.count()).toBeGreaterThanOrEqual(await liveNow.count());
        for (const href of await goLive.evaluateAll((links) => links.map((a) => a.getAttribute('href')))) {
          expect(href).toBe('/go-live');
        }
      } else {
        expect(await goLive.count()).toBe(0);
      }

      await shot(page, `overview-${staff.role.toLowerCase()}`, { fullPage: true });
      await page.setViewportSize(PHONE);
      await shot(page, `overview-${staff.role.toLowerCase()}`, { fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.setViewportSize(DESKTOP);

      const figures = await linkedFigures(page);
      expect(figures.length).toBeGreaterThan(0);
      for (const figure of figures) {
        if (figure.money) {
          // a sum of money opens the orders it adds up: the list's net total is that sum
          await page.goto(figure.href);
          const net = page.getByTestId('orders-total-net');
          await expect
            .poll(() => net.textContent(), { timeout: 15_000, message: `${staff.role} ${figure.key} → ${figure.href}` })
            .toBe(`Net${figure.money}`);
          continue;
        }
        const read = await listCount(page, figure.href);
        await expect
          .poll(read, { timeout: 15_000, message: `${staff.role} ${figure.key} → ${figure.href}` })
          .toBe(formatIndianNumber(figure.value));
      }

      if (staff.role === 'INSTRUCTOR') {
        await page.goto('/overview');
        await page.getByTestId('overview-figures').waitFor();
        const first = page.getByRole('link', { name: /^Go live: / }).first();
        if ((await first.count()) > 0) {
          const title = ((await first.getAttribute('aria-label')) ?? '').replace(/^Go live: /, '');
          await first.focus();
          await page.keyboard.press('Enter');
          await page.waitForURL('**/go-live');
          await page.getByRole('heading', { name: title }).first().waitFor();
        }
      }
      await signedOut(page);
    });
  }

  it('had no errors in the browser console', () => {
    expect(errors).toEqual([]);
  });
});
