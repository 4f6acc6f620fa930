import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STUDENT_UPDATE_MESSAGES, fillMessage } from '@lectern/contract';
import { mockApi, type MockHandlers, type RouteKey } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { AUDIENCES, HOLIDAY, HOME_VIDEO, MOCK_TEST, NEW_APP, OLD_NEWS, VIDEOS, inState } from '../test/fixtures';

async function setup<K extends RouteKey = never>(
  handlers: MockHandlers<K> = {},
  path = '/student-updates/announcements',
) {
  const api = await mockApi({
    'GET /notifications/notifications/getupdates/announcements': (request) => ({
      body: { data: inState(request.query.get('state') as never) },
    }),
    'GET /notifications/notifications/getupdates/exam-alerts': { body: { data: [] } },
    'GET /notifications/notifications/audiences': { body: { data: AUDIENCES } },
    'GET /cms/pagecontent/videos': (request) => {
      const q = (request.query.get('q') ?? '').toLowerCase();
      return { body: { data: VIDEOS.filter((video) => video.videoName.toLowerCase().includes(q)) } };
    },
    'GET /cms/pagecontent/videourl': { body: { data: HOME_VIDEO } },
    ...handlers,
  });
  const view = renderApp(path, { roles: ['CONTENT_ADMIN'] });
  // the first test also waits for the page's chunk to compile
  await screen.findByRole('heading', { level: 1, name: 'Student Updates' }, { timeout: 10_000 });
  return { ...api, ...view };
}

function titles(): string[] {
  return Array.from(document.querySelectorAll('tbody tr'))
    .map((tr) => tr.querySelector('td')?.textContent ?? '')
    .filter((text) => text !== '');
}

// Role queries compute styles for every element they consider: each looks only where its answer is
// (a row, the page, the filter bar, an open list), not through the whole app and its navigation.
const main = () => within(screen.getByRole('main'));

/** The row whose first cell (the title) is `title`. */
function row(title: string): HTMLElement {
  const tr = Array.from(document.querySelectorAll('tbody tr')).find(
    (candidate) => candidate.querySelector('td')?.textContent === title,
  );
  if (!(tr instanceof HTMLElement)) throw new Error(`no row for ${title}`);
  return tr;
}

/** The row of `title` once the list shows it. */
async function rowOnceShown(title: string): Promise<HTMLElement> {
  await waitFor(() => row(title));
  return row(title);
}

describe('/student-updates/{updateType}: the list', () => {
  it("shows the type's updates with their status, audience, publish time and author", async () => {
    await setup();
    await main().findByRole('button', { name: 'Diwali holidays' });
    expect(titles()).toEqual(['Diwali holidays', 'Mock test on Sunday', 'New app version', 'Old news']);
    expect(screen.getByTestId('type-hint').textContent).toBe(
      'News for students: holidays, new courses, changes to the app.',
    );
    const holiday = within(row('Diwali holidays'));
    expect(holiday.getByText('Draft')).toBeTruthy();
    expect(
      holiday.getByText('Everyone 1,250 students', { normalizer: (text) => text.replace(/\s+/g, ' ') }),
    ).toBeTruthy();
    const mock = within(row('Mock test on Sunday'));
    expect(mock.getByText('Scheduled')).toBeTruthy();
    expect(
      mock.getByText('JEE Advanced 2027 Morning and 2 more 93 students', {
        normalizer: (text) => text.replace(/\s+/g, ' '),
      }),
    ).toBeTruthy();
    // the names behind 'and 2 more'
    expect(mock.getByRole('button', { name: 'Everyone it is sent to' })).toBeTruthy();
    // table dates are DD-MM-YYYY with their India time (the year too, unlike 'Tue, 1 Dec')
    expect(mock.getByText('01-12-2026, 10:00 AM')).toBeTruthy();
    expect(mock.getByText('20-11-2026, 10:00 AM')).toBeTruthy();
    const app = within(row('New app version'));
    expect(app.getByText('Published')).toBeTruthy();
    expect(app.getByText('25-11-2026, 11:30 AM')).toBeTruthy();
    expect(app.getByText('Aarav Mehta')).toBeTruthy();
    expect(within(row('Old news')).getByText('Unpublished')).toBeTruthy();

    // withdraw only what students see or will see; delete only what they do not see now
    const disabled = (title: string, action: string) =>
      within(row(title)).getByRole<HTMLButtonElement>('button', { name: `${action} ${title}` }).disabled;
    expect(disabled('Diwali holidays', 'Withdraw')).toBe(true);
    expect(disabled('Mock test on Sunday', 'Withdraw')).toBe(false);
    expect(disabled('New app version', 'Withdraw')).toBe(false);
    expect(disabled('New app version', 'Delete')).toBe(true);
    expect(disabled('Old news', 'Delete')).toBe(false);
  });

  it('has a tab per type, each a link to its route, the selected one from the URL', async () => {
    const { user, router, find } = await setup();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'Announcements',
      'Exam alerts',
      'Class updates',
      'Offers',
      'Results',
    ]);
    expect(tabs[0]!.getAttribute('aria-selected')).toBe('true');
    expect(tabs[1]!.getAttribute('href')).toBe('/student-updates/exam-alerts');
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(tabs[0]!.id);

    await user.click(tabs[1]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/student-updates/exam-alerts'));
    expect(screen.getByRole('tab', { name: 'Exam alerts' }).getAttribute('aria-selected')).toBe('true');
    // an empty type says so, with the way to write the first one
    await screen.findByRole('heading', { name: 'No exam alerts yet' });
    expect(screen.getByTestId('type-hint').textContent).toBe(
      'Exam dates, admit cards, form deadlines and syllabus changes.',
    );
    expect(find('GET /notifications/notifications/getupdates/exam-alerts')).toHaveLength(1);
    const panel = screen.getByRole('tabpanel');
    await user.click(within(panel).getByRole('button', { name: 'Write an update' }));
    const drawer = await screen.findByRole('dialog', { name: 'Write an update' });
    expect(within(drawer).getByText('Exam alerts: students see it in their app.')).toBeTruthy();
  });

  it('filters by state, asked of the server and kept in the URL', async () => {
    const { user, router, find } = await setup();
    await main().findByRole('button', { name: 'Diwali holidays' });
    await user.click(within(screen.getByRole('search')).getByRole('combobox', { name: 'Status' }));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Scheduled' }));
    await waitFor(() => expect(titles()).toEqual(['Mock test on Sunday']));
    expect(find('GET /notifications/notifications/getupdates/announcements').at(-1)?.query.get('state')).toBe(
      'SCHEDULED',
    );
    expect(router.state.location.search).toContain('updates.state=SCHEDULED');
    await user.click(within(screen.getByRole('search')).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(titles()).toHaveLength(4));
  });

  it('shows a failed load with Retry', async () => {
    let calls = 0;
    const { user } = await setup({
      'GET /notifications/notifications/getupdates/announcements': () => {
        calls += 1;
        return calls === 1
          ? { status: 500, body: { error: true, message: 'The database is down.' } }
          : { body: { data: [HOLIDAY] } };
      },
    });
    const alert = await screen.findByText('The database is down.');
    await user.click(within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Retry' }));
    await main().findByRole('button', { name: 'Diwali holidays' });
  });

  it('withdraws a scheduled update after confirmation: it becomes a draft again', async () => {
    let withdrawn = false;
    const { user, find } = await setup({
      'GET /notifications/notifications/getupdates/announcements': () => ({
        body: { data: [withdrawn ? { ...MOCK_TEST, state: 'DRAFT', publishAt: null, version: 4 } : MOCK_TEST] },
      }),
      'PUT /notifications/notifications/changeupdate': () => {
        withdrawn = true;
        return { body: { data: { ...MOCK_TEST, state: 'DRAFT', publishAt: null, version: 4 }, message: undefined } };
      },
    });
    await user.click(
      within(await rowOnceShown('Mock test on Sunday')).getByRole('button', { name: 'Withdraw Mock test on Sunday' }),
    );
    const dialog = await screen.findByRole('dialog', { name: "Withdraw 'Mock test on Sunday'?" });
    expect(dialog.textContent).toContain(
      "'Mock test on Sunday' will not be published on Tue, 1 Dec, 10:00 AM: it becomes a draft again",
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(find('PUT /notifications/notifications/changeupdate')).toHaveLength(0);

    // the row is hidden from assistive technology until the dialog has gone
    await user.click(
      await within(row('Mock test on Sunday')).findByRole('button', { name: 'Withdraw Mock test on Sunday' }),
    );
    await user.click(
      within(await screen.findByRole('dialog', { name: "Withdraw 'Mock test on Sunday'?" })).getByRole('button', {
        name: 'Withdraw',
      }),
    );
    await screen.findByText(fillMessage(STUDENT_UPDATE_MESSAGES.unscheduled, { title: 'Mock test on Sunday' }));
    const sent = find('PUT /notifications/notifications/changeupdate')[0]!.body as Record<string, unknown>;
    expect(sent).toMatchObject({ updateId: 'su-2', version: 3, action: 'WITHDRAW', title: 'Mock test on Sunday' });
    expect(sent.audience).toEqual({ kind: 'BATCHES', ids: ['batch-kota-m', 'batch-kota-e', 'batch-neet'] });
    await waitFor(() => expect(within(row('Mock test on Sunday')).getByText('Draft')).toBeTruthy());
  });

  it("withdraws a published update (students no longer see it), and shows the server's refusal", async () => {
    const { user } = await setup({
      'PUT /notifications/notifications/changeupdate': {
        status: 409,
        body: { error: true, message: 'Someone else changed this student update while you were working on it.' },
      },
    });
    await user.click(
      within(await rowOnceShown('New app version')).getByRole('button', { name: 'Withdraw New app version' }),
    );
    const dialog = await screen.findByRole('dialog', { name: "Withdraw 'New app version'?" });
    expect(dialog.textContent).toContain("Students will no longer see 'New app version'.");
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await screen.findByText('Someone else changed this student update while you were working on it.');
    // the dialog stays for another try
    expect(screen.getByRole('dialog', { name: "Withdraw 'New app version'?" })).toBeTruthy();
  });

  it('deletes an update after confirmation', async () => {
    let deleted = false;
    const { user, find } = await setup({
      'GET /notifications/notifications/getupdates/announcements': () => ({
        body: { data: deleted ? [NEW_APP] : [OLD_NEWS, NEW_APP] },
      }),
      'DELETE /notifications/notifications/deleteupdate': (request) => {
        deleted = true;
        return { body: { data: { updateId: request.query.get('updateId') ?? '' } } };
      },
    });
    await user.click(within(await rowOnceShown('Old news')).getByRole('button', { name: 'Delete Old news' }));
    const dialog = await screen.findByRole('dialog', { name: "Delete 'Old news'?" });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await screen.findByText("'Old news' was deleted.");
    expect(find('DELETE /notifications/notifications/deleteupdate')[0]!.query.get('updateId')).toBe('su-4');
    await waitFor(() => expect(titles()).toEqual(['New app version']));
  });
});

describe("the home page's video", () => {
  it('shows the current video, changes it at the version read, and removes it after confirmation', async () => {
    let current = HOME_VIDEO;
    const { user, find } = await setup({
      'GET /cms/pagecontent/videourl': () => ({ body: { data: current } }),
      'GET /file-explorer-service/cloud/videos/v-1/url': {
        body: {
          data: {
            url: 'http://cdn.test/signed/v-1/original.mp4',
            expiresAt: '2026-11-27T05:00:00.000Z',
            hlsUrl: 'http://cdn.test/signed/v-1/master.m3u8',
            posterUrl: 'http://cdn.test/signed/v-1/poster.jpg',
            thumbnailUrls: [],
          },
        },
      },
      'PUT /cms/pagecontent/videourl': (request) => {
        const { videoId } = request.body as { videoId: string | null };
        current = {
          ...current,
          video: VIDEOS.find((v) => v.videoId === videoId) ?? null,
          version: current.version + 1,
        };
        return { body: { data: current } };
      },
    });
    const panel = await screen.findByRole('region', { name: "Video on the students' home page" });
    await within(panel).findByText('Welcome to Lectern');
    // the shared player, with the poster of the transcode
    const player = await within(panel).findByLabelText('Home page video: Welcome to Lectern');
    expect(player.getAttribute('poster')).toBe('http://cdn.test/signed/v-1/poster.jpg');
    expect(within(panel).getByText('Physics · 0:12:34')).toBeTruthy();

    await user.click(within(panel).getByRole('button', { name: 'Change' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose the home page video' });
    const use = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Use this video' });
    expect(use.disabled).toBe(true);
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search videos' }), 'jee');
    await waitFor(() => expect(within(dialog).queryByText('Welcome to Lectern')).toBeNull());
    expect(find('GET /cms/pagecontent/videos').at(-1)?.query.get('q')).toBe('jee');
    await user.click(within(dialog).getByRole('button', { name: /How to prepare for JEE/ }));
    await user.click(use);
    await screen.findByText("'How to prepare for JEE' now plays on the students' home page.");
    expect(find('PUT /cms/pagecontent/videourl')[0]!.body).toEqual({ videoId: 'v-2', version: 4 });
    await within(panel).findByText('How to prepare for JEE');

    await user.click(await within(panel).findByRole('button', { name: 'Remove' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove the home page video?' });
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await screen.findByText("The students' home page shows no video now.");
    expect(find('PUT /cms/pagecontent/videourl')[1]!.body).toEqual({ videoId: null, version: 5 });
    await within(panel).findByRole('button', { name: 'Choose video' });
  });

  it('says when no video is transcoded yet', async () => {
    const { user } = await setup({
      'GET /cms/pagecontent/videos': { body: { data: [] } },
      'GET /cms/pagecontent/videourl': {
        body: { data: { video: null, updatedBy: null, updatedAt: null, version: 0 } },
      },
    });
    const panel = await screen.findByRole('region', { name: "Video on the students' home page" });
    await user.click(await within(panel).findByRole('button', { name: 'Choose video' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose the home page video' });
    await within(dialog).findByText('No transcoded videos yet.');
  });
});
