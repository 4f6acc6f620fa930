import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Meter, WRITE_BUFFER, type LocalFiles } from './local-files';
import { StorageError, bareEtag, type DriverPart, type ObjectRef } from './storage';

/** What the upload route answers: the ETag of what was stored. */
export interface AcceptedBody {
  etag: string;
  size: number;
}

/** A stored part's record: `{partNumber}.{size}.{etag}`, an empty file beside the upload's data. */
const PART_MARKER = /^(\d{1,5})\.(\d{1,16})\.([0-9a-f]{32})$/;
/** The multipart upload's data: every part is written straight into it at its offset. */
const DATA_FILE = 'data';
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

/**
 * The local driver's multipart uploads: one file per upload, .multipart/{id}/data. Each part is
 * written straight into it at (n - 1) * partSize, and recorded by an empty file `{n}.{size}.{etag}`
 * once all its bytes are there; complete truncates the data to the parts named and renames it into
 * place, so the bytes are written once and never copied.
 */
export class LocalMultipartStore {
  /** Part bodies being written, by multipart id; `closing` while complete or abort is under way. */
  private readonly writing = new Map<string, UploadWrites>();

  constructor(private readonly files: LocalFiles) {}

  /** The upload's folder; StorageError 'NoSuchUpload' for an id that is not one of ours. */
  multipartDir(multipartId: string): string {
    if (!/^[0-9a-f]{32}$/.test(multipartId)) throw new StorageError('NoSuchUpload', 'no such multipart upload');
    return path.join(this.files.root, '.multipart', multipartId);
  }

  /**
   * Starts a multipart upload of parts of `partSize` bytes (the last may be shorter): its folder, the
   * empty data file the parts are written into, and `upload.json`.
   */
  async createMultipart(ref: ObjectRef, options: { partSize: number }): Promise<string> {
    this.files.objectPath(ref);
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

  /**
   * Writes one part's body straight into the upload's data file at (n - 1) * partSize, then records it
   * (`{n}.{size}.{etag}`) with a fresh random ETag, so a part sent again gets a new one and a complete
   * naming the old one is refused. The record of an earlier upload of the part goes first: a body cut
   * short leaves the part missing, never half-replaced. A write of the same part still in progress is
   * cancelled first (the newest wins, whole); complete and abort cancel the writes of their upload.
   */
  async writePart(
    ref: ObjectRef,
    part: { multipartId: string; partNumber: number; maxBytes: number },
    body: Readable,
    contentLength: number | undefined,
  ): Promise<AcceptedBody> {
    const id = part.multipartId;
    const dir = this.multipartDir(id);
    const { partNumber } = part;
    const meta = await this.readMultipartMeta(dir);
    if (!meta || meta.bucket !== ref.bucket || meta.key !== ref.key) {
      throw new StorageError('NoSuchUpload', 'no such multipart upload');
    }
    if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > 10_000) {
      throw new StorageError('InvalidArgument', 'part number not valid');
    }
    // Never more than the part size: a longer body would run into the next part.
    const max = Math.min(part.maxBytes, meta.partSize);
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
    this.files.objectPath(ref);
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
    const target = this.files.objectPath(ref);
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
      await this.files.placeFile(data, target);
      await fsp.rm(dir, { recursive: true, force: true });
    });
  }

  async abortMultipart(multipartId: string): Promise<void> {
    const dir = this.multipartDir(multipartId);
    await this.closingUpload(multipartId, () => fsp.rm(dir, { recursive: true, force: true }));
  }
}
