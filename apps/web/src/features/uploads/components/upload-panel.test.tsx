import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../lib/query-keys';
import { UploadQueue, type QueueDeps, type QueueTarget } from '../../../lib/uploads/upload-queue';
import type { UploadPersistence } from '../../../lib/uploads/upload-store';
import { fakeHandle, memoryPersistence, storedUpload, videoFile } from '../../../lib/uploads/test/memory-persistence';
import { UploadPanel } from './upload-panel';

const TARGET: QueueTarget = { type: 'subject', subjectId: 'subj-1', unitId: 'u1', topicId: 't1' };
const LONG = 'Organic Chemistry - Lecture 12 - Aromatic compounds.mp4';

function setup(options: { persist?: UploadPersistence } = {}) {
  const finish: Record<string, { resolve: () => void; reject: (e: Error) => void }> = {};
  let ids = 0;
  let failRegistration = true;
  const deps: QueueDeps = {
    upload: (file, _target, hooks) =>
      new Promise((resolve, reject) => {
        hooks.onProgress(file.name === LONG ? 420 : 0, 1000);
        finish[file.name] = {
          resolve: () => resolve({ uploadId: `up-${file.name}`, key: `subjects/subj-1/${file.name}`, resumed: false }),
          reject,
        };
        hooks.signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      }),
    abort: vi.fn(async () => undefined),
    register: vi.fn(async (item) => {
      if (item.fileName === 'fails.mp4' && failRegistration) {
        failRegistration = false;
        throw new Error('Something went wrong. Please try again later.');
      }
    }),
    readDuration: async () => 60,
    newId: () => `id-${++ids}`,
    maxFiles: 5,
    ...(options.persist ? { persist: options.persist } : {}),
  };
  const queue = new UploadQueue(deps);
  const client = new QueryClient();
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  const view = render(
    <QueryClientProvider client={client}>
      <UploadPanel queue={queue} />
    </QueryClientProvider>,
  );
  return { queue, deps, finish, invalidate, client, view, user: userEvent.setup() };
}

const file = (name: string, size = 1000) => new File([new Uint8Array(size)], name, { type: 'video/mp4' });
const rows = () => screen.getAllByTestId('upload-row');
const row = (text: string) => rows().find((r) => r.textContent?.includes(text))!;
/** A row's status icon reads its state (its title, the tooltip and accessible name). */
const status = (text: string) => within(row(text)).getByRole('img').textContent;
const heading = () => screen.getByRole('heading', { level: 2 }).textContent;

describe('the floating upload panel', () => {
  it('is not shown while nothing is queued', () => {
    setup();
    expect(screen.queryByRole('region', { name: 'Uploads' })).toBeNull();
  });

  it("shows 'N items in progress', the four buttons, and a row per file", async () => {
    const { queue, finish, user } = setup();
    queue.enqueue(file(LONG, 1536), TARGET);
    queue.enqueue(file('fails.mp4'), TARGET);
    queue.enqueue(file('ok.mp4'), TARGET);
    const panel = await screen.findByRole('region', { name: 'Uploads' });
    expect(heading()).toBe('3 items in progress');
    // nothing failed or uploaded yet: only Clear All does something
    expect(
      ['FIX FAILURES (0)', 'Upload All', 'Clear Uploaded', 'Clear All'].map(
        (name) => within(panel).getByRole<HTMLButtonElement>('button', { name }).disabled,
      ),
    ).toEqual([true, true, true, false]);
    // name over 30 characters: 27 plus dots; the size; the ring with its percentage; the status
    const long = row('Organic');
    // the whole name shows on hover
    expect(within(long).getByText('Organic Chemistry - Lecture...').getAttribute('title')).toBe(LONG);
    expect(within(long).getByText(/^1\.5 KB/).textContent).toBe('1.5 KB · Uploading');
    const ring = within(long).getByRole('progressbar', { name: `Progress of ${LONG}` });
    expect(ring.getAttribute('aria-valuenow')).toBe('42');
    expect(ring.parentElement?.textContent).toBe('42%');
    expect(status('Organic')).toBe('Uploading');
    expect(within(long).getByRole<HTMLButtonElement>('button', { name: `Cancel ${LONG}` }).disabled).toBe(false);

    finish['ok.mp4']!.resolve();
    finish['fails.mp4']!.resolve();
    await screen.findByText('1 item in progress');
    expect(status('ok.mp4')).toBe('Registered');
    expect(within(row('ok.mp4')).queryByRole('button', { name: /Cancel/ })).toBeNull();
    const fixed = within(panel).getByRole('button', { name: 'FIX FAILURES (1)' });
    expect(status('fails.mp4')).toBe('Registration failed');

    await user.click(fixed);
    await waitFor(() => expect(status('fails.mp4')).toBe('Registered'));
    expect(within(panel).getByRole('button', { name: 'FIX FAILURES (0)' })).toHaveProperty('disabled', true);

    await user.click(within(panel).getByRole('button', { name: 'Clear Uploaded' }));
    expect(rows()).toHaveLength(1);
  });

  it('cancels from the row: progress 0, cancelled, a new id', async () => {
    const { queue, deps, user } = setup();
    queue.enqueue(file(LONG), TARGET);
    const before = await screen.findByTestId('upload-row');
    const id = before.getAttribute('data-id');
    await user.click(within(before).getByRole('button', { name: `Cancel ${LONG}` }));
    const after = screen.getByTestId('upload-row');
    expect(after.getAttribute('data-status')).toBe('cancelled');
    expect(after.getAttribute('data-progress')).toBe('0');
    expect(after.getAttribute('data-id')).not.toBe(id);
    expect(within(after).getByRole('img').textContent).toBe('Cancelled');
    expect(heading()).toBe('0 items in progress');
    expect(deps.abort).not.toHaveBeenCalled(); // the fake never reported an upload id
  });

  it('collapses and expands; Clear All asks first while files upload', async () => {
    const { queue, user } = setup();
    queue.enqueue(file('a.mp4'), TARGET);
    const toggle = await screen.findByRole('button', { name: 'Collapse uploads' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Expand uploads' }).getAttribute('aria-expanded')).toBe('false');
    await user.click(screen.getByRole('button', { name: 'Expand uploads' }));
    await user.click(screen.getByRole('button', { name: 'Clear All' }));
    const dialog = await screen.findByRole('dialog', { name: 'Clear all uploads?' });
    await user.click(within(dialog).getByRole('button', { name: 'Clear All' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Uploads' })).toBeNull());
  });

  it('refreshes the subject and its file lists after a registration', async () => {
    const { queue, finish, invalidate } = setup();
    queue.enqueue(file('ok.mp4'), TARGET);
    await screen.findByTestId('upload-row');
    finish['ok.mp4']!.resolve();
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: ['subjects', 'detail', 'subj-1'] }));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['file-explorer', 'videos', 'subj-1'] });
  });

  it("refreshes Browse Demo Videos' folder counts and files after a preview video is registered", async () => {
    const { queue, finish, client } = setup();
    // what the demo browser shows: a folder with no videos yet, read once and kept fresh for 30 s
    let videoCount = 0;
    const readFolders = vi.fn(async () => [{ catalogueId: 'cat-1', catalogueName: 'JEE', videoCount }]);
    function Folders() {
      const folders = useQuery({ queryKey: queryKeys.previewFolders, queryFn: readFolders, staleTime: 30_000 });
      return <p>{folders.data?.[0] && `Videos: ${folders.data[0].videoCount}`}</p>;
    }
    render(
      <QueryClientProvider client={client}>
        <Folders />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Videos: 0')).toBeTruthy();
    queue.enqueue(file('ok.mp4'), { type: 'preview-video', catalogueId: 'cat-1' });
    await screen.findByTestId('upload-row');
    videoCount = 1;
    finish['ok.mp4']!.resolve();
    expect(await screen.findByText('Videos: 1')).toBeTruthy();
    expect(readFolders).toHaveBeenCalledTimes(2);
  });

  it('tells screen readers in a live region how each file ended, failures at once', async () => {
    const { queue, finish } = setup();
    queue.enqueue(file('ok.mp4'), TARGET);
    queue.enqueue(file('fails.mp4'), TARGET);
    await screen.findAllByTestId('upload-row');
    finish['ok.mp4']!.resolve();
    finish['fails.mp4']!.resolve();
    await waitFor(() =>
      expect(screen.getByTestId('upload-progress-spoken').textContent).toBe('ok.mp4: uploaded and registered.'),
    );
    expect(screen.getByTestId('upload-progress-spoken').getAttribute('role')).toBe('status');
    const alert = within(screen.getByRole('region', { name: 'Uploads' })).getByRole('alert');
    expect(alert.textContent).toBe('fails.mp4: registration failed. Something went wrong. Please try again later.');
  });
});

describe('an interrupted upload in the panel (after a reload)', () => {
  it('reads the file, its size and progress, and takes the same file again to resume', async () => {
    const { persist, records } = memoryPersistence([storedUpload()]);
    const { queue, user } = setup({ persist });
    await queue.restore();
    const interrupted = await screen.findByTestId('upload-row');
    expect(interrupted.textContent).toContain('lecture.mp4');
    expect(within(interrupted).getByText(/^9\.77 KB/).textContent).toBe('9.77 KB · Interrupted');
    const ring = within(interrupted).getByRole('progressbar', { name: 'Progress of lecture.mp4' });
    expect(ring.getAttribute('aria-valuenow')).toBe('40');
    expect(interrupted.textContent).toContain('Choose the file again to resume.');
    expect(heading()).toBe('0 items in progress · 1 to resume');
    expect(within(interrupted).queryByRole('button', { name: /^Resume/ })).toBeNull();
    expect(within(interrupted).getByRole('button', { name: 'Choose file: lecture.mp4' })).toBeTruthy();

    const input = within(interrupted).getByLabelText<HTMLInputElement>('Choose lecture.mp4 to resume');
    expect(input.type).toBe('file');
    expect(input.accept).toBe('video/*');
    await user.upload(input, videoFile('other.mp4', 10_000));
    expect(within(interrupted).getByRole('alert').textContent).toBe(
      'That is not lecture.mp4 (9.77 KB): choose the same file to resume.',
    );
    expect(interrupted.getAttribute('data-status')).toBe('interrupted');
    expect(records.size).toBe(1);

    await user.upload(input, videoFile('lecture.mp4', 10_000));
    await waitFor(() => expect(screen.getByTestId('upload-row').getAttribute('data-status')).toBe('uploading'));
    expect(screen.queryByText(/choose the same file/)).toBeNull();
    expect(heading()).toBe('1 item in progress');
  });

  it("offers 'Resume' where the browser must allow reading the file again", async () => {
    const { handle, calls } = fakeHandle(videoFile('lecture.mp4', 10_000), { query: 'prompt', request: 'granted' });
    const { persist } = memoryPersistence([storedUpload({ handle })]);
    const { queue, user } = setup({ persist });
    await queue.restore();
    const interrupted = await screen.findByTestId('upload-row');
    expect(interrupted.textContent).toContain('Resume to let the browser read the file again');
    await user.click(within(interrupted).getByRole('button', { name: 'Resume lecture.mp4' }));
    expect(calls.request).toBe(1);
    await waitFor(() => expect(screen.getByTestId('upload-row').getAttribute('data-status')).toBe('uploading'));
  });

  it("'Remove' takes the row away and aborts the server's upload", async () => {
    const { persist, records } = memoryPersistence([storedUpload()]);
    const { queue, deps, user } = setup({ persist });
    await queue.restore();
    const interrupted = await screen.findByTestId('upload-row');
    await user.click(within(interrupted).getByRole('button', { name: 'Remove lecture.mp4' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Uploads' })).toBeNull());
    expect(deps.abort).toHaveBeenCalledWith('up-earlier');
    expect(records.size).toBe(0);
  });
});
