import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { GO_LIVE_EARLY_MINUTES } from '@lectern/contract';
import { mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { SUMMARY, liveClass } from '../test/fixtures';
import { canGoLive } from './go-live-page';

// 10:00 to 11:00 India on Tuesday 1 December (04:30 to 05:30 UTC)
const CLASS = liveClass('lc-1', 'Kinematics');
const HELD = liveClass('lc-held', 'Kinematics revision', {
  startTime: '2026-11-24T04:30:00.000Z',
  status: 'ENDED',
  recording: {
    videoId: 'v-9',
    videoName: 'kinematics-revision.mp4',
    transcodingStatus: 'COMPLETE',
    playbackUrl: 'http://cdn.test/hls/v-9/master.m3u8',
    durationSeconds: 3500,
    attachedAt: '2026-11-24T07:00:00.000Z',
    attachedBy: 'Priya Raghavan',
  },
});
const LIVE = liveClass('lc-now', 'Doubt session', {
  startTime: '2026-12-01T03:30:00.000Z',
  status: 'LIVE',
  startedAt: '2026-12-01T03:31:00.000Z',
});
const START_URL = 'https://meet.lectern.test/lectern-lc-1#config.startWithVideoMuted=false';

async function setup(now: string, open: () => unknown) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(now));
  vi.stubGlobal('open', vi.fn(open));
  const api = await mockApi({
    'GET /batch/live-schedule/u-1': { body: { data: [HELD, LIVE, CLASS] } },
    'POST /batch/live-class/start/lc-1': {
      body: { data: { startUrl: START_URL, liveClass: { ...CLASS, status: 'LIVE' } }, message: 'Kinematics is live.' },
    },
    'GET /batch/live/attendance/lc-held': { body: { data: SUMMARY } },
  });
  const view = renderApp('/go-live', { roles: ['INSTRUCTOR'] });
  await screen.findByRole('heading', { level: 1, name: 'Your Live Classes' }, { timeout: 10_000 });
  return { ...api, ...view };
}

describe('/go-live: Your Live Classes', () => {
  it(`opens 'Go live' ${GO_LIVE_EARLY_MINUTES} minutes before the start, then starts and opens the meeting`, async () => {
    const tab = { closed: false, opener: {} as unknown, location: { href: '' }, close: vi.fn() };
    const { user, find } = await setup('2026-12-01T04:10:00.000Z', () => tab);
    const card = await screen.findByRole('article', { name: 'Kinematics' });
    const button = within(card).getByRole('button', { name: 'Go live' });
    expect(button).toHaveProperty('disabled', true);
    expect(within(card).getByTestId('countdown').textContent).toBe('Starts in 20 min 00 s');
    expect(within(card).getByText('Starts at 10:00 AM: you can go live from 9:45 AM.')).toBeTruthy();

    // the clock moves to 9:46 India: the button opens
    vi.setSystemTime(new Date('2026-12-01T04:16:00.000Z'));
    await waitFor(() =>
      expect(within(card).getByRole('button', { name: 'Go live' })).toHaveProperty('disabled', false),
    );
    expect(within(card).getByTestId('countdown').textContent).toBe('Starts in 14 min 00 s');

    await user.click(within(card).getByRole('button', { name: 'Go live' }));
    await waitFor(() => expect(tab.location.href).toBe(START_URL));
    expect(find('POST /batch/live-class/start/lc-1')).toHaveLength(1);
    expect(tab.opener).toBeNull();
    expect(await within(card).findByText(/The meeting opened in a new tab/)).toBeTruthy();
  });

  it('gives the meeting as a link when the browser blocks the tab', async () => {
    const { user } = await setup('2026-12-01T04:20:00.000Z', () => null);
    const card = await screen.findByRole('article', { name: 'Kinematics' });
    await user.click(within(card).getByRole('button', { name: 'Go live' }));
    const link = await within(card).findByRole('link', { name: /Open the meeting/ });
    expect(link.getAttribute('href')).toBe(START_URL);
    expect(within(card).getByText(/Your browser blocked the new tab/)).toBeTruthy();
  });

  it('lists held classes with their recording and attendance; a live one is rejoined', async () => {
    const { user } = await setup('2026-12-01T04:00:00.000Z', () => null);
    const live = await screen.findByRole('article', { name: 'Doubt session' });
    expect(within(live).getByText('Live since 9:01 AM')).toBeTruthy();
    expect(within(live).getByRole('link', { name: 'Rejoin the meeting' }).getAttribute('href')).toBe(LIVE.joinUrl);
    expect(within(live).queryByRole('button', { name: 'Go live' })).toBeNull();
    await user.click(await screen.findByRole('button', { name: /Kinematics revision/ }));
    expect(await screen.findByText('24 (at least 75% of 60 min)')).toBeTruthy();
    expect(screen.getByText('41.5 min')).toBeTruthy();
  });

  it('never before the early window, nor after the end, nor twice', () => {
    const start = Date.parse(CLASS.startTime);
    expect(canGoLive(CLASS, start - GO_LIVE_EARLY_MINUTES * 60_000 - 1)).toBe(false);
    expect(canGoLive(CLASS, start - GO_LIVE_EARLY_MINUTES * 60_000)).toBe(true);
    expect(canGoLive(CLASS, Date.parse(CLASS.endTime))).toBe(false);
    expect(canGoLive({ ...CLASS, status: 'LIVE' }, start)).toBe(false);
  });
});
