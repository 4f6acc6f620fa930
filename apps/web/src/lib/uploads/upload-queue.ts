import type { UploadStartResult } from '@lectern/contract';
import { progressWriter, QueueRecords } from './queue-persistence';
import { repaintThrottle, UploadScheduler } from './upload-scheduler';
import type { ResumableFileHandle } from './file-handle';
import type { StoredUpload, UploadPersistence } from './upload-store';
import {
  cancellable,
  nextQueued,
  patchItem,
  sameFile,
  sameTarget,
  transitions,
  waitingFor,
  wrongFileMessage,
  type QueueTarget,
  type UploadedResult,
  type UploadItem,
  type UploadQueueState,
} from './upload-state';

// what the screens and tests import from the queue
export {
  newUploadId,
  queueCounts,
  type QueueTarget,
  type UploadItem,
  type UploadQueueState,
  type UploadStatus,
  type UploadedResult,
} from './upload-state';

/** What the queue needs from the outside world; tests give fakes. */
export interface QueueDeps {
  upload(
    file: File,
    target: QueueTarget,
    hooks: {
      signal: AbortSignal;
      onProgress: (loaded: number, total: number) => void;
      onStarted: (s: UploadStartResult) => void;
    },
  ): Promise<UploadedResult>;
  /** DELETE the upload (cancel) */
  abort(uploadId: string): Promise<void>;
  /** registers the stored file with the backend */
  register(item: UploadItem & { key: string }, durationSeconds: number): Promise<void>;
  /** the video's duration, read in the browser */
  readDuration(file: File): Promise<number>;
  newId(): string;
  /** files uploading at once */
  maxFiles: number;
  /** keeps unfinished uploads across reloads; without it nothing is kept */
  persist?: UploadPersistence;
}

export type RegisteredListener = (item: UploadItem) => void;

/**
 * The upload queue: a store outside React, so uploads go on while the user moves between screens. It
 * applies the state machine's transitions (upload-state.ts), starts uploads through the scheduler and
 * keeps unfinished ones through the records (queue-persistence.ts).
 */
export class UploadQueue {
  private state: UploadQueueState = { items: [] };
  private readonly listeners = new Set<() => void>();
  private readonly registeredListeners = new Set<RegisteredListener>();
  private readonly controllers = new Map<string, AbortController>();
  private readonly durations = new Map<string, Promise<number>>();
  private readonly records: QueueRecords;
  private readonly scheduler: UploadScheduler;
  private restored: Promise<void> | undefined;

  constructor(private readonly deps: QueueDeps) {
    this.records = new QueueRecords(deps.persist);
    this.scheduler = new UploadScheduler(
      deps.maxFiles,
      () => nextQueued(this.state.items)?.uuid,
      (uuid) => this.run(uuid),
    );
  }

  // ---- store

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  getSnapshot = (): UploadQueueState => this.state;

  /** Called after each successful registration (the panel refreshes the subject and file lists). */
  onRegistered(listener: RegisteredListener): () => void {
    this.registeredListeners.add(listener);
    return () => {
      this.registeredListeners.delete(listener);
    };
  }

  private set(items: readonly UploadItem[]) {
    this.state = { items };
    for (const listener of [...this.listeners]) listener();
  }

  private find(uuid: string): UploadItem | undefined {
    return this.state.items.find((item) => item.uuid === uuid);
  }

  private patch(uuid: string, change: Partial<UploadItem>) {
    this.set(patchItem(this.state.items, uuid, change));
  }

  private save(uuid: string, bytesDone?: number): void {
    this.records.save(this.find(uuid), bytesDone);
  }

  private forget(uuid: string): void {
    this.records.forget(uuid);
  }

  private pump(): void {
    this.scheduler.pump();
  }

  // ---- actions

  /** Adds a file (checked by the caller) and starts it when a slot is free. Returns the row's uuid. */
  enqueue(file: File, target: QueueTarget): string {
    // the file of an interrupted row, chosen again in the page's own drop zone: that row resumes
    const waiting = waitingFor(this.state.items, file, target);
    if (waiting) {
      this.resumeWithFile(waiting.uuid, file);
      return waiting.uuid;
    }
    const uuid = this.deps.newId();
    this.set([...this.state.items, transitions.queued(file, target, uuid, this.deps.newId())]);
    this.pump();
    return uuid;
  }

  /** 'Upload All': queues again every file whose storage upload failed (never a cancelled one). */
  uploadAll(): void {
    this.set(this.state.items.map(transitions.retried));
    this.pump();
  }

  /** 'FIX FAILURES (n)': registers again the files whose registration failed; nothing is uploaded again. */
  fixFailures(): Promise<void> {
    const failed = this.state.items.filter((item) => !item.cancelled && item.status === 'registrationFailed');
    return Promise.all(failed.map((item) => this.register(item.uuid))).then(() => undefined);
  }

  /**
   * Cancels an upload: aborts its requests and the server's upload (DELETE), resets progress to 0,
   * marks it cancelled and gives it a new id (spec 1 §4).
   */
  cancel(id: string): void {
    const item = this.state.items.find((entry) => entry.id === id);
    if (!item || !cancellable(item)) return;
    this.controllers.get(item.uuid)?.abort();
    if (item.uploadId) void this.deps.abort(item.uploadId).catch(() => undefined);
    this.forget(item.uuid);
    this.patch(item.uuid, transitions.cancelled(this.deps.newId()));
  }

  /** 'Clear Uploaded': removes the rows that are registered. */
  clearUploaded(): void {
    this.set(this.state.items.filter((item) => item.status !== 'uploadedToDb'));
  }

  /** 'Clear All': cancels what is still uploading and empties the list. */
  clearAll(): void {
    for (const item of this.state.items) {
      if (cancellable(item)) this.cancel(item.id);
      else if (item.status === 'interrupted' && item.uploadId)
        void this.deps.abort(item.uploadId).catch(() => undefined);
      this.forget(item.uuid);
    }
    this.durations.clear();
    this.set([]);
  }

  /**
   * 'Remove': takes a row off the list for good. An upload on its way is cancelled first; the
   * server's upload of an interrupted row is aborted (its stored parts are dropped).
   */
  remove(uuid: string): void {
    const item = this.find(uuid);
    if (!item) return;
    if (cancellable(item)) this.cancel(item.id);
    else if (item.status === 'interrupted' && item.uploadId) void this.deps.abort(item.uploadId).catch(() => undefined);
    this.forget(uuid);
    this.durations.delete(uuid);
    this.set(this.state.items.filter((entry) => entry.uuid !== uuid));
  }

  // ---- after a reload

  /**
   * Shows the uploads an earlier page left unfinished as interrupted rows (once per queue). A row
   * whose file handle may still be read resumes by itself; one whose handle needs the user's
   * permission waits for 'Resume'; the others wait for the file to be chosen again.
   */
  restore(): Promise<void> {
    this.restored ??= this.load();
    return this.restored;
  }

  private async load(): Promise<void> {
    const records = await this.records.list();
    const known = new Set(this.state.items.map((item) => item.uuid));
    // the same file started again for the same target before the records were read: it resumed
    // already, its old record is spent
    const restarted = (record: StoredUpload) =>
      this.state.items.some(
        (item) => sameTarget(item.target, record.target) && item.fileData !== null && sameFile(record, item.fileData),
      );
    const rows: UploadItem[] = records
      .filter((record) => {
        if (known.has(record.uuid)) return false;
        if (!restarted(record)) return true;
        this.forget(record.uuid);
        return false;
      })
      .map((record) => this.records.interrupted(record, this.deps.newId()));
    if (rows.length === 0) return;
    this.set([...this.state.items, ...rows]);
    await Promise.all(rows.filter((row) => row.handle).map((row) => this.reopen(row.uuid)));
  }

  /** Reads an interrupted row's file through its handle when the browser still allows it. */
  private async reopen(uuid: string): Promise<void> {
    const handle = this.find(uuid)?.handle;
    if (!handle) return;
    let permission: PermissionState = 'granted';
    try {
      if (handle.queryPermission) permission = await handle.queryPermission({ mode: 'read' });
    } catch {
      permission = 'denied';
    }
    if (permission === 'prompt' && handle.requestPermission) {
      this.patch(uuid, { needsPermission: true });
      return;
    }
    if (permission !== 'granted') return this.dropHandle(uuid);
    await this.resumeFromHandle(handle, uuid);
  }

  /**
   * 'Resume' on an interrupted row whose handle needs permission. Call it straight from the click:
   * the browser asks only while the click's user activation lasts.
   */
  async resume(uuid: string): Promise<void> {
    const handle = this.find(uuid)?.handle;
    if (!handle) return;
    let permission: PermissionState = 'granted';
    try {
      if (handle.requestPermission) permission = await handle.requestPermission({ mode: 'read' });
    } catch {
      permission = 'denied';
    }
    if (permission !== 'granted') return this.dropHandle(uuid);
    await this.resumeFromHandle(handle, uuid);
  }

  private async resumeFromHandle(handle: ResumableFileHandle, uuid: string): Promise<void> {
    let file: File;
    try {
      file = await handle.getFile();
    } catch {
      // moved, deleted or no longer readable: the user chooses it again
      return this.dropHandle(uuid);
    }
    if (this.resumeWithFile(uuid, file) !== null) this.dropHandle(uuid);
  }

  /** The handle cannot give the file back: the row falls back to 'choose the file again'. */
  private dropHandle(uuid: string): void {
    const item = this.find(uuid);
    if (!item || item.status !== 'interrupted') return;
    this.patch(uuid, { handle: undefined, needsPermission: false });
    this.save(uuid);
  }

  /**
   * The file chosen again for an interrupted row: the same file (name, size, last-modified time)
   * queues the row again, and the server resumes from the parts it holds. Another file is refused
   * and nothing changes; returns the message, or null when queued.
   */
  resumeWithFile(uuid: string, file: File): string | null {
    const item = this.find(uuid);
    if (!item || item.status !== 'interrupted') return null;
    if (!sameFile(item, file)) {
      const refusal = wrongFileMessage(item);
      this.patch(uuid, { refusal });
      return refusal;
    }
    this.patch(uuid, transitions.resumed(item, file));
    this.pump();
    return null;
  }

  // ---- processing

  private async run(uuid: string): Promise<void> {
    const item = this.find(uuid);
    if (!item || item.cancelled || !item.fileData) return;
    const controller = new AbortController();
    this.controllers.set(uuid, controller);
    this.patch(uuid, transitions.uploading());
    this.save(uuid);
    // another tab of the console reading the records leaves this one alone while it runs
    const release = this.records.hold(uuid);
    const repaint = repaintThrottle();
    const stored = progressWriter((bytesDone) => this.save(uuid, bytesDone));
    let result: UploadedResult;
    try {
      result = await this.deps.upload(item.fileData, item.target, {
        signal: controller.signal,
        onStarted: (started) => {
          this.patch(uuid, { uploadId: started.uploadId, key: started.key, resumed: started.resumed });
          this.save(uuid);
        },
        onProgress: (loaded, total) => {
          const current = this.find(uuid);
          if (!current || current.cancelled || current.status !== 'uploading') return;
          const now = Date.now();
          const percent = repaint(current.progressNum, loaded, total, now);
          if (percent !== null) this.patch(uuid, { progressNum: percent });
          stored.progress(loaded, now);
        },
      });
    } catch (error) {
      const current = this.find(uuid);
      if (!current || current.cancelled) return;
      // spec 1 §8: a storage failure marks the file failed and is only logged
      console.warn(`Upload of ${item.fileName} failed`, error);
      this.patch(uuid, transitions.failed(error));
      return;
    } finally {
      this.controllers.delete(uuid);
      stored.stop();
      release?.();
    }
    const current = this.find(uuid);
    if (!current || current.cancelled) return;
    this.patch(uuid, transitions.stored(result));
    await this.register(uuid);
  }

  /** Registration with the backend: uploadedToDb, or registrationFailed (uploadedToDb false). */
  private async register(uuid: string): Promise<void> {
    const item = this.find(uuid);
    if (!item || item.cancelled || !item.key || !item.uploadedToS3) return;
    this.patch(uuid, transitions.registering());
    try {
      // read once the bytes are stored (not while they upload: it would compete with the upload),
      // and only once: 'FIX FAILURES' reuses it
      const file = item.fileData;
      if (!this.durations.has(uuid))
        this.durations.set(uuid, file ? this.deps.readDuration(file).catch(() => 0) : Promise.resolve(0));
      const duration = await this.durations.get(uuid)!;
      await this.deps.register({ ...item, key: item.key }, duration);
    } catch (error) {
      if (!this.find(uuid)) return;
      this.patch(uuid, transitions.registrationFailed(error));
      return;
    }
    const done = this.find(uuid);
    if (!done) return;
    this.patch(uuid, transitions.registered());
    this.forget(uuid);
    for (const listener of [...this.registeredListeners]) listener(this.find(uuid)!);
  }
}
