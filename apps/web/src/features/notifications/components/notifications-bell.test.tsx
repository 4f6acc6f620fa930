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
    expect(within(popover).queryAllByRole('listitem')).toHaveLength(0);
    expect(popover.textContent).toContain("There's nothing here...");
    await user.click(within(popover).getByRole('link', { name: 'See all' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/notifications'));
    await screen.findByRole('heading', { level: 1, name: 'Notifications' });
    // the title is set by an effect after the page renders
    await waitFor(() => expect(document.title).toBe('Notifications · Lectern'));
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

    const bell = await screen.findByRole('button', { name: 'Notifications: 1 unread' });
    await user.click(bell);

    const popover = await screen.findByRole('dialog', { name: 'Notifications' });
    const items = within(popover).getAllByRole('listitem');
    // titles (no body) with their age; the unread one stays emphasised while the popover is open
    expect(items.map((item) => item.textContent)).toEqual(['Unread: Upload finished5m', 'Subject sent for review1d']);
    expect(within(items[0]!).getByRole('img').getAttribute('aria-label')).toBe('Upload');
    await waitFor(() => expect(api.find('PUT /notifications/staff/read')).toHaveLength(1));
    expect(api.find('PUT /notifications/staff/read')[0]?.body).toEqual({ notificationIds: ['n1'] });
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /^Notifications/ }).getAttribute('aria-label')).toBe('Notifications'),
    );
    // nothing unread: no count is left inside the button that its name does not say (axe's
    // label-content-name-mismatch: a fading badge kept its last count as text)
    expect(screen.getByRole('button', { name: 'Notifications' }).textContent).toBe('');
  });
});
