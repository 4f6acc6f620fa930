import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { contentTypeOf, fileTypeOf } from '@lectern/contract';
import {
  StorageError,
  assertBucket,
  assertSafeKey,
  bareEtag,
  isSafePrefix,
  type DriverPart,
  type ListInput,
  type ListResult,
  type ObjectInfo,
  type ObjectRef,
  type SignedRequest,
  type StorageDriver,
} from './storage';
import { signStorageToken, verifyStorageToken, type StorageTokenPayload } from './url-token';

export interface LocalDriverOptions {
  /** DATA_DIR/storage: one folder per bucket, plus .multipart and .tmp of its own */
  root: string;
  /** HMAC key of the signed URLs */
  secret: Buffer;
  /** where the storage routes are mounted (default '/files') */
  urlBase?: string;
  now?: () => number;
}

/** What the upload route answers: the ETag of what was stored. */
export interface AcceptedBody {
  etag: string;
  size: number;
}

/** A read the route serves: status, headers and (not for HEAD) the stream. */
export interface ServedRead {
  status: 200 | 206 | 416;
  headers: Record<string, string>;
  open?: () => Readable;
}

/** A stored part's record: `{partNumber}.{size}.{etag}`, an empty file beside the upload's data. */
const PART_MARKER = /^(\d{1,5})\.(\d{1,16})\.([0-9a-f]{32})$/;
/** The multipart upload's data: every part is written straight into it at its offset. */
const DATA_FILE = 'data';
/** Bytes a body may gather in memory before waiting for the disk (per request). */
const WRITE_BUFFER = 256 * 1024;

/** Counts bytes (and hashes them, for single PUTs) as they pass; fails as soon as more than `max` arrive. */
class Meter extends Transform {
  readonly hash: crypto.Hash | null;
  bytes = 0;
  constructor(
    private readonly max: number,
    hash: boolean,
  ) {
    super({ highWaterMark: WRITE_BUFFER });
    this.hash = hash ? crypto.createHash('md5') : null;
  }
  override _transform(
    chunk: Buffer,
    _encoding: BufferEncoding,
    callback: (error?: Error | null, data?: Buffer) => void,
  ) {
    this.bytes += chunk.length;
    if (this.bytes > this.max) {
      callback(new StorageError('TooLarge', `body larger than ${this.max} bytes`));
      return;
    }
    this.hash?.update(chunk);
    callback(null, chunk);
  }
}

/** What the local driver records of a multipart upload (`upload.json`). */
interface MultipartMeta {
  bucket: string;
  key: string;
  /** every part but the last has exactly this size; part n lives at (n - 1) * partSize in the data file */
  partSize: number;
}

/** The part writes of one multipart upload in progress, and whether complete or abort is under way. */
interface UploadWrites {
  writers: Set<PartWriter>;
  closing: boolean;
  /** settles when the complete or abort under way is over */
  closed?: Promise<void>;
}

/** A part body being written: a newer write of the same part, complete and abort cancel it. */
interface PartWriter {
  partNumber: number;
  cancel: AbortController;
  settled: Promise<void>;
}

/** Single-range `bytes=a-b`, `bytes=a-`, `bytes=-n`; undefined for none or anything else (the whole file is sent). */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return undefined;
  const [, from, to] = match;
  if (from === '' && to === '') return undefined;
  let start: number;
  let end: number;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(from);
    end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
    if (to !== '' && Number(to) < start) return undefined;
  }
  if (!Number.isSafeInteger(start) || start >= size) return 'unsatisfiable';
  return { start, end };
}

/**
 * Files on local disk under DATA_DIR/storage. The server signs URLs of its own
 * (`PUT {base}/upload?token=`, `GET {base}/object?token=`) and streams bodies to disk: nothing holds a
 * whole file in memory. A single PUT lands in .tmp and is renamed into place, so a listing never shows
 * half a file. A multipart upload is one file, .multipart/{id}/data: each part is written straight into
 * it at (n - 1) * partSize, and recorded by an empty file `{n}.{size}.{etag}` once all its bytes are
 * there; complete truncates the data to the parts named and renames it into place, so the bytes are
 * written once and never copied.
 */
export class LocalStorageDriver implements StorageDriver {
  readonly kind = 'local' as const;
  private readonly root: string;
  private readonly base: string;
  private readonly now: () => number;
  /** Part bodies being written, by multipart id; `closing` while complete or abort is under way. */
  private readonly writing = new Map<string, UploadWrites>();

  constructor(private readonly options: LocalDriverOptions) {
    this.root = path.resolve(options.root);
    this.base = options.urlBase ?? '/files';
    this.now = options.now ?? (() => Date.now());
  }

  // ---- paths

  private bucketDir(bucket: string): string {
    assertBucket(bucket);
    return path.join(this.root, bucket);
  }

  private objectPath(ref: ObjectRef): string {
    assertSafeKey(ref.key);
    const dir = this.bucketDir(ref.bucket);
    const full = path.resolve(dir, ...ref.key.split('/'));
    if (!full.startsWith(dir + path.sep)) throw new StorageError('InvalidKey', 'key outside its bucket');
    return full;
  }

  private multipartDir(multipartId: string): string {
    if (!/^[0-9a-f]{32}$/.test(multipartId)) throw new StorageError('NoSuchUpload', 'no such multipart upload');
    return path.join(this.root, '.multipart', multipartId);
  }

  private async tempFile(): Promise<string> {
    const dir = path.join(this.root, '.tmp');
    await fsp.mkdir(dir, { recursive: true });
    return path.join(dir, crypto.randomBytes(12).toString('hex'));
  }

  private async placeFile(temp: string, target: string): Promise<void> {
    await fsp.mkdir(path.dirname(target), { recursive: true });
    await fsp.rename(temp, target);
  }

  private url(route: 'upload' | 'object', payload: StorageTokenPayload): string {
    return `${this.base}/${route}?token=${encodeURIComponent(signStorageToken(this.options.secret, payload))}`;
  }

  // ---- signing

  async presignPut(
    ref: ObjectRef,
    options: { contentType: string; size: number; expiresIn: number },
  ): Promise<SignedRequest> {
    this.objectPath(ref);
    const exp = this.now() + options.expiresIn * 1000;
    return {
      url: this.url('upload', { op: 'put', b: ref.bucket, k: ref.key, max: options.size, exp }),
      headers: { 'content-type': options.contentType },
      expiresAt: new Date(exp),
    };
  }

  /**
   * Starts a multipart upload of parts of `partSize` bytes (the last may be shorter): its folder, the
   * empty data file the parts are written into, and `upload.json`.
   */
  async createMultipart(ref: ObjectRef, options: { partSize: number }): Promise<string> {
    this.objectPath(ref);
    if (!Number.isSafeInteger(options.partSize) || options.partSize < 1) {
      throw new StorageError('InvalidArgument', 'part size not valid');
    }
    const id = crypto.randomBytes(16).toString('hex');
    const dir = this.multipartDir(id);
    await fsp.mkdir(dir, { recursive: true });
    await fsp.writeFile(path.join(dir, DATA_FILE), '', { flag: 'wx' });
    const meta: MultipartMeta = { bucket: ref.bucket, key: ref.key, partSize: options.partSize };
    await fsp.writeFile(path.join(dir, 'upload.json'), JSON.stringify(meta));
    return id;
  }

  async presignPart(
    ref: ObjectRef,
    multipartId: string,
    partNumber: number,
    options: { size: number; expiresIn: number },
  ): Promise<SignedRequest> {
    this.objectPath(ref);
    this.multipartDir(multipartId);
    const exp = this.now() + options.expiresIn * 1000;
    return {
      url: this.url('upload', {
        op: 'part',
        b: ref.bucket,
        k: ref.key,
        u: multipartId,
        n: partNumber,
        max: options.size,
        exp,
      }),
      headers: {},
      expiresAt: new Date(exp),
    };
  }

  async presignGet(
    ref: ObjectRef,
    options: { expiresIn: number; contentType?: string; downloadName?: string },
  ): Promise<SignedRequest> {
    this.objectPath(ref);
    const exp = this.now() + options.expiresIn * 1000;
    return {
      url: this.url('object', {
        op: 'get',
        b: ref.bucket,
        k: ref.key,
        ct: options.contentType,
        dn: options.downloadName,
        exp,
      }),
      headers: {},
      expiresAt: new Date(exp),
    };
  }

  /** Verifies a token of ours: the payload, or StorageError 'Expired' / 'InvalidToken'. */
  verifyToken(token: unknown, ops: StorageTokenPayload['op'][]): StorageTokenPayload {
    const check = verifyStorageToken(this.options.secret, token, this.now());
    if (!check.ok) {
      throw check.reason === 'expired'
        ? new StorageError('Expired', 'link expired')
        : new StorageError('InvalidToken', 'link not valid');
    }
    if (!ops.includes(check.payload.op)) throw new StorageError('InvalidToken', 'link not valid for this request');
    return check.payload;
  }

  // ---- the storage routes

  /**
   * Streams an upload body to disk for a PUT token: a whole object, or one part. Refuses a body
   * larger than the token allows (by content-length at once, else as soon as the bytes exceed it).
   */
  async acceptUpload(token: unknown, body: Readable, contentLength: number | undefined): Promise<AcceptedBody> {
    const payload = this.verifyToken(token, ['put', 'part']);
    const ref = { bucket: payload.b, key: payload.k };
    const target = this.objectPath(ref);
    if (payload.op === 'part') return this.acceptPart(payload, ref, body, contentLength);
    const max = payload.max ?? 0;
    if (contentLength !== undefined && contentLength > max) {
      throw new StorageError('TooLarge', `body larger than ${max} bytes`);
    }
    // A whole object (at most one part's size): its ETag is its md5, as S3's.
    const temp = await this.tempFile();
    const meter = new Meter(max, true);
    try {
      await pipeline(body, meter, fs.createWriteStream(temp, { flags: 'wx', highWaterMark: WRITE_BUFFER }));
      await this.placeFile(temp, target);
      return { etag: `"${meter.hash!.digest('hex')}"`, size: meter.bytes };
    } catch (error) {
      await fsp.rm(temp, { force: true });
      throw error;
    }
  }

  /**
   * Writes one part's body straight into the upload's data file at (n - 1) * partSize, then records it
   * (`{n}.{size}.{etag}`) with a fresh random ETag, so a part sent again gets a new one and a complete
   * naming the old one is refused. The record of an earlier upload of the part goes first: a body cut
   * short leaves the part missing, never half-replaced. A write of the same part still in progress is
   * cancelled first (the newest wins, whole); complete and abort cancel the writes of their upload.
   */
  private async acceptPart(
    payload: StorageTokenPayload,
    ref: ObjectRef,
    body: Readable,
    contentLength: number | undefined,
  ): Promise<AcceptedBody> {
    const id = payload.u ?? '';
    const dir = this.multipartDir(id);
    const partNumber = payload.n ?? 0;
    const meta = await this.readMultipartMeta(dir);
    if (!meta || meta.bucket !== ref.bucket || meta.key !== ref.key) {
      throw new StorageError('NoSuchUpload', 'no such multipart upload');
    }
    if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > 10_000) {
      throw new StorageError('InvalidArgument', 'part number not valid');
    }
    // Never more than the part size: a longer body would run into the next part.
    const max = Math.min(payload.max ?? 0, meta.partSize);
    if (contentLength !== undefined && contentLength > max) {
      throw new StorageError('TooLarge', `body larger than ${max} bytes`);
    }
    let state = this.writing.get(id);
    if (!state) this.writing.set(id, (state = { closing: false, writers: new Set() }));
    if (state.closing) throw new StorageError('NoSuchUpload', 'the multipart upload is being completed or aborted');
    let settle!: () => void;
    const writer: PartWriter = {
      partNumber,
      cancel: new AbortController(),
      settled: new Promise<void>((resolve) => (settle = resolve)),
    };
    const earlier = [...state.writers].filter((w) => w.partNumber === partNumber);
    state.writers.add(writer);
    try {
      for (const other of earlier) {
        other.cancel.abort(new StorageError('Unavailable', `part ${partNumber} is being uploaded again`));
        await other.settled;
      }
      if (writer.cancel.signal.aborted) throw writer.cancel.signal.reason;
      await this.dropPartRecords(dir, partNumber);
      const meter = new Meter(max, false);
      await pipeline(
        body,
        meter,
        fs.createWriteStream(path.join(dir, DATA_FILE), {
          flags: 'r+',
          start: (partNumber - 1) * meta.partSize,
          highWaterMark: WRITE_BUFFER,
        }),
        { signal: writer.cancel.signal },
      );
      const etag = crypto.randomBytes(16).toString('hex');
      await fsp.writeFile(path.join(dir, `${partNumber}.${meter.bytes}.${etag}`), '', { flag: 'wx' });
      return { etag: `"${etag}"`, size: meter.bytes };
    } catch (error) {
      if (writer.cancel.signal.aborted) throw writer.cancel.signal.reason;
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        throw new StorageError('NoSuchUpload', 'no such multipart upload');
      }
      throw error;
    } finally {
      state.writers.delete(writer);
      if (state.writers.size === 0 && !state.closing) this.writing.delete(id);
      settle();
    }
  }

  /** Removes the records of a part (the earlier upload of it), so it counts as missing until rewritten. */
  private async dropPartRecords(dir: string, partNumber: number): Promise<void> {
    for (const name of await fsp.readdir(dir)) {
      const match = PART_MARKER.exec(name);
      if (match && Number(match[1]) === partNumber) await fsp.rm(path.join(dir, name), { force: true });
    }
  }

  /**
   * Stops new part writes of an upload, cancels those in progress and waits for them, runs `work`,
   * then lets writes in again (they find the upload gone when `work` removed it).
   */
  private async closingUpload<T>(id: string, work: () => Promise<T>): Promise<T> {
    let state = this.writing.get(id);
    // one complete or abort at a time: a second waits for the first, then finds what it left
    while (state?.closing) {
      await state.closed;
      state = this.writing.get(id);
    }
    if (!state) this.writing.set(id, (state = { closing: false, writers: new Set() }));
    let done!: () => void;
    state.closing = true;
    state.closed = new Promise<void>((resolve) => (done = resolve));
    try {
      const writers = [...state.writers];
      for (const writer of writers) {
        writer.cancel.abort(new StorageError('NoSuchUpload', 'the multipart upload was completed or aborted'));
      }
      await Promise.all(writers.map((w) => w.settled));
      return await work();
    } finally {
      state.closing = false;
      if (state.writers.size === 0) this.writing.delete(id);
      done();
    }
  }

  /** Answers a signed GET: the whole file, or one byte range of it (206), for video preview. */
  async serveRead(token: unknown, rangeHeader: string | undefined): Promise<ServedRead> {
    const payload = this.verifyToken(token, ['get']);
    return this.serveObject({ bucket: payload.b, key: payload.k }, rangeHeader, {
      contentType: payload.ct,
      downloadName: payload.dn,
      cache: 'private, max-age=300',
    });
  }

  /** Serves one object with range support; StorageError 'NotFound' when it is not there. */
  async serveObject(
    ref: ObjectRef,
    rangeHeader: string | undefined,
    options: { contentType?: string; downloadName?: string; cache: string },
  ): Promise<ServedRead> {
    const file = this.objectPath(ref);
    const stat = await fsp.stat(file).catch(() => null);
    if (!stat || !stat.isFile()) throw new StorageError('NotFound', 'no such object');
    const type = fileTypeOf(ref.key);
    const headers: Record<string, string> = {
      'content-type': options.contentType ?? (type ? contentTypeOf(type) : 'application/octet-stream'),
      'accept-ranges': 'bytes',
      'last-modified': stat.mtime.toUTCString(),
      'cache-control': options.cache,
    };
    if (options.downloadName) {
      headers['content-disposition'] = `attachment; filename*=UTF-8''${encodeURIComponent(options.downloadName)}`;
    }
    const range = parseRange(rangeHeader, stat.size);
    if (range === 'unsatisfiable') {
      return { status: 416, headers: { ...headers, 'content-range': `bytes */${stat.size}` } };
    }
    if (range) {
      return {
        status: 206,
        headers: {
          ...headers,
          'content-range': `bytes ${range.start}-${range.end}/${stat.size}`,
          'content-length': String(range.end - range.start + 1),
        },
        open: () => fs.createReadStream(file, { start: range.start, end: range.end }),
      };
    }
    return {
      status: 200,
      headers: { ...headers, 'content-length': String(stat.size) },
      open: () => fs.createReadStream(file),
    };
  }

  // ---- multipart

  /**
   * The upload's record, or null when there is none. An upload begun before parts were written in
   * place (no part size recorded, parts as `{n}.{md5}` files) counts as gone: it starts afresh.
   */
  private async readMultipartMeta(dir: string): Promise<MultipartMeta | null> {
    try {
      const meta = JSON.parse(await fsp.readFile(path.join(dir, 'upload.json'), 'utf8')) as Partial<MultipartMeta>;
      if (typeof meta.bucket !== 'string' || typeof meta.key !== 'string') return null;
      if (!Number.isSafeInteger(meta.partSize) || meta.partSize! < 1) return null;
      return meta as MultipartMeta;
    } catch {
      return null;
    }
  }

  /** The upload's record, checked against the object it was started for. */
  private async multipartMeta(ref: ObjectRef, dir: string): Promise<MultipartMeta> {
    const meta = await this.readMultipartMeta(dir);
    if (!meta || meta.bucket !== ref.bucket || meta.key !== ref.key) {
      throw new StorageError('NoSuchUpload', 'no such multipart upload');
    }
    return meta;
  }

  /** The parts recorded as stored, by part number. */
  private async partRecords(dir: string): Promise<Map<number, { size: number; etag: string }>> {
    const names = await fsp.readdir(dir).catch(() => null);
    if (!names) throw new StorageError('NoSuchUpload', 'no such multipart upload');
    const parts = new Map<number, { size: number; etag: string }>();
    for (const name of names) {
      const match = PART_MARKER.exec(name);
      if (match) parts.set(Number(match[1]), { size: Number(match[2]), etag: match[3]! });
    }
    return parts;
  }

  async listParts(ref: ObjectRef, multipartId: string): Promise<DriverPart[]> {
    this.objectPath(ref);
    const dir = this.multipartDir(multipartId);
    await this.multipartMeta(ref, dir);
    const parts: DriverPart[] = [];
    for (const [partNumber, { size, etag }] of await this.partRecords(dir)) {
      parts.push({ partNumber, etag: `"${etag}"`, size });
    }
    return parts.sort((a, b) => a.partNumber - b.partNumber);
  }

  /**
   * Makes the object of parts 1..k: each must be stored with the ETag given, and every part but the
   * last must be a whole part (its bytes sit at fixed offsets). The data file is cut to the parts'
   * length and renamed into place: nothing is copied.
   */
  async completeMultipart(
    ref: ObjectRef,
    multipartId: string,
    parts: { partNumber: number; etag: string }[],
  ): Promise<void> {
    const target = this.objectPath(ref);
    const dir = this.multipartDir(multipartId);
    const meta = await this.multipartMeta(ref, dir);
    await this.closingUpload(multipartId, async () => {
      const stored = await this.partRecords(dir);
      const ordered = [...parts].sort((a, b) => a.partNumber - b.partNumber);
      if (ordered.length === 0) throw new StorageError('InvalidPart', 'no parts given');
      let length = 0;
      for (const [i, part] of ordered.entries()) {
        if (i > 0 && ordered[i - 1]!.partNumber === part.partNumber) {
          throw new StorageError('InvalidPart', 'part repeated');
        }
        const record = stored.get(part.partNumber);
        if (part.partNumber !== i + 1 || !record || record.etag !== bareEtag(part.etag)) {
          throw new StorageError('InvalidPart', `part ${part.partNumber} is not stored with that ETag`);
        }
        if (i < ordered.length - 1 && record.size !== meta.partSize) {
          throw new StorageError('InvalidPart', `part ${part.partNumber} is shorter than the part size`);
        }
        length = i * meta.partSize + record.size;
      }
      const data = path.join(dir, DATA_FILE);
      try {
        await fsp.truncate(data, length);
      } catch (error) {
        // an earlier complete moved the data into place, then stopped before clearing up
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
          throw new StorageError('NoSuchUpload', 'no such multipart upload');
        }
        throw error;
      }
      await this.placeFile(data, target);
      await fsp.rm(dir, { recursive: true, force: true });
    });
  }

  async abortMultipart(_ref: ObjectRef, multipartId: string): Promise<void> {
    const dir = this.multipartDir(multipartId);
    await this.closingUpload(multipartId, () => fsp.rm(dir, { recursive: true, force: true }));
  }

  // ---- objects

  async list(input: ListInput): Promise<ListResult> {
    const bucketDir = this.bucketDir(input.bucket);
    if (!isSafePrefix(input.prefix)) return { contents: [], isTruncated: false };
    let after = '';
    if (input.continuationToken !== undefined) {
      try {
        const decoded = JSON.parse(Buffer.from(input.continuationToken, 'base64url').toString('utf8')) as {
          a?: unknown;
        };
        if (typeof decoded.a !== 'string' || !decoded.a.startsWith(input.prefix)) throw new Error('bad');
        after = decoded.a;
      } catch {
        throw new StorageError('InvalidArgument', 'continuation token not valid');
      }
    }
    // Walk only the folder the prefix names; keys sort by their UTF-8 bytes, as S3 lists them.
    const folder = input.prefix.slice(0, input.prefix.lastIndexOf('/') + 1);
    const start = path.join(bucketDir, ...folder.split('/').filter(Boolean));
    const keys: { key: string; file: string }[] = [];
    const walk = async (dir: string, keyPrefix: string): Promise<void> => {
      const entries = await fsp.readdir(dir, { withFileTypes: true }).catch(() => []);
      for (const entry of entries) {
        const key = `${keyPrefix}${entry.name}`;
        if (entry.isDirectory()) await walk(path.join(dir, entry.name), `${key}/`);
        else if (entry.isFile() && key.startsWith(input.prefix)) keys.push({ key, file: path.join(dir, entry.name) });
      }
    };
    await walk(start, folder);
    const byBytes = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));
    const sorted = keys.filter((k) => after === '' || byBytes(k.key, after) > 0).sort((a, b) => byBytes(a.key, b.key));
    const page = sorted.slice(0, input.maxKeys);
    const contents: ObjectInfo[] = [];
    for (const item of page) {
      const stat = await fsp.stat(item.file).catch(() => null);
      if (stat) contents.push({ key: item.key, size: stat.size, lastModified: stat.mtime });
    }
    const isTruncated = sorted.length > page.length;
    return {
      contents,
      isTruncated,
      nextContinuationToken: isTruncated
        ? Buffer.from(JSON.stringify({ a: page[page.length - 1]!.key })).toString('base64url')
        : undefined,
    };
  }

  async head(ref: ObjectRef): Promise<ObjectInfo | null> {
    const stat = await fsp.stat(this.objectPath(ref)).catch(() => null);
    if (!stat || !stat.isFile()) return null;
    return { key: ref.key, size: stat.size, lastModified: stat.mtime };
  }

  async readFirstBytes(ref: ObjectRef, count: number): Promise<Uint8Array> {
    const handle = await fsp.open(this.objectPath(ref), 'r').catch(() => {
      throw new StorageError('NotFound', 'no such object');
    });
    try {
      const buffer = Buffer.alloc(count);
      const { bytesRead } = await handle.read(buffer, 0, count, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  async copy(from: ObjectRef, to: ObjectRef): Promise<void> {
    const source = this.objectPath(from);
    const target = this.objectPath(to);
    const temp = await this.tempFile();
    try {
      await fsp.copyFile(source, temp, fs.constants.COPYFILE_FICLONE);
      await this.placeFile(temp, target);
    } catch (error) {
      await fsp.rm(temp, { force: true });
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new StorageError('NotFound', 'no such object');
      throw error;
    }
  }

  async move(from: ObjectRef, to: ObjectRef): Promise<void> {
    const source = this.objectPath(from);
    const target = this.objectPath(to);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    try {
      await fsp.rename(source, target);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') throw new StorageError('NotFound', 'no such object');
      if (code !== 'EXDEV') throw error;
      await this.copy(from, to);
      await fsp.rm(source, { force: true });
    }
    await this.pruneEmptyFolders(path.dirname(source), this.bucketDir(from.bucket));
  }

  async delete(ref: ObjectRef): Promise<void> {
    const file = this.objectPath(ref);
    await fsp.rm(file, { force: true });
    await this.pruneEmptyFolders(path.dirname(file), this.bucketDir(ref.bucket));
  }

  /** Removes folders left empty up to the bucket, so listings stay quick. */
  private async pruneEmptyFolders(dir: string, stop: string): Promise<void> {
    let current = dir;
    while (current.startsWith(stop + path.sep)) {
      try {
        await fsp.rmdir(current);
      } catch {
        return;
      }
      current = path.dirname(current);
    }
  }

  async check(): Promise<'ok' | 'down'> {
    try {
      await fsp.mkdir(this.root, { recursive: true });
      await fsp.access(this.root, fs.constants.W_OK);
      return 'ok';
    } catch {
      return 'down';
    }
  }

  /** Drops temporary files older than a day (bodies cut off mid-stream leave none; a crash might). */
  async sweepTemp(olderThanMs = 24 * 3600_000): Promise<void> {
    const dir = path.join(this.root, '.tmp');
    const names = await fsp.readdir(dir).catch(() => []);
    for (const name of names) {
      const file = path.join(dir, name);
      const stat = await fsp.stat(file).catch(() => null);
      if (stat && this.now() - stat.mtimeMs > olderThanMs) await fsp.rm(file, { force: true });
    }
  }

  async close(): Promise<void> {}

  async putFile(ref: ObjectRef, file: string): Promise<void> {
    const target = this.objectPath(ref);
    const temp = await this.tempFile();
    try {
      await fsp.copyFile(file, temp);
      await this.placeFile(temp, target);
    } catch (error) {
      await fsp.rm(temp, { force: true });
      throw error;
    }
  }

  localPath(ref: ObjectRef): string {
    return this.objectPath(ref);
  }
}
