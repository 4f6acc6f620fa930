import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const overview = { userName: 'Asha Rani Verma', roles: ['FINANCE'], lastSignInAt: null, figures: [] };
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

describe('notifications popover', () => {
  it('reads "There\'s nothing here..." when there are no notifications and links to the full list', async () => {
    await mockApi({ 'GET /overview/summary': { body: { data: overview } } });
    const { user, router } = renderApp('/overview', { roles: ['FINANCE'] });

    await user.click(await screen.findByRole('button', { name: 'Notifications' }));

    const popover = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(within(popover).getByText("There's nothing here...")).toBeDefined();
    await user.click(within(popover).getByRole('link', { name: 'See all' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/notifications'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Notifications' })).toBeDefined();
  });

  it('lists titles with their age, shows the unread count and marks them read on opening', async () => {
    let read = false;
    const api = await mockApi({
      'GET /overview/summary': { body: { data: overview } },
      'GET /notifications/staff': () => ({
        body: {
          data: {
            notifications: [
              {
                notificationId: 'n1',
                type: 'UPLOAD',
                title: 'Upload finished',
                body: null,
                link: null,
                read,
                createdAt: minutesAgo(5),
              },
              {
                notificationId: 'n2',
                type: 'SUBJECT',
                title: 'Subject sent for review',
                body: 'Physics',
                link: '/subject-review',
                read: true,
                createdAt: minutesAgo(60 * 26),
              },
            ],
            unread: read ? 0 : 1,
          },
        },
      }),
      'PUT /notifications/staff/read': () => {
        read = true;
        return { body: { data: { updated: 1 } } };
      },
    });
    const { user } = renderApp('/overview', { roles: ['FINANCE'] });

    const bell = await screen.findByRole('button', { name: 'Notifications (1 unread)' });
    await user.click(bell);

    const popover = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(within(popover).getByText('Upload finished')).toBeDefined();
    expect(within(popover).getByText('5m')).toBeDefined();
    expect(within(popover).getByText('1d')).toBeDefined();
    expect(within(popover).getByRole('img', { name: 'Upload' })).toBeDefined();
    // the unread one stays emphasised while the popover is open
    expect(within(popover).getByText('Unread:', { exact: false })).toBeDefined();
    await waitFor(() => expect(api.find('PUT /notifications/staff/read')).toHaveLength(1));
    expect(api.find('PUT /notifications/staff/read')[0]?.body).toEqual({ notificationIds: ['n1'] });
    await user.keyboard('{Escape}');
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeDefined();
  });
});
