import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';

const overview = { userName: 'Asha Rani Verma', roles: ['FINANCE'], lastSignInAt: null, figures: [] };
const STAGING = { environment: 'staging', environmentLabel: 'Staging', production: false } as const;
const PRODUCTION = { environment: 'production', environmentLabel: 'Production', production: true } as const;

describe('the environment ribbon', () => {
  it('says which environment a non-production console is, on the sign-in page', async () => {
    await mockApi({}, { config: STAGING });
    renderApp('/auth/login');
    const ribbon = await screen.findByRole('region', { name: 'Environment: Staging' });
    expect(ribbon.textContent).toBe('Staging');
    // a landmark, not an alert read out over whatever the user is doing
    expect(ribbon.getAttribute('aria-live')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    // in the environment's colour, with white text
    expect(getComputedStyle(ribbon).backgroundColor).toMatch(/#B54708|rgb\(181, 71, 8\)/i);
  });

  it('shows above the signed-in shell too, named by the label the server gives', async () => {
    await mockApi(
      { 'GET /overview/summary': { body: { data: overview } } },
      { config: { environment: 'local', environmentLabel: 'Local', production: false } },
    );
    renderApp('/overview', { roles: ['FINANCE'] });
    await screen.findByRole('button', { name: 'Sign out' });
    expect((await screen.findByRole('region', { name: 'Environment: Local' })).textContent).toBe('Local');
  });

  it('is not there in production', async () => {
    await mockApi({ 'GET /overview/summary': { body: { data: overview } } }, { config: PRODUCTION });
    renderApp('/overview', { roles: ['FINANCE'] });
    await screen.findByRole('button', { name: 'Sign out' });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('region', { name: /^Environment/ })).toBeNull();
    expect(screen.queryByText('Production')).toBeNull();
  });
});
