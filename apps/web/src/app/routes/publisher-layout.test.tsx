import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Role } from '@lectern/contract';
import { mockApi } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';
import { PublisherNav } from './publisher-layout';

function renderNav(roles: Role[], path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <PublisherNav roles={roles} />
    </MemoryRouter>,
  );
  const nav = screen.getByRole('navigation', { name: 'Publisher' });
  return Array.from(nav.querySelectorAll<HTMLElement>('[data-testid^="publisher-nav-"]')).map((item) => ({
    // the label, without the note under a disabled one
    label: item.firstChild?.textContent,
    href: item.getAttribute('href'),
    disabled: item.getAttribute('aria-disabled') === 'true',
    current: item.getAttribute('aria-current'),
  }));
}

describe('publisher sub-navigation', () => {
  it('links every section for a content admin and marks the current one', () => {
    expect(renderNav(['CONTENT_ADMIN'], '/publisher/editOts?catalogueId=cat-1')).toEqual([
      { label: 'Store Manager', href: '/publisher/storeManager/storeDetails', disabled: false, current: null },
      {
        label: 'Catalogue Manager',
        href: '/publisher/catalogueManager/catalogueList',
        disabled: false,
        current: null,
      },
      { label: 'OTS Manager', href: '/publisher/otsManager', disabled: false, current: 'page' },
      { label: 'Categories', href: '/publisher/categories', disabled: false, current: null },
    ]);
  });

  it('disables the Store Manager and Categories for FINANCE, with the no-permission tooltip, and keeps the pricing sections', async () => {
    const user = userEvent.setup();
    const items = renderNav(['FINANCE'], '/publisher/catalogueManager/createCatalogue');
    expect(items.map(({ label, disabled }) => ({ label, disabled }))).toEqual([
      { label: 'Store Manager', disabled: true },
      { label: 'Catalogue Manager', disabled: false },
      { label: 'OTS Manager', disabled: false },
      { label: 'Categories', disabled: true },
    ]);
    expect(items.find((item) => item.label === 'Catalogue Manager')?.current).toBe('page');

    const categories = screen.getByTestId('publisher-nav-/publisher/categories');
    expect(categories.getAttribute('href')).toBeNull();
    // the name stays the visible text; the reason is its description
    expect(screen.getByRole('link', { name: 'Categories' })).toBe(categories);
    await user.hover(categories);
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip.textContent).toBe('You dont have permission to access this page');

    // and it is in sight without a hover (touch has none)
    expect(categories.textContent).toBe('CategoriesNo permission');

    // keyboard users reach the reason too
    await user.unhover(categories);
    await user.tab();
    await user.tab();
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(categories);
    expect((await screen.findByRole('tooltip')).textContent).toBe('You dont have permission to access this page');
  });

  it('sits above every publisher page', async () => {
    await mockApi();
    const { user, router } = renderApp('/publisher', { roles: ['CONTENT_ADMIN'] });
    await screen.findByRole('heading', { level: 1, name: 'Publisher - Store Details' }, { timeout: 10_000 });
    const nav = screen.getByRole('navigation', { name: 'Publisher' });
    expect(screen.getByTestId('publisher-nav-/publisher/storeManager/storeDetails').getAttribute('aria-current')).toBe(
      'page',
    );
    await user.click(screen.getByRole('link', { name: 'Categories' }));
    await screen.findByRole('heading', { level: 1, name: 'Publisher - Categories' });
    expect(router.state.location.pathname).toBe('/publisher/categories');
    expect(screen.getByRole('navigation', { name: 'Publisher' })).toBe(nav);
  });
});
