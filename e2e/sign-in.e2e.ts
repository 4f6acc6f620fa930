import { DEMO_STAFF, MESSAGES, PAGES, createSigner, fillMessage, hasPermission, type Role } from '@lectern/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkScreen, consoleUrl, launchBrowser, newPage, requestDemoCode, signInThroughScreen } from './browser';

describe('signing in and the navigation each role sees', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  for (const { role, phone } of DEMO_STAFF) {
    it(`${role} signs in through the screen and sees the navigation the table allows`, async () => {
      const { context, page, errors } = await newPage(browser);
      try {
        await page.goto('/');
        await page.waitForURL('**/auth/login');
        await signInThroughScreen(page, phone);
        await page.getByRole('heading', { name: 'Account Overview' }).waitFor();
        // each role sees other figures and navigation
        await checkScreen(page, `overview-${role}`);
        for (const entry of PAGES.filter((p) => p.nav)) {
          const item = page.getByTestId(`nav-${entry.path}`);
          const onlyFor = entry.nav?.onlyRoles;
          if (onlyFor && !onlyFor.includes(role)) {
            expect(await item.count(), `${entry.path} hidden for ${role}`).toBe(0);
            continue;
          }
          const disabled = (await item.getAttribute('aria-disabled')) === 'true';
          expect(disabled, `${entry.path} for ${role}`).toBe(!hasPermission([role], entry.area));
        }
        const firstDisabled = PAGES.find((p) => p.nav && !p.nav.onlyRoles && !hasPermission([role], p.area));
        if (firstDisabled) {
          // a disabled item takes no pointer events: its wrapper carries the tooltip
          await page.getByTestId(`nav-${firstDisabled.path}`).locator('xpath=..').hover();
          await page.getByRole('tooltip').filter({ hasText: MESSAGES.navNoPermission }).waitFor();
          await checkScreen(page, 'navigation-tooltip');
        }
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  it("shows 'Invalid Credentials' for a wrong code", async () => {
    const { context, page } = await newPage(browser);
    try {
      const code = await requestDemoCode(page, '9000000002');
      await page.getByLabel('One-time code').fill(code === '000000' ? '111111' : '000000');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.getByText('Invalid Credentials').first().waitFor();
      await checkScreen(page, 'sign-in-invalid-code');
      expect(page.url()).toContain('/auth/login');
    } finally {
      await context.close();
    }
  });

  it('signs out, and the signed-in area then sends the visitor to sign-in', async () => {
    const { context, page } = await newPage(browser);
    try {
      await signInThroughScreen(page, '9000000005');
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.waitForURL('**/auth/login');
      await page.goto('/coupons');
      await page.waitForURL('**/auth/login');
    } finally {
      await context.close();
    }
  });

  it('an invalidated session is sent to /auth/login on its next call', async () => {
    const { context, page } = await newPage(browser);
    try {
      await signInThroughScreen(page, '9000000001');
      // End the session behind the browser's back, as a deactivation or expiry would.
      const stored = await page.evaluate(() => sessionStorage.getItem('lectern.session'));
      const token = (JSON.parse(stored ?? '{}') as { token?: string }).token;
      expect(token).toBeTruthy();
      const baseUrl = consoleUrl();
      const config = (await (await fetch(`${baseUrl}/api/config`)).json()).data;
      const sign = createSigner(config);
      const out = await fetch(`${baseUrl}/api/auth/logout`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: token!,
          'x-user-info': 'SUPER_ADMIN',
          'x-signature': await sign('POST', '/api/auth/logout'),
        },
      });
      expect(out.status).toBe(200);
      await page.goto('/overview');
      await page.waitForURL('**/auth/login', { timeout: 15_000 });
    } finally {
      await context.close();
    }
  });

  it('shows the page-permission message on a page the role may not use', async () => {
    const { context, page } = await newPage(browser);
    try {
      await signInThroughScreen(page, '9000000005');
      await page.goto('/user-management');
      await page.getByText(fillMessage(MESSAGES.pagePermission, { pageName: 'User Management' })).waitFor();
      await checkScreen(page, 'page-permission');
    } finally {
      await context.close();
    }
  });

  it('shows the 404 page for unknown paths, other /auth and other /errors paths', async () => {
    const { context, page } = await newPage(browser);
    try {
      for (const path of ['/no/such/page', '/auth/elsewhere', '/errors/error-999']) {
        await page.goto(path);
        await page.waitForURL('**/errors/error-404');
      }
      await page.getByRole('heading', { level: 1 }).waitFor();
      await checkScreen(page, 'error-404');
      await page.goto('/publisher');
      await page.waitForURL(/auth\/login|storeManager\/storeDetails/);
    } finally {
      await context.close();
    }
  });
});

export type { Role };
