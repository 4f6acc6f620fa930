import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { GALLERY_SECTIONS } from './gallery-page';

describe('the component gallery', () => {
  it('shows every section in demo mode, to any signed-in user', async () => {
    await mockApi({}, { config: { demoMode: true } });
    renderApp('/dev/gallery', { roles: ['FINANCE'] });
    await screen.findByRole('heading', { level: 1, name: 'Component Gallery' }, { timeout: 15_000 });
    for (const section of GALLERY_SECTIONS) {
      const element = document.getElementById(section.id);
      expect(element, section.id).not.toBeNull();
      expect(element?.querySelector('h2')?.textContent, section.id).toBeTruthy();
    }
    const contents = screen.getByRole('navigation', { name: 'Gallery sections' });
    expect(
      within(contents)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual(GALLERY_SECTIONS.map((section) => [section.label, `#${section.id}`]));
    // every badge colour, filled and outlined
    for (const variant of ['filled', 'outlined']) {
      const colours = Array.from(screen.getByTestId(`badges-${variant}`).children).map((badge) =>
        badge.getAttribute('data-color'),
      );
      expect(colours).toEqual(['primary', 'secondary', 'error', 'success', 'warning', 'grey']);
    }
    // the long list renders only what is in view
    const big = screen.getByTestId('big-table');
    expect(within(big).getByTestId('data-table-count').textContent).toContain('10,000 records found');
    expect(big.querySelectorAll('tbody tr').length).toBeLessThan(100);
    expect(document.title).toBe('Component Gallery · Lectern');
  });

  it('is the 404 page outside demo mode', async () => {
    await mockApi({}, { config: { demoMode: false } });
    const { router } = renderApp('/dev/gallery', { roles: ['SUPER_ADMIN'] });
    await screen.findByRole('heading', { name: 'Page not found' }, { timeout: 10_000 });
    expect(document.title).toBe('Page not found · Lectern');
    expect(router.state.location.pathname).toBe('/errors/error-404');
  });
});
