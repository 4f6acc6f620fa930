import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LIVE_CLASS_MESSAGES, MESSAGES, fillMessage } from '@lectern/contract';
import { mockApi, type MockHandlers, type RouteKey } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { ACCOUNTS, BATCHES, CHAPTERS, SUBJECTS, TEACHERS, liveClass, recording } from '../test/fixtures';
import { placeClasses } from './week-calendar';

const KINEMATICS = liveClass('lc-1', 'Kinematics'); // Tuesday 1 December, 10:00 to 11:00 India
const ORGANIC = liveClass('lc-2', 'Organic basics', {
  startTime: '2026-12-03T12:30:00.000Z', // Thursday 18:00 India
  durationMinutes: 90,
  teacherId: 'u-arjun',
  teacherName: 'Arjun Pillai',
  subjectName: 'Chemistry',
  chapterName: null,
  enabled: false,
});
const WEEK = '/live-classes?week=2026-11-30';

async function setup<K extends RouteKey = never>(
  handlers: MockHandlers<K> = {},
  path = WEEK,
  roles: ('SUPER_ADMIN' | 'INSTRUCTOR')[] = ['SUPER_ADMIN'],
) {
  const api = await mockApi({
    'GET /batch/live-schedule/all': { body: { data: [KINEMATICS, ORGANIC] } },
    'GET /batch/live-schedule/u-1': { body: { data: [KINEMATICS] } },
    'GET /batch/teacher/all': { body: { data: TEACHERS } },
    'GET /batch/getBatchInfoByStatus/ACTIVE': { body: { data: BATCHES } },
    'GET /batch/groups': { body: { data: [] } },
    'GET /batch/live-class/zoom-accounts': { body: { data: ACCOUNTS } },
    'GET /batch/subject/all': { body: { data: SUBJECTS } },
    'GET /batch/chapter/all': { body: { data: CHAPTERS } },
    ...handlers,
  });
  const view = renderApp(path, { roles });
  await screen.findByRole('heading', { level: 1, name: 'Live Classes' }, { timeout: 10_000 });
  return { ...api, ...view };
}

// Role queries compute styles for every element they consider: each looks only where its answer is
// (the calendar, the page, the filter bar, an open list), not through the whole app and its navigation.
const calendar = async () => within(await screen.findByRole('region', { name: 'Week calendar' }));
const page = () => within(screen.getByRole('main'));
const listbox = async () => within(await screen.findByRole('listbox'));

/** Opens a class from the week calendar once it shows. */
const kinematics = async () => (await calendar()).findByRole('button', { name: /^Kinematics ?, / });

describe('/live-classes: the week calendar', () => {
  it('puts each class in its India day, at its time, and moves by week', async () => {
    const { user, find, router } = await setup();
    const week = await calendar();
    const tuesday = await week.findByRole('group', { name: 'Tuesday, 1 December 2026' });
    const block = await within(tuesday).findByRole('button', {
      // the visible text, then what it leaves out
      name: /^Kinematics ?, 10:00 AM · Meera Nair ?, to 11:00 AM, Scheduled$/,
    });
    // 8 AM is the calendar's top: 10 AM is two hours (2 x 56 px) down, an hour tall
    expect(block.style.top).toBe('112px');
    expect(block.style.height).toBe('54px');
    const thursday = week.getByRole('group', { name: 'Thursday, 3 December 2026' });
    expect(
      within(thursday).getByRole('button', {
        name: /^Organic basics ?, 6:00 PM · Arjun Pillai ?, to 7:30 PM, Scheduled, hidden from students$/,
      }),
    ).toBeTruthy();
    expect(page().getByRole('heading', { level: 2, name: 'Mon, 30 Nov to Sun, 6 Dec' })).toBeTruthy();
    // the week is asked of the server, in India days
    const query = find('GET /batch/live-schedule/all').at(-1)!.query;
    expect(query.get('from')).toBe('2026-11-29T18:30:00.000Z');
    expect(query.get('to')).toBe('2026-12-06T18:30:00.000Z');

    await user.click(page().getByRole('button', { name: 'Next week' }));
    await page().findByRole('heading', { level: 2, name: 'Mon, 7 Dec to Sun, 13 Dec' });
    expect(router.state.location.search).toContain('week=2026-12-07');
  });

  it('lays classes at the same time side by side', () => {
    const a = liveClass('a', 'A');
    const b = liveClass('b', 'B', { startTime: '2026-12-01T05:00:00.000Z', teacherId: 'u-arjun' });
    const c = liveClass('c', 'C', { startTime: '2026-12-01T06:00:00.000Z' });
    const placed = placeClasses('2026-11-30', [a, b, c]);
    expect(placed.map((p) => [p.liveClass.title, p.day, p.startMinute, p.lane, p.lanes])).toEqual([
      ['A', '2026-12-01', 600, 0, 2],
      ['B', '2026-12-01', 630, 1, 2],
      ['C', '2026-12-01', 690, 0, 1],
    ]);
  });

  it('shows the list with filters in the URL', async () => {
    const { user, find, router } = await setup({}, '/live-classes?view=list');
    const table = within(await screen.findByRole('table'));
    await table.findByRole('cell', { name: /^Organic basics/ });
    expect(table.getByRole('switch', { name: 'Show Organic basics to students' })).toHaveProperty('checked', false);
    await user.click(
      within(screen.getByRole('search', { name: 'Filter classes' })).getByRole('combobox', { name: 'Teacher' }),
    );
    await user.click((await listbox()).getByRole('option', { name: 'Arjun Pillai' }));
    await waitFor(() => expect(find('GET /batch/live-schedule/all').at(-1)?.query.get('teacherId')).toBe('u-arjun'));
    expect(router.state.location.search).toContain('teacher=u-arjun');
    // the list is not one week
    expect(find('GET /batch/live-schedule/all').at(-1)?.query.get('from')).toBeNull();
  });

  it('shows a failed load with Retry, and an empty week', async () => {
    let calls = 0;
    const { user } = await setup({
      'GET /batch/live-schedule/all': () => {
        calls += 1;
        return calls === 1 ? { status: 500, body: { error: true, message: 'boom' } } : { body: { data: [] } };
      },
    });
    const alert = await screen.findByRole('alert');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await screen.findByText('No classes this week.');
  });

  it('an instructor reads their own classes: no scheduling', async () => {
    const { find } = await setup({}, WEEK, ['INSTRUCTOR']);
    await kinematics();
    expect(screen.queryByRole('button', { name: 'Schedule class' })).toBeNull();
    expect(find('GET /batch/live-schedule/all')).toHaveLength(0);
  });
});

describe('/live-classes: the drawer', () => {
  async function openDrawer<K extends RouteKey = never>(handlers: MockHandlers<K> = {}) {
    const setupResult = await setup(handlers);
    await kinematics();
    await setupResult.user.click(page().getByRole('button', { name: 'Schedule class' }));
    const drawer = await screen.findByRole('dialog', { name: 'Schedule a live class' });
    return { ...setupResult, drawer };
  }

  it('says what is missing and sends nothing', async () => {
    const { user, drawer, find } = await openDrawer();
    await user.click(within(drawer).getByRole('button', { name: 'Schedule' }));
    await within(drawer).findByText('The title is required');
    expect(within(drawer).getByText(LIVE_CLASS_MESSAGES.needsAudience)).toBeTruthy();
    expect(within(drawer).getByText(LIVE_CLASS_MESSAGES.needsAccount)).toBeTruthy();
    expect(within(drawer).getByText('Choose the teacher.')).toBeTruthy();
    expect(find('POST /batch/live-schedule/create')).toHaveLength(0);
  });

  it('a LINK account asks for the link', async () => {
    const { user, drawer } = await openDrawer();
    expect(within(drawer).queryByRole('textbox', { name: /Meeting link/ })).toBeNull();
    await user.click(within(drawer).getByRole('combobox', { name: /Meeting account/ }));
    await user.click((await listbox()).getByRole('option', { name: 'Staff link (Meeting link)' }));
    const link = await within(drawer).findByRole('textbox', { name: /Meeting link/ });
    await user.click(within(drawer).getByRole('button', { name: 'Schedule' }));
    await within(drawer).findByText(fillMessage(LIVE_CLASS_MESSAGES.linkNeeded, { accountName: 'Staff link' }));
    await user.click(link);
    await user.paste('not a link');
    await user.click(within(drawer).getByRole('button', { name: 'Schedule' }));
    await within(drawer).findByText('must be a web address starting https://');
  });

  it('warns of an overlap before saving, then schedules at a free time', async () => {
    const { user, drawer, find } = await openDrawer({
      'POST /batch/live-schedule/create': () => ({
        body: {
          data: liveClass('lc-new', 'Vectors'),
          message: fillMessage(LIVE_CLASS_MESSAGES.created, { title: 'Vectors', start: '1 December 2026, 11:00 AM' }),
        },
      }),
    });
    await user.click(within(drawer).getByLabelText(/Title/));
    await user.paste('Vectors');
    await user.click(within(drawer).getByRole('combobox', { name: /Batches/ }));
    await user.click((await listbox()).getByRole('option', { name: 'JEE 2027 A · Kochi (JEE27A)' }));
    await user.click(within(drawer).getByRole('combobox', { name: /Subject/ }));
    await user.click((await listbox()).getByRole('option', { name: 'Physics' }));
    await user.click(within(drawer).getByRole('combobox', { name: /Teacher/ }));
    await user.click((await listbox()).getByRole('option', { name: 'Meera Nair' }));
    await user.click(within(drawer).getByRole('combobox', { name: /Meeting account/ }));
    await user.click((await listbox()).getByRole('option', { name: 'Lectern Meet (Jitsi Meet)' }));
    fireEvent.change(within(drawer).getByLabelText(/^Day/), { target: { value: '2026-12-01' } });
    fireEvent.change(within(drawer).getByLabelText(/^Start time/), { target: { value: '10:30' } });

    const warning = await within(drawer).findByTestId('overlap-warning');
    expect(warning.textContent).toBe("Meera Nair already teaches 'Kinematics' from Tue, 1 Dec, 10:00 AM to 11:00 AM.");

    // 11:00 touches the other's end: free
    fireEvent.change(within(drawer).getByLabelText(/^Start time/), { target: { value: '11:00' } });
    await waitFor(() => expect(within(drawer).queryByTestId('overlap-warning')).toBeNull());
    await user.click(within(drawer).getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(find('POST /batch/live-schedule/create')).toHaveLength(1));
    expect(find('POST /batch/live-schedule/create')[0]!.body).toMatchObject({
      title: 'Vectors',
      classRoomType: 'live',
      batchIds: ['b-jee-a'],
      groupIds: [],
      subjectId: 'bs-physics',
      teacherId: 'u-meera',
      meetingAccountId: 'acc-jitsi',
      meetingLink: null,
      startTime: '2026-12-01T11:00:00+05:30',
      durationMinutes: 60,
      presentSharePercent: 75,
      enabled: true,
    });
    await screen.findByText("'Vectors' is scheduled for 1 December 2026, 11:00 AM.");
  });
});

describe('/live-classes: a stale version', () => {
  it("after someone else's save, keeps what was typed, lists what changed, and loads theirs on request", async () => {
    const stale = fillMessage(MESSAGES.staleVersion, { entity: 'live class' });
    let saved = false;
    const theirs = { ...KINEMATICS, durationMinutes: 90, version: KINEMATICS.version + 1 };
    const { user, find } = await setup({
      'GET /batch/live-schedule/all': () => ({ body: { data: [saved ? theirs : KINEMATICS, ORGANIC] } }),
      'PUT /batch/live-schedule/update': () => {
        saved = true;
        return { status: 409, body: { error: true, message: stale, errorCode: 'STALE_VERSION' } };
      },
    });
    await user.click(await kinematics());
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Kinematics' })).getByRole('button', { name: 'Edit' }),
    );
    const drawer = within(await screen.findByRole('dialog', { name: 'Edit Kinematics' }));
    const title = drawer.getByLabelText<HTMLInputElement>(/Title/);
    await user.clear(title);
    await user.paste('Kinematics revision');
    await user.click(drawer.getByRole('button', { name: 'Save changes' }));
    expect(await drawer.findByText(stale)).toBeTruthy();
    expect(await drawer.findByText(/Changed on the server: Duration\./)).toBeTruthy();
    expect(title.value).toBe('Kinematics revision');
    expect(find('PUT /batch/live-schedule/update')[0]!.body).toMatchObject({ version: KINEMATICS.version });
    await user.click(drawer.getByRole('button', { name: 'Load latest' }));
    expect(title.value).toBe('Kinematics');
    expect(drawer.getByRole<HTMLInputElement>('textbox', { name: /Duration/ }).value).toBe('90');
  });
});

describe('/live-classes: a class and its recording', () => {
  it('attaches a transcoded recording (the others cannot be chosen) and removes it after a confirmation', async () => {
    const attachedRecording = {
      videoId: 'v-2',
      videoName: 'kinematics-live.mp4',
      transcodingStatus: 'COMPLETE',
      playbackUrl: null,
      durationSeconds: 3500,
      attachedAt: '2026-12-01T06:00:00.000Z',
      attachedBy: 'Aarav Mehta',
    };
    const { user, find } = await setup({
      'GET /batch/live-class-recording': {
        body: {
          data: {
            content: [
              recording('v-1', 'raw-upload.mp4', 'NOT_STARTED'),
              recording('v-2', 'kinematics-live.mp4', 'COMPLETE'),
            ],
            page: 0,
            size: 10000,
            totalElements: 2,
            totalPages: 1,
          },
        },
      },
      'POST /batch/live-classes/lc-1/live-class-recording': {
        body: {
          data: { ...KINEMATICS, recording: attachedRecording, version: 2 },
          message: "The recording 'kinematics-live.mp4' is attached to 'Kinematics'.",
        },
      },
      'DELETE /batch/live-classes/lc-1/live-class-recording': {
        body: {
          data: { ...KINEMATICS, version: 3 },
          message: "The recording was removed from 'Kinematics'; its links no longer play.",
        },
      },
    });
    await user.click(await kinematics());
    const details = await screen.findByRole('dialog', { name: 'Kinematics' });
    await user.click(within(details).getByRole('button', { name: 'Attach recording' }));
    const dialog = await screen.findByRole('dialog', { name: 'Attach a recording to Kinematics' });
    const rows = await within(dialog).findAllByRole('radio', { name: 'Select row' });
    expect(rows.map((r) => (r as HTMLInputElement).disabled)).toEqual([true, false]);
    expect(within(dialog).getByText('Not transcoded')).toBeTruthy();
    await user.click(rows[1]!);
    await user.click(within(dialog).getByRole('button', { name: 'Attach' }));
    await waitFor(() => expect(find('POST /batch/live-classes/lc-1/live-class-recording')).toHaveLength(1));
    expect(find('POST /batch/live-classes/lc-1/live-class-recording')[0]!.body).toEqual({ videoId: 'v-2' });
    expect(await within(details).findByTestId('attached-recording')).toHaveProperty(
      'textContent',
      'kinematics-live.mp4 (0:58:20)',
    );
    await screen.findByText("The recording 'kinematics-live.mp4' is attached to 'Kinematics'.");

    await user.click(await within(details).findByRole('button', { name: 'Remove recording' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove the recording?' });
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(find('DELETE /batch/live-classes/lc-1/live-class-recording')).toHaveLength(1));
    await within(details).findByText('No recording attached.');
  });
});
