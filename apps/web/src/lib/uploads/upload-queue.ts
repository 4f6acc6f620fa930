import { useSyncExternalStore } from 'react';
import { randomId, type UploadStartResult } from '@lectern/contract';

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
 */
export type UploadStatus =
  | 'queued'
  | 'uploading'
  | 'uploadedToS3'
  | 'failed'
  | 'registering'
  | 'uploadedToDb'
  | 'registrationFailed'
  | 'cancelled';

/** One file of the queue: spec 1 §3's upload file plus its state and what the server answered. */
export interface UploadItem {
  /** changes when the upload is cancelled (spec 1 §4) */
  id: string;
  /** stays for the life of the row */
  uuid: string;
  fileName: string;
  fileData: File;
  size: number;
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
}

export interface UploadQueueState {
  items: readonly UploadItem[];
}

/** The ring moves at most this often. */
const PROGRESS_INTERVAL_MS = 200;

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
  private active = 0;

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
    const uuid = this.deps.newId();
    const item: UploadItem = {
      id: this.deps.newId(),
      uuid,
      fileName: file.name,
      fileData: file,
      size: file.size,
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
    }
    this.durations.clear();
    this.set([]);
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
    if (!item || item.cancelled) return;
    const controller = new AbortController();
    this.controllers.set(uuid, controller);
    this.patch(uuid, { status: 'uploading', inQueue: false, progressNum: 0, error: undefined });
    let result: UploadedResult;
    let lastProgress = 0;
    try {
      result = await this.deps.upload(item.fileData, item.target, {
        signal: controller.signal,
        onStarted: (started) =>
          this.patch(uuid, { uploadId: started.uploadId, key: started.key, resumed: started.resumed }),
        onProgress: (loaded, total) => {
          const current = this.find(uuid);
          if (!current || current.cancelled || current.status !== 'uploading') return;
          const percent = total > 0 ? Math.floor((loaded / total) * 100) : 0;
          // at most a few repaints a second: every render takes time from the upload itself
          const now = Date.now();
          if (percent === current.progressNum || (now - lastProgress < PROGRESS_INTERVAL_MS && percent < 100)) return;
          lastProgress = now;
          this.patch(uuid, { progressNum: percent });
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
      if (!this.durations.has(uuid))
        this.durations.set(
          uuid,
          this.deps.readDuration(item.fileData).catch(() => 0),
        );
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
  };
}

/** Subscribes a component to a queue. */
export function useQueueState(queue: UploadQueue): UploadQueueState {
  return useSyncExternalStore(queue.subscribe, queue.getSnapshot, queue.getSnapshot);
}

/** A 22-character random id (62 alphanumerics, spec 1 §9). */
export const newUploadId = () => randomId(22);
