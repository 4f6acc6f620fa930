import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { contentTypeOf, fileTypeOf } from '@lectern/contract';
import { freeBytes } from '../lib/disk-space';
import { isOutOfSpace } from '../lib/out-of-space';
import { LocalFiles, Meter, WRITE_BUFFER } from './local-files';
import { baseName, nameAfterId } from './object-keys';
import { LocalMultipartStore, type AcceptedBody } from './local-multipart';
import { readFileRange, type ServedRead } from './range-read';
import {
  StorageError,
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
  /** less free space than this and check() reports the disk full (default 64 MiB) */
  minFreeBytes?: number;
}

/** What the health check writes and removes. */
const HEALTH_PROBE = 'lectern health probe\n';
const DEFAULT_MIN_FREE_BYTES = 64 * 1024 * 1024;

/**
 * Files on local disk under DATA_DIR/storage. The server signs URLs of its own
 * (`PUT {base}/upload?token=`, `GET {base}/object?token=`) and streams bodies to disk: nothing holds a
 * whole file in memory. A single PUT lands in .tmp and is renamed into place, so a listing never shows
 * half a file. Multipart uploads are the part store's (local-multipart.ts); reads with HTTP ranges
 * are served by range-read.ts.
 */
export class LocalStorageDriver implements StorageDriver {
  readonly kind = 'local' as const;
  private readonly files: LocalFiles;
  private readonly multipart: LocalMultipartStore;
  private readonly base: string;
  private readonly now: () => number;

  constructor(private readonly options: LocalDriverOptions) {
    this.files = new LocalFiles(options.root);
    this.multipart = new LocalMultipartStore(this.files);
    this.base = options.urlBase ?? '/files';
    this.now = options.now ?? (() => Date.now());
  }

  private url(route: 'upload' | 'object', payload: StorageTokenPayload): string {
    return `${this.base}/${route}?token=${encodeURIComponent(signStorageToken(this.options.secret, payload))}`;
  }

  // ---- signing

  async presignPut(
    ref: ObjectRef,
    options: { contentType: string; size: number; expiresIn: number },
  ): Promise<SignedRequest> {
    this.files.objectPath(ref);
    const exp = this.now() + options.expiresIn * 1000;
    return {
      url: this.url('upload', { op: 'put', b: ref.bucket, k: ref.key, max: options.size, exp }),
      headers: { 'content-type': options.contentType },
      expiresAt: new Date(exp),
    };
  }

  createMultipart(ref: ObjectRef, options: { partSize: number }): Promise<string> {
    return this.multipart.createMultipart(ref, options);
  }

  async presignPart(
    ref: ObjectRef,
    multipartId: string,
    partNumber: number,
    options: { size: number; expiresIn: number },
  ): Promise<SignedRequest> {
    this.files.objectPath(ref);
    this.multipart.multipartDir(multipartId);
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
    this.files.objectPath(ref);
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
    const target = this.files.objectPath(ref);
    if (payload.op === 'part') {
      const part = { multipartId: payload.u ?? '', partNumber: payload.n ?? 0, maxBytes: payload.max ?? 0 };
      return this.multipart.writePart(ref, part, body, contentLength);
    }
    const max = payload.max ?? 0;
    if (contentLength !== undefined && contentLength > max) {
      throw new StorageError('TooLarge', `body larger than ${max} bytes`);
    }
    // A whole object (at most one part's size): its ETag is its md5, as S3's.
    const temp = await this.files.tempFile();
    const meter = new Meter(max, true);
    try {
      await pipeline(body, meter, fs.createWriteStream(temp, { flags: 'wx', highWaterMark: WRITE_BUFFER }));
      await this.files.placeFile(temp, target);
      return { etag: `"${meter.hash!.digest('hex')}"`, size: meter.bytes };
    } catch (error) {
      await fsp.rm(temp, { force: true });
      throw error;
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
    const type = fileTypeOf(ref.key);
    const headers: Record<string, string> = {
      'content-type': options.contentType ?? (type ? contentTypeOf(type) : 'application/octet-stream'),
      'cache-control': options.cache,
      // Stored files come from the console's own origin: whatever one holds (HTML after valid magic
      // bytes, a PDF with script), it runs in a sandbox with no origin, so it can never act as the console.
      'content-security-policy': 'sandbox',
      'content-disposition': options.downloadName
        ? `attachment; filename*=UTF-8''${encodeURIComponent(options.downloadName)}`
        : `inline; filename*=UTF-8''${encodeURIComponent(nameAfterId(baseName(ref.key)))}`,
    };
    return readFileRange(this.files.objectPath(ref), rangeHeader, headers);
  }

  // ---- multipart (the part store)

  listParts(ref: ObjectRef, multipartId: string): Promise<DriverPart[]> {
    return this.multipart.listParts(ref, multipartId);
  }

  completeMultipart(ref: ObjectRef, multipartId: string, parts: { partNumber: number; etag: string }[]): Promise<void> {
    return this.multipart.completeMultipart(ref, multipartId, parts);
  }

  abortMultipart(_ref: ObjectRef, multipartId: string): Promise<void> {
    return this.multipart.abortMultipart(multipartId);
  }

  // ---- objects

  async list(input: ListInput): Promise<ListResult> {
    const bucketDir = this.files.bucketDir(input.bucket);
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
    const stat = await fsp.stat(this.files.objectPath(ref)).catch(() => null);
    if (!stat || !stat.isFile()) return null;
    return { key: ref.key, size: stat.size, lastModified: stat.mtime };
  }

  async readFirstBytes(ref: ObjectRef, count: number): Promise<Uint8Array> {
    const handle = await fsp.open(this.files.objectPath(ref), 'r').catch(() => {
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
    const source = this.files.objectPath(from);
    const target = this.files.objectPath(to);
    const temp = await this.files.tempFile();
    try {
      await fsp.copyFile(source, temp, fs.constants.COPYFILE_FICLONE);
      await this.files.placeFile(temp, target);
    } catch (error) {
      await fsp.rm(temp, { force: true });
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new StorageError('NotFound', 'no such object');
      throw error;
    }
  }

  async move(from: ObjectRef, to: ObjectRef): Promise<void> {
    const source = this.files.objectPath(from);
    const target = this.files.objectPath(to);
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
    await this.files.pruneEmptyFolders(path.dirname(source), this.files.bucketDir(from.bucket));
  }

  async delete(ref: ObjectRef): Promise<void> {
    const file = this.files.objectPath(ref);
    await fsp.rm(file, { force: true });
    await this.files.pruneEmptyFolders(path.dirname(file), this.files.bucketDir(ref.bucket));
  }

  /**
   * Proves the folder can store a file now: writes a small probe file and removes it (a full disk
   * still lists and reads), and counts too little free space as full.
   */
  async check(): Promise<'ok' | 'down' | 'full'> {
    const probe = path.join(this.files.root, '.tmp', `health-${process.pid}`);
    try {
      await fsp.mkdir(path.dirname(probe), { recursive: true });
      await fsp.writeFile(probe, HEALTH_PROBE);
      await fsp.rm(probe, { force: true });
    } catch (error) {
      await fsp.rm(probe, { force: true }).catch(() => undefined);
      return isOutOfSpace(error) ? 'full' : 'down';
    }
    const free = await freeBytes(this.files.root);
    return free !== null && free < (this.options.minFreeBytes ?? DEFAULT_MIN_FREE_BYTES) ? 'full' : 'ok';
  }

  /** Drops temporary files older than a day (bodies cut off mid-stream leave none; a crash might). */
  async sweepTemp(olderThanMs = 24 * 3600_000): Promise<void> {
    const dir = path.join(this.files.root, '.tmp');
    const names = await fsp.readdir(dir).catch(() => []);
    for (const name of names) {
      const file = path.join(dir, name);
      const stat = await fsp.stat(file).catch(() => null);
      if (stat && this.now() - stat.mtimeMs > olderThanMs) await fsp.rm(file, { force: true });
    }
  }

  async close(): Promise<void> {}

  async putFile(ref: ObjectRef, file: string): Promise<void> {
    const target = this.files.objectPath(ref);
    const temp = await this.files.tempFile();
    try {
      await fsp.copyFile(file, temp);
      await this.files.placeFile(temp, target);
    } catch (error) {
      await fsp.rm(temp, { force: true });
      throw error;
    }
  }

  localPath(ref: ObjectRef): string {
    return this.files.objectPath(ref);
  }
}
