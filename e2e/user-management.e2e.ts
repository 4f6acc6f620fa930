import { DEMO_STAFF, MESSAGES, PAGES, ROLE_LABELS, fillMessage, hasPermission, type Role } from '@lectern/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DESKTOP,
  PHONE,
  checkScreen,
  consoleUrl,
  launchBrowser,
  newPage,
  shot,
  signInAs,
  signInThroughScreen,
} from './browser';
import { settle } from './accessibility';

const SUPER_ADMIN = DEMO_STAFF.find((staff) => staff.role === 'SUPER_ADMIN')?.phone ?? '9000000001';

/** A mobile number no other run (or e2e file) has used: 91 and the last eight digits of the clock. */
function uniquePhone(offset = 0): string {
  return `91${String(Date.now() + offset).slice(-8)}`;
}

async function openUserManagement(page: Page): Promise<void> {
  await page.goto('/user-management');
  await page.getByRole('heading', { level: 1, name: 'User Management' }).waitFor();
  await page.getByRole('table', { name: 'Staff users' }).locator('tbody tr').first().waitFor();
}

/** Shows only the rows matching `text` (the table's own search). */
async function searchUsers(page: Page, text: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Search Staff users' }).fill(text);
  await page.getByTestId('data-table-count').getByText('1 record found').waitFor();
}

interface NewUser {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  roles: Role[];
}

async function createThroughDrawer(page: Page, user: NewUser, screen?: string): Promise<void> {
  await page.getByRole('button', { name: 'Add user' }).click();
  const drawer = page.getByRole('dialog', { name: 'Add user' });
  await drawer.getByLabel('First name').fill(user.firstName);
  await drawer.getByLabel('Last name').fill(user.lastName);
  await drawer.getByLabel('E-mail').fill(user.email);
  await drawer.getByLabel('Mobile number').fill(user.phone);
  for (const role of user.roles) {
    await drawer.getByRole('checkbox', { name: ROLE_LABELS[role] }).check();
  }
  // the number was checked with the server while it was typed
  await drawer.getByRole('img', { name: 'The number is free' }).waitFor();
  if (screen) await shot(page, screen);
  await drawer.getByRole('button', { name: 'Create user' }).click();
  await page.getByText(`User '${user.firstName} ${user.lastName}' was created.`).waitFor();
  await drawer.waitFor({ state: 'hidden' });
}

describe('user management', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('a super admin adds a user with two roles; they sign in, see what the roles allow, and are signed out when deactivated', async () => {
    const admin = await newPage(browser, DESKTOP);
    const staff = await newPage(browser, DESKTOP);
    const stamp = Date.now().toString(36);
    const user: NewUser = {
      firstName: 'Kavya',
      lastName: `Menon ${stamp}`,
      email: `kavya.${stamp}@lectern.example`,
      phone: uniquePhone(),
      roles: ['CONTENT_DEVELOPER', 'FINANCE'],
    };
    const name = `${user.firstName} ${user.lastName}`;
    try {
      await signInAs(admin.page, SUPER_ADMIN);
      await openUserManagement(admin.page);
      await shot(admin.page, 'user-management');
      await createThroughDrawer(admin.page, user, 'user-management-drawer');

      // the new user is in the list, with both roles as chips and switched on
      await searchUsers(admin.page, user.phone);
      const row = admin.page.getByRole('row').filter({ hasText: user.phone });
      expect(await row.getByText(name).isVisible()).toBe(true);
      expect(await row.getByText('Content Developer').isVisible()).toBe(true);
      expect(await row.getByText('Finance').isVisible()).toBe(true);
      expect(await row.getByRole('switch', { name: `Active: ${name}` }).isChecked()).toBe(true);

      // the same number cannot be given to a second user
      await admin.page.getByRole('button', { name: 'Add user' }).click();
      const drawer = admin.page.getByRole('dialog', { name: 'Add user' });
      await drawer.getByLabel('Mobile number').fill(user.phone);
      await drawer.getByText(fillMessage(MESSAGES.userExists, { mobileNumber: user.phone })).waitFor();
      await checkScreen(admin.page, 'user-management-drawer-number-taken');
      await drawer.getByRole('button', { name: 'Close' }).click();
      await admin.page
        .getByRole('dialog', { name: 'Discard changes?' })
        .getByRole('button', { name: 'Discard' })
        .click();
      await drawer.waitFor({ state: 'hidden' });

      // they sign in in their own browser and see the navigation their roles allow
      await signInThroughScreen(staff.page, user.phone);
      await staff.page.getByRole('heading', { name: 'Account Overview' }).waitFor();
      for (const entry of PAGES.filter((page) => page.nav)) {
        const item = staff.page.getByTestId(`nav-${entry.path}`);
        const onlyFor = entry.nav?.onlyRoles;
        if (onlyFor && !onlyFor.some((role) => user.roles.includes(role))) {
          expect(await item.count(), `${entry.path} hidden`).toBe(0);
          continue;
        }
        const disabled = (await item.getAttribute('aria-disabled')) === 'true';
        expect(disabled, entry.path).toBe(!hasPermission(user.roles, entry.area));
      }
      // finance may open coupons; nobody but a super admin may manage users
      expect(await staff.page.getByTestId('nav-/coupons').getAttribute('aria-disabled')).not.toBe('true');
      expect(await staff.page.getByTestId('nav-/user-management').getAttribute('aria-disabled')).toBe('true');

      // the super admin deactivates them, confirming first
      await row.getByRole('switch', { name: `Active: ${name}` }).click();
      const confirm = admin.page.getByRole('dialog', { name: `Deactivate ${name}?` });
      await confirm.getByText('will be signed out at once').waitFor();
      await checkScreen(admin.page, 'user-management-deactivate-dialog');
      await confirm.getByRole('button', { name: 'Deactivate' }).click();
      await admin.page.getByText(`User '${name}' was updated.`).waitFor();
      await expect.poll(() => row.getByRole('switch', { name: `Active: ${name}` }).isChecked()).toBe(false);

      // their open session ends at once: the next call sends them to sign-in
      await staff.page.reload();
      await staff.page.waitForURL('**/auth/login', { timeout: 15_000 });

      // and they cannot sign in again: an inactive number gets no new code, and the old one is spent
      await staff.page.getByLabel('Mobile number').fill(user.phone);
      await staff.page.getByRole('button', { name: 'Request code' }).click();
      await staff.page.getByLabel('One-time code').fill('000000');
      await staff.page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await staff.page.getByText(MESSAGES.invalidCredentials).first().waitFor();
      expect(new URL(staff.page.url()).pathname).toBe('/auth/login');

      expect(admin.errors).toEqual([]);
    } finally {
      await admin.context.close();
      await staff.context.close();
    }
  });

  it('works on a phone: the table scrolls sideways and the drawer fills the width', async () => {
    const { context, page, errors } = await newPage(browser, PHONE);
    try {
      await signInAs(page, SUPER_ADMIN);
      await openUserManagement(page);
      const scroller = page.getByTestId('data-table-scroll');
      const widths = await scroller.evaluate((element) => ({
        scroll: element.scrollWidth,
        client: element.clientWidth,
      }));
      expect(widths.scroll).toBeGreaterThan(widths.client);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await shot(page, 'user-management');

      await page.getByRole('button', { name: 'Add user' }).click();
      const drawer = page.getByRole('dialog', { name: 'Add user' });
      await drawer.getByRole('button', { name: 'Create user' }).waitFor();
      await settle(page); // the drawer has slid in
      expect((await drawer.boundingBox())?.width).toBe(PHONE.width);
      // submitting an empty form says what is missing, at least one role included
      await drawer.getByRole('button', { name: 'Create user' }).click();
      await drawer.getByText('Choose at least one role.').waitFor();
      await shot(page, 'user-management-drawer-missing');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a super admin creates an API key, sees it once, the storefront calls with it, and the key is revoked', async () => {
    const { context, page, errors } = await newPage(browser, DESKTOP);
    const name = `Storefront ${Date.now().toString(36)}`;
    /** A service caller's call: the key, no session, no signature. */
    const callWithKey = (secret: string) =>
      fetch(`${consoleUrl()}/api/payments/order/order-none`, { headers: { authorization: `Bearer ${secret}` } });
    try {
      await signInAs(page, SUPER_ADMIN);
      await page.goto('/user-management');
      await page.getByRole('tab', { name: 'API keys' }).click();
      await page.waitForURL('**/user-management?tab=api-keys');
      await page.getByRole('table', { name: 'API keys' }).waitFor();
      await shot(page, 'user-management-api-keys');

      await page.getByRole('button', { name: 'Create API key' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create API key' });
      await dialog.getByLabel('Name').fill(name);
      await dialog.getByRole('checkbox', { name: 'Read orders (orders:read)' }).check();
      await shot(page, 'user-management-api-key-create');
      await dialog.getByRole('button', { name: 'Create API key' }).click();

      // shown once, with the warning and a copy button
      const created = page.getByRole('dialog', { name: `API key '${name}' created` });
      await created.getByText('Copy this key now').waitFor();
      const secret = await created.getByRole('textbox', { name: 'API key' }).inputValue();
      expect(secret).toMatch(/^lk_[A-Za-z0-9_-]{43}$/);
      expect(await created.getByRole('button', { name: 'Copy' }).isVisible()).toBe(true);
      await shot(page, 'user-management-api-key-created');
      await created.getByRole('button', { name: 'Done' }).click();
      await created.waitFor({ state: 'hidden' });

      // the list has it by its start only; the secret is nowhere on the page, even after a reload
      await page.getByRole('searchbox', { name: 'Search API keys' }).fill(name);
      const row = page.getByRole('row').filter({ hasText: name });
      await row.getByText(`${secret.slice(0, 11)}…`).waitFor();
      await page.reload();
      await page.getByRole('table', { name: 'API keys' }).getByText(name).waitFor();
      expect(await page.content()).not.toContain(secret);

      // the storefront reads orders with it (an unknown order: 404, past the key check)
      expect((await callWithKey(secret)).status).toBe(404);
      // and its last use shows
      await page.reload();
      await row.getByText(name).waitFor();
      expect(await row.textContent()).not.toContain('Never');

      // revoked after a confirmation: its next call is refused
      await row.getByRole('button', { name: `Revoke ${name}` }).click();
      const confirm = page.getByRole('dialog', { name: `Revoke API key '${name}'?` });
      await confirm.getByText('will be refused from now on').waitFor();
      await checkScreen(page, 'user-management-api-key-revoke');
      await confirm.getByRole('button', { name: 'Revoke' }).click();
      await page.getByText(`API key '${name}' was revoked`).first().waitFor();
      await row.getByText(/^Revoked\s+\d/).waitFor();
      expect((await callWithKey(secret)).status).toBe(401);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows the API keys on a phone: the table scrolls sideways, the dialog fits the width', async () => {
    const { context, page, errors } = await newPage(browser, PHONE);
    try {
      await signInAs(page, SUPER_ADMIN, '/user-management?tab=api-keys');
      await page.getByRole('table', { name: 'API keys' }).waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await shot(page, 'user-management-api-keys');
      await page.getByRole('button', { name: 'Create API key' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create API key' });
      await dialog.getByRole('button', { name: 'Create API key' }).click();
      await dialog.getByText('Choose at least one scope.').waitFor();
      await settle(page);
      const box = await dialog.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
      await shot(page, 'user-management-api-key-create');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
