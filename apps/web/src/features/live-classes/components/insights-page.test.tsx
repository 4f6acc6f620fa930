import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LIVE_CLASS_MESSAGES, fillMessage, type StudentAttendance } from '@lectern/contract';
import { mockApi, type MockHandlers, type RouteKey } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { ABSENT_ROHAN, SUMMARY, UNMATCHED, ZOOM_CSV, liveClass, studentRow } from '../test/fixtures';

const HELD = liveClass('lc-held', 'Kinematics revision', { startTime: '2026-11-24T04:30:00.000Z', status: 'ENDED' });
const OFFLINE = liveClass('lc-room', 'Lab practical', {
  startTime: '2026-11-25T04:30:00.000Z',
  status: 'ENDED',
  classRoomType: 'offline',
  meetingAccountId: null,
  meetingAccountName: null,
  provider: null,
  joinUrl: null,
});
const ANANYA = studentRow('st-1', 'Ananya Sharma');

function page(rows: StudentAttendance[], pageNumber = 0, totalElements = rows.length) {
  return { body: { data: { page: rows, pageNumber, size: 10, totalElements } } };
}

async function setup<K extends RouteKey = never>(
  handlers: MockHandlers<K> = {},
  path = '/live-classes/insights?liveClassId=lc-held',
) {
  const api = await mockApi({
    'GET /batch/live-schedule/all': {
      body: { data: [HELD, OFFLINE, liveClass('lc-next', 'Not yet held')] },
    },
    'GET /batch/live/attendance/lc-held': { body: { data: SUMMARY } },
    'GET /batch/live/attendance/students/lc-held': (request) =>
      request.query.get('present') === 'false' ? page([ABSENT_ROHAN]) : page([ANANYA, ABSENT_ROHAN], 0, 42),
    'GET /batch/live/attendance/unmatched/lc-held': { body: { data: UNMATCHED } },
    ...handlers,
  });
  const view = renderApp(path, { roles: ['CONTENT_ADMIN'] });
  await screen.findByRole('heading', { level: 1, name: 'Live Class Insights' }, { timeout: 10_000 });
  return { ...api, ...view };
}

const figure = (label: string) => screen.getByTestId(`figure-${label}`).textContent;

describe('/live-classes/insights', () => {
  it("shows a held class's figures, every student with why (paged by the server) and who is unmatched", async () => {
    const { find, user } = await setup();
    await screen.findByTestId('figure-Present');
    expect([figure('Invited'), figure('Joined'), figure('Present'), figure('Average minutes')]).toEqual([
      '42',
      '30',
      '24',
      '41.5',
    ]);
    expect(figure('To match by hand')).toBe('1');
    const students = await screen.findByRole('table', { name: 'Students' });
    expect(await within(students).findByText('present: 54 of 60 minutes (at least 75%)')).toBeTruthy();
    expect(within(students).getByText('absent: 0 of 60 minutes, below 75%')).toBeTruthy();
    expect(screen.getByText('42 records found')).toBeTruthy();
    // the next page is asked of the server
    // the students' table is the page's last
    await user.click(screen.getAllByRole('button', { name: 'Go to next page' }).at(-1)!);
    await waitFor(() =>
      expect(find('GET /batch/live/attendance/students/lc-held').at(-1)?.query.get('page')).toBe('1'),
    );

    const unmatched = await screen.findByRole('table', { name: 'Participants to match' });
    expect(within(unmatched).getByText('rohan.m@gmail.test')).toBeTruthy();
    // only held classes are offered
    await user.click(screen.getByRole('combobox', { name: 'Class' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent?.split(' · ')[0])).toEqual(['Lab practical', 'Kinematics revision']);
  });

  it('opens on the latest class held to its end; a cleared box stays empty', async () => {
    const { router, user } = await setup(
      {
        'GET /batch/live-schedule/all': {
          body: {
            data: [
              liveClass('lc-old', 'Units and dimensions', { startTime: '2026-11-17T04:30:00.000Z', status: 'ENDED' }),
              HELD,
              // going on now: not yet held to its end
              liveClass('lc-live', 'Vectors', { startTime: '2026-11-26T04:30:00.000Z', status: 'LIVE' }),
              liveClass('lc-next', 'Not yet held'),
            ],
          },
        },
      },
      '/live-classes/insights',
    );
    await screen.findByTestId('figure-Present');
    expect(figure('Invited')).toBe('42');
    const box = screen.getByRole('combobox', { name: 'Class' }) as HTMLInputElement;
    expect(box.value).toMatch(/^Kinematics revision · /);
    expect(screen.queryByText('Choose a class to see its attendance.')).toBeNull();

    // typing another title clears the box first: the latest class is not put back under the typing
    await user.clear(box);
    expect(await screen.findByText('Choose a class to see its attendance.')).toBeTruthy();
    expect(screen.queryByTestId('figure-Present')).toBeNull();
    expect(box.value).toBe('');
    expect(new URLSearchParams(router.state.location.search).get('liveClassId')).toBe('');
  });

  it('matches a participant by hand to a student of the class who did not join', async () => {
    const { user, find } = await setup({
      'PUT /batch/live/attendance/match': {
        body: {
          data: { ...SUMMARY, present: 25, unmatched: 0 },
          message: fillMessage(LIVE_CLASS_MESSAGES.participantMatched, {
            participantName: 'Rohan (phone)',
            studentName: 'Rohan Mehta',
          }),
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Match to student: Rohan (phone)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Match Rohan (phone)' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Student' }));
    await user.click(await screen.findByRole('option', { name: /^Rohan Mehta · / }));
    await user.click(within(dialog).getByRole('button', { name: 'Match' }));
    await waitFor(() => expect(find('PUT /batch/live/attendance/match')).toHaveLength(1));
    expect(find('PUT /batch/live/attendance/match')[0]!.body).toEqual({
      liveClassId: 'lc-held',
      participantId: 'p-1',
      studentId: 'st-2',
    });
    await screen.findByText('Rohan (phone) is now counted as Rohan Mehta.');
  });

  it("imports Zoom's participants CSV read in the browser, and lists the rows not taken", async () => {
    const { user, find } = await setup({
      'POST /batch/live/attendance/import/lc-held': (request) => {
        return {
          body: {
            data: {
              matched: 1,
              unmatched: 1,
              rejected: request.body.rejected ?? [],
              message: fillMessage(LIVE_CLASS_MESSAGES.attendanceImported, { matched: 1, unmatched: 1 }),
            },
            message: fillMessage(LIVE_CLASS_MESSAGES.attendanceImported, { matched: 1, unmatched: 1 }),
          },
        };
      },
    });
    const input = await screen.findByTestId<HTMLInputElement>('file-drop-zone-input');
    await user.upload(input, new File([ZOOM_CSV], 'participants_81234567890.csv', { type: 'text/csv' }));
    await screen.findByText(/2 sessions read from participants_81234567890\.csv; 1 row could not be read/);
    await user.click(screen.getByRole('button', { name: 'Import 2 sessions' }));
    await waitFor(() => expect(find('POST /batch/live/attendance/import/lc-held')).toHaveLength(1));
    const body = find('POST /batch/live/attendance/import/lc-held')[0]!.body as {
      sessions: { name: string; email: string; joinTime: string; leaveTime: string }[];
      rejected: { rowNumber: number }[];
    };
    expect(body.sessions.map((s) => [s.name, s.email, s.joinTime, s.leaveTime])).toEqual([
      ['Ananya Sharma', 'ananya@example.com', '2026-11-24T04:31:00.000Z', '2026-11-24T05:25:30.000Z'],
      ['Rohan, phone', 'rohan.m@gmail.test', '2026-11-24T04:35:00.000Z', '2026-11-24T05:25:00.000Z'],
    ]);
    expect(body.rejected).toEqual([
      { rowNumber: 7, reason: 'The join or leave time is missing or not a time Zoom writes.' },
    ]);
    await screen.findAllByText('1 participant matched to students; 1 to match by hand.');
    const notTaken = screen.getByRole('list', { name: 'Rows not taken' });
    expect(notTaken.textContent).toBe('Line 7: The join or leave time is missing or not a time Zoom writes.');
  });

  it('marks an offline class by hand', async () => {
    const { user, find } = await setup(
      {
        'GET /batch/offline/attendance/lc-room': {
          body: { data: { ...SUMMARY, liveClassId: 'lc-room', classRoomType: 'offline', unmatched: 0, timeline: [] } },
        },
        'GET /batch/offline/attendance/students/lc-room': page([
          studentRow('st-1', 'Ananya Sharma', {
            matchedBy: 'MARKED',
            explanation: 'present: marked by Priya Raghavan',
          }),
          { ...ABSENT_ROHAN, explanation: 'absent: not marked present' },
        ]),
        'PUT /batch/offline/attendance/lc-room': {
          body: { data: SUMMARY, message: fillMessage(LIVE_CLASS_MESSAGES.offlineMarked, { count: 1 }) },
        },
      },
      '/live-classes/insights?liveClassId=lc-room',
    );
    const marking = await screen.findByRole('table', { name: 'Mark attendance' });
    expect(screen.queryByText('Import Zoom participants CSV')).toBeNull();
    await user.click(within(marking).getByRole('switch', { name: 'Rohan Mehta present' }));
    await user.click(screen.getByRole('button', { name: 'Save 1 mark' }));
    await waitFor(() => expect(find('PUT /batch/offline/attendance/lc-room')).toHaveLength(1));
    expect(find('PUT /batch/offline/attendance/lc-room')[0]!.body).toEqual({
      marks: [{ studentId: 'st-2', present: true }],
    });
    await screen.findByText('Attendance of 1 student was saved.');
  });
});
