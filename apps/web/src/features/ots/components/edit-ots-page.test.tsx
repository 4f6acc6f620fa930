import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES, fillMessage, type Subscription } from '@lectern/contract';
import { mockApi, type MockHandlers, type RouteKey } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { CATALOGUES, SUBSCRIPTIONS, ots, subscription } from '../test/fixtures';

const SUBSCRIPTIONS_PATH = 'GET /publisher/otsmanager/subscription/catalogueid/cat-1';

async function setup<K extends RouteKey = never>(
  handlers: MockHandlers<K> = {},
  path = '/publisher/editOts?catalogueId=cat-1',
) {
  const api = await mockApi({
    'GET /publisher/otsmanager/catalogue/all': { body: { data: CATALOGUES } },
    [SUBSCRIPTIONS_PATH]: { body: { data: SUBSCRIPTIONS } },
    ...handlers,
  });
  const view = renderApp(path, { roles: ['FINANCE'] });
  // the first test also waits for the page's chunk to compile
  await screen.findByRole('heading', { level: 1, name: 'Publisher - Edit OTS' }, { timeout: 10_000 });
  return { ...api, ...view };
}

function card(label: string): HTMLElement {
  const heading = screen.getByRole('heading', { level: 2, name: label });
  const root = heading.closest<HTMLElement>('.MuiCard-root');
  if (!root) throw new Error(`no card for ${label}`);
  return root;
}

/** What a row shows: its three fields (a text box's value, or the struck-through text) and its status cell. */
function rowsOf(label: string): { fields: string[]; struck: boolean; status: string }[] {
  const table = within(card(label)).getByRole('table', { name: `One-time-sale products of ${label}` });
  return Array.from(table.querySelectorAll('tbody tr[data-status]')).map((tr) => {
    const cells = Array.from(tr.querySelectorAll('td'));
    const fields = cells.slice(0, 3).map((cell) => cell.querySelector('input')?.value ?? cell.textContent ?? '');
    return {
      fields,
      struck: cells.slice(0, 3).every((cell) => cell.querySelector('del') !== null),
      status: cells[3]?.textContent ?? '',
    };
  });
}

function field(label: string, title: string, row: number): HTMLInputElement {
  return within(card(label)).getByRole<HTMLInputElement>('textbox', { name: `${title}, row ${row}` });
}

/** The message under a field: its helper text, which the input names as its description. */
function helpOf(input: HTMLElement): string | null | undefined {
  return document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;
}

describe('Edit OTS', () => {
  it("shows each subscription with its label, type, price and its products' statuses", async () => {
    await setup();
    await screen.findByRole('heading', { level: 2, name: 'Full course' });
    expect(screen.getByText('JEE Main Crash Course (JEE-CRASH)')).toBeTruthy();

    const full = within(card('Full course'));
    expect(full.getByText('Type:').nextElementSibling?.textContent).toBe('FIXED');
    expect(full.getByText('Price:').nextElementSibling?.textContent).toBe('Rs. 1,499');
    expect(full.getByText('Validity:').nextElementSibling?.textContent).toBe('ends 31-03-2027');
    expect(rowsOf('Full course')).toEqual([
      { fields: ['Printed notes', 'PKG-NOTES', 'GRP-A'], struck: false, status: 'CREATED' },
      { fields: ['Test series', 'PKG-TESTS', 'GRP-A'], struck: false, status: 'CREATED' },
    ]);
    expect(full.getByRole<HTMLButtonElement>('button', { name: 'Save' }).disabled).toBe(true);
    expect(full.getByRole<HTMLButtonElement>('button', { name: 'Discard' }).disabled).toBe(true);

    const six = within(card('Six months'));
    expect(six.getByText('Price:').nextElementSibling?.textContent).toBe('Rs. 999.50');
    expect(six.getByText('Validity:').nextElementSibling?.textContent).toBe('6 months');
    expect(six.getByText("No one-time-sale products yet. Use 'Add product' to add one.")).toBeTruthy();
  });

  it('marks an edited saved row UPDATED, keeps a new one CREATED, strikes a deleted one through, and discards back to the saved copy', async () => {
    const { user, find } = await setup();
    await screen.findByRole('heading', { level: 2, name: 'Full course' });
    const full = within(card('Full course'));

    await user.type(field('Full course', 'Product label', 1), ' (2027)');
    await user.click(full.getByRole('button', { name: 'Add product' }));
    // the new row's first field takes the focus
    await waitFor(() => expect(document.activeElement).toBe(field('Full course', 'Product label', 3)));
    await user.keyboard('Formula book');
    await user.type(field('Full course', 'Product label', 3), ' v2');
    await user.click(full.getByRole('button', { name: 'Delete Test series' }));
    // its delete button is gone: the focus moves to the next row
    await waitFor(() => expect(document.activeElement).toBe(field('Full course', 'Product label', 3)));

    expect(rowsOf('Full course')).toEqual([
      { fields: ['Printed notes (2027)', 'PKG-NOTES', 'GRP-A'], struck: false, status: 'UPDATEDNot saved' },
      { fields: ['Test series', 'PKG-TESTS', 'GRP-A'], struck: true, status: 'DELETEDDeleted when you save' },
      { fields: ['Formula book v2', '', ''], struck: false, status: 'CREATEDNot saved' },
    ]);
    expect(full.getByRole('status').textContent).toBe('3 unsaved changes');

    // deleting a new row removes it outright
    await user.click(full.getByRole('button', { name: 'Delete Formula book v2' }));
    expect(rowsOf('Full course').map((row) => row.fields[0])).toEqual(['Printed notes (2027)', 'Test series']);
    await waitFor(() => expect(document.activeElement).toBe(full.getByRole('button', { name: 'Add product' })));

    await user.click(full.getByRole('button', { name: 'Discard' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard changes?' });
    expect(dialog.textContent).toContain("Your changes to the one-time-sale products of 'Full course' will be lost.");
    await user.click(within(dialog).getByRole('button', { name: 'Discard' }));
    await waitFor(() =>
      expect(rowsOf('Full course')).toEqual([
        { fields: ['Printed notes', 'PKG-NOTES', 'GRP-A'], struck: false, status: 'CREATED' },
        { fields: ['Test series', 'PKG-TESTS', 'GRP-A'], struck: false, status: 'CREATED' },
      ]),
    );
    expect(full.getByRole('status').textContent).toBe('');
    expect(find('PUT /publisher/otsmanager/update')).toHaveLength(0);
  });

  it('refuses blank fields inline, then saves the rows with the version seen and shows the server message', async () => {
    const saved: Subscription = subscription({
      version: 5,
      otsList: [
        { ...ots('ots-1', 'Printed notes', 'PKG-NOTES', 'GRP-B'), status: 'UPDATED' },
        ots('ots-3', 'Formula book', 'PKG-FORM', 'GRP-A'),
      ],
    });
    const message = fillMessage(MESSAGES.otsSaved, { subscriptionLabel: 'Full course' });
    let current = SUBSCRIPTIONS;
    const { user, find } = await setup({
      [SUBSCRIPTIONS_PATH]: () => ({ body: { data: current } }),
      'PUT /publisher/otsmanager/update': () => {
        current = [saved, ...SUBSCRIPTIONS.slice(1)];
        return { body: { data: saved, message } };
      },
    });
    await screen.findByRole('heading', { level: 2, name: 'Full course' });
    const full = within(card('Full course'));

    const group = field('Full course', 'Group code', 1);
    await user.clear(group);
    await user.type(group, 'GRP-B');
    await user.click(full.getByRole('button', { name: 'Delete Test series' }));
    await user.click(full.getByRole('button', { name: 'Add product' }));
    await user.keyboard('Formula book');

    await user.click(full.getByRole('button', { name: 'Save' }));
    expect(helpOf(field('Full course', 'Package code', 3))).toBe('Package code is required');
    expect(helpOf(field('Full course', 'Group code', 3))).toBe('Group code is required');
    expect(helpOf(field('Full course', 'Product label', 3))).toBeFalsy();
    expect(document.activeElement).toBe(field('Full course', 'Package code', 3));
    expect(
      full.getByText(
        'Please check the one-time-sale products: row 3: Package code is required, Group code is required.',
      ),
    ).toBeTruthy();
    expect(find('PUT /publisher/otsmanager/update')).toHaveLength(0);

    await user.type(field('Full course', 'Package code', 3), '  PKG-FORM ');
    await user.type(field('Full course', 'Group code', 3), 'GRP-A');
    expect(helpOf(field('Full course', 'Group code', 3))).toBeFalsy();
    await user.click(full.getByRole('button', { name: 'Save' }));

    await screen.findByText(message);
    expect(find('PUT /publisher/otsmanager/update').map((request) => request.body)).toEqual([
      {
        subscriptionId: 'sub-1',
        version: 4,
        otsList: [
          {
            otsId: 'ots-1',
            productLabel: 'Printed notes',
            packageCode: 'PKG-NOTES',
            groupCode: 'GRP-B',
            status: 'UPDATED',
          },
          {
            otsId: 'ots-2',
            productLabel: 'Test series',
            packageCode: 'PKG-TESTS',
            groupCode: 'GRP-A',
            status: 'DELETED',
          },
          { productLabel: 'Formula book', packageCode: 'PKG-FORM', groupCode: 'GRP-A', status: 'CREATED' },
        ],
      },
    ]);
    // the saved copy replaces the draft: no row is pending any more
    await waitFor(() =>
      expect(rowsOf('Full course')).toEqual([
        { fields: ['Printed notes', 'PKG-NOTES', 'GRP-B'], struck: false, status: 'UPDATED' },
        { fields: ['Formula book', 'PKG-FORM', 'GRP-A'], struck: false, status: 'CREATED' },
      ]),
    );
    expect(full.getByRole<HTMLButtonElement>('button', { name: 'Save' }).disabled).toBe(true);
  });

  it('on a stale version keeps the changes, names what changed, and loads the latest copy on request', async () => {
    let version = 4;
    const stale = fillMessage(MESSAGES.staleVersion, { entity: 'subscription' });
    const { user, find } = await setup({
      [SUBSCRIPTIONS_PATH]: () => ({
        body: {
          data:
            version === 4
              ? SUBSCRIPTIONS
              : [subscription({ version, otsList: [ots('ots-9', 'Mock interviews', 'PKG-MOCK', 'GRP-C')] })],
        },
      }),
      'PUT /publisher/otsmanager/update': () => {
        version = 6;
        return { status: 409, body: { error: true, errorCode: 'STALE_VERSION', message: stale } };
      },
    });
    await screen.findByRole('heading', { level: 2, name: 'Full course' });
    const full = within(card('Full course'));
    await user.click(full.getByRole('button', { name: 'Delete Printed notes' }));
    await user.click(full.getByRole('button', { name: 'Save' }));

    const notice = await full.findByRole('alert');
    expect(notice.textContent).toContain(stale);
    await waitFor(() => expect(notice.textContent).toContain('Changed on the server: One-time-sale products.'));
    expect(find('PUT /publisher/otsmanager/update')[0]!.body).toMatchObject({ version: 4 });
    // the change is kept until the user chooses; theirs may not be overwritten with rows read before it
    expect(rowsOf('Full course')[0]?.struck).toBe(true);
    expect(within(notice).queryByRole('button', { name: 'Overwrite with mine' })).toBeNull();
    await user.click(within(notice).getByRole('button', { name: 'Load latest' }));
    await waitFor(() =>
      expect(rowsOf('Full course')).toEqual([
        { fields: ['Mock interviews', 'PKG-MOCK', 'GRP-C'], struck: false, status: 'CREATED' },
      ]),
    );
    expect(full.queryByText(stale)).toBeNull();
    expect(full.getByRole<HTMLButtonElement>('button', { name: 'Save' }).disabled).toBe(true);
  });

  it('saves next at the version the stale notice loaded', async () => {
    let version = 4;
    const stale = fillMessage(MESSAGES.staleVersion, { entity: 'subscription' });
    const latest = () => subscription({ version, otsList: [ots('ots-9', 'Mock interviews', 'PKG-MOCK', 'GRP-C')] });
    const { user, find } = await setup({
      [SUBSCRIPTIONS_PATH]: () => ({ body: { data: version === 4 ? SUBSCRIPTIONS : [latest()] } }),
      'PUT /publisher/otsmanager/update': (request) => {
        if (request.body.version === 6) return { body: { data: { ...latest(), version: 7 } } };
        version = 6;
        return { status: 409, body: { error: true, errorCode: 'STALE_VERSION', message: stale } };
      },
    });
    await screen.findByRole('heading', { level: 2, name: 'Full course' });
    const full = within(card('Full course'));
    await user.click(full.getByRole('button', { name: 'Delete Printed notes' }));
    await user.click(full.getByRole('button', { name: 'Save' }));
    await user.click(await full.findByRole('button', { name: 'Load latest' }));
    await user.type(await waitFor(() => field('Full course', 'Group code', 1)), '-2');
    await user.click(full.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(find('PUT /publisher/otsmanager/update')).toHaveLength(2));
    expect(find('PUT /publisher/otsmanager/update')[1]!.body).toMatchObject({
      version: 6,
      otsList: [{ otsId: 'ots-9', groupCode: 'GRP-C-2', status: 'UPDATED' }],
    });
  });

  it('asks before leaving with unsaved changes', async () => {
    const { user, router } = await setup();
    await screen.findByRole('heading', { level: 2, name: 'Six months' });
    await user.click(within(card('Six months')).getByRole('button', { name: 'Add product' }));

    await user.click(screen.getByRole('link', { name: 'Back' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    expect(dialog.textContent).toContain("Your changes to the one-time-sale products of 'Six months' are not saved.");
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/publisher/editOts');
    expect(rowsOf('Six months')).toHaveLength(1);

    await user.click(screen.getByRole('link', { name: 'Back' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Leave without saving?' })).getByRole('button', {
        name: 'Leave',
      }),
    );
    await screen.findByRole('heading', { level: 1, name: 'Publisher - OTS Manager' });
    expect(router.state.location.pathname).toBe('/publisher/otsManager');
  });

  it('says when a catalogue has no subscriptions', async () => {
    await setup({ [SUBSCRIPTIONS_PATH]: { body: { data: [] } } });
    await screen.findByText(
      'This catalogue has no subscriptions yet. Add subscriptions in the Catalogue Manager; their one-time-sale products are edited here.',
    );
  });

  it('shows a failed load with Retry', async () => {
    let calls = 0;
    const { user } = await setup({
      [SUBSCRIPTIONS_PATH]: () => {
        calls += 1;
        return calls === 1
          ? { status: 500, body: { error: true, message: MESSAGES.generic } }
          : { body: { data: SUBSCRIPTIONS } };
      },
    });
    await screen.findByText(MESSAGES.generic);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByRole('heading', { level: 2, name: 'Full course' });
  });

  it('points to the OTS Manager when no catalogue was chosen', async () => {
    await setup({}, '/publisher/editOts');
    expect(screen.getByRole('link', { name: 'Choose a catalogue in the OTS Manager' }).getAttribute('href')).toBe(
      '/publisher/otsManager',
    );
  });
});
