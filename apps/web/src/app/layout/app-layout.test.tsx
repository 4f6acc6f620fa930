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
    // named by the initials it shows, then the presence
    const avatar = await screen.findByRole('button', { name: 'AR Presence: online' });
    // avatar initials, then the name and the e-mail under it
    expect(avatar.parentElement?.textContent).toBe('ARAsha Rani Vermaasha@lectern.test');
    expect(screen.getByText('asha@lectern.test').getAttribute('title')).toBe('asha@lectern.test');
    expect(screen.getAllByText('© 2026 Lectern')).toHaveLength(1);
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
      await user.click(await screen.findByRole('button', { name: `AR Presence: ${from}` }));
      expect(screen.getByRole('button', { name: /^AR Presence: / }).getAttribute('aria-label')).toBe(
        `AR Presence: ${to}`,
      );
    }
  });

  it('signs out: calls the server, forgets the session and goes to sign-in', async () => {
    const api = await mockApi({
      'GET /overview/summary': { body: { data: overview } },
      'POST /auth/logout': { body: { data: { signedOut: true } } },
    });
    const { user, router } = renderApp('/overview', { roles: ['FINANCE'] });

    await user.click(await screen.findByRole('button', { name: 'Sign out' }));

    expect((await screen.findByLabelText<HTMLInputElement>('Mobile number')).value).toBe('');
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(api.find('POST /auth/logout')).toHaveLength(1);
    expect(getSession()).toBeNull();
    expect((await screen.findByText('You have been signed out.')).closest('[role="status"]')).not.toBeNull();
  });

  it('goes to sign-in when the server ends the session, and returns after signing in again', async () => {
    await mockApi({
      'GET /overview/summary': { status: 401, body: { error: true, message: 'Session ended', tokenInvalid: true } },
    });
    const { router } = renderApp('/overview', { roles: ['FINANCE'] });

    expect((await screen.findByLabelText<HTMLInputElement>('Mobile number')).value).toBe('');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(getSession()).toBeNull();
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/overview' } });
  });
});
