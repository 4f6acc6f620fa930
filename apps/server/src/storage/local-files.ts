import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { StorageError, assertBucket, assertSafeKey, type ObjectRef } from './storage';

/** Bytes a body may gather in memory before waiting for the disk (per request). */
export const WRITE_BUFFER = 256 * 1024;

/** Counts bytes (and hashes them, for single PUTs) as they pass; fails as soon as more than `max` arrive. */
export class Meter extends Transform {
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

/**
 * The local driver's layout on disk: DATA_DIR/storage/{bucket}/{key}, plus `.tmp` (bodies being
 * written) and `.multipart` (uploads in parts) of its own. Every path is checked to stay in its bucket.
 */
export class LocalFiles {
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  bucketDir(bucket: string): string {
    assertBucket(bucket);
    return path.join(this.root, bucket);
  }

  objectPath(ref: ObjectRef): string {
    assertSafeKey(ref.key);
    const dir = this.bucketDir(ref.bucket);
    const full = path.resolve(dir, ...ref.key.split('/'));
    if (!full.startsWith(dir + path.sep)) throw new StorageError('InvalidKey', 'key outside its bucket');
    return full;
  }

  /** A fresh name in `.tmp`: a body is written there, then renamed into place whole. */
  async tempFile(): Promise<string> {
    const dir = path.join(this.root, '.tmp');
    await fsp.mkdir(dir, { recursive: true });
    return path.join(dir, crypto.randomBytes(12).toString('hex'));
  }

  async placeFile(temp: string, target: string): Promise<void> {
    await fsp.mkdir(path.dirname(target), { recursive: true });
    await fsp.rename(temp, target);
  }

  /** Removes folders left empty up to the bucket, so listings stay quick. */
  async pruneEmptyFolders(dir: string, stop: string): Promise<void> {
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
}
