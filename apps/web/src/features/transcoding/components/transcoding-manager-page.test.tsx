import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import dayjs from 'dayjs';
import type { JobCounts, JobList, Recording, Role, TranscodeJobRow, transcodingContract } from '@lectern/contract';
import { mockApi, type MockResponse, type MockHandlers, type RouteKey } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { RUNNING_REFRESH_MS } from '../tabs';

const COUNTS: JobCounts = {
  toBeTranscoded: 2,
  toBeReTranscoded: 1,
  submitted: 1,
  running: 2,
  finished: 3,
  errored: 1,
  cancelled: 0,
};

function job(id: string, fileName: string, change: Partial<TranscodeJobRow> = {}): TranscodeJobRow {
  return {
    id,
    index: 1,
    videoId: `v-${id}`,
    fileName,
    s3Key: `subjects/s-1/${fileName}`,
    transcodingSpeed: null,
    uploadDate: '02-03-2026',
    uploadTime: '10:15',
    uploadedAt: '2026-03-02T10:15:00.000Z',
    completion: 0,
    uploader: 'Asha Verma',
    status: 'NOT_STARTED',
    queue: null,
    startDate: null,
    startTime: null,
    endDate: null,
    endTime: null,
    errorMessage: null,
    attempts: 0,
    ...change,
  };
}

const page = (
  Jobs: TranscodeJobRow[],
  NextToken: string | null = null,
  total = Jobs.length,
): MockResponse<typeof transcodingContract.jobs> => ({
  body: { data: { Jobs, NextToken, isTranscodingSuccess: true, total } satisfies JobList },
});

const NEW_VIDEOS = [
  job('v-intro', 'intro-to-optics.mp4', { videoId: 'v-intro', index: 1 }),
  job('v-lens', 'thin-lenses.mp4', { videoId: 'v-lens', index: 2, uploader: 'Kavya Menon' }),
];
const RUNNING = [
  job('j-run-1', 'wave-optics.mp4', {
    index: 1,
    status: 'PROGRESSING',
    queue: 'default',
    completion: 42,
    transcodingSpeed: 2.4,
    startDate: '03-03-2026',
    startTime: '09:00',
    attempts: 1,
  }),
  job('j-run-2', 'polarisation.mp4', {
    index: 2,
    status: 'PROGRESSING',
    queue: 'reserved',
    completion: 7,
    transcodingSpeed: 1.25,
    startDate: '03-03-2026',
    startTime: '09:05',
    attempts: 1,
  }),
];
const finished = (n: number, from = 1) =>
  Array.from({ length: n }, (_, i) =>
    job(`j-fin-${from + i}`, `finished-${from + i}.mp4`, {
      index: from + i,
      status: 'COMPLETE',
      queue: 'default',
      completion: 100,
      transcodingSpeed: 3,
      startDate: '01-03-2026',
      startTime: '08:00',
      endDate: '01-03-2026',
      endTime: '08:20',
      attempts: 1,
    }),
  );
const ERRORED = [
  job('j-err', 'broken-audio.mkv', {
    status: 'ERROR',
    queue: 'default',
    completion: 12,
    attempts: 3,
    errorMessage: 'The source has no video stream: upload the file again.',
  }),
];

const recording = (n: number): Recording => ({
  Name: `class-${n}.mp4`,
  Id: `recordings/class-${n}.mp4`,
  Length: 1000,
  endpoints: [],
  videoDurationInSecond: 3725,
  transcodingStatus: n === 1 ? 'COMPLETE' : 'PROGRESSING',
  catalogueId: null,
  videoId: `rec-${n}`,
  subjectId: null,
  jobId: null,
  uploadedBy: null,
  uploadedAt: '2026-03-01T10:00:00.000Z',
  liveClassId: `lc-${n}`,
  liveClassName: `Live optics ${n}`,
  instructorName: 'Meera Nair',
  classDate: '2026-03-04T09:30:00.000Z',
});

const JOBS = '/transcoding/jobs';
const NEW = '/file-explorer-service/cloud/videos/to-be-transcoded/new';

async function setup<K extends RouteKey = never>(
  handlers: MockHandlers<K> = {},
  {
    roles = ['SUPER_ADMIN'],
    path = '/transcoding-manager',
    environment = 'test',
  }: { roles?: Role[]; path?: string; environment?: string } = {},
) {
  const api = await mockApi(
    {
      'GET /transcoding/counts': { body: { data: COUNTS } },
      [`GET ${NEW}`]: page(NEW_VIDEOS),
      [`GET ${JOBS}/running`]: page(RUNNING),
      [`GET ${JOBS}/errored`]: page(ERRORED),
      [`GET ${JOBS}/submitted`]: page([]),
      ...handlers,
    },
    { config: { transcodingEnvironment: environment } },
  );
  const view = renderApp(path, { roles });
  // the first test also waits for the page's chunk to compile
  await screen.findByRole('heading', { level: 1, name: 'Transcoding Manager' }, { timeout: 10_000 });
  // the counts follow the runtime config (the environment)
  await screen.findByRole('tab', { name: /^Running \(\d+\)$/ }, { timeout: 5000 });
  return { ...api, ...view };
}

// Role queries compute styles for every element they consider: each looks only where its answer is
// (the page, the selection's toolbar, the filter bar, an open list), not through the whole app.
const main = () => within(screen.getByRole('main'));
const selected = () => within(screen.getByRole('toolbar', { name: 'Selected rows' }));

function row(text: string): HTMLElement {
  const tr = screen.getByText(text).closest('tr');
  if (!tr) throw new Error(`no row for ${text}`);
  return tr;
}

/** What a row's cells read, left to right. */
function cells(text: string): (string | null)[] {
  return Array.from(row(text).querySelectorAll('td')).map((cell) => cell.textContent);
}

/** The snackbar (or inline alert) showing `text`: a live region (an alert for failures, a status otherwise). */
async function alertWith(text: string): Promise<Element | null> {
  return (await screen.findByText(text)).closest('[role="alert"], [role="status"]');
}

describe('Transcoding Manager', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows every tab with its count, and lists the videos waiting for a first transcode', async () => {
    const { find } = await setup();
    await screen.findByRole('tab', { name: 'To be transcoded (2)' });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'To be transcoded (2)',
      'To be re-transcoded (1)',
      'Submitted (1)',
      'Running (2)',
      'Finished (3)',
      'Errored (1)',
      'Cancelled (0)',
      'Recordings',
    ]);
    expect(screen.getByRole('tab', { name: 'To be transcoded (2)' }).getAttribute('aria-selected')).toBe('true');
    expect(find('GET /transcoding/counts')[0]?.query.get('environment')).toBe('test');

    const table = await screen.findByRole('table', { name: 'To be transcoded' });
    await within(table).findByText('intro-to-optics.mp4');
    // selection box, number, file name, upload date and time, uploader, video id
    expect(cells('thin-lenses.mp4')).toEqual([
      '',
      '2',
      'thin-lenses.mp4',
      '02-03-2026',
      '10:15',
      'Kavya Menon',
      'v-lens',
    ]);
    expect(screen.getByTestId('data-table-count').textContent).toContain('2 records found');

    // the default window: the last 30 days up to today, as YYYY-MM-DD, in the chosen environment
    const query = find(`GET ${NEW}`)[0]?.query;
    expect(query?.get('environment')).toBe('test');
    expect(query?.get('to')).toBe(dayjs().format('YYYY-MM-DD'));
    expect(query?.get('from')).toBe(dayjs().subtract(30, 'day').format('YYYY-MM-DD'));
  });

  it('submits the chosen videos to the reserved queue after confirming, with the server message', async () => {
    const { user, find } = await setup({
      'POST /transcoding/jobs/submit': (request) => ({
        body: {
          data: { jobs: [] },
          message: `${(request.body as { videoIds: string[] }).videoIds.length} videos submitted to the reserved queue.`,
        },
      }),
    });
    await screen.findByText('intro-to-optics.mp4');
    await user.click(within(row('intro-to-optics.mp4')).getByRole('checkbox', { name: 'Select row' }));
    await user.click(within(row('thin-lenses.mp4')).getByRole('checkbox', { name: 'Select row' }));
    expect(screen.getByText(/selected$/).textContent).toBe('2 selected');
    expect(selected().getByRole<HTMLButtonElement>('button', { name: 'Submit to default queue' }).disabled).toBe(false);
    await user.click(selected().getByRole('button', { name: 'Submit to reserved queue' }));

    const dialog = await screen.findByRole('dialog', { name: 'Submit 2 videos to the reserved queue?' });
    expect(find('POST /transcoding/jobs/submit')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await alertWith('2 videos submitted to the reserved queue.')).not.toBeNull();
    expect(find('POST /transcoding/jobs/submit')[0]?.body).toEqual({
      videoIds: ['v-intro', 'v-lens'],
      queue: 'reserved',
    });
    // the lists and counts are read again
    await waitFor(() => expect(find(`GET ${NEW}`).length).toBeGreaterThan(1));
    await waitFor(() => expect(screen.queryByText('2 selected')).toBeNull());
  });

  it('cancels running jobs with the confirm dialog, shows their progress, and shows a failure message', async () => {
    let fail = true;
    const { user, find } = await setup(
      {
        'POST /transcoding/jobs/cancel': () =>
          fail
            ? { status: 409, body: { error: true, message: 'Job j-run-2 has already finished.' } }
            : { body: { data: { jobs: [] }, message: '1 job cancelled.' } },
      },
      { path: '/transcoding-manager?tab=running' },
    );
    const table = await screen.findByRole('table', { name: 'Running' });
    await within(table).findByText('wave-optics.mp4');
    const bar = within(row('wave-optics.mp4')).getByRole('progressbar', { name: 'Completion of wave-optics.mp4' });
    expect(bar.getAttribute('aria-valuenow')).toBe('42');
    // status, queue, completion, speed, uploaded, started, uploader, ids
    expect(cells('wave-optics.mp4')).toEqual([
      '',
      '1',
      'wave-optics.mp4',
      'Running',
      'Default',
      '42%',
      '2.4x',
      '02-03-2026',
      '10:15',
      '03-03-2026',
      '09:00',
      'Asha Verma',
      'v-j-run-1',
      'j-run-1',
    ]);
    expect(cells('polarisation.mp4')).toEqual([
      '',
      '2',
      'polarisation.mp4',
      'Running',
      'Reserved',
      '7%',
      '1.3x',
      '02-03-2026',
      '10:15',
      '03-03-2026',
      '09:05',
      'Asha Verma',
      'v-j-run-2',
      'j-run-2',
    ]);

    await user.click(within(row('polarisation.mp4')).getByRole('checkbox', { name: 'Select row' }));
    await user.click(selected().getByRole('button', { name: 'Cancel jobs' }));
    let dialog = await screen.findByRole('dialog', { name: 'Cancel 1 job?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel jobs' }));
    expect(await alertWith('Job j-run-2 has already finished.')).not.toBeNull();
    expect(find('POST /transcoding/jobs/cancel')[0]?.body).toEqual({ jobIds: ['j-run-2'] });
    // the dialog stays for another try
    dialog = screen.getByRole('dialog', { name: 'Cancel 1 job?' });

    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Cancel jobs' }));
    expect(await alertWith('1 job cancelled.')).not.toBeNull();
  });

  it('reads the running list again every 2 seconds, so progress moves on its own', async () => {
    // the refresh is an interval: the test moves time past it rather than waiting for it (only
    // intervals are faked, and time moves only when the test says, so no other refresh comes early)
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let completion = 42;
    await setup(
      {
        [`GET ${JOBS}/running`]: () => {
          const rows = RUNNING.map((r) => ({ ...r, completion }));
          completion = 64;
          return page(rows);
        },
      },
      { path: '/transcoding-manager?tab=running' },
    );
    await screen.findByText('wave-optics.mp4');
    const progress = () =>
      within(row('wave-optics.mp4')).getByRole('progressbar', { name: 'Completion of wave-optics.mp4' });
    expect(progress().getAttribute('aria-valuenow')).toBe('42');
    await act(() => vi.advanceTimersByTimeAsync(RUNNING_REFRESH_MS));
    await waitFor(() => expect(progress().getAttribute('aria-valuenow')).toBe('64'));
    expect(progress().parentElement?.textContent).toContain('64%');
  });

  it("'Load more' asks for the next page with the NextToken and appends it", async () => {
    const { user, find } = await setup(
      {
        [`GET ${JOBS}/finished`]: page(finished(2), 'token-page-2', 3),
        [`GET ${JOBS}/finished/additional`]: page(finished(1, 3)),
      },
      { path: '/transcoding-manager?tab=finished' },
    );
    const table = await screen.findByRole('table', { name: 'Finished' });
    await within(table).findByText('finished-1.mp4');
    // uploaded, started, and finished at 08:20
    expect(cells('finished-1.mp4')).toEqual([
      '',
      '1',
      'finished-1.mp4',
      'Complete',
      'Default',
      '100%',
      '3.0x',
      '02-03-2026',
      '10:15',
      '01-03-2026',
      '08:00',
      '01-03-2026',
      '08:20',
      'Asha Verma',
      'v-j-fin-1',
      'j-fin-1',
    ]);
    expect(screen.getByTestId('job-list-shown').textContent).toBe('Showing 2 of 3');
    expect(screen.getByTestId('data-table-count').textContent).toContain('3 records found');

    await user.click(main().getByRole('button', { name: 'Load more' }));
    await within(table).findByText('finished-3.mp4');
    // appended below the rows already shown
    expect(
      Array.from(table.querySelectorAll('tbody tr')).map((tr) => tr.textContent?.match(/finished-\d\.mp4/)?.[0]),
    ).toEqual(['finished-1.mp4', 'finished-2.mp4', 'finished-3.mp4']);
    const next = find(`GET ${JOBS}/finished/additional`)[0]?.query;
    expect(next?.get('nextToken')).toBe('token-page-2');
    expect(next?.get('environment')).toBe('test');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(screen.getByTestId('job-list-shown').textContent).toBe('Showing 3 of 3');
  });

  it('shows why an errored job failed in its own column, and offers to submit it again', async () => {
    const { user, find } = await setup(
      { 'POST /transcoding/jobs/submit': { body: { data: { jobs: [] } } } },
      { path: '/transcoding-manager?tab=errored' },
    );
    const table = await screen.findByRole('table', { name: 'Errored' });
    await within(table).findByText('The source has no video stream: upload the file again.');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual([
      '',
      '#',
      'File name',
      'Error',
      'Status',
      'Queue',
      'Completion',
      'Speed',
      'Upload date',
      'Upload time',
      'Uploader',
      'Video ID',
      'Job ID',
    ]);
    expect(cells('broken-audio.mkv')).toEqual([
      '',
      '1',
      'broken-audio.mkv',
      'The source has no video stream: upload the file again.',
      'Failed',
      'Default',
      '12%',
      'NA',
      '02-03-2026',
      '10:15',
      'Asha Verma',
      'v-j-err',
      'j-err',
    ]);
    // ids come with a copy button holding the whole id
    expect(within(row('broken-audio.mkv')).getByRole('button', { name: 'Copy id j-err' })).toBeTruthy();

    await user.click(within(row('broken-audio.mkv')).getByRole('checkbox', { name: 'Select row' }));
    await user.click(selected().getByRole('button', { name: 'Submit to default queue' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Submit 1 video to the default queue?' })).getByRole('button', {
        name: 'Submit',
      }),
    );
    // without a message from the server the snackbar says what happened
    expect(await alertWith('1 video submitted to the default queue.')).not.toBeNull();
    expect(find('POST /transcoding/jobs/submit')[0]?.body).toEqual({ videoIds: ['v-j-err'], queue: 'default' });
  });

  it('filters by file name, queue and environment through the query', async () => {
    const { user, find, router } = await setup(
      {},
      { path: '/transcoding-manager?tab=submitted', environment: 'development' },
    );
    const empty = await screen.findByText('No submitted jobs.');
    expect(empty.closest('tbody')?.querySelectorAll('tr')).toHaveLength(1);
    // the manager starts in the environment the server records its jobs under
    expect(find(`GET ${JOBS}/submitted`)[0]?.query.get('environment')).toBe('development');

    await user.click(main().getByRole('searchbox', { name: 'Search by file name' }));
    await user.paste('optics');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(find(`GET ${JOBS}/submitted`).at(-1)?.query.get('search')).toBe('optics'));

    await user.click(
      within(screen.getByRole('search', { name: 'Filter jobs' })).getByRole('button', { name: /Filter/ }),
    );
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitemradio', { name: 'Reserved' }));
    await waitFor(() => expect(find(`GET ${JOBS}/submitted`).at(-1)?.query.get('queue')).toBe('reserved'));
    await user.keyboard('{Escape}');

    await user.click(main().getByRole('combobox', { name: /^Environment/ }));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'staging' }));
    await waitFor(() => expect(find(`GET ${JOBS}/submitted`).at(-1)?.query.get('environment')).toBe('staging'));
    expect(find('GET /transcoding/counts').at(-1)?.query.get('environment')).toBe('staging');
    const params = new URLSearchParams(router.state.location.search);
    expect([params.get('q'), params.get('queue'), params.get('env')]).toEqual(['optics', 'reserved', 'staging']);
  });

  it('sends the chosen date range as YYYY-MM-DD, and refuses a bad one', async () => {
    const { user, find } = await setup({}, { path: '/transcoding-manager?tab=errored' });
    await screen.findByText('broken-audio.mkv');
    const form = screen.getByRole('form', { name: 'Date range search' });
    const start = within(form).getByRole('textbox', { name: 'Start Date' });
    const end = within(form).getByRole('textbox', { name: 'End Date' });
    fireEvent.change(start, { target: { value: '01/05/2026' } });
    fireEvent.change(end, { target: { value: '02/10/2026' } });
    await user.click(within(form).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(find(`GET ${JOBS}/errored`).at(-1)?.query.get('from')).toBe('2026-01-05'));
    expect(find(`GET ${JOBS}/errored`).at(-1)?.query.get('to')).toBe('2026-02-10');

    const calls = find(`GET ${JOBS}/errored`).length;
    fireEvent.change(start, { target: { value: '03/15/2026' } });
    fireEvent.change(end, { target: { value: '03/01/2026' } });
    await user.click(within(form).getByRole('button', { name: 'Search' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Select proper date range!');
    expect(find(`GET ${JOBS}/errored`)).toHaveLength(calls);
  });

  it('shows an error with Retry when a list cannot be read', async () => {
    let broken = true;
    const { user } = await setup(
      {
        [`GET ${JOBS}/cancelled`]: () =>
          broken
            ? { status: 500, body: { error: true, message: 'Something went wrong. Please try again later.' } }
            : page([]),
      },
      { path: '/transcoding-manager?tab=cancelled' },
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Something went wrong. Please try again later.Retry');
    broken = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    const empty = await screen.findByText('No cancelled jobs.');
    expect(empty.closest('tbody')?.querySelectorAll('tr')).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('lists the live-class recordings (size 10,000, ascending) for those who may see live classes', async () => {
    const { find } = await setup(
      {
        'GET /batch/live-class-recording': {
          body: {
            data: { content: [recording(1), recording(2)], page: 0, size: 10000, totalElements: 2, totalPages: 1 },
          },
        },
      },
      { path: '/transcoding-manager?tab=recordings' },
    );
    const table = await screen.findByRole('table', { name: 'Recordings' });
    await within(table).findByText('class-1.mp4');
    expect(find('GET /batch/live-class-recording')[0]?.query.toString()).toBe('page=0&size=10000&sort=ASC');
    expect(cells('class-1.mp4')).toEqual([
      'class-1.mp4',
      'Live optics 1',
      'Meera Nair',
      '04-03-2026',
      '1:02:05',
      'Transcoded',
    ]);
    expect(cells('class-2.mp4')).toEqual([
      'class-2.mp4',
      'Live optics 2',
      'Meera Nair',
      '04-03-2026',
      '1:02:05',
      'TRANSCODING IN PROGRESS',
    ]);
  });

  it('renders only the rows in view of 10,000 recordings', async () => {
    // happy-dom does no layout: give the table's scroll area the height a browser would
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return this.dataset.testid === 'data-table-scroll' ? 560 : 0;
    });
    const content = Array.from({ length: 10_000 }, (_, i) => recording(i + 1));
    await setup(
      {
        'GET /batch/live-class-recording': {
          body: { data: { content, page: 0, size: 10000, totalElements: 10_000, totalPages: 1 } },
        },
      },
      { path: '/transcoding-manager?tab=recordings' },
    );
    const table = await screen.findByRole('table', { name: 'Recordings' });
    await within(table).findByText('class-1.mp4');
    expect(screen.getByTestId('data-table-count').textContent).toContain('10,000 records found');
    expect(table.querySelectorAll('tbody tr').length).toBeLessThan(100);
    expect(within(table).queryByText('class-10000.mp4')).toBeNull();
  });

  it('has no Recordings tab for a content uploader', async () => {
    const { find } = await setup({}, { roles: ['CONTENT_UPLOADER'], path: '/transcoding-manager?tab=recordings' });
    await screen.findByRole('tab', { name: 'Running (2)' });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).not.toContain('Recordings');
    // an unknown tab opens the first one
    expect(screen.getByRole('tab', { name: 'To be transcoded (2)' }).getAttribute('aria-selected')).toBe('true');
    await screen.findByText('intro-to-optics.mp4');
    expect(find('GET /batch/live-class-recording')).toHaveLength(0);
  });
});
