import { useSyncExternalStore } from 'react';
import { formatBytes, randomId, type UploadStartResult } from '@lectern/contract';
import { fileHandleOf, type ResumableFileHandle, type StoredUpload, type UploadPersistence } from './upload-store';

/**
 * Where a queued video goes and how it is registered afterwards: a topic of a subject (spec 1 §7,
 * PUT uploadfiles) or a catalogue's preview videos (spec 2 §7, POST preview-videos/create).
 */
export type QueueTarget =
  | { type: 'subject'; subjectId: string; unitId: string; topicId: string; label?: string }
  | { type: 'preview-video'; catalogueId: string; label?: string };

/**
 * The states of one upload (DESIGN §6, spec 1 §4): queued -> uploading (0-100) -> uploadedToS3 |
 * failed -> registering -> uploadedToDb | registrationFailed; cancelled from queued or uploading.
 * interrupted: an upload of an earlier page (kept in IndexedDB) waiting for its file to be chosen again.
 */
export type UploadStatus =
  | 'queued'
  | 'uploading'
  | 'uploadedToS3'
  | 'failed'
  | 'registering'
  | 'uploadedToDb'
  | 'registrationFailed'
  | 'cancelled'
  | 'interrupted';

/** One file of the queue: spec 1 §3's upload file plus its state and what the server answered. */
export interface UploadItem {
  /** changes when the upload is cancelled (spec 1 §4) */
  id: string;
  /** stays for the life of the row */
  uuid: string;
  fileName: string;
  /** null on an interrupted row until its file is chosen again */
  fileData: File | null;
  size: number;
  /** the file's last-modified time, part of what makes it the same file when resuming */
  lastModified?: number;
  target: QueueTarget;
  status: UploadStatus;
  /** 0-100 */
  progressNum: number;
  cancelled: boolean;
  inQueue: boolean;
  uploadedToS3: boolean;
  /** null while registration is pending, false when it failed */
  uploadedToDb: boolean | null;
  /** the message of the last failure */
  error?: string;
  uploadId?: string;
  key?: string;
  resumed?: boolean;
  /** Chromium's handle to the file: an interrupted row reopens it without a file dialog */
  handle?: ResumableFileHandle;
  /** interrupted with a handle the browser must be allowed to read again ('Resume') */
  needsPermission?: boolean;
  /** why the file chosen for an interrupted row was refused */
  refusal?: string;
}

export interface UploadedResult {
  uploadId: string;
  key: string;
  resumed: boolean;
}

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

export interface UploadQueueState {
  items: readonly UploadItem[];
}

/** The ring moves at most this often. */
const PROGRESS_INTERVAL_MS = 200;

/** The stored progress of an upload is written at most this often. */
export const PERSIST_INTERVAL_MS = 2000;

const sameTarget = (a: QueueTarget, b: QueueTarget) =>
  a.type === 'subject'
    ? b.type === 'subject' && a.subjectId === b.subjectId && a.unitId === b.unitId && a.topicId === b.topicId
    : b.type === 'preview-video' && a.catalogueId === b.catalogueId;

/** Whether `file` is the file an interrupted row was uploading: same name and size, and time when kept. */
function sameFile(item: Pick<UploadItem, 'fileName' | 'size' | 'lastModified'>, file: File): boolean {
  return (
    file.name === item.fileName &&
    file.size === item.size &&
    (item.lastModified === undefined || file.lastModified === item.lastModified)
  );
}

/** What an interrupted row says when another file is chosen for it. */
export const wrongFileMessage = (item: Pick<UploadItem, 'fileName' | 'size'>) =>
  `That is not ${item.fileName} (${formatBytes(item.size)}): choose the same file to resume.`;

/** Items still on their way: queued, uploading, stored, registering. */
export const IN_PROGRESS: readonly UploadStatus[] = ['queued', 'uploading', 'uploadedToS3', 'registering'];

export type RegisteredListener = (item: UploadItem) => void;

/** The upload queue: a store outside React, so uploads go on while the user moves between screens. */
export class UploadQueue {
  private state: UploadQueueState = { items: [] };
  private readonly listeners = new Set<() => void>();
  private readonly registeredListeners = new Set<RegisteredListener>();
  private readonly controllers = new Map<string, AbortController>();
  private readonly durations = new Map<string, Promise<number>>();
  private readonly addedAt = new Map<string, number>();
  private active = 0;
  private restored: Promise<void> | undefined;

  constructor(private readonly deps: QueueDeps) {}

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
    this.set(this.state.items.map((item) => (item.uuid === uuid ? { ...item, ...change } : item)));
  }

  // ---- actions

  /** Adds a file (checked by the caller) and starts it when a slot is free. Returns the row's uuid. */
  enqueue(file: File, target: QueueTarget): string {
    // the file of an interrupted row, chosen again in the page's own drop zone: that row resumes
    const waiting = this.state.items.find(
      (item) => item.status === 'interrupted' && sameTarget(item.target, target) && sameFile(item, file),
    );
    if (waiting) {
      this.resumeWithFile(waiting.uuid, file);
      return waiting.uuid;
    }
    const uuid = this.deps.newId();
    const item: UploadItem = {
      id: this.deps.newId(),
      uuid,
      fileName: file.name,
      fileData: file,
      size: file.size,
      lastModified: file.lastModified,
      handle: fileHandleOf(file),
      target,
      status: 'queued',
      progressNum: 0,
      cancelled: false,
      inQueue: true,
      uploadedToS3: false,
      uploadedToDb: null,
    };
    this.set([...this.state.items, item]);
    this.pump();
    return uuid;
  }

  /** 'Upload All': queues again every file whose storage upload failed (never a cancelled one). */
  uploadAll(): void {
    this.set(
      this.state.items.map((item) =>
        !item.cancelled && item.status === 'failed'
          ? { ...item, status: 'queued', inQueue: true, error: undefined }
          : item,
      ),
    );
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
    if (!item || (item.status !== 'queued' && item.status !== 'uploading')) return;
    this.controllers.get(item.uuid)?.abort();
    if (item.uploadId) void this.deps.abort(item.uploadId).catch(() => undefined);
    this.forget(item.uuid);
    this.patch(item.uuid, {
      id: this.deps.newId(),
      status: 'cancelled',
      cancelled: true,
      progressNum: 0,
      inQueue: false,
      uploadedToS3: false,
      error: undefined,
    });
  }

  /** 'Clear Uploaded': removes the rows that are registered. */
  clearUploaded(): void {
    this.set(this.state.items.filter((item) => item.status !== 'uploadedToDb'));
  }

  /** 'Clear All': cancels what is still uploading and empties the list. */
  clearAll(): void {
    for (const item of this.state.items) {
      if (item.status === 'queued' || item.status === 'uploading') this.cancel(item.id);
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
    if (item.status === 'queued' || item.status === 'uploading') this.cancel(item.id);
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
    const records = (await this.deps.persist?.list().catch(() => [])) ?? [];
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
      .map((record) => {
        this.addedAt.set(record.uuid, record.addedAt);
        return {
          id: this.deps.newId(),
          uuid: record.uuid,
          fileName: record.fileName,
          fileData: null,
          size: record.size,
          lastModified: record.lastModified,
          target: record.target,
          status: 'interrupted',
          progressNum: record.progressNum,
          cancelled: false,
          inQueue: false,
          uploadedToS3: false,
          uploadedToDb: null,
          uploadId: record.uploadId,
          key: record.key,
          handle: record.handle,
        };
      });
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
    this.patch(uuid, {
      fileData: file,
      lastModified: file.lastModified,
      handle: item.handle ?? fileHandleOf(file),
      status: 'queued',
      inQueue: true,
      needsPermission: false,
      refusal: undefined,
      error: undefined,
    });
    this.pump();
    return null;
  }

  // ---- persistence (fails soft: the store swallows its own errors)

  /** Writes the row's record: what a later page needs to offer it again. */
  private save(uuid: string, bytesDone?: number): void {
    const persist = this.deps.persist;
    const item = this.find(uuid);
    if (!persist || !item || item.cancelled || item.status === 'uploadedToDb') return;
    if (!this.addedAt.has(uuid)) this.addedAt.set(uuid, Date.now());
    const record: StoredUpload = {
      uuid,
      fileName: item.fileName,
      size: item.size,
      lastModified: item.lastModified ?? item.fileData?.lastModified ?? 0,
      // a plain copy: the target may carry getters or frozen proxies from the screen
      target: { ...item.target },
      uploadId: item.uploadId,
      key: item.key,
      progressNum:
        bytesDone !== undefined && item.size > 0 ? Math.floor((bytesDone / item.size) * 100) : item.progressNum,
      bytesDone: bytesDone ?? Math.floor((item.progressNum / 100) * item.size),
      addedAt: this.addedAt.get(uuid)!,
      ...(item.handle ? { handle: item.handle } : {}),
    };
    void persist.put(record).catch(() => undefined);
  }

  private forget(uuid: string): void {
    this.addedAt.delete(uuid);
    void this.deps.persist?.delete(uuid).catch(() => undefined);
  }

  // ---- processing

  /** Starts queued, not cancelled files while fewer than maxFiles are uploading. */
  private pump(): void {
    while (this.active < this.deps.maxFiles) {
      const next = this.state.items.find((item) => item.status === 'queued' && !item.cancelled);
      if (!next) return;
      this.active++;
      void this.run(next.uuid).finally(() => {
        this.active--;
        this.pump();
      });
    }
  }

  private async run(uuid: string): Promise<void> {
    const item = this.find(uuid);
    if (!item || item.cancelled || !item.fileData) return;
    const controller = new AbortController();
    this.controllers.set(uuid, controller);
    this.patch(uuid, { status: 'uploading', inQueue: false, progressNum: 0, error: undefined });
    this.save(uuid);
    // another tab of the console reading the records leaves this one alone while it runs
    const release = this.deps.persist?.hold?.(uuid);
    let result: UploadedResult;
    let lastProgress = 0;
    // the stored progress: written at most every PERSIST_INTERVAL_MS, the latest value at the end of each
    let lastSaved = Date.now();
    let bytesDone = 0;
    let saveTimer: ReturnType<typeof setTimeout> | undefined;
    const saveProgress = () => {
      saveTimer = undefined;
      lastSaved = Date.now();
      this.save(uuid, bytesDone);
    };
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
          const percent = total > 0 ? Math.floor((loaded / total) * 100) : 0;
          // at most a few repaints a second: every render takes time from the upload itself
          if (percent !== current.progressNum && (now - lastProgress >= PROGRESS_INTERVAL_MS || percent === 100)) {
            lastProgress = now;
            this.patch(uuid, { progressNum: percent });
          }
          bytesDone = loaded;
          saveTimer ??= setTimeout(saveProgress, Math.max(0, lastSaved + PERSIST_INTERVAL_MS - now));
        },
      });
    } catch (error) {
      const current = this.find(uuid);
      if (!current || current.cancelled) return;
      // spec 1 §8: a storage failure marks the file failed and is only logged
      console.warn(`Upload of ${item.fileName} failed`, error);
      this.patch(uuid, {
        status: 'failed',
        uploadedToS3: false,
        error: error instanceof Error ? error.message : String(error),
      });
      return;
    } finally {
      this.controllers.delete(uuid);
      clearTimeout(saveTimer);
      release?.();
    }
    const current = this.find(uuid);
    if (!current || current.cancelled) return;
    this.patch(uuid, {
      status: 'uploadedToS3',
      uploadedToS3: true,
      progressNum: 100,
      uploadId: result.uploadId,
      key: result.key,
      resumed: result.resumed,
    });
    await this.register(uuid);
  }

  /** Registration with the backend: uploadedToDb, or registrationFailed (uploadedToDb false). */
  private async register(uuid: string): Promise<void> {
    const item = this.find(uuid);
    if (!item || item.cancelled || !item.key || !item.uploadedToS3) return;
    this.patch(uuid, { status: 'registering', uploadedToDb: null, error: undefined });
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
      this.patch(uuid, {
        status: 'registrationFailed',
        uploadedToDb: false,
        error: error instanceof Error ? error.message : String(error),
      });
      return;
    }
    const done = this.find(uuid);
    if (!done) return;
    this.patch(uuid, { status: 'uploadedToDb', uploadedToDb: true });
    this.forget(uuid);
    for (const listener of [...this.registeredListeners]) listener(this.find(uuid)!);
  }
}

/** The counts the panel shows. */
export function queueCounts(items: readonly UploadItem[]) {
  return {
    inProgress: items.filter((item) => IN_PROGRESS.includes(item.status)).length,
    registrationFailed: items.filter((item) => item.status === 'registrationFailed' && !item.cancelled).length,
    failed: items.filter((item) => item.status === 'failed' && !item.cancelled).length,
    uploaded: items.filter((item) => item.status === 'uploadedToDb').length,
    interrupted: items.filter((item) => item.status === 'interrupted').length,
  };
}

/** Subscribes a component to a queue. */
export function useQueueState(queue: UploadQueue): UploadQueueState {
  return useSyncExternalStore(queue.subscribe, queue.getSnapshot, queue.getSnapshot);
}

/** A 22-character random id (62 alphanumerics, spec 1 §9). */
export const newUploadId = () => randomId(22);
