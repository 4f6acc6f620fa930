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

const PART_FILE = /^(\d{1,5})\.([0-9a-f]{32})$/;

/** Counts and hashes bytes as they pass; fails as soon as more than `max` arrive. */
class Meter extends Transform {
  readonly hash = crypto.createHash('md5');
  bytes = 0;
  constructor(private readonly max: number) {
    super();
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
    this.hash.update(chunk);
    callback(null, chunk);
  }
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
 * whole file in memory. A body lands in .tmp and is renamed into place, so a listing never shows half
 * a file. Parts live in .multipart/{id}/{n}.{md5} until complete streams them, in order, into the object.
 */
export class LocalStorageDriver implements StorageDriver {
  readonly kind = 'local' as const;
  private readonly root: string;
  private readonly base: string;
  private readonly now: () => number;

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

  async createMultipart(ref: ObjectRef): Promise<string> {
    this.objectPath(ref);
    const id = crypto.randomBytes(16).toString('hex');
    const dir = this.multipartDir(id);
    await fsp.mkdir(dir, { recursive: true });
    await fsp.writeFile(path.join(dir, 'upload.json'), JSON.stringify({ bucket: ref.bucket, key: ref.key }));
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
    const max = payload.max ?? 0;
    if (contentLength !== undefined && contentLength > max) {
      throw new StorageError('TooLarge', `body larger than ${max} bytes`);
    }
    const ref = { bucket: payload.b, key: payload.k };
    const target = this.objectPath(ref);
    let partDir: string | undefined;
    if (payload.op === 'part') {
      partDir = this.multipartDir(payload.u ?? '');
      const meta = await this.readMultipartMeta(partDir);
      if (!meta || meta.bucket !== ref.bucket || meta.key !== ref.key) {
        throw new StorageError('NoSuchUpload', 'no such multipart upload');
      }
    }
    const temp = await this.tempFile();
    const meter = new Meter(max);
    try {
      await pipeline(body, meter, fs.createWriteStream(temp, { flags: 'wx' }));
      const md5 = meter.hash.digest('hex');
      if (partDir) {
        const n = payload.n ?? 0;
        await fsp.rename(temp, path.join(partDir, `${n}.${md5}`));
        // An earlier upload of the same part number is replaced.
        for (const name of await fsp.readdir(partDir)) {
          const match = PART_FILE.exec(name);
          if (match && Number(match[1]) === n && match[2] !== md5)
            await fsp.rm(path.join(partDir, name), { force: true });
        }
      } else {
        await this.placeFile(temp, target);
      }
      return { etag: `"${md5}"`, size: meter.bytes };
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

  private async readMultipartMeta(dir: string): Promise<{ bucket: string; key: string } | null> {
    try {
      return JSON.parse(await fsp.readFile(path.join(dir, 'upload.json'), 'utf8')) as { bucket: string; key: string };
    } catch {
      return null;
    }
  }

  private async partFiles(dir: string): Promise<Map<number, { file: string; etag: string }>> {
    const names = await fsp.readdir(dir).catch(() => null);
    if (!names) throw new StorageError('NoSuchUpload', 'no such multipart upload');
    const parts = new Map<number, { file: string; etag: string }>();
    for (const name of names) {
      const match = PART_FILE.exec(name);
      if (match) parts.set(Number(match[1]), { file: path.join(dir, name), etag: match[2]! });
    }
    return parts;
  }

  async listParts(ref: ObjectRef, multipartId: string): Promise<DriverPart[]> {
    this.objectPath(ref);
    const files = await this.partFiles(this.multipartDir(multipartId));
    const parts: DriverPart[] = [];
    for (const [partNumber, { file, etag }] of files) {
      const stat = await fsp.stat(file).catch(() => null);
      if (stat) parts.push({ partNumber, etag: `"${etag}"`, size: stat.size });
    }
    return parts.sort((a, b) => a.partNumber - b.partNumber);
  }

  async completeMultipart(
    ref: ObjectRef,
    multipartId: string,
    parts: { partNumber: number; etag: string }[],
  ): Promise<void> {
    const target = this.objectPath(ref);
    const dir = this.multipartDir(multipartId);
    const meta = await this.readMultipartMeta(dir);
    if (!meta || meta.bucket !== ref.bucket || meta.key !== ref.key) {
      throw new StorageError('NoSuchUpload', 'no such multipart upload');
    }
    const files = await this.partFiles(dir);
    const ordered = [...parts].sort((a, b) => a.partNumber - b.partNumber);
    for (const [i, part] of ordered.entries()) {
      if (i > 0 && ordered[i - 1]!.partNumber === part.partNumber)
        throw new StorageError('InvalidPart', 'part repeated');
      const stored = files.get(part.partNumber);
      if (!stored || stored.etag !== bareEtag(part.etag)) {
        throw new StorageError('InvalidPart', `part ${part.partNumber} is not stored with that ETag`);
      }
    }
    const temp = await this.tempFile();
    try {
      // One part after another, a chunk at a time (never a whole part in memory). pipeline() with
      // `end: false` into one shared stream left listeners behind on it for every part.
      const out = await fsp.open(temp, 'wx');
      try {
        for (const part of ordered) {
          for await (const chunk of fs.createReadStream(files.get(part.partNumber)!.file, {
            highWaterMark: 1024 * 1024,
          })) {
            await out.write(chunk as Buffer);
          }
        }
      } finally {
        await out.close();
      }
      await this.placeFile(temp, target);
    } catch (error) {
      await fsp.rm(temp, { force: true });
      throw error;
    }
    await fsp.rm(dir, { recursive: true, force: true });
  }

  async abortMultipart(_ref: ObjectRef, multipartId: string): Promise<void> {
    await fsp.rm(this.multipartDir(multipartId), { recursive: true, force: true });
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
}
