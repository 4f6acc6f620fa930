/**
 * The storage interface of DESIGN §7: presigned single and multipart uploads, listing, head, the first
 * bytes, copy, move, delete and signed reads. Two drivers implement it: local disk and S3.
 * Keys are built by the server only (object-keys.ts); every driver refuses an unsafe key again.
 */

/** An object: the bucket it lives in and its key. */
export interface ObjectRef {
  bucket: string;
  key: string;
}

export interface ObjectInfo {
  key: string;
  size: number;
  lastModified: Date;
  etag?: string;
}

export interface ListInput {
  bucket: string;
  prefix: string;
  maxKeys: number;
  continuationToken?: string;
}

export interface ListResult {
  contents: ObjectInfo[];
  isTruncated: boolean;
  nextContinuationToken?: string;
}

/** A request the browser makes straight to storage: the URL and the headers it must send exactly. */
export interface SignedRequest {
  url: string;
  headers: Record<string, string>;
  expiresAt: Date;
}

export interface DriverPart {
  partNumber: number;
  etag: string;
  size: number;
}

export interface StorageDriver {
  readonly kind: 'local' | 's3';
  /** A URL for one PUT of the whole object, `size` bytes of `contentType`. */
  presignPut(ref: ObjectRef, options: { contentType: string; size: number; expiresIn: number }): Promise<SignedRequest>;
  /**
   * Starts a multipart upload of parts of `partSize` bytes (all but the last, which may be shorter);
   * returns the storage's upload id. The local driver writes each part at its offset, so it needs the size.
   */
  createMultipart(ref: ObjectRef, options: { contentType: string; partSize: number }): Promise<string>;
  /** A URL for one part (`size` bytes); ask again for a fresh one when it expired. */
  presignPart(
    ref: ObjectRef,
    multipartId: string,
    partNumber: number,
    options: { size: number; expiresIn: number },
  ): Promise<SignedRequest>;
  /** The parts stored so far. Throws StorageError 'NotSupported' where the backend cannot tell. */
  listParts(ref: ObjectRef, multipartId: string): Promise<DriverPart[]>;
  /** Assembles the parts, in part-number order, into the object. */
  completeMultipart(ref: ObjectRef, multipartId: string, parts: { partNumber: number; etag: string }[]): Promise<void>;
  /** Drops a multipart upload and its parts (no error when it is already gone). */
  abortMultipart(ref: ObjectRef, multipartId: string): Promise<void>;
  list(input: ListInput): Promise<ListResult>;
  /** Size and date of an object, or null when there is none. */
  head(ref: ObjectRef): Promise<ObjectInfo | null>;
  /** Up to `count` bytes from the start of an object (for the content check). */
  readFirstBytes(ref: ObjectRef, count: number): Promise<Uint8Array>;
  copy(from: ObjectRef, to: ObjectRef): Promise<void>;
  move(from: ObjectRef, to: ObjectRef): Promise<void>;
  /** Deletes an object; no error when there is none. */
  delete(ref: ObjectRef): Promise<void>;
  /** A signed, expiring GET URL (HTTP ranges work, for video preview). */
  presignGet(
    ref: ObjectRef,
    options: { expiresIn: number; contentType?: string; downloadName?: string },
  ): Promise<SignedRequest>;
  /** 'ok' when the store answers and the buckets are there. */
  /** 'ok' when it can store a file now; 'full' when it answers but is out of space; 'down' otherwise */
  check(): Promise<'ok' | 'down' | 'full'>;
  /** Stores a file from local disk as an object (transcoder outputs), streamed, never held in memory. */
  putFile(ref: ObjectRef, file: string, contentType: string): Promise<void>;
  /** The object's path on local disk (local driver), or null where objects are remote. */
  localPath(ref: ObjectRef): string | null;
  close(): Promise<void>;
}

export type StorageErrorCode =
  | 'NotFound'
  | 'NoSuchUpload'
  | 'InvalidPart'
  | 'InvalidKey'
  | 'InvalidArgument'
  | 'NotSupported'
  | 'Expired'
  | 'InvalidToken'
  | 'TooLarge'
  | 'Unavailable';

/** A failure a caller can act on; anything else from a driver is a fault. */
export class StorageError extends Error {
  constructor(
    readonly code: StorageErrorCode,
    message: string,
    cause?: unknown,
  ) {
    super(message, { cause });
    this.name = 'StorageError';
  }
}

const MAX_KEY_BYTES = 1024;
const MAX_SEGMENT_BYTES = 255;
// C0 and C1 controls, DEL: never in a key.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * Refuses a key that could escape its folder or trouble a file system: empty, too long, absolute,
 * with a backslash, a control character, or an empty, '.' or '..' segment.
 */
export function assertSafeKey(key: string): void {
  const bad = (why: string) => new StorageError('InvalidKey', `unsafe storage key (${why})`);
  if (typeof key !== 'string' || key.length === 0) throw bad('empty');
  if (Buffer.byteLength(key) > MAX_KEY_BYTES) throw bad('too long');
  if (key.startsWith('/')) throw bad('absolute');
  if (key.includes('\\')) throw bad('backslash');
  if (CONTROL.test(key)) throw bad('control character');
  if (/\p{Cs}/u.test(key)) throw bad('lone surrogate');
  if (key.normalize('NFC') !== key) throw bad('not NFC');
  for (const segment of key.split('/')) {
    if (segment === '' || segment === '.' || segment === '..') throw bad('empty or dot segment');
    if (Buffer.byteLength(segment) > MAX_SEGMENT_BYTES) throw bad('segment too long');
  }
}

/** A prefix for listing: '' or safe segments, optionally ending in a partial name. */
export function isSafePrefix(prefix: string): boolean {
  if (prefix === '') return true;
  if (Buffer.byteLength(prefix) > MAX_KEY_BYTES || prefix.startsWith('/') || prefix.includes('\\')) return false;
  if (CONTROL.test(prefix)) return false;
  const segments = prefix.split('/');
  // every complete segment (all but the last) must be a real folder name
  return segments.slice(0, -1).every((s) => s !== '' && s !== '.' && s !== '..');
}

/** Bucket names as S3 allows them (and safe as folder names). */
export function assertBucket(bucket: string): void {
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket) || bucket.includes('..')) {
    throw new StorageError('InvalidKey', `invalid bucket name '${bucket}'`);
  }
}

/** `"abc"` and `abc` are the same ETag: S3 compares them without quotes. */
export function bareEtag(etag: string): string {
  return etag.replace(/"/g, '').trim().toLowerCase();
}
