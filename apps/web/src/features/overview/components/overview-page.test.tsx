import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDateLong } from '@lectern/contract';
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

    await screen.findByRole('heading', { level: 1, name: 'Account Overview' });
    expect((await screen.findByTestId('figure-subjects')).textContent).toBe('Subjects12,34,567View');
    expect(screen.getByText(/Asha Rani Verma/, { selector: 'p' }).textContent).toMatch(
      /^Good (morning|afternoon|evening), Asha Rani Verma$/,
    );
    const roles = screen.getByRole('list', { name: 'Your roles' });
    expect(
      within(roles)
        .getAllByRole('listitem')
        .map((role) => role.textContent),
    ).toEqual(['Content Admin', 'Finance']);
    expect(screen.getByText(/^Last sign-in: /).textContent).toBe(
      `Last sign-in: ${formatDateLong('2026-01-05T09:30:00.000Z')}`,
    );
    // the card is named by what it shows, so voice control finds it by its label
    expect(screen.getByRole('link', { name: /^Subjects ?12,34,567 ?View$/ }).getAttribute('href')).toBe(
      '/subject-management',
    );
    expect(screen.getByTestId('figure-students').textContent).toBe('Students42');
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

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Something went wrong. Please try again later.Retry');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await screen.findByText('This is your first sign-in.');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
