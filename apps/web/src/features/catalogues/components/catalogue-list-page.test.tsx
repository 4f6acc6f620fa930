import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paise, type Role } from '@lectern/contract';
import { mockApi, type MockHandlers, type RouteKey } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { listItem } from '../test/fixtures';

const NEET = listItem('c-1', 'NEET Complete', 'NEET-2027', {
  subjects: [
    { subjectId: 's-1', subjectName: 'Physics' },
    { subjectId: 's-2', subjectName: 'Chemistry' },
  ],
  duration: 9000,
  lowestPrice: paise(499_900),
  storeListed: true,
  featured: true,
  subscriptionCount: 2,
});
const JEE = listItem('c-2', 'JEE Crash Course', 'JEE-CRASH', { featuredOnLeadPage: true, version: 7 });
const OLD = listItem('c-3', 'Old Foundation', 'FOUND-22', { archived: true });

async function setup<K extends RouteKey = never>(
  roles: Role[] = ['CONTENT_ADMIN'],
  handlers: MockHandlers<K> = {},
  path = '',
) {
  const api = await mockApi({
    'GET /publisher/cataloguemanager/all': (request) => {
      const archived = request.query.get('archived');
      const all = [NEET, JEE, OLD];
      const rows = archived === 'all' ? all : all.filter((row) => row.archived === (archived === 'true'));
      return { body: { data: rows } };
    },
    ...handlers,
  });
  const view = renderApp(`/publisher/catalogueManager/catalogueList${path}`, { roles });
  await screen.findByRole('heading', { level: 1, name: 'Publisher - Catalogue Manager' }, { timeout: 10_000 });
  return { ...api, ...view };
}

function row(name: string): HTMLElement {
  const tr = screen.getByText(new RegExp(`^${name} `)).closest('tr');
  if (!tr) throw new Error(`no row for ${name}`);
  return tr;
}

describe('Catalogue list', () => {
  it('lists the active catalogues with subjects, duration, lowest price, listing tag and flags', async () => {
    const { find } = await setup();
    await screen.findByText(/^NEET Complete/);
    expect(find('GET /publisher/cataloguemanager/all')[0]?.query.get('archived')).toBe('false');
    expect(screen.queryByText(/^Old Foundation/)).toBeNull();

    const neet = within(row('NEET Complete'));
    // the code under the name
    expect(neet.getByText('NEET Complete NEET-2027')).toBeTruthy();
    expect(neet.getByText('2')).toBeTruthy();
    expect(neet.getByText('2:30:00')).toBeTruthy();
    expect(neet.getByText('Rs. 4,999')).toBeTruthy();
    expect(neet.getByText('Listed')).toBeTruthy();
    expect(neet.getByText('Featured')).toBeTruthy();

    const jee = within(row('JEE Crash Course'));
    expect(jee.getByText('Not Listed')).toBeTruthy();
    expect(jee.getByText('Lead page')).toBeTruthy();
    // no subscriptions: no lowest price
    expect(jee.getAllByText('NA').length).toBeGreaterThan(0);
    expect(jee.getByRole('link', { name: 'Edit JEE Crash Course' }).getAttribute('href')).toBe(
      '/publisher/catalogueManager/createCatalogue?catalogueId=c-2',
    );
    expect(screen.getByRole('link', { name: 'Create catalogue' })).toBeTruthy();
  });

  it('filters archived catalogues through the URL', async () => {
    const { user, router, find } = await setup();
    await screen.findByText(/^NEET Complete/);
    await user.click(
      within(screen.getByRole('group', { name: 'Show catalogues' })).getByRole('button', { name: 'Archived' }),
    );
    await screen.findByText(/^Old Foundation/);
    expect(screen.queryByText(/^NEET Complete/)).toBeNull();
    expect(router.state.location.search).toContain('catalogues.show=archived');
    expect(find('GET /publisher/cataloguemanager/all').at(-1)?.query.get('archived')).toBe('true');
    expect(within(row('Old Foundation')).getByRole('button', { name: 'Unarchive Old Foundation' })).toBeTruthy();
  });

  it('opens on the filter the URL names', async () => {
    await setup(['CONTENT_ADMIN'], {}, '?catalogues.show=all');
    await screen.findByText(/^Old Foundation/);
    // with every catalogue shown, a column says which are archived
    expect(within(row('Old Foundation')).getByText('Archived')).toBeTruthy();
    expect(within(row('NEET Complete')).getByText('Active')).toBeTruthy();
  });

  it('archives after confirmation, sending the id, the version and archived', async () => {
    const { user, find } = await setup(['CONTENT_ADMIN'], {
      'PUT /publisher/cataloguemanager/update': { status: 500, body: { error: true, message: 'not called yet' } },
    });
    await screen.findByText(/^JEE Crash Course/);
    await user.click(screen.getByRole('button', { name: 'Archive JEE Crash Course' }));
    const dialog = await screen.findByRole('dialog', { name: "Archive 'JEE Crash Course'?" });
    expect(within(dialog).getByText(/You can unarchive it at any time/)).toBeTruthy();
    // cancel sends nothing
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(find('PUT /publisher/cataloguemanager/update')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Archive JEE Crash Course' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: "Archive 'JEE Crash Course'?" })).getByRole('button', {
        name: 'Archive',
      }),
    );
    await waitFor(() => expect(find('PUT /publisher/cataloguemanager/update')).toHaveLength(1));
    expect(find('PUT /publisher/cataloguemanager/update')[0]?.body).toEqual({
      catalogueId: 'c-2',
      version: 7,
      archived: true,
    });
  });

  it("shows the server's reason when a delete is refused", async () => {
    const refusal =
      "'NEET Complete' is listed in the store as 'NEET 2027' and cannot be deleted. Remove its store listing first, or archive it.";
    const { user, find } = await setup(['CONTENT_ADMIN'], {
      'DELETE /publisher/cataloguemanager/catalogue/c-1': { status: 409, body: { error: true, message: refusal } },
    });
    await screen.findByText(/^NEET Complete/);
    await user.click(screen.getByRole('button', { name: 'Delete NEET Complete' }));
    const dialog = await screen.findByRole('dialog', { name: "Delete 'NEET Complete'?" });
    expect(within(dialog).getByText(/This cannot be undone/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await screen.findByText(refusal);
    expect(find('DELETE /publisher/cataloguemanager/catalogue/c-1')).toHaveLength(1);
    expect(screen.getByText(/^NEET Complete/)).toBeTruthy();
  });

  it('lets FINANCE open catalogues but not create, archive or delete them', async () => {
    await setup(['FINANCE']);
    await screen.findByText(/^NEET Complete/);
    expect(screen.queryByRole('link', { name: 'Create catalogue' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Archive NEET Complete' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete NEET Complete' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Edit NEET Complete' })).toBeTruthy();
  });
});
