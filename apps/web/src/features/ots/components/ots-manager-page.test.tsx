import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@lectern/contract';
import { mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { CATALOGUES, SUBSCRIPTIONS } from '../test/fixtures';

function cells(name: string): string[] {
  const tr = screen.getByText(name).closest('tr');
  if (!tr) throw new Error(`no row for ${name}`);
  return Array.from(tr.querySelectorAll('td')).map((cell) => cell.textContent ?? '');
}

describe('OTS Manager', () => {
  it('lists the catalogues with their subscription and OTS counts and opens one for editing', async () => {
    await mockApi({
      'GET /publisher/otsmanager/catalogue/all': { body: { data: CATALOGUES } },
      'GET /publisher/otsmanager/subscription/catalogueid/cat-1': { body: { data: SUBSCRIPTIONS } },
    });
    const { user, router } = renderApp('/publisher/otsManager', { roles: ['FINANCE'] });
    await screen.findByRole('heading', { level: 1, name: 'Publisher - OTS Manager' }, { timeout: 10_000 });
    await screen.findByText('JEE Main Crash Course');

    expect(cells('JEE Main Crash Course')).toEqual([
      'JEE Main Crash Course',
      'JEE-CRASH',
      '2',
      '2',
      'Active',
      'Edit OTS',
    ]);
    expect(cells('NEET Biology')).toEqual(['NEET Biology', 'NEET-BIO', '1', '0', 'Archived', 'Edit OTS']);
    expect(screen.getByTestId('data-table-count').textContent).toContain('2 records found');

    await user.click(screen.getByRole('link', { name: 'Edit OTS of JEE Main Crash Course' }));
    await screen.findByRole('heading', { level: 1, name: 'Publisher - Edit OTS' });
    expect(router.state.location.pathname).toBe('/publisher/editOts');
    expect(new URLSearchParams(router.state.location.search).get('catalogueId')).toBe('cat-1');
    await screen.findByRole('heading', { level: 2, name: 'Full course' });
  });

  it('says when there are no catalogues, and shows a failed load with Retry', async () => {
    let calls = 0;
    await mockApi({
      'GET /publisher/otsmanager/catalogue/all': () => {
        calls += 1;
        return calls === 1 ? { status: 500, body: { error: true, message: MESSAGES.generic } } : { body: { data: [] } };
      },
    });
    const { user } = renderApp('/publisher/otsManager', { roles: ['CONTENT_ADMIN'] });
    const alert = await screen.findByText(MESSAGES.generic, {}, { timeout: 10_000 });
    await user.click(
      within(alert.closest<HTMLElement>('.MuiAlert-root') ?? document.body).getByRole('button', { name: 'Retry' }),
    );
    await screen.findByText('No catalogues yet.');
  });
});
