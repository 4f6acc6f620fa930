import type { StoredUpload, UploadPersistence } from './upload-store';
import type { UploadItem } from './upload-state';

/** The stored progress of an upload is written at most this often. */
export const PERSIST_INTERVAL_MS = 2000;

/**
 * The queue's side of persistence: which rows are kept across reloads and as what record. Fails
 * soft (the store swallows its own errors); without a store nothing is kept.
 */
export class QueueRecords {
  private readonly addedAt = new Map<string, number>();

  constructor(private readonly persist: UploadPersistence | undefined) {}

  /** The records an earlier page left, none when they cannot be read. */
  async list(): Promise<StoredUpload[]> {
    return (await this.persist?.list().catch(() => [])) ?? [];
  }

  /** A record of an earlier page as an interrupted row (a new `id`; it keeps its time of adding). */
  interrupted(record: StoredUpload, id: string): UploadItem {
    this.addedAt.set(record.uuid, record.addedAt);
    return {
      id,
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
  }

  /** Writes the row's record: what a later page needs to offer it again. */
  save(item: UploadItem | undefined, bytesDone?: number): void {
    const persist = this.persist;
    if (!persist || !item || item.cancelled || item.status === 'uploadedToDb') return;
    const { uuid } = item;
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

  forget(uuid: string): void {
    this.addedAt.delete(uuid);
    void this.persist?.delete(uuid).catch(() => undefined);
  }

  /** Marks the upload as running in this tab (other tabs leave its record alone) until released. */
  hold(uuid: string): (() => void) | undefined {
    return this.persist?.hold?.(uuid);
  }
}

/**
 * The stored progress of a running upload: `progress` is called on every chunk, `write` at most every
 * PERSIST_INTERVAL_MS with the latest value; `stop` drops a write still waiting.
 */
export function progressWriter(write: (bytesDone: number) => void) {
  let lastSaved = Date.now();
  let bytesDone = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    progress(loaded: number, now: number) {
      bytesDone = loaded;
      timer ??= setTimeout(
        () => {
          timer = undefined;
          lastSaved = Date.now();
          write(bytesDone);
        },
        Math.max(0, lastSaved + PERSIST_INTERVAL_MS - now),
      );
    },
    stop() {
      clearTimeout(timer);
    },
  };
}
