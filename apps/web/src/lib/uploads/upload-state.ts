import { formatBytes, randomId } from '@lectern/contract';
import { fileHandleOf, type ResumableFileHandle } from './file-handle';

/**
 * The upload queue's state machine: the rows and how each moves from state to state, as pure
 * functions of plain data (no timers, no storage, no React). The queue (upload-queue.ts) applies them.
 */

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

export interface UploadQueueState {
  items: readonly UploadItem[];
}

/** Items still on their way: queued, uploading, stored, registering. */
export const IN_PROGRESS: readonly UploadStatus[] = ['queued', 'uploading', 'uploadedToS3', 'registering'];

export const sameTarget = (a: QueueTarget, b: QueueTarget) =>
  a.type === 'subject'
    ? b.type === 'subject' && a.subjectId === b.subjectId && a.unitId === b.unitId && a.topicId === b.topicId
    : b.type === 'preview-video' && a.catalogueId === b.catalogueId;

/** Whether `file` is the file an interrupted row was uploading: same name and size, and time when kept. */
export function sameFile(item: Pick<UploadItem, 'fileName' | 'size' | 'lastModified'>, file: File): boolean {
  return (
    file.name === item.fileName &&
    file.size === item.size &&
    (item.lastModified === undefined || file.lastModified === item.lastModified)
  );
}

/** What an interrupted row says when another file is chosen for it. */
export const wrongFileMessage = (item: Pick<UploadItem, 'fileName' | 'size'>) =>
  `That is not ${item.fileName} (${formatBytes(item.size)}): choose the same file to resume.`;

/** A 22-character random id (62 alphanumerics, spec 1 §9). */
export const newUploadId = () => randomId(22);

/** The rows with one of them changed. */
export function patchItem(items: readonly UploadItem[], uuid: string, change: Partial<UploadItem>): UploadItem[] {
  return items.map((item) => (item.uuid === uuid ? { ...item, ...change } : item));
}

/** Only what is waiting or uploading can be cancelled. */
export const cancellable = (item: UploadItem) => item.status === 'queued' || item.status === 'uploading';

/** The next row to start: queued and not cancelled. */
export const nextQueued = (items: readonly UploadItem[]) =>
  items.find((item) => item.status === 'queued' && !item.cancelled);

/** An interrupted row waiting for `file` (same target, same file): choosing it again resumes that row. */
export const waitingFor = (items: readonly UploadItem[], file: File, target: QueueTarget) =>
  items.find((item) => item.status === 'interrupted' && sameTarget(item.target, target) && sameFile(item, file));

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The transitions of one row, as the change each makes. */
export const transitions = {
  /** a file added to the queue */
  queued: (file: File, target: QueueTarget, uuid: string, id: string): UploadItem => ({
    id,
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
  }),
  /** 'Upload All': a failed storage upload queued again (never a cancelled one) */
  retried: (item: UploadItem): UploadItem =>
    !item.cancelled && item.status === 'failed' ? { ...item, status: 'queued', inQueue: true, error: undefined } : item,
  /** spec 1 §4: progress back to 0, marked cancelled, a new id */
  cancelled: (id: string): Partial<UploadItem> => ({
    id,
    status: 'cancelled',
    cancelled: true,
    progressNum: 0,
    inQueue: false,
    uploadedToS3: false,
    error: undefined,
  }),
  /** the same file chosen again for an interrupted row */
  resumed: (item: UploadItem, file: File): Partial<UploadItem> => ({
    fileData: file,
    lastModified: file.lastModified,
    handle: item.handle ?? fileHandleOf(file),
    status: 'queued',
    inQueue: true,
    needsPermission: false,
    refusal: undefined,
    error: undefined,
  }),
  uploading: (): Partial<UploadItem> => ({ status: 'uploading', inQueue: false, progressNum: 0, error: undefined }),
  /** spec 1 §8: a storage failure marks the file failed */
  failed: (error: unknown): Partial<UploadItem> => ({ status: 'failed', uploadedToS3: false, error: message(error) }),
  stored: (result: UploadedResult): Partial<UploadItem> => ({
    status: 'uploadedToS3',
    uploadedToS3: true,
    progressNum: 100,
    uploadId: result.uploadId,
    key: result.key,
    resumed: result.resumed,
  }),
  registering: (): Partial<UploadItem> => ({ status: 'registering', uploadedToDb: null, error: undefined }),
  registrationFailed: (error: unknown): Partial<UploadItem> => ({
    status: 'registrationFailed',
    uploadedToDb: false,
    error: message(error),
  }),
  registered: (): Partial<UploadItem> => ({ status: 'uploadedToDb', uploadedToDb: true }),
};

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
