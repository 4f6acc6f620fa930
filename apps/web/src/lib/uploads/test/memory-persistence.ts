import type { ResumableFileHandle, StoredUpload, UploadPersistence } from '../upload-store';

/** UploadPersistence in a Map, as IndexedDB keeps it across a reload: tests read `records` directly. */
export function memoryPersistence(initial: StoredUpload[] = []) {
  const records = new Map(initial.map((record) => [record.uuid, record]));
  const persist: UploadPersistence = {
    put: async (record) => {
      records.set(record.uuid, structuredClone({ ...record, handle: undefined }));
      if (record.handle) records.get(record.uuid)!.handle = record.handle;
    },
    delete: async (uuid) => {
      records.delete(uuid);
    },
    list: async () => [...records.values()],
  };
  return { persist, records };
}

/** A record an earlier page left: 'lecture.mp4', 10,000 bytes, 40% stored, with a server upload. */
export function storedUpload(change: Partial<StoredUpload> = {}): StoredUpload {
  return {
    uuid: 'earlier-1',
    fileName: 'lecture.mp4',
    size: 10_000,
    lastModified: 1_700_000_000_000,
    target: { type: 'subject', subjectId: 'subj-1', unitId: 'u1', topicId: 't1', label: 'Organic Chemistry' },
    uploadId: 'up-earlier',
    key: 'subjects/subj-1/lecture.mp4',
    progressNum: 40,
    bytesDone: 4000,
    addedAt: 1_700_000_100_000,
    ...change,
  };
}

/** A video File as the user picks it, with a chosen last-modified time. */
export const videoFile = (name: string, size: number, lastModified = 1_700_000_000_000) =>
  new File([new Uint8Array(size)], name, { type: 'video/mp4', lastModified });

/** A Chromium-like file handle whose permission answers are given. */
export function fakeHandle(
  file: File,
  permission: { query: PermissionState; request?: PermissionState },
  options: { getFileFails?: boolean } = {},
) {
  const calls = { query: 0, request: 0 };
  const handle: ResumableFileHandle = {
    kind: 'file',
    name: file.name,
    getFile: async () => {
      if (options.getFileFails) throw new DOMException('The file could not be read', 'NotFoundError');
      return file;
    },
    queryPermission: async () => {
      calls.query++;
      return permission.query;
    },
    requestPermission: async () => {
      calls.request++;
      return permission.request ?? 'denied';
    },
  };
  return { handle, calls };
}
