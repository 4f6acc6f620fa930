import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { API_KEY_MESSAGES, ROLES, fillMessage, type ApiKey, type CreatedApiKey } from '@lectern/contract';
import { mockApi, type MockHandlers, type RouteKey } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { pasteInto } from '../../../test/paste';

function apiKey(keyId: string, name: string, overrides: Partial<ApiKey> = {}): ApiKey {
  return {
    keyId,
    name,
    scopes: ['orders:create', 'orders:read'],
    prefix: `lk_${keyId.padEnd(8, 'x')}`,
    createdAt: '2026-01-02T10:00:00.000Z',
    createdBy: 'Asha Verma',
    lastUsedAt: null,
    revokedAt: null,
    revokedBy: null,
    ...overrides,
  };
}

const KEYS: ApiKey[] = [
  apiKey('k1', 'Storefront', { lastUsedAt: '2026-01-05T04:30:00.000Z' }),
  apiKey('k2', 'Old student app', {
    scopes: ['orders:read'],
    revokedAt: '2026-01-04T10:00:00.000Z',
    revokedBy: 'Asha Verma',
  }),
];

const SECRET = 'lk_NEWkey12AbCdEfGhIjKlMnOpQrStUvWxYz0123456';

async function setup<K extends RouteKey = never>(handlers: MockHandlers<K> = {}, ready: string | null = 'Storefront') {
  const api = await mockApi({
    'GET /users/user/internal/all': {
      body: { data: { content: [], page: 0, size: 1000, totalElements: 0, totalPages: 1 } },
    },
    'GET /users/role/all': { body: { data: ROLES.map((roleName, index) => ({ roleId: index + 1, roleName })) } },
    'GET /users/apikey/all': { body: { data: KEYS } },
    ...handlers,
  });
  const view = renderApp('/user-management?tab=api-keys', { roles: ['SUPER_ADMIN'] });
  await screen.findByRole('heading', { level: 1, name: 'User Management' }, { timeout: 10_000 });
  if (ready) await screen.findByText(ready);
  return { ...api, ...view };
}

const panel = () => within(screen.getByRole('tabpanel', { name: 'API keys' }));

function row(name: string): HTMLElement {
  const tr = screen.getByText(name).closest('tr');
  if (!tr) throw new Error(`no row for ${name}`);
  return tr;
}

describe('User Management: API keys', () => {
  it('lists the keys with their scopes, start, creation, last use and whether revoked', async () => {
    const { user, router } = await setup();
    expect(screen.getByRole('tab', { name: 'API keys' }).getAttribute('aria-selected')).toBe('true');
    const cells = (name: string) => Array.from(row(name).querySelectorAll('td')).map((cell) => cell.textContent);
    expect(cells('Storefront')).toEqual([
      'Storefront',
      'orders:createorders:read',
      'lk_k1xxxxxx…',
      '02-01-2026\nby Asha Verma',
      '05-01-2026, 10:00 AM',
      'Active',
      'Revoke',
    ]);
    expect(cells('Old student app')).toEqual([
      'Old student app',
      'orders:read',
      'lk_k2xxxxxx…',
      '02-01-2026\nby Asha Verma',
      'Never',
      'Revoked\n04-01-2026\nby Asha Verma',
      'Revoke',
    ]);
    expect(within(row('Old student app')).getByRole<HTMLButtonElement>('button', { name: /Revoke/ }).disabled).toBe(
      true,
    );
    // the staff tab is a click (or the arrow keys) away, and leaves the address without ?tab
    screen.getByRole('tab', { name: 'API keys' }).focus();
    await user.keyboard('{ArrowLeft}{Enter}');
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('tab')).toBeNull());
    expect(screen.getByRole('tab', { name: 'Staff' }).getAttribute('aria-selected')).toBe('true');
  });

  it('says when there are no keys yet', async () => {
    await setup({ 'GET /users/apikey/all': { body: { data: [] } } }, null);
    await screen.findByText('No API keys yet. Create one for each service that places or reads orders.');
  });

  it('shows a failed load with Retry', async () => {
    await setup(
      { 'GET /users/apikey/all': { status: 500, body: { error: true, message: 'Something went wrong.' } } },
      null,
    );
    await panel().findByRole('button', { name: 'Retry' });
  });

  it('creates a key: asks for a name and a scope, then shows the key once with a copy button', async () => {
    let keys = KEYS;
    const created: CreatedApiKey = { ...apiKey('k3', 'Student app', { scopes: ['orders:read'] }), secret: SECRET };
    const { user, find } = await setup({
      'POST /users/apikey': () => {
        keys = [apiKey('k3', 'Student app', { scopes: ['orders:read'] }), ...keys];
        return {
          status: 201,
          body: { data: created, message: fillMessage(API_KEY_MESSAGES.created, { name: 'Student app' }) },
        };
      },
      'GET /users/apikey/all': () => ({ body: { data: keys } }),
    });
    await user.click(panel().getByRole('button', { name: 'Create API key' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Create API key' }));
    await user.click(dialog.getByRole('button', { name: 'Create API key' }));
    expect(dialog.getByText('Enter a name, such as Storefront.')).toBeTruthy();
    expect(dialog.getByText('Choose at least one scope.')).toBeTruthy();
    expect(find('POST /users/apikey')).toHaveLength(0);

    await pasteInto(user, dialog.getByRole('textbox', { name: 'Name' }), 'Student app');
    await user.click(dialog.getByRole('checkbox', { name: 'Read orders (orders:read)' }));
    await user.click(dialog.getByRole('button', { name: 'Create API key' }));

    const shown = within(await screen.findByRole('dialog', { name: "API key 'Student app' created" }));
    expect(find('POST /users/apikey').map((request) => request.body)).toEqual([
      { name: 'Student app', scopes: ['orders:read'] },
    ]);
    expect(shown.getByText('Copy this key now')).toBeTruthy();
    expect(shown.getByText(/It will not be shown again/)).toBeTruthy();
    expect(shown.getByRole<HTMLInputElement>('textbox', { name: 'API key' }).value).toBe(SECRET);
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(shown.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(SECRET);
    await shown.findByText('Copied to the clipboard.');

    await user.click(shown.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await screen.findByText('Student app');
    // the list never has the secret, and a new dialog starts empty
    expect(document.body.textContent).not.toContain(SECRET);
    await user.click(panel().getByRole('button', { name: 'Create API key' }));
    const again = within(screen.getByRole('dialog', { name: 'Create API key' }));
    expect(again.getByRole<HTMLInputElement>('textbox', { name: 'Name' }).value).toBe('');
  });

  it("shows the server's refusal in the dialog and keeps what was typed", async () => {
    const { user } = await setup({
      'POST /users/apikey': { status: 400, body: { error: true, message: 'Please check: name: is required.' } },
    });
    await user.click(panel().getByRole('button', { name: 'Create API key' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Create API key' }));
    await pasteInto(user, dialog.getByRole('textbox', { name: 'Name' }), 'Storefront 2');
    await user.click(dialog.getByRole('checkbox', { name: 'Place orders (orders:create)' }));
    await user.click(dialog.getByRole('button', { name: 'Create API key' }));
    expect((await dialog.findByRole('alert')).textContent).toBe('Please check: name: is required.');
    expect(dialog.getByRole<HTMLInputElement>('textbox', { name: 'Name' }).value).toBe('Storefront 2');
  });

  it('revokes a key after a confirmation', async () => {
    let keys = KEYS;
    const { user, find } = await setup({
      'DELETE /users/apikey/k1': () => {
        const revoked = { ...KEYS[0]!, revokedAt: '2026-01-06T10:00:00.000Z', revokedBy: 'Asha Verma' };
        keys = [revoked, KEYS[1]!];
        return { body: { data: revoked, message: fillMessage(API_KEY_MESSAGES.revoked, { name: 'Storefront' }) } };
      },
      'GET /users/apikey/all': () => ({ body: { data: keys } }),
    });
    await user.click(within(row('Storefront')).getByRole('button', { name: 'Revoke Storefront' }));
    const confirm = within(screen.getByRole('dialog', { name: "Revoke API key 'Storefront'?" }));
    expect(confirm.getByText(/Calls made with lk_k1xxxxxx… will be refused from now on/)).toBeTruthy();
    await user.click(confirm.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(find('DELETE /users/apikey/k1')).toHaveLength(0);

    await user.click(within(row('Storefront')).getByRole('button', { name: 'Revoke Storefront' }));
    await user.click(
      within(screen.getByRole('dialog', { name: "Revoke API key 'Storefront'?" })).getByRole('button', {
        name: 'Revoke',
      }),
    );
    await screen.findByText(fillMessage(API_KEY_MESSAGES.revoked, { name: 'Storefront' }));
    expect(find('DELETE /users/apikey/k1')).toHaveLength(1);
    await waitFor(() => expect(within(row('Storefront')).getByText(/^Revoked\s+06-01-2026/)).toBeTruthy());
  });
});
