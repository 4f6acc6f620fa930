import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getSession } from '../../lib/session';
import { mockApi } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';

const overview = { userName: 'Asha Rani Verma', roles: ['FINANCE'], lastSignInAt: null, figures: [] };

describe('signed-in layout', () => {
  it("shows the user's initials, name, e-mail and the copyright line", async () => {
    await mockApi({ 'GET /overview/summary': { body: { data: overview } } });
    renderApp('/overview', { roles: ['FINANCE'] });
    expect(await screen.findByText('AR')).toBeDefined();
    expect(screen.getByText('asha@lectern.test')).toBeDefined();
    expect(screen.getByText('© 2026 Lectern')).toBeDefined();
  });

  it('cycles the presence online, away, busy, offline when the avatar is clicked', async () => {
    await mockApi({ 'GET /overview/summary': { body: { data: overview } } });
    const { user } = renderApp('/overview', { roles: ['FINANCE'] });
    for (const [from, to] of [
      ['online', 'away'],
      ['away', 'busy'],
      ['busy', 'offline'],
      ['offline', 'online'],
    ]) {
      await user.click(await screen.findByRole('button', { name: `Presence: ${from}` }));
      expect(screen.getByRole('button', { name: `Presence: ${to}` })).toBeDefined();
    }
  });

  it('signs out: calls the server, forgets the session and goes to sign-in', async () => {
    const api = await mockApi({
      'GET /overview/summary': { body: { data: overview } },
      'POST /auth/logout': { body: { data: { signedOut: true } } },
    });
    const { user, router } = renderApp('/overview', { roles: ['FINANCE'] });

    await user.click(await screen.findByRole('button', { name: 'Sign out' }));

    expect(await screen.findByLabelText('Mobile number')).toBeDefined();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(api.find('POST /auth/logout')).toHaveLength(1);
    expect(getSession()).toBeNull();
    expect(await screen.findByText('You have been signed out.')).toBeDefined();
  });

  it('goes to sign-in when the server ends the session, and returns after signing in again', async () => {
    await mockApi({
      'GET /overview/summary': { status: 401, body: { error: true, message: 'Session ended', tokenInvalid: true } },
    });
    const { router } = renderApp('/overview', { roles: ['FINANCE'] });

    expect(await screen.findByLabelText('Mobile number')).toBeDefined();
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(getSession()).toBeNull();
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/overview' } });
  });
});
