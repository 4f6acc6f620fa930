import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  LISTING_GROUPS,
  LISTING_GROUP_LABELS,
  paise,
  type Overview,
  type OverviewFigure,
  type Role,
} from '@lectern/contract';
import { mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const base = (roles: Role[]): Overview => ({
  userName: 'Asha Rani Verma',
  roles,
  lastSignInAt: '2026-11-26T04:00:00.000Z',
  today: '2026-11-27',
  figures: [
    { key: 'unreadNotifications', label: 'Unread notifications', value: 2, link: '/notifications' },
    { key: 'rolesHeld', label: 'Roles held', value: roles.length, link: null },
  ],
  content: null,
  finance: null,
  instructor: null,
  staff: null,
});

const subjects = (values: number[]): OverviewFigure[] =>
  LISTING_GROUPS.map((group, i) => ({
    key: `subjects.${group}`,
    label: LISTING_GROUP_LABELS[group],
    value: values[i] ?? 0,
    link: `/subject-management?group=${group}`,
  }));

const finance: NonNullable<Overview['finance']> = {
  ordersToday: 3,
  revenueToday: paise(1_234_500),
  ordersThisMonth: 41,
  revenueThisMonth: paise(12_345_678_90),
  days: [
    { day: '2026-11-01', orders: 2, revenue: paise(200_000) },
    { day: '2026-11-02', orders: 36, revenue: paise(12_333_234_90) },
    { day: '2026-11-27', orders: 3, revenue: paise(1_234_500) },
  ],
  links: {
    today: '/orders?orders.status=PAID&orders.from=2026-11-27&orders.to=2026-11-27',
    month: '/orders?orders.status=PAID&orders.from=2026-11-01&orders.to=2026-11-27',
  },
  figures: [
    { key: 'deliveries.pending', label: 'Deliveries pending', value: 7, link: '/deliveryManagement?tab=pending' },
    {
      key: 'deliveries.processedToday',
      label: 'Deliveries processed today',
      value: 2,
      link: '/deliveryManagement?tab=processed&delivery.processedOn=2026-11-27',
    },
    {
      key: 'coupons.endingThisWeek',
      label: 'Coupons expiring this week',
      value: 1,
      link: '/coupons?coupons.status=ACTIVE&coupons.endsBy=2026-11-29',
    },
  ],
};

const classes: NonNullable<Overview['instructor']> = {
  today: [
    {
      liveClassId: 'lc-now',
      title: 'Gauss law practice',
      startTime: '2026-11-27T04:30:00.000Z',
      endTime: '2026-11-27T05:30:00.000Z',
      status: 'SCHEDULED',
      classRoomType: 'live',
      canGoLive: true,
    },
    {
      liveClassId: 'lc-later',
      title: 'Capacitors',
      startTime: '2026-11-27T10:30:00.000Z',
      endTime: '2026-11-27T11:30:00.000Z',
      status: 'SCHEDULED',
      classRoomType: 'offline',
      canGoLive: false,
    },
  ],
  figures: [{ key: 'classes.week', label: 'Your classes this week', value: 5, link: '/live-classes?week=2026-11-23' }],
  lastClass: {
    liveClassId: 'lc-held',
    title: 'Coulomb law',
    startTime: '2026-11-26T04:30:00.000Z',
    invited: 40,
    joined: 33,
    present: 30,
    link: '/live-classes/insights?liveClassId=lc-held',
  },
};

async function show(data: Overview) {
  await mockApi({ 'GET /overview/summary': { body: { data } } });
  const rendered = renderApp('/overview', { roles: data.roles as Role[] });
  await screen.findByRole('heading', { level: 1, name: 'Account Overview' });
  await screen.findByTestId('overview-figures');
  return rendered;
}

const sectionHeadings = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
const href = (name: RegExp) => screen.getByRole('link', { name }).getAttribute('href');

describe('Account Overview per role', () => {
  it('shows FINANCE money in Rs. with Indian grouping, the month in words, and links to the filtered lists', async () => {
    await show({ ...base(['FINANCE']), finance });
    expect(sectionHeadings()).toEqual(['At a glance', 'Orders, deliveries and coupons']);
    expect(screen.getByTestId('figure-revenue.today').textContent).toBe('Revenue todayRs. 12,345View');
    expect(screen.getByTestId('figure-revenue.month').textContent).toBe('Revenue this monthRs. 1,23,45,678.90View');
    expect(screen.getByTestId('figure-orders.month').textContent).toBe('Paid orders this month41View');
    expect(screen.getByTestId('revenue-summary').textContent).toBe(
      'Rs. 1,23,45,678.90 from 41 paid orders this month; the best day was 2 Nov with Rs. 1,23,33,234.90.',
    );
    // the order figures open the orders list filtered as they count
    expect(href(/^Paid orders today ?3 ?View$/)).toBe(finance.links.today);
    expect(href(/^Revenue today ?Rs\. 12,345 ?View$/)).toBe(finance.links.today);
    expect(href(/^Paid orders this month ?41 ?View$/)).toBe(finance.links.month);
    expect(href(/^Revenue this month ?Rs\. 1,23,45,678\.90 ?View$/)).toBe(finance.links.month);
    expect(href(/^Deliveries processed today ?2 ?View$/)).toBe(
      '/deliveryManagement?tab=processed&delivery.processedOn=2026-11-27',
    );
    expect(href(/^Coupons expiring this week ?1 ?View$/)).toBe(
      '/coupons?coupons.status=ACTIVE&coupons.endsBy=2026-11-29',
    );
    expect(screen.queryByTestId('section-content')).toBeNull();
    expect(screen.queryByTestId('section-classes')).toBeNull();
    expect(screen.queryByText('Last sign-ins')).toBeNull();
  });

  it('shows an uploader their own subjects by state, in words and as links, and the videos; no review', async () => {
    await show({
      ...base(['CONTENT_UPLOADER']),
      content: {
        subjects: subjects([0, 1, 2, 0, 0, 3]),
        review: null,
        videos: [
          {
            key: 'videos.waiting',
            label: 'Videos to be transcoded',
            value: 4,
            link: '/transcoding-manager?tab=to-be-transcoded',
          },
          { key: 'videos.running', label: 'Videos transcoding', value: 1, link: '/transcoding-manager?tab=running' },
          { key: 'videos.errored', label: 'Videos errored', value: 0, link: '/transcoding-manager?tab=errored' },
        ],
      },
    });
    expect(sectionHeadings()).toEqual(['At a glance', 'Your subjects and videos']);
    expect(screen.getByTestId('subjects-summary').textContent).toBe(
      '6 subjects: Newly assigned 1, In progress 2, Published 3.',
    );
    const list = screen.getByRole('list', { name: 'Subjects by state' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual(
      LISTING_GROUPS.map((group, i) => [
        `${LISTING_GROUP_LABELS[group]}${[0, 1, 2, 0, 0, 3][i]}`,
        `/subject-management?group=${group}`,
      ]),
    );
    expect(screen.getByTestId('figure-videos.errored').textContent).toBe('Videos errored0View');
    expect(screen.queryByTestId('figure-review')).toBeNull();
    // the chart (an SVG hidden from screen readers) is named by the same words
    expect(
      (await screen.findByRole('img', { name: '6 subjects: Newly assigned 1, In progress 2, Published 3.' })).tagName,
    ).toBe('DIV');
  });

  it('says so when a developer has no subjects yet', async () => {
    await show({ ...base(['CONTENT_DEVELOPER']), content: { subjects: subjects([]), review: null, videos: [] } });
    expect(sectionHeadings()).toEqual(['At a glance', 'Your subjects']);
    expect(screen.getByText('No subjects are assigned to you yet.')).toBeTruthy();
    expect(screen.getByTestId('subjects-summary').textContent).toBe('0 subjects.');
    expect(screen.queryByRole('img')).toBeNull();
  });

  it("shows an INSTRUCTOR today's classes with 'Go live' only for the class that can go live, and the last class", async () => {
    const { user } = await show({ ...base(['INSTRUCTOR']), instructor: classes });
    expect(sectionHeadings()).toEqual(['At a glance', 'Your classes']);
    const today = screen.getByRole('list', { name: 'Classes today' });
    expect(within(today).getAllByRole('listitem')).toHaveLength(2);
    const goLive = within(today).getAllByRole('link', { name: /^Go live/ });
    expect(goLive.map((a) => a.getAttribute('aria-label'))).toEqual(['Go live: Gauss law practice']);
    expect(goLive[0]!.getAttribute('href')).toBe('/go-live');
    expect(within(screen.getByTestId('class-lc-later')).queryByRole('link')).toBeNull();
    expect(screen.getByTestId('last-class').textContent).toContain('30 of 40 present');
    expect(href(/^Insights$/)).toBe('/live-classes/insights?liveClassId=lc-held');
    expect(href(/^Your classes this week ?5 ?View$/)).toBe('/live-classes?week=2026-11-23');
    // keyboard: Tab reaches the Go live button
    goLive[0]!.focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('heading', { level: 1, name: /Live/ });
  });

  it('shows a super admin every section and the last sign-ins', async () => {
    await show({
      ...base(['SUPER_ADMIN']),
      figures: [
        ...base(['SUPER_ADMIN']).figures,
        { key: 'activeUsers', label: 'Active staff users', value: 6, link: '/user-management?users.active=true' },
      ],
      content: {
        subjects: subjects([1, 1, 1, 1, 1, 1]),
        review: { key: 'review', label: 'Finished subjects to review', value: 1, link: '/subject-review' },
        videos: [
          { key: 'videos.errored', label: 'Videos errored', value: 2, link: '/transcoding-manager?tab=errored' },
        ],
      },
      finance,
      instructor: { ...classes, today: classes.today.map((c) => ({ ...c, canGoLive: false })) },
      staff: {
        lastSignIns: [
          { userId: 'u1', name: 'Kavya Iyer', roles: ['FINANCE'], lastSignInAt: '2026-11-27T03:00:00.000Z' },
          {
            userId: 'u2',
            name: 'Rohan Das',
            roles: ['CONTENT_ADMIN', 'INSTRUCTOR'],
            lastSignInAt: '2026-11-20T03:00:00.000Z',
          },
        ],
      },
    });
    expect(sectionHeadings()).toEqual([
      'At a glance',
      'Live classes',
      'Subjects and videos',
      'Orders, deliveries and coupons',
      'Staff',
    ]);
    expect(href(/^Active staff users ?6 ?View$/)).toBe('/user-management?users.active=true');
    expect(href(/^Finished subjects to review ?1 ?View$/)).toBe('/subject-review');
    const signIns = within(screen.getByRole('list', { name: 'Last sign-ins' })).getAllByRole('listitem');
    expect(signIns.map((li) => li.textContent?.split('2026')[0])).toEqual([
      'Kavya IyerFinance27 November ',
      'Rohan DasContent Admin, Instructor20 November ',
    ]);
    // an admin sees the classes, but goes live from nowhere here
    expect(screen.queryByRole('link', { name: /^Go live/ })).toBeNull();
  });
});
