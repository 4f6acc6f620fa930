import { describe, expect, it, vi } from 'vitest';
import type { UploadStartResult } from '@lectern/contract';
import {
  UploadQueue,
  queueCounts,
  type QueueDeps,
  type QueueTarget,
  type UploadStatus,
  type UploadedResult,
} from './upload-queue';

const TARGET: QueueTarget = { type: 'subject', subjectId: 'subj-1', unitId: 'u1', topicId: 't1' };

interface Pending {
  file: File;
  signal: AbortSignal;
  progress: (loaded: number, total: number) => void;
  started: (s: UploadStartResult) => void;
  resolve: () => void;
  reject: (error: Error) => void;
}

/** A queue whose uploads and registrations the test finishes by hand. */
function setup(options: { maxFiles?: number; registerFails?: number } = {}) {
  const uploads: Pending[] = [];
  let ids = 0;
  let registerFailures = options.registerFails ?? 0;
  const deps: QueueDeps = {
    upload: vi.fn<QueueDeps['upload']>(
      (file, _target, hooks) =>
        new Promise<UploadedResult>((resolve, reject) => {
          uploads.push({
            file,
            signal: hooks.signal,
            progress: hooks.onProgress,
            started: hooks.onStarted,
            resolve: () =>
              resolve({ uploadId: `up-${file.name}`, key: `subjects/subj-1/x-${file.name}`, resumed: false }),
            reject,
          });
          hooks.signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    ),
    abort: vi.fn(async () => undefined),
    register: vi.fn(async () => {
      if (registerFailures > 0) {
        registerFailures--;
        throw new Error('Something went wrong. Please try again later.');
      }
    }),
    readDuration: vi.fn(async () => 754),
    newId: () => `id-${++ids}`,
    maxFiles: options.maxFiles ?? 2,
  };
  const queue = new UploadQueue(deps);
  const history: Record<string, UploadStatus[]> = {};
  queue.subscribe(() => {
    for (const item of queue.getSnapshot().items) {
      const seen = (history[item.uuid] ??= []);
      if (seen.at(-1) !== item.status) seen.push(item.status);
    }
  });
  const item = (uuid: string) => queue.getSnapshot().items.find((i) => i.uuid === uuid)!;
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { queue, deps, uploads, history, item, settle };
}

const file = (name: string, size = 1000) => new File([new Uint8Array(size)], name, { type: 'video/mp4' });

describe('the upload queue', () => {
  it('goes queued -> uploading (0-100) -> uploadedToS3 -> registering -> uploadedToDb', async () => {
    const { queue, deps, uploads, history, item, settle } = setup({ maxFiles: 1 });
    const first = queue.enqueue(file('a.mp4'), TARGET);
    const second = queue.enqueue(file('b.mp4'), TARGET);
    expect(item(first)).toMatchObject({ status: 'uploading', inQueue: false, progressNum: 0 });
    expect(item(second)).toMatchObject({ status: 'queued', inQueue: true, cancelled: false });
    uploads[0]!.progress(500, 1000);
    expect(item(first).progressNum).toBe(50);
    uploads[0]!.progress(1000, 1000);
    uploads[0]!.resolve();
    await settle();
    expect(item(first)).toMatchObject({
      status: 'uploadedToDb',
      progressNum: 100,
      uploadedToS3: true,
      uploadedToDb: true,
      key: 'subjects/subj-1/x-a.mp4',
    });
    expect(history[first]).toEqual(['queued', 'uploading', 'uploadedToS3', 'registering', 'uploadedToDb']);
    // registered with the duration read in the browser
    expect(deps.register).toHaveBeenCalledWith(expect.objectContaining({ fileName: 'a.mp4' }), 754);
    // the next file starts when a slot frees
    expect(item(second).status).toBe('uploading');
  });

  it('marks a file whose storage upload failed as failed; Upload All sends it again', async () => {
    // spec 1 §8: a storage failure is only logged
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { queue, deps, uploads, item, settle } = setup();
    const uuid = queue.enqueue(file('a.mp4'), TARGET);
    uploads[0]!.reject(new Error('The upload failed.'));
    await settle();
    expect(item(uuid)).toMatchObject({ status: 'failed', uploadedToS3: false, error: 'The upload failed.' });
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
    expect(queueCounts(queue.getSnapshot().items).failed).toBe(1);
    queue.uploadAll();
    expect(item(uuid).status).toBe('uploading');
    uploads[1]!.resolve();
    await settle();
    expect(item(uuid).status).toBe('uploadedToDb');
    expect(deps.upload).toHaveBeenCalledTimes(2);
  });

  it("marks a failed registration (uploadedToDb false); 'FIX FAILURES' retries the registration only", async () => {
    const { queue, deps, uploads, item, settle } = setup({ registerFails: 1 });
    const uuid = queue.enqueue(file('a.mp4'), TARGET);
    uploads[0]!.resolve();
    await settle();
    expect(item(uuid)).toMatchObject({ status: 'registrationFailed', uploadedToS3: true, uploadedToDb: false });
    expect(queueCounts(queue.getSnapshot().items).registrationFailed).toBe(1);
    // Upload All does not touch it: the file is stored already
    queue.uploadAll();
    expect(item(uuid).status).toBe('registrationFailed');
    await queue.fixFailures();
    expect(item(uuid)).toMatchObject({ status: 'uploadedToDb', uploadedToDb: true });
    expect(deps.upload).toHaveBeenCalledTimes(1);
    expect(deps.register).toHaveBeenCalledTimes(2);
  });

  it('cancelling aborts the upload (DELETE), resets progress to 0, marks it cancelled and gives a new id', async () => {
    const { queue, deps, uploads, item, settle } = setup();
    const uuid = queue.enqueue(file('a.mp4'), TARGET);
    uploads[0]!.started({ uploadId: 'up-a', key: 'k', resumed: false } as UploadStartResult);
    uploads[0]!.progress(400, 1000);
    const before = item(uuid);
    expect(before.progressNum).toBe(40);
    queue.cancel(before.id);
    await settle();
    const after = item(uuid);
    expect(after).toMatchObject({ status: 'cancelled', cancelled: true, progressNum: 0, uploadedToS3: false });
    expect(after.id).not.toBe(before.id);
    expect(uploads[0]!.signal.aborted).toBe(true);
    expect(deps.abort).toHaveBeenCalledWith('up-a');
    expect(deps.register).not.toHaveBeenCalled();
  });

  it('processes only items that are not cancelled', async () => {
    const { queue, deps, uploads, item, settle } = setup({ maxFiles: 1 });
    const first = queue.enqueue(file('a.mp4'), TARGET);
    const second = queue.enqueue(file('b.mp4'), TARGET);
    queue.cancel(item(second).id);
    uploads[0]!.resolve();
    await settle();
    queue.uploadAll();
    await settle();
    expect(item(first).status).toBe('uploadedToDb');
    expect(item(second).status).toBe('cancelled');
    expect(deps.upload).toHaveBeenCalledTimes(1);
    expect(deps.abort).not.toHaveBeenCalled(); // it had not started: nothing to abort on the server
  });

  it('Clear Uploaded removes registered rows; Clear All cancels what uploads and empties the list', async () => {
    const { queue, uploads, settle } = setup();
    queue.enqueue(file('a.mp4'), TARGET);
    queue.enqueue(file('b.mp4'), TARGET);
    uploads[0]!.resolve();
    await settle();
    expect(queueCounts(queue.getSnapshot().items)).toMatchObject({ inProgress: 1, uploaded: 1 });
    queue.clearUploaded();
    expect(queue.getSnapshot().items.map((i) => i.fileName)).toEqual(['b.mp4']);
    queue.clearAll();
    expect(queue.getSnapshot().items).toEqual([]);
    expect(uploads[1]!.signal.aborted).toBe(true);
  });

  it('tells listeners about each registration (the panel refreshes the subject)', async () => {
    const { queue, uploads, settle } = setup();
    const seen: string[] = [];
    queue.onRegistered((item) => seen.push(item.fileName));
    queue.enqueue(file('a.mp4'), TARGET);
    uploads[0]!.resolve();
    await settle();
    expect(seen).toEqual(['a.mp4']);
  });
});
