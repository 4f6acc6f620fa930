import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../test/mock-api';
import { renderApp } from '../test/render-app';

const overview = { userName: 'Asha Rani Verma', roles: ['FINANCE'], lastSignInAt: null, figures: [] };

describe('routes and guards', () => {
  it('sends a visitor without a token to the sign-in screen', async () => {
    await mockApi();
    const { router } = renderApp('/subject-management');
    expect((await screen.findByLabelText<HTMLInputElement>('Mobile number')).value).toBe('');
    expect(document.title).toBe('Sign in · Lectern');
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(screen.queryByText('Subject Management')).toBeNull();
  });

  it('redirects / to the Account Overview', async () => {
    await mockApi({ 'GET /overview/summary': { body: { data: overview } } });
    const { router } = renderApp('/', { roles: ['FINANCE'] });
    await screen.findByRole('heading', { level: 1, name: 'Account Overview' });
    // the title follows the page's first render
    await waitFor(() => expect(document.title).toBe('Account Overview · Lectern'));
    expect(router.state.location.pathname).toBe('/overview');
  });

  it('redirects /publisher to the store details', async () => {
    await mockApi();
    const { router } = renderApp('/publisher', { roles: ['CONTENT_ADMIN'] });
    await screen.findByRole('heading', { level: 1, name: 'Publisher - Store Details' });
    expect(document.title).toBe('Publisher - Store Details · Lectern');
    expect(router.state.location.pathname).toBe('/publisher/storeManager/storeDetails');
  });

  it('redirects FINANCE, who has no store manager, from /publisher to the catalogue list', async () => {
    await mockApi({ 'GET /publisher/cataloguemanager/all': { body: { data: [] } } });
    const { router } = renderApp('/publisher', { roles: ['FINANCE'] });
    await screen.findByRole('heading', { level: 1, name: 'Publisher - Catalogue Manager' });
    expect(router.state.location.pathname).toBe('/publisher/catalogueManager/catalogueList');
  });

  it.each(['/no-such-page', '/auth/register', '/errors/error-999', '/auth'])(
    'shows the 404 page for %s',
    async (path) => {
      await mockApi();
      const { router } = renderApp(path);
      await screen.findByRole('heading', { name: 'Page not found' });
      expect(document.title).toBe('Page not found · Lectern');
      expect(router.state.location.pathname).toBe('/errors/error-404');
    },
  );

  it('shows the page-permission message instead of a page the roles do not allow', async () => {
    await mockApi();
    renderApp('/subject-management', { roles: ['FINANCE'] });
    await screen.findByText("You don't have required permissions to access Subject Management page(s).");
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      "You don't have required permissions to access Subject Management page(s).",
    );
    expect(screen.getByRole('link', { name: 'Go to Account Overview' }).getAttribute('href')).toBe('/overview');
  });

  it('guards publisher sub-routes with their own entry', async () => {
    await mockApi();
    renderApp('/publisher/otsManager', { roles: ['CONTENT_DEVELOPER'] });
    const message = "You don't have required permissions to access Publisher - OTS Manager page(s).";
    await screen.findByText(message);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(message);
    expect(screen.queryByRole('heading', { name: 'Publisher - OTS Manager' })).toBeNull();
  });

  it('lets FINANCE into the publisher OTS screen', async () => {
    await mockApi();
    renderApp('/publisher/otsManager', { roles: ['FINANCE'] });
    await screen.findByRole('heading', { level: 1, name: 'Publisher - OTS Manager' });
    expect(document.title).toBe('Publisher - OTS Manager · Lectern');
  });

  it('guards every student update type with the Student Updates entry', async () => {
    await mockApi();
    renderApp('/student-updates/announcements', { roles: ['FINANCE'] });
    const message = "You don't have required permissions to access Student Updates page(s).";
    await screen.findByText(message);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(message);
    expect(screen.queryByText('announcements')).toBeNull();
  });

  it('opens /student-updates at its first type, and a type at its tab', async () => {
    await mockApi({
      'GET /notifications/notifications/getupdates/announcements': { body: { data: [] } },
      'GET /cms/pagecontent/videourl': {
        body: { data: { video: null, updatedBy: null, updatedAt: null, version: 0 } },
      },
    });
    const { router } = renderApp('/student-updates', { roles: ['CONTENT_ADMIN'] });
    await screen.findByRole('heading', { level: 1, name: 'Student Updates' });
    expect(document.title).toBe('Student Updates · Lectern');
    expect(router.state.location.pathname).toBe('/student-updates/announcements');
    expect(screen.getByRole('tab', { name: 'Announcements' }).getAttribute('aria-selected')).toBe('true');
  });

  it.each(['/student-updates/news', '/student-updates/Announcements', '/student-updates/announcements/extra'])(
    'shows the 404 page for the unknown update type %s',
    async (path) => {
      await mockApi();
      const { router } = renderApp(path, { roles: ['CONTENT_ADMIN'] });
      await screen.findByRole('heading', { name: 'Page not found' });
      expect(router.state.location.pathname).toBe('/errors/error-404');
    },
  );

  it.each([
    ['/errors/error-401', 'You are not signed in or not allowed here'],
    ['/errors/error-500', 'Something went wrong'],
  ])('has an error page at %s', async (path, title) => {
    await mockApi();
    renderApp(path);
    await screen.findByRole('heading', { level: 1, name: title });
    expect(document.title).toBe(`${title} · Lectern`);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Go back' }).disabled).toBe(false);
  });
});
