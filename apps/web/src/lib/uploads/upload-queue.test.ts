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
import type { UploadPersistence } from './upload-store';
import { fakeHandle, memoryPersistence, storedUpload, videoFile } from './test/memory-persistence';

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
function setup(options: { maxFiles?: number; registerFails?: number; persist?: UploadPersistence } = {}) {
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
    ...(options.persist ? { persist: options.persist } : {}),
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
  // wait justified: a macrotask flush, no time passing: the fakes settle at once and the queue's steps
  // (upload, duration, register, the next file) chain on promises, so one macrotask runs after them all
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

describe('the upload queue across a reload', () => {
  const started = (uploadId: string) => ({ uploadId, key: `k-${uploadId}`, resumed: false }) as UploadStartResult;

  it('keeps a record from the start of an upload, with the server upload once started', () => {
    const { persist, records } = memoryPersistence();
    const { queue, uploads } = setup({ persist });
    const uuid = queue.enqueue(videoFile('a.mp4', 1000, 1234), TARGET);
    expect(records.get(uuid)).toMatchObject({
      uuid,
      fileName: 'a.mp4',
      size: 1000,
      lastModified: 1234,
      target: TARGET,
      progressNum: 0,
    });
    expect(records.get(uuid)!.uploadId).toBeUndefined();
    uploads[0]!.started(started('up-a'));
    expect(records.get(uuid)).toMatchObject({ uploadId: 'up-a', key: 'k-up-a' });
  });

  it('writes progress at most every couple of seconds, the latest value each time', () => {
    vi.useFakeTimers();
    const { persist, records } = memoryPersistence();
    const { queue, uploads, item } = setup({ persist });
    const uuid = queue.enqueue(file('a.mp4', 1000), TARGET);
    vi.advanceTimersByTime(500);
    uploads[0]!.progress(300, 1000);
    vi.advanceTimersByTime(1000);
    uploads[0]!.progress(350, 1000);
    expect(item(uuid).progressNum).toBe(35);
    expect(records.get(uuid)!.progressNum).toBe(0);
    vi.advanceTimersByTime(500); // 2 s after the start
    expect(records.get(uuid)).toMatchObject({ progressNum: 35, bytesDone: 350 });
    uploads[0]!.progress(450, 1000);
    vi.advanceTimersByTime(1900);
    expect(records.get(uuid)!.progressNum).toBe(35);
    vi.advanceTimersByTime(100);
    expect(records.get(uuid)).toMatchObject({ progressNum: 45, bytesDone: 450 });
  });

  it('deletes the record once registered, cancelled or cleared, and keeps it after a failure', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { persist, records } = memoryPersistence();
    const { queue, uploads, item, settle } = setup({ persist, maxFiles: 4 });
    const registered = queue.enqueue(file('a.mp4'), TARGET);
    const cancelled = queue.enqueue(file('b.mp4'), TARGET);
    const failed = queue.enqueue(file('c.mp4'), TARGET);
    const cleared = queue.enqueue(file('d.mp4'), TARGET);
    expect(records.size).toBe(4);
    uploads[0]!.resolve();
    queue.cancel(item(cancelled).id);
    uploads[2]!.reject(new Error('The upload failed.'));
    await settle();
    expect(item(registered).status).toBe('uploadedToDb');
    expect([...records.keys()]).toEqual([failed, cleared]);
    queue.clearAll();
    expect(records.size).toBe(0);
    warn.mockRestore();
  });

  it('shows the uploads of an earlier page as interrupted rows, once', async () => {
    const { persist } = memoryPersistence([storedUpload()]);
    const { queue, deps } = setup({ persist });
    await Promise.all([queue.restore(), queue.restore()]);
    expect(queue.getSnapshot().items).toEqual([
      expect.objectContaining({
        uuid: 'earlier-1',
        fileName: 'lecture.mp4',
        size: 10_000,
        status: 'interrupted',
        progressNum: 40,
        uploadId: 'up-earlier',
        fileData: null,
      }),
    ]);
    expect(queueCounts(queue.getSnapshot().items)).toMatchObject({ inProgress: 0, interrupted: 1 });
    expect(deps.upload).not.toHaveBeenCalled();
  });

  it('uploads an interrupted row again when the same file is chosen, to the same target', async () => {
    const { persist, records } = memoryPersistence([storedUpload()]);
    const { queue, deps, uploads, item, settle } = setup({ persist });
    await queue.restore();
    const same = videoFile('lecture.mp4', 10_000);
    expect(queue.resumeWithFile('earlier-1', same)).toBeNull();
    expect(item('earlier-1').status).toBe('uploading');
    expect(deps.upload).toHaveBeenCalledWith(same, storedUpload().target, expect.anything());
    uploads[0]!.resolve();
    await settle();
    expect(item('earlier-1').status).toBe('uploadedToDb');
    expect(records.size).toBe(0);
  });

  it('refuses another file with a message and loses nothing', async () => {
    const { persist, records } = memoryPersistence([storedUpload()]);
    const { queue, deps, item } = setup({ persist });
    await queue.restore();
    const message = 'That is not lecture.mp4 (9.77 KB): choose the same file to resume.';
    expect(queue.resumeWithFile('earlier-1', videoFile('other.mp4', 10_000))).toBe(message);
    // same name and size, edited since: not the same file either
    expect(queue.resumeWithFile('earlier-1', videoFile('lecture.mp4', 10_000, 1_800_000_000_000))).toBe(message);
    expect(item('earlier-1')).toMatchObject({ status: 'interrupted', refusal: message, uploadId: 'up-earlier' });
    expect(records.get('earlier-1')).toEqual(storedUpload());
    expect(deps.upload).not.toHaveBeenCalled();
    // then the right one
    expect(queue.resumeWithFile('earlier-1', videoFile('lecture.mp4', 10_000))).toBeNull();
    expect(item('earlier-1')).toMatchObject({ status: 'uploading', refusal: undefined });
  });

  it('resumes an interrupted row when its file is dropped in the page again, without a second row', async () => {
    const { persist } = memoryPersistence([storedUpload()]);
    const { queue, item } = setup({ persist });
    await queue.restore();
    expect(queue.enqueue(videoFile('lecture.mp4', 10_000), TARGET)).toBe('earlier-1');
    expect(queue.getSnapshot().items).toHaveLength(1);
    expect(item('earlier-1').status).toBe('uploading');
    // another topic is another upload
    queue.enqueue(videoFile('lecture.mp4', 10_000), { ...TARGET, topicId: 't2' });
    expect(queue.getSnapshot().items).toHaveLength(2);
  });

  it('drops the record of a file started again before the records were read: one row, not two', async () => {
    const { persist, records } = memoryPersistence([storedUpload()]);
    const { queue } = setup({ persist });
    const uuid = queue.enqueue(videoFile('lecture.mp4', 10_000), TARGET);
    await queue.restore();
    expect(queue.getSnapshot().items.map((i) => [i.uuid, i.status])).toEqual([[uuid, 'uploading']]);
    expect([...records.keys()]).toEqual([uuid]);
  });

  it("'Remove' on an interrupted row deletes its record and aborts the server's upload", async () => {
    const { persist, records } = memoryPersistence([
      storedUpload(),
      storedUpload({ uuid: 'earlier-2', fileName: 'never-started.mp4', uploadId: undefined, key: undefined }),
    ]);
    const { queue, deps } = setup({ persist });
    await queue.restore();
    queue.remove('earlier-1');
    queue.remove('earlier-2');
    await Promise.resolve();
    expect(queue.getSnapshot().items).toEqual([]);
    expect(records.size).toBe(0);
    expect(deps.abort).toHaveBeenCalledTimes(1);
    expect(deps.abort).toHaveBeenCalledWith('up-earlier');
  });

  it('resumes by itself where the file handle may still be read', async () => {
    const same = videoFile('lecture.mp4', 10_000);
    const { handle, calls } = fakeHandle(same, { query: 'granted' });
    const { persist } = memoryPersistence([storedUpload({ handle })]);
    const { queue, deps, item } = setup({ persist });
    await queue.restore();
    expect(calls.query).toBe(1);
    expect(item('earlier-1').status).toBe('uploading');
    expect(deps.upload).toHaveBeenCalledWith(same, expect.anything(), expect.anything());
  });

  it("waits for 'Resume' where the browser must ask first, then resumes", async () => {
    const { handle, calls } = fakeHandle(videoFile('lecture.mp4', 10_000), { query: 'prompt', request: 'granted' });
    const { persist } = memoryPersistence([storedUpload({ handle })]);
    const { queue, deps, item } = setup({ persist });
    await queue.restore();
    expect(item('earlier-1')).toMatchObject({ status: 'interrupted', needsPermission: true });
    expect(calls.request).toBe(0);
    await queue.resume('earlier-1');
    expect(calls.request).toBe(1);
    expect(item('earlier-1').status).toBe('uploading');
    expect(deps.upload).toHaveBeenCalledTimes(1);
  });

  it('falls back to choosing the file again when permission is refused or the file is gone', async () => {
    const refused = fakeHandle(videoFile('lecture.mp4', 10_000), { query: 'prompt', request: 'denied' });
    const gone = fakeHandle(videoFile('gone.mp4', 10_000), { query: 'granted' }, { getFileFails: true });
    const changed = fakeHandle(videoFile('edited.mp4', 12_000), { query: 'granted' });
    const { persist, records } = memoryPersistence([
      storedUpload({ handle: refused.handle }),
      storedUpload({ uuid: 'earlier-2', fileName: 'gone.mp4', handle: gone.handle }),
      storedUpload({ uuid: 'earlier-3', fileName: 'edited.mp4', handle: changed.handle }),
    ]);
    const { queue, deps, item } = setup({ persist });
    await queue.restore();
    await queue.resume('earlier-1');
    for (const uuid of ['earlier-1', 'earlier-2', 'earlier-3']) {
      expect(item(uuid)).toMatchObject({ status: 'interrupted', needsPermission: false, handle: undefined });
      expect(records.get(uuid)!.handle).toBeUndefined();
    }
    expect(deps.upload).not.toHaveBeenCalled();
  });

  it('uploads as before when the store fails', async () => {
    const broken: UploadPersistence = {
      put: () => Promise.reject(new Error('QuotaExceededError')),
      delete: () => Promise.reject(new Error('QuotaExceededError')),
      list: () => Promise.reject(new Error('QuotaExceededError')),
    };
    const { queue, uploads, item, settle } = setup({ persist: broken });
    await queue.restore();
    const uuid = queue.enqueue(file('a.mp4'), TARGET);
    uploads[0]!.started(started('up-a'));
    uploads[0]!.resolve();
    await settle();
    expect(item(uuid).status).toBe('uploadedToDb');
  });
});
