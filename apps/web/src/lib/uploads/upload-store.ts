import type { ResumableFileHandle } from './file-handle';
import type { QueueTarget } from './upload-state';

export { fileHandleOf, type ResumableFileHandle } from './file-handle';

/** One unfinished upload as kept across reloads. */
export interface StoredUpload {
  uuid: string;
  fileName: string;
  size: number;
  lastModified: number;
  target: QueueTarget;
  /** the server's upload, once started: what resuming continues and Remove aborts */
  uploadId?: string;
  key?: string;
  /** 0-100 */
  progressNum: number;
  bytesDone: number;
  /** ms since the epoch */
  addedAt: number;
  /** Chromium only: reopens the file without asking the user to find it */
  handle?: ResumableFileHandle;
}

/** Where the queue keeps unfinished uploads. Every method fails soft: a failure is an empty answer. */
export interface UploadPersistence {
  put(record: StoredUpload): Promise<void>;
  delete(uuid: string): Promise<void>;
  /** the records no other tab of the console is uploading */
  list(): Promise<StoredUpload[]>;
  /** marks an upload as running in this tab until the returned function is called */
  hold?(uuid: string): () => void;
}

const DB_NAME = 'lectern-uploads';
const STORE = 'uploads';
const LOCK_PREFIX = 'lectern-upload:';

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

function openDatabase(factory: IDBFactory): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = factory.open(DB_NAME, 1);
    req.onupgradeneeded = () => {
      if (!req.result.objectStoreNames.contains(STORE)) req.result.createObjectStore(STORE, { keyPath: 'uuid' });
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB could not be opened'));
    req.onblocked = () => reject(new Error('IndexedDB is blocked'));
  });
}

function browserLocks(): LockManager | undefined {
  return typeof navigator !== 'undefined' && navigator.locks ? navigator.locks : undefined;
}

/** Whether another tab holds the upload's lock (it is uploading it right now). */
async function heldElsewhere(locks: LockManager | undefined, uuid: string): Promise<boolean> {
  if (!locks) return false;
  try {
    const state = await locks.query();
    return (state.held ?? []).some((lock) => lock.name === LOCK_PREFIX + uuid);
  } catch {
    return false;
  }
}

/**
 * The unfinished uploads in IndexedDB ('lectern-uploads'), one record per upload keyed by uuid.
 * Without IndexedDB (private windows, quota, old browsers) it keeps nothing and says nothing:
 * uploads work as before, they are just not offered again after a reload.
 */
export function indexedDbPersistence(
  factory: IDBFactory | undefined = typeof indexedDB === 'undefined' ? undefined : indexedDB,
  locks: LockManager | undefined = browserLocks(),
): UploadPersistence {
  let opened: Promise<IDBDatabase | null> | undefined;
  const db = () =>
    (opened ??= factory
      ? openDatabase(factory).catch((error: unknown) => {
          console.warn('Uploads will not be offered again after a reload:', error);
          return null;
        })
      : Promise.resolve(null));

  // Each call awaits the same promise, then opens its transaction at once: transactions keep the
  // order of the calls, so a late progress write cannot bring back a deleted record.
  async function write(change: (store: IDBObjectStore) => void): Promise<void> {
    try {
      const database = await db();
      if (!database) return;
      const tx = database.transaction(STORE, 'readwrite');
      change(tx.objectStore(STORE));
      await done(tx);
    } catch (error) {
      console.warn('Could not keep the upload queue:', error);
    }
  }

  return {
    put: (record) =>
      write((store) => {
        try {
          store.put(record);
        } catch (error) {
          // a handle this browser cannot store: keep the rest, the file is chosen again after a reload
          if (!record.handle) throw error;
          const { handle: _handle, ...rest } = record;
          store.put(rest);
        }
      }),
    delete: (uuid) => write((store) => store.delete(uuid)),
    async list() {
      try {
        const database = await db();
        if (!database) return [];
        const records = await request(
          database.transaction(STORE, 'readonly').objectStore(STORE).getAll() as IDBRequest<StoredUpload[]>,
        );
        const mine = await Promise.all(records.map(async (r) => ((await heldElsewhere(locks, r.uuid)) ? null : r)));
        return mine.filter((r): r is StoredUpload => r !== null).sort((a, b) => a.addedAt - b.addedAt);
      } catch (error) {
        console.warn('Could not read the upload queue:', error);
        return [];
      }
    },
    hold(uuid) {
      if (!locks) return () => undefined;
      let release = () => undefined as void;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      void locks.request(LOCK_PREFIX + uuid, () => released).catch(() => undefined);
      return release;
    },
  };
}
