import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { DELIVERY_MESSAGES, MESSAGES, fillMessage, type DeliveryPackage } from '@lectern/contract';
import { mockApi, type MockHandlers, type RouteKey } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { CATALOGUES, PENDING, PROCESSED, detail } from '../test/fixtures';

async function setup<K extends RouteKey = never>(handlers: MockHandlers<K> = {}, path = '/deliveryManagement') {
  const api = await mockApi({
    'GET /delivery/delivery/catalogues': { body: { data: CATALOGUES } },
    'GET /delivery/delivery/all/PENDING': { body: { data: PENDING } },
    'GET /delivery/delivery/all/PROCESSED': { body: { data: [PROCESSED] } },
    'GET /delivery/delivery/id/DP-0028-2': { body: { data: detail(PENDING[0]!) } },
    'GET /delivery/delivery/id/DP-0103-2': { body: { data: detail(PROCESSED) } },
    ...handlers,
  });
  const view = renderApp(path, { roles: ['FINANCE'] });
  // the first test also waits for the page's chunk to compile
  await screen.findByRole('heading', { level: 1, name: 'Delivery Management' }, { timeout: 10_000 });
  return { ...api, ...view };
}

// Role queries compute styles for every element they consider: each looks only where its answer is
// (the filter bar, the page, a row, an open list), not through the whole app and its navigation.
const filterBar = () => within(screen.getByRole('search', { name: 'Filter packages' }));
const page = () => within(screen.getByRole('main'));
const listbox = async () => within(await screen.findByRole('listbox'));

function row(text: string): HTMLElement {
  const tr = screen.getByText(text).closest('tr');
  if (!tr) throw new Error(`no row for ${text}`);
  return tr;
}

describe('/deliveryManagement: tabs and list', () => {
  it("narrows the processed packages to those processed on ?delivery.processedOn, an India day (the overview's 'processed today')", async () => {
    // 10:00 UTC on the 12th is 3:30 PM in India; another processed just after India's midnight is the 13th there
    const late = { ...PROCESSED, deliveryPackageId: 'DP-0200-1', processedAt: '2026-11-12T19:00:00.000Z' };
    const { user } = await setup(
      { 'GET /delivery/delivery/all/PROCESSED': { body: { data: [PROCESSED, late] } } },
      '/deliveryManagement?tab=processed&delivery.processedOn=2026-11-12',
    );
    await screen.findByText('DP-0103-2');
    expect(screen.queryByText('DP-0200-1')).toBeNull();
    expect(screen.getByTestId('data-table-count').textContent).toMatch(/^1 record found/);
    const chip = screen.getByTestId('delivery-processed-on');
    chip.focus();
    await user.keyboard('{Delete}');
    await screen.findByText('DP-0200-1');
    expect(screen.getByTestId('data-table-count').textContent).toMatch(/^2 records found/);
  });

  it('shows a tab per status with its count, and the pending packages', async () => {
    const { user, find, router } = await setup();
    await screen.findByRole('tab', { name: 'Pending (3)' });
    expect(screen.getByRole('tab', { name: 'Processed (1)' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Delivered (60)' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Cancelled (4)' })).toBeTruthy();
    await screen.findByText('DP-0028-2');
    expect(row('DP-0179-3').textContent).toContain('Rohan Mehta');

    // a catalogue narrows the list (asked of the server) and the counts
    await user.click(filterBar().getByRole('combobox', { name: 'Catalogue' }));
    await user.click((await listbox()).getByRole('option', { name: 'NEET 2027' }));
    await screen.findByRole('tab', { name: 'Pending (1)' });
    await waitFor(() =>
      expect(find('GET /delivery/delivery/all/PENDING').at(-1)?.query.get('catalogueId')).toBe('cat-neet'),
    );
    expect(router.state.location.search).toContain('delivery.catalogue=cat-neet');

    // the search goes to the server too
    await user.click(page().getByRole('searchbox', { name: 'Search packages' }));
    await user.paste('D12345678');
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(find('GET /delivery/delivery/all/PENDING').at(-1)?.query.get('search')).toBe('D12345678'),
    );

    await user.click(screen.getByRole('tab', { name: 'Processed (0)' }));
    await screen.findByText('DP-0103-2');
    expect(within(row('DP-0103-2')).getByText('DTDC D12345678')).toBeTruthy();
    expect(router.state.location.search).toContain('tab=processed');
  });

  it('says when a tab is empty, and shows a failed load with Retry', async () => {
    let calls = 0;
    const { user } = await setup({
      'GET /delivery/delivery/all/PENDING': () => {
        calls += 1;
        return calls === 1 ? { status: 500, body: { error: true, message: 'boom' } } : { body: { data: [] } };
      },
    });
    const alert = await screen.findByRole('alert');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await screen.findByText('No packages are waiting to be processed.');
  });
});

describe('/deliveryManagement: processing', () => {
  it('processes three by courier: one fails with its reason and stays selected with what was typed', async () => {
    const { user, find } = await setup({
      'PUT /delivery/delivery/process': (request) => {
        const body = request.body as { packages: { deliveryPackageId: string }[] };
        const [first, second, third] = body.packages;
        const processed: DeliveryPackage[] = [first!, third!].map((p) => ({
          ...PENDING.find((pkg) => pkg.deliveryPackageId === p.deliveryPackageId)!,
          deliveryStatus: 'PROCESSED',
        }));
        return {
          body: {
            data: {
              processed,
              failures: [
                {
                  deliveryPackageId: second!.deliveryPackageId,
                  name: `Rohan Mehta (${second!.deliveryPackageId})`,
                  reason: fillMessage(DELIVERY_MESSAGES.trackingIdTaken, {
                    trackingId: 'D12345678',
                    otherPackageId: 'DP-0103-2',
                  }),
                },
              ],
            },
            message: fillMessage(DELIVERY_MESSAGES.processedWithFailures, { count: 2, failed: 1 }),
          },
        };
      },
    });
    await screen.findByText('DP-0028-2');
    await user.click(within(screen.getByRole('table')).getByRole('checkbox', { name: 'Select all rows' }));
    const bar = screen.getByRole('toolbar', { name: 'Selected rows' });
    expect(within(bar).getByText('3 selected')).toBeTruthy();
    await user.click(within(bar).getByRole('button', { name: 'Process' }));
    const drawer = await screen.findByRole('dialog', { name: 'Process 3 packages' });

    // nothing goes while a tracking id is missing
    await user.click(within(drawer).getByRole('button', { name: 'Process' }));
    expect(find('PUT /delivery/delivery/process')).toHaveLength(0);
    expect(within(drawer).getAllByText('a tracking id is 6 to 30 letters, digits or hyphens')).toHaveLength(3);

    const group = (name: string) => within(drawer).getByRole('group', { name });
    await user.click(within(group('DP-0028-2 · Ananya Sharma')).getByLabelText(/Tracking id/));
    await user.paste('d9000001');
    await user.click(within(group('DP-0179-3 · Rohan Mehta')).getByLabelText(/Tracking id/));
    await user.paste('D12345678');
    // the third from a pasted CSV, matched by package id
    await user.click(within(drawer).getByLabelText('Tracking ids as CSV'));
    await user.paste('packageId,trackingId\nDP-0154-1,D9000003\nDP-9999-1,D9000004');
    await user.click(within(drawer).getByRole('button', { name: 'Fill in from CSV' }));
    expect(within(drawer).getByRole('status').textContent).toBe(
      '1 tracking id filled in. Not in this selection: DP-9999-1.',
    );
    expect(within(group('DP-0154-1 · Priya Nair')).getByLabelText<HTMLInputElement>(/Tracking id/).value).toBe(
      'D9000003',
    );

    await user.click(within(drawer).getByRole('button', { name: 'Process' }));
    await screen.findByText('2 packages processed; 1 could not be: see why for each.');
    const sent = find('PUT /delivery/delivery/process')[0]!.body as { packages: unknown[] };
    expect(sent.packages).toEqual([
      expect.objectContaining({
        deliveryPackageId: 'DP-0028-2',
        courier: expect.objectContaining({ serviceProvider: 'DTDC', trackingId: 'D9000001' }),
      }),
      expect.objectContaining({
        deliveryPackageId: 'DP-0179-3',
        courier: expect.objectContaining({ trackingId: 'D12345678' }),
      }),
      expect.objectContaining({
        deliveryPackageId: 'DP-0154-1',
        courier: expect.objectContaining({ trackingId: 'D9000003' }),
      }),
    ]);

    // the failure, named with its reason; the failed package stays with its tracking id
    const left = await screen.findByRole('dialog', { name: 'Process 1 package' });
    expect(
      within(left).getByText('For Rohan Mehta (DP-0179-3) tracking id D12345678 is already used by package DP-0103-2.'),
    ).toBeTruthy();
    expect(within(group('DP-0179-3 · Rohan Mehta')).getByLabelText<HTMLInputElement>(/Tracking id/).value).toBe(
      'D12345678',
    );
    expect(within(left).queryByRole('group', { name: 'DP-0028-2 · Ananya Sharma' })).toBeNull();
    expect(
      within(screen.getByRole('toolbar', { name: 'Selected rows', hidden: true })).getByText('1 selected'),
    ).toBeTruthy();
  });

  it('processes for pickup by someone else: their name and number are needed', async () => {
    const { user, find } = await setup({
      'PUT /delivery/delivery/process': {
        body: { data: { processed: [], failures: [] }, message: '1 package processed.' },
      },
    });
    await screen.findByText('DP-0028-2');
    await user.click(within(row('DP-0028-2')).getByRole('checkbox'));
    await user.click(
      within(screen.getByRole('toolbar', { name: 'Selected rows' })).getByRole('button', { name: 'Process' }),
    );
    const drawer = await screen.findByRole('dialog', { name: 'Process 1 package' });
    await user.click(within(drawer).getByLabelText('Pickup'));
    await user.click(within(drawer).getByRole('combobox', { name: 'Recipient' }));
    await user.click((await listbox()).getByRole('option', { name: 'Parent or guardian' }));
    await user.click(within(drawer).getByRole('button', { name: 'Process' }));
    expect(within(drawer).getByText('say who collects it')).toBeTruthy();
    expect(find('PUT /delivery/delivery/process')).toHaveLength(0);
    await user.click(within(drawer).getByLabelText(/Recipient name/));
    await user.paste('Meera Sharma');
    await user.click(within(drawer).getByLabelText(/Recipient phone number/));
    await user.paste('9700012345');
    await user.click(within(drawer).getByRole('button', { name: 'Process' }));
    await screen.findByText('1 package processed.');
    expect(find('PUT /delivery/delivery/process')[0]!.body).toEqual({
      packages: [
        expect.objectContaining({
          deliveryMode: 'IN_PERSON',
          inPersonPickup: {
            recipientType: 'PARENT_OR_GUARDIAN',
            recipientName: 'Meera Sharma',
            recipientPhoneNumber: '9700012345',
            notes: '',
          },
        }),
      ],
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Process 1 package' })).toBeNull());
  });
});

describe('/deliveryManagement: the package drawer', () => {
  it('edits the address of a pending package with the PIN rule; the server message shows', async () => {
    const { user, find } = await setup({
      'PUT /delivery/delivery/address': { body: { data: detail(PENDING[0]!), message: MESSAGES.addressSaved } },
    });
    await screen.findByText('DP-0028-2');
    await user.click(within(row('DP-0028-2')).getByRole('button', { name: 'Open DP-0028-2 of Ananya Sharma' }));
    const drawer = await screen.findByRole('dialog', { name: 'Package DP-0028-2' });
    await within(drawer).findByText('Ananya Sharma');
    await user.click(within(drawer).getByRole('button', { name: 'Edit address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the address of DP-0028-2' });
    const pin = within(dialog).getByLabelText(/PIN/);
    await user.clear(pin);
    await user.type(pin, '05601');
    await user.click(within(dialog).getByRole('button', { name: 'Save address' }));
    expect(
      within(dialog).getByText('The PIN 05601 is not valid: a PIN is 6 digits and does not start with 0.'),
    ).toBeTruthy();
    expect(find('PUT /delivery/delivery/address')).toHaveLength(0);

    await user.clear(pin);
    await user.type(pin, '560034x');
    await user.click(within(dialog).getByRole('button', { name: 'Save address' }));
    await screen.findByText('The address changes have been saved successfully!');
    expect(find('PUT /delivery/delivery/address')[0]!.body).toEqual(
      expect.objectContaining({ deliveryPackageId: 'DP-0028-2', addressId: 'DP-0028-2-A1', pin: '560034', version: 1 }),
    );
  });

  it('refuses an address change after processing and says why; shows the tracker with its link', async () => {
    const { user } = await setup({}, '/deliveryManagement?tab=processed');
    await screen.findByText('DP-0103-2');
    await user.click(within(row('DP-0103-2')).getByRole('button', { name: 'Open DP-0103-2 of Kabir Singh' }));
    const drawer = await screen.findByRole('dialog', { name: 'Package DP-0103-2' });
    const edit = await within(drawer).findByRole<HTMLButtonElement>('button', { name: 'Edit address' });
    expect(edit.disabled).toBe(true);
    expect(within(drawer).getByText('Its address cannot change once it is processed.')).toBeTruthy();
    expect(within(drawer).getByText('DTDC D12345678: In transit')).toBeTruthy();
    expect(
      within(drawer)
        .getByRole('link', { name: /Track D12345678 on the courier's site/ })
        .getAttribute('href'),
    ).toBe('https://www.dtdc.in/tracking?id=D12345678');
    expect(within(drawer).getByRole('button', { name: 'Mark delivered' })).toBeTruthy();
  });

  it('cancels with a type and a description after saying what follows', async () => {
    const { user, find } = await setup({
      'PUT /delivery/delivery/cancel': {
        body: { data: detail({ ...PENDING[0]!, deliveryStatus: 'CANCELLED' }), message: MESSAGES.orderCancelled },
      },
    });
    await screen.findByText('DP-0028-2');
    await user.click(within(row('DP-0028-2')).getByRole('button', { name: 'Open DP-0028-2 of Ananya Sharma' }));
    const drawer = await screen.findByRole('dialog', { name: 'Package DP-0028-2' });
    await user.click(await within(drawer).findByRole('button', { name: 'Cancel package' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel DP-0028-2?' });
    expect(within(dialog).getByText("Ananya Sharma's package will not be sent. This cannot be undone.")).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel package' }));
    expect(within(dialog).getByText('Choose why it is cancelled.')).toBeTruthy();
    expect(within(dialog).getByText('Say why it is cancelled.')).toBeTruthy();
    expect(find('PUT /delivery/delivery/cancel')).toHaveLength(0);

    await user.click(within(dialog).getByRole('combobox', { name: /Cancellation type/ }));
    await user.click((await listbox()).getByRole('option', { name: 'Student asked' }));
    await user.click(within(dialog).getByLabelText(/Description/));
    await user.paste('Has the notes already.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel package' }));
    await screen.findByText('The Order has been cancelled successfully!');
    expect(find('PUT /delivery/delivery/cancel')[0]!.body).toEqual({
      deliveryPackageId: 'DP-0028-2',
      version: 1,
      cancellationRequestType: 'STUDENT_REQUEST',
      description: 'Has the notes already.',
    });
  });
});

describe('/deliveryManagement: tracker and delivery', () => {
  it("updates the courier's status and marks a processed package delivered, with the server's messages", async () => {
    const { user, find } = await setup(
      {
        'PUT /delivery/delivery/update': (request) => {
          const body = request.body as { action: string };
          return {
            body: {
              data: detail(PROCESSED),
              message:
                body.action === 'DELIVERED'
                  ? fillMessage(DELIVERY_MESSAGES.delivered, { packageId: 'DP-0103-2' })
                  : fillMessage(DELIVERY_MESSAGES.updated, { packageId: 'DP-0103-2' }),
            },
          };
        },
      },
      '/deliveryManagement?tab=processed',
    );
    await screen.findByText('DP-0103-2');
    await user.click(within(row('DP-0103-2')).getByRole('button', { name: 'Open DP-0103-2 of Kabir Singh' }));
    const drawer = await screen.findByRole('dialog', { name: 'Package DP-0103-2' });
    await user.click(await within(drawer).findByRole('button', { name: 'Update tracker status' }));
    const tracker = await screen.findByRole('dialog', { name: 'Update the tracker of DP-0103-2' });
    // a package on its way has no return to track
    await user.click(within(tracker).getByRole('combobox', { name: 'Tracker status' }));
    const statuses = await listbox();
    expect(statuses.queryByRole('option', { name: 'Returned' })).toBeNull();
    await user.click(statuses.getByRole('option', { name: 'Out for delivery' }));
    await user.click(within(tracker).getByRole('button', { name: 'Update status' }));
    await screen.findByText('Package DP-0103-2 was updated.');
    expect(find('PUT /delivery/delivery/update')[0]!.body).toEqual({
      action: 'TRACKER_STATUS',
      deliveryPackageId: 'DP-0103-2',
      version: 1,
      status: 'OUT_FOR_DELIVERY',
      notes: '',
    });

    await user.click(within(drawer).getByRole('button', { name: 'Mark delivered' }));
    const delivered = await screen.findByRole('dialog', { name: 'Mark DP-0103-2 delivered?' });
    await user.click(within(delivered).getByRole('button', { name: 'Mark delivered' }));
    await screen.findByText('Package DP-0103-2 is marked delivered.');
    expect(find('PUT /delivery/delivery/update')[1]!.body).toEqual({
      action: 'DELIVERED',
      deliveryPackageId: 'DP-0103-2',
      version: 1,
    });
  });
});

describe('/deliveryManagement: labels and CSV', () => {
  it('prints the labels of the processed selection and exports the current tab with its filters', async () => {
    const created: Blob[] = [];
    // jsdom makes no object URLs: the saved files are counted here
    const spies = [
      vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
        created.push(blob as Blob);
        return 'blob:delivery';
      }),
      vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined),
    ];
    onTestFinished(() => spies.forEach((spy) => spy.mockRestore()));
    const { user, find } = await setup(
      {
        'GET /delivery/delivery/labels': { file: '%PDF-1.7 labels', headers: { 'content-type': 'application/pdf' } },
        'GET /delivery/delivery/export/PROCESSED': {
          file: 'Package,Student\nDP-0103-2,Kabir Singh\n',
          headers: { 'content-type': 'text/csv; charset=utf-8' },
        },
      },
      '/deliveryManagement?tab=processed&delivery.mode=COURIER',
    );
    await screen.findByText('DP-0103-2');
    await user.click(within(row('DP-0103-2')).getByRole('checkbox'));
    await user.click(
      within(screen.getByRole('toolbar', { name: 'Selected rows' })).getByRole('button', { name: 'Print labels' }),
    );
    await waitFor(() => expect(find('GET /delivery/delivery/labels')).toHaveLength(1));
    expect(find('GET /delivery/delivery/labels')[0]!.query.get('packageIds')).toBe('DP-0103-2');

    await user.click(page().getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(find('GET /delivery/delivery/export/PROCESSED')).toHaveLength(1));
    expect(find('GET /delivery/delivery/export/PROCESSED')[0]!.query.get('deliveryMode')).toBe('COURIER');
    await waitFor(() => expect(created).toHaveLength(2));
    // the files are saved as the server sent them
    expect(await Promise.all(created.map((blob) => blob.text()))).toEqual([
      '%PDF-1.7 labels',
      'Package,Student\nDP-0103-2,Kabir Singh\n',
    ]);
  });
});
