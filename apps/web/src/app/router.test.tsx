import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../test/mock-api';
import { renderApp } from '../test/render-app';

const overview = { userName: 'Asha Rani Verma', roles: ['FINANCE'], lastSignInAt: null, figures: [] };

describe('routes and guards', () => {
  it('sends a visitor without a token to the sign-in screen', async () => {
    await mockApi();
    const { router } = renderApp('/subject-management');
    expect(await screen.findByLabelText('Mobile number')).toBeDefined();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(screen.queryByText('Subject Management')).toBeNull();
  });

  it('redirects / to the Account Overview', async () => {
    await mockApi({ 'GET /overview/summary': { body: { data: overview } } });
    const { router } = renderApp('/', { roles: ['FINANCE'] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Account Overview' })).toBeDefined();
    expect(router.state.location.pathname).toBe('/overview');
  });

  it('redirects /publisher to the store details', async () => {
    await mockApi();
    const { router } = renderApp('/publisher', { roles: ['CONTENT_ADMIN'] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Publisher - Store Details' })).toBeDefined();
    expect(router.state.location.pathname).toBe('/publisher/storeManager/storeDetails');
  });

  it.each(['/no-such-page', '/auth/register', '/errors/error-999', '/auth'])(
    'shows the 404 page for %s',
    async (path) => {
      await mockApi();
      const { router } = renderApp(path);
      expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeDefined();
      expect(router.state.location.pathname).toBe('/errors/error-404');
    },
  );

  it('shows the page-permission message instead of a page the roles do not allow', async () => {
    await mockApi();
    renderApp('/subject-management', { roles: ['FINANCE'] });
    expect(
      await screen.findByText("You don't have required permissions to access Subject Management page(s)."),
    ).toBeDefined();
    expect(screen.queryByRole('heading', { name: 'Subject Management' })).toBeNull();
  });

  it('guards publisher sub-routes with the Publisher entry', async () => {
    await mockApi();
    renderApp('/publisher/otsManager', { roles: ['CONTENT_DEVELOPER'] });
    expect(await screen.findByText("You don't have required permissions to access Publisher page(s).")).toBeDefined();
  });

  it('lets FINANCE into the publisher OTS screen', async () => {
    await mockApi();
    renderApp('/publisher/otsManager', { roles: ['FINANCE'] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Publisher - OTS Manager' })).toBeDefined();
  });

  it('guards every student update type with the Student Updates entry', async () => {
    await mockApi();
    renderApp('/student-updates/announcements', { roles: ['FINANCE'] });
    expect(
      await screen.findByText("You don't have required permissions to access Student Updates page(s)."),
    ).toBeDefined();
  });

  it('shows a student update type to a content admin', async () => {
    await mockApi();
    renderApp('/student-updates/announcements', { roles: ['CONTENT_ADMIN'] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Student Updates' })).toBeDefined();
    expect(screen.getByText('announcements')).toBeDefined();
  });

  it.each([
    ['/errors/error-401', 'You are not signed in or not allowed here'],
    ['/errors/error-500', 'Something went wrong'],
  ])('has an error page at %s', async (path, title) => {
    await mockApi();
    renderApp(path);
    expect(await screen.findByRole('heading', { name: title })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Go back' })).toBeDefined();
  });
});
