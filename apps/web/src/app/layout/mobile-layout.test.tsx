import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';

const overview = { userName: 'Asha Rani Verma', roles: ['FINANCE'], lastSignInAt: null, figures: [] };

/** A phone: every min-width media query fails. */
function phoneWidth() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: !/min-width/.test(query),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }));
}

describe('layout at phone widths', () => {
  it('hides the drawer behind the menu toggle and closes it after choosing a page', async () => {
    phoneWidth();
    await mockApi({ 'GET /overview/summary': { body: { data: overview } } });
    const { user, router } = renderApp('/overview', { roles: ['FINANCE'] });

    const toggle = await screen.findByRole('button', { name: 'Open menu' });
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();

    await user.click(toggle);
    await user.click(await screen.findByTestId('nav-/coupons'));

    await waitFor(() => expect(router.state.location.pathname).toBe('/coupons'));
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull());
    await screen.findByRole('heading', { level: 1, name: 'Coupons' });
    expect(document.title).toBe('Coupons · Lectern');
  });

  it('has no menu toggle on desktop', async () => {
    await mockApi({ 'GET /overview/summary': { body: { data: overview } } });
    renderApp('/overview', { roles: ['FINANCE'] });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByTestId('nav-/coupons').getAttribute('href')).toBe('/coupons');
    expect(screen.queryByRole('button', { name: 'Open menu' })).toBeNull();
  });
});
