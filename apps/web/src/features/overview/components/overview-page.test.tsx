import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

describe('Account Overview', () => {
  it('greets the user and shows roles, last sign-in and figures with Indian grouping', async () => {
    await mockApi({
      'GET /overview/summary': {
        body: {
          data: {
            userName: 'Asha Rani Verma',
            roles: ['CONTENT_ADMIN', 'FINANCE'],
            lastSignInAt: '2026-01-05T09:30:00.000Z',
            figures: [
              { key: 'subjects', label: 'Subjects', value: 1234567, link: '/subject-management' },
              { key: 'students', label: 'Students', value: 42, link: null },
            ],
          },
        },
      },
    });
    renderApp('/overview', { roles: ['CONTENT_ADMIN', 'FINANCE'] });

    expect(await screen.findByRole('heading', { level: 1, name: 'Account Overview' })).toBeDefined();
    expect(await screen.findByText('12,34,567')).toBeDefined();
    expect(screen.getByText(/Asha Rani Verma/, { selector: 'p' })).toBeDefined();
    const roles = screen.getByRole('list', { name: 'Your roles' });
    expect(within(roles).getByText('Content Admin')).toBeDefined();
    expect(within(roles).getByText('Finance')).toBeDefined();
    expect(screen.getByText(/^Last sign-in: /)).toBeDefined();
    expect(screen.getByRole('link', { name: /Subjects: 12,34,567/ }).getAttribute('href')).toBe('/subject-management');
    expect(within(screen.getByTestId('figure-students')).getByText('42')).toBeDefined();
    expect(within(screen.getByTestId('figure-students')).queryByRole('link')).toBeNull();
  });

  it('shows the error and tries again on Retry', async () => {
    let calls = 0;
    await mockApi({
      'GET /overview/summary': () => {
        calls += 1;
        return calls === 1
          ? { status: 500, body: { error: true, errorCode: 5000, message: 'boom' } }
          : { body: { data: { userName: 'Asha', roles: ['FINANCE'], lastSignInAt: null, figures: [] } } };
      },
    });
    const { user } = renderApp('/overview', { roles: ['FINANCE'] });

    expect(await screen.findByText('Something went wrong. Please try again later.')).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('This is your first sign-in.')).toBeDefined();
  });
});
