import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES, ROLES, fillMessage, type Role, type User, type usersContract } from '@lectern/contract';
import { mockApi, type MockResponse, type MockHandlers, type RouteKey } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { MOBILE_CHECK_DELAY_MS } from '../hooks/use-mobile-check';
import { pasteInto } from '../../../test/paste';

function staff(userId: string, firstName: string, lastName: string, phone: string, roles: Role[], active = true): User {
  return {
    userId,
    email: `${firstName.toLowerCase()}.${lastName.toLowerCase()}@lectern.test`,
    phone,
    roles: roles.map((roleName) => ({ roleId: ROLES.indexOf(roleName) + 1, roleName })),
    active,
    userProfile: { firstName, lastName },
    version: 3,
    createdAt: '2026-01-02T10:00:00.000Z',
    updatedAt: '2026-01-02T10:00:00.000Z',
  };
}

// u-1 is the signed-in user (renderApp signs in as u-1)
const USERS: User[] = [
  staff('u-1', 'Asha', 'Verma', '9000000001', ['SUPER_ADMIN']),
  staff('u-2', 'Kavya', 'Menon', '9876500002', ['CONTENT_DEVELOPER', 'FINANCE']),
  staff('u-3', 'Rohan', 'Iyer', '9876500003', ['CONTENT_ADMIN'], false),
  staff('u-4', 'Meera', 'Nair', '9876500004', ['INSTRUCTOR']),
];

const page = (content: User[]) => ({
  body: { data: { content, page: 0, size: 1000, totalElements: content.length, totalPages: 1 } },
});

async function setup<K extends RouteKey = never>(
  handlers: MockHandlers<K> = {},
  ready: string | null = 'Kavya Menon',
  path = '/user-management',
) {
  const api = await mockApi({
    'GET /users/user/internal/all': page(USERS),
    'GET /users/role/all': { body: { data: ROLES.map((roleName, index) => ({ roleId: index + 1, roleName })) } },
    'GET /users/user/validate/9123456780': {
      body: { data: { mobileNumber: '9123456780', valid: true, exists: false, userId: null } },
    },
    ...handlers,
  });
  const view = renderApp(path, { roles: ['SUPER_ADMIN'] });
  // the first test also waits for the page's chunk to compile
  await screen.findByRole('heading', { level: 1, name: 'User Management' }, { timeout: 10_000 });
  if (ready) await screen.findByText(ready);
  return { ...api, ...view };
}

function row(name: string): HTMLElement {
  const cell = screen.getByText(name);
  const tr = cell.closest('tr');
  if (!tr) throw new Error(`no row for ${name}`);
  return tr;
}

function names(): string[] {
  return Array.from(document.querySelectorAll('tbody tr'))
    .map((tr) => tr.querySelector('td')?.textContent ?? '')
    .filter((text) => text !== '');
}

/** The message under a field: its helper text, which the input names as its description. */
function helpOf(input: HTMLElement): string | null | undefined {
  return document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;
}

// Role queries compute styles for every element they consider: each looks only where its answer is
// (the page, a row, an open list), not through the whole app and its navigation.
const main = () => within(screen.getByRole('main'));

function drawer() {
  return screen.getByRole('dialog', { name: /Add user|Edit / });
}

describe('User Management', () => {
  it("shows only active or only deactivated staff for ?users.active (the overview's staff figures)", async () => {
    const { user } = await setup({}, 'Rohan Iyer', '/user-management?users.active=false');
    expect(screen.getByTestId('data-table-count').textContent).toMatch(/^1 record found/);
    expect(screen.queryByText('Kavya Menon')).toBeNull();
    const chip = screen.getByTestId('users-active-filter');
    expect(chip.textContent).toBe('Deactivated staff only');
    chip.focus();
    await user.keyboard('{Delete}');
    await screen.findByText('Kavya Menon');
    expect(screen.getByTestId('data-table-count').textContent).toMatch(/^4 records found/);
  });

  it('lists the staff with their number, e-mail, roles as chips and an on/off switch', async () => {
    const { find } = await setup();
    expect(find('GET /users/user/internal/all')[0]?.query.toString()).toBe('page=0&size=1000');
    expect(screen.getByTestId('data-table-count').textContent).toContain('4 records found');
    expect(names()).toEqual(['Asha Verma', 'Kavya Menon', 'Rohan Iyer', 'Meera Nair']);

    const kavya = within(row('Kavya Menon'));
    expect(Array.from(row('Kavya Menon').querySelectorAll('td')).map((cell) => cell.textContent)).toEqual([
      'Kavya Menon',
      '9876500002',
      'kavya.menon@lectern.test',
      'Content DeveloperFinance',
      '',
      'Edit',
    ]);
    expect(Array.from(row('Kavya Menon').querySelectorAll('.MuiChip-label')).map((chip) => chip.textContent)).toEqual([
      'Content Developer',
      'Finance',
    ]);
    expect(kavya.getByRole<HTMLInputElement>('switch', { name: 'Active: Kavya Menon' }).checked).toBe(true);
    expect(
      within(row('Rohan Iyer')).getByRole<HTMLInputElement>('switch', { name: 'Active: Rohan Iyer' }).checked,
    ).toBe(false);
    // nobody switches themselves off
    expect(
      within(row('Asha Verma')).getByRole<HTMLInputElement>('switch', { name: 'Active: Asha Verma' }).disabled,
    ).toBe(true);
  });

  it('filters by role, and keeps the filter in the URL', async () => {
    const { user, router } = await setup();
    await user.click(main().getByRole('combobox', { name: 'Filter by role' }));
    const roles = within(await screen.findByRole('listbox'));
    await user.click(roles.getByRole('option', { name: 'Finance' }));
    await user.click(roles.getByRole('option', { name: 'Instructor' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(names()).toEqual(['Kavya Menon', 'Meera Nair']));
    expect(new URLSearchParams(router.state.location.search).get('users.roles')).toBe('FINANCE,INSTRUCTOR');

    await user.click(main().getByRole('button', { name: 'Clear filter' }));
    await waitFor(() => expect(names()).toHaveLength(4));
  });

  it('searches by name, mobile number and e-mail', async () => {
    const { user } = await setup();
    const search = main().getByRole('searchbox', { name: 'Search Staff users' });
    await pasteInto(user, search, 'menon');
    await waitFor(() => expect(names()).toEqual(['Kavya Menon']));
    await user.clear(search);
    await user.paste('9876500004');
    await waitFor(() => expect(names()).toEqual(['Meera Nair']));
    await user.clear(search);
    await user.paste('rohan.iyer@');
    await waitFor(() => expect(names()).toEqual(['Rohan Iyer']));
    await user.clear(search);
    await user.paste('nobody');
    await waitFor(() => expect(names()).toEqual(['No users match your search.']));
  });

  it('creates a user through the drawer, posting the form as the contract wants it', async () => {
    let users = USERS;
    const { user, find } = await setup({
      'POST /users/user': () => {
        const created = staff('u-9', 'Divya', 'Pillai', '9123456780', ['CONTENT_DEVELOPER', 'FINANCE']);
        users = [...users, created];
        return { status: 201, body: { data: created, message: "User 'Divya Pillai' was created." } };
      },
      'GET /users/user/internal/all': () => page(users),
    });
    await user.click(main().getByRole('button', { name: 'Add user' }));
    const form = within(drawer());
    await pasteInto(user, form.getByLabelText(/^First name/), 'Divya');
    await pasteInto(user, form.getByLabelText(/^Last name/), 'Pillai');
    await pasteInto(user, form.getByLabelText(/^E-mail/), 'divya.pillai@lectern.test');
    await pasteInto(user, form.getByLabelText(/^Mobile number/), '9123456780');
    await user.click(form.getByLabelText('Content Developer'));
    await user.click(form.getByLabelText('Finance'));
    await waitFor(() => expect(find('GET /users/user/validate/9123456780')).toHaveLength(1));
    await user.click(form.getByRole('button', { name: 'Create user' }));

    expect((await screen.findByText("User 'Divya Pillai' was created.")).closest('[role="status"]')).not.toBeNull();
    expect(find('POST /users/user').map((request) => request.body)).toEqual([
      {
        firstName: 'Divya',
        lastName: 'Pillai',
        email: 'divya.pillai@lectern.test',
        phone: '9123456780',
        roles: ['CONTENT_DEVELOPER', 'FINANCE'],
        active: true,
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add user' })).toBeNull());
    await waitFor(() => expect(names()).toContain('Divya Pillai'));
    expect(screen.getByTestId('data-table-count').textContent).toContain('5 records found');
  });

  it('checks the mobile number with the server and marks one that another user holds', async () => {
    const { user, find } = await setup({
      'GET /users/user/validate/9876500002': {
        body: { data: { mobileNumber: '9876500002', valid: true, exists: true, userId: 'u-2' } },
      },
    });
    await user.click(main().getByRole('button', { name: 'Add user' }));
    const form = within(drawer());
    const phone = form.getByRole('textbox', { name: 'Mobile number' });
    await user.type(phone, '98765');
    await user.tab();
    await waitFor(() => expect(helpOf(phone)).toBe('Mobile number must be a 10-digit mobile number.'));
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(find('GET /users/user/validate/98765')).toHaveLength(0);

    await user.type(phone, '00002');
    const taken = fillMessage(MESSAGES.userExists, { mobileNumber: '9876500002' });
    expect(taken).toBe('A user with mobile number 9876500002 already exists.');
    await waitFor(() => expect(helpOf(phone)).toBe(taken));
    expect(phone.getAttribute('aria-invalid')).toBe('true');

    // editing that same user, the number is their own and is fine
    await user.keyboard('{Escape}');
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Discard changes?' })).getByRole('button', { name: 'Discard' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add user' })).toBeNull());
    await user.click(await within(row('Kavya Menon')).findByRole('button', { name: 'Edit Kavya Menon' }));
    const edit = within(await screen.findByRole('dialog', { name: 'Edit Kavya Menon' }));
    const own = edit.getByRole('textbox', { name: 'Mobile number' });
    await user.click(own);
    await user.tab();
    expect(edit.queryByText(taken)).toBeNull();
    // their own number needs no check; a change does, and their own again is still fine
    const calls = find('GET /users/user/validate/9876500002').length;
    // the typing pause is a timer: the test moves time past it rather than waiting for it
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    await user.clear(own);
    await user.type(own, '9876500002');
    await user.tab();
    await act(() => vi.advanceTimersByTimeAsync(MOBILE_CHECK_DELAY_MS + 100));
    expect(find('GET /users/user/validate/9876500002')).toHaveLength(calls);
    expect(edit.queryByText(taken)).toBeNull();
    expect(own.getAttribute('aria-invalid')).toBe('false');
  });

  it('needs at least one role', async () => {
    const { user, find } = await setup();
    await user.click(main().getByRole('button', { name: 'Add user' }));
    const form = within(drawer());
    await pasteInto(user, form.getByLabelText(/^First name/), 'Divya');
    await pasteInto(user, form.getByLabelText(/^E-mail/), 'divya@lectern.test');
    await pasteInto(user, form.getByLabelText(/^Mobile number/), '9123456780');
    await user.click(form.getByRole('button', { name: 'Create user' }));
    // shown in the error colour under the role boxes
    expect((await form.findByText('Choose at least one role.')).classList.contains('Mui-error')).toBe(true);
    expect(find('POST /users/user')).toHaveLength(0);

    await user.click(form.getByLabelText('Instructor'));
    await waitFor(() => expect(form.queryByText('Choose at least one role.')).toBeNull());
  });

  it('asks before deactivating; Cancel calls nothing, Deactivate sends the PUT', async () => {
    const { user, find } = await setup({
      'PUT /users/user': {
        body: { data: { ...USERS[1]!, active: false, version: 4 }, message: "User 'Kavya Menon' was updated." },
      },
    });
    await user.click(within(row('Kavya Menon')).getByRole('switch', { name: 'Active: Kavya Menon' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Kavya Menon?' });
    expect(dialog.textContent).toContain('Kavya Menon will be signed out at once');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Deactivate Kavya Menon?' })).toBeNull());
    expect(find('PUT /users/user')).toHaveLength(0);
    expect(
      within(row('Kavya Menon')).getByRole<HTMLInputElement>('switch', { name: 'Active: Kavya Menon' }).checked,
    ).toBe(true);

    await user.click(within(row('Kavya Menon')).getByRole('switch', { name: 'Active: Kavya Menon' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Deactivate Kavya Menon?' })).getByRole('button', {
        name: 'Deactivate',
      }),
    );
    await waitFor(() => expect(find('PUT /users/user')).toHaveLength(1));
    expect(find('PUT /users/user')[0]?.body).toEqual({
      userId: 'u-2',
      version: 3,
      firstName: 'Kavya',
      lastName: 'Menon',
      email: 'kavya.menon@lectern.test',
      phone: '9876500002',
      roles: ['CONTENT_DEVELOPER', 'FINANCE'],
      active: false,
    });
  });

  it('reactivates without asking', async () => {
    const { user, find } = await setup({
      'PUT /users/user': { body: { data: { ...USERS[2]!, active: true, version: 4 }, message: 'ok' } },
    });
    await user.click(within(row('Rohan Iyer')).getByRole('switch', { name: 'Active: Rohan Iyer' }));
    await waitFor(() => expect(find('PUT /users/user')).toHaveLength(1));
    expect(screen.queryByRole('dialog', { name: /Deactivate/ })).toBeNull();
    expect(find('PUT /users/user')[0]?.body).toMatchObject({ userId: 'u-3', active: true });
  });

  it('keeps what was typed when the server answers 409, and says why in the drawer and a snackbar', async () => {
    const stale = fillMessage(MESSAGES.staleVersion, { entity: 'user' });
    const { user, find } = await setup({
      'PUT /users/user': { status: 409, body: { error: true, message: stale, errorCode: 'STALE_VERSION' } },
    });
    await user.click(within(row('Kavya Menon')).getByRole('button', { name: 'Edit Kavya Menon' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Kavya Menon' });
    const form = within(dialog);
    const first = form.getByLabelText<HTMLInputElement>(/^First name/);
    await user.clear(first);
    await user.paste('Kavyashree');
    await user.click(form.getByLabelText('Instructor'));
    await user.click(form.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(find('PUT /users/user')).toHaveLength(1));
    expect(find('PUT /users/user')[0]?.body).toMatchObject({
      userId: 'u-2',
      version: 3,
      firstName: 'Kavyashree',
      roles: ['CONTENT_DEVELOPER', 'FINANCE', 'INSTRUCTOR'],
    });
    await waitFor(() => expect(screen.getAllByText(stale).length).toBe(2));
    expect(within(dialog).getByRole('alert').textContent).toContain(stale);
    expect(screen.getByRole('dialog', { name: 'Edit Kavya Menon' })).toBe(dialog);
    expect(first.value).toBe('Kavyashree');
    expect(form.getByRole<HTMLInputElement>('checkbox', { name: 'Instructor' }).checked).toBe(true);
  });

  it('asks before deactivating from the drawer too', async () => {
    const { user, find } = await setup({
      'PUT /users/user': { body: { data: { ...USERS[3]!, active: false, version: 4 }, message: 'ok' } },
    });
    await user.click(within(row('Meera Nair')).getByRole('button', { name: 'Edit Meera Nair' }));
    const form = within(await screen.findByRole('dialog', { name: 'Edit Meera Nair' }));
    const active = form.getByRole<HTMLInputElement>('switch', { name: 'Active' });
    await user.click(active);
    expect(active.checked).toBe(false);
    expect(active.closest('.MuiFormControl-root')?.textContent).toBe(
      'ActiveThey will be signed out at once when you save.',
    );
    await user.click(form.getByRole('button', { name: 'Save changes' }));
    const confirm = await screen.findByRole('dialog', { name: 'Deactivate Meera Nair?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(find('PUT /users/user')).toHaveLength(0);
    await user.click(await form.findByRole('button', { name: 'Save changes' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Deactivate Meera Nair?' })).getByRole('button', {
        name: 'Deactivate',
      }),
    );
    await waitFor(() => expect(find('PUT /users/user')).toHaveLength(1));
    expect(find('PUT /users/user')[0]?.body).toMatchObject({ userId: 'u-4', active: false });
  });

  it('shows skeleton rows while loading, then the empty message', async () => {
    let answer: (response: MockResponse<typeof usersContract.listInternal>) => void = () => undefined;
    // the list request may be sent only after the runtime config has loaded: wait for it, then answer
    let requested: () => void = () => undefined;
    const sent = new Promise<void>((resolve) => (requested = resolve));
    await setup(
      {
        'GET /users/user/internal/all': () =>
          new Promise<MockResponse<typeof usersContract.listInternal>>((resolve) => {
            answer = resolve;
            requested();
          }),
      },
      null,
    );
    expect((await screen.findAllByTestId('skeleton-row')).length).toBeGreaterThan(0);
    await sent;
    answer(page([]));
    await waitFor(() => expect(names()).toEqual(['No staff users yet.']), { timeout: 3000 });
    expect(screen.queryAllByTestId('skeleton-row')).toHaveLength(0);
  });

  it('shows the error with Retry, which loads the list again', async () => {
    let calls = 0;
    const { user } = await setup(
      {
        'GET /users/user/internal/all': () => {
          calls += 1;
          return calls === 1 ? { status: 500, body: { error: true, message: 'boom' } } : page(USERS);
        },
      },
      null,
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('boomRetry');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(names()).toEqual(['Asha Verma', 'Kavya Menon', 'Rohan Iyer', 'Meera Nair']));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
