import { UPLOAD_MESSAGES, uploadPartBytes, type StoredPart, type UploadStartResult } from '@lectern/contract';
import { failWith } from '../../lib/app-error';
import type { Storage } from '../../storage';
import { StorageError, type ObjectRef } from '../../storage/storage';
import type { UploadRow, UploadsRepository } from './uploads.repository';

const fail = failWith(UPLOAD_MESSAGES);

/** Where an upload's object is stored. */
export const refOf = (upload: Pick<UploadRow, 'bucket' | 'storageKey'>): ObjectRef => ({
  bucket: upload.bucket,
  key: upload.storageKey,
});

/**
 * The signed addresses of an upload (DESIGN §7): one PUT for a small file, one per part of a multipart
 * upload, signed again on demand; and the parts storage already holds, to resume from.
 */
export class UploadSigner {
  constructor(
    private readonly storage: Storage,
    private readonly repo: UploadsRepository,
    private readonly now: () => number,
  ) {}

  private get ttl(): number {
    return this.storage.config.urlTtlSeconds;
  }

  /**
   * The parts already stored: storage's own list where it can tell (local disk, S3), otherwise the
   * parts the browser reported (s3rver has no ListParts).
   */
  async storedParts(upload: UploadRow): Promise<StoredPart[]> {
    let parts: StoredPart[];
    try {
      parts = await this.storage.driver.listParts(refOf(upload), upload.multipartId ?? '');
    } catch (error) {
      if (!(error instanceof StorageError && error.code === 'NotSupported')) throw error;
      parts = await this.repo.parts(upload.id);
    }
    // Only whole parts of this upload count; a part cut short is sent again.
    return parts.filter(
      (p) => p.partNumber <= upload.partCount && p.size === uploadPartBytes(upload.size, upload.partSize, p.partNumber),
    );
  }

  async startResult(upload: UploadRow, parts: StoredPart[], resumed: boolean): Promise<UploadStartResult> {
    const base = {
      uploadId: upload.id,
      key: upload.storageKey,
      fileName: upload.storageKey.slice(upload.storageKey.lastIndexOf('/') + 1),
      size: upload.size,
      mode: upload.mode as 'single' | 'multipart',
      partSize: upload.partSize,
      partCount: upload.partCount,
      resumed,
      parts,
    };
    if (upload.mode === 'single') {
      const signed = await this.storage.driver.presignPut(refOf(upload), {
        contentType: upload.contentType,
        size: upload.size,
        expiresIn: this.ttl,
      });
      return { ...base, url: signed.url, headers: signed.headers, expiresAt: signed.expiresAt.toISOString() };
    }
    return { ...base, headers: {}, expiresAt: new Date(this.now() + this.ttl * 1000).toISOString() };
  }

  /** Signs part URLs (a fresh one every time: an expired URL is simply asked for again). */
  async signParts(
    upload: UploadRow,
    input: { partNumbers: number[]; stored?: StoredPart[] },
  ): Promise<{
    parts: { partNumber: number; url: string; size: number; expiresAt: string }[];
    headers: Record<string, string>;
    expiresAt: string;
  }> {
    for (const n of input.partNumbers) {
      if (n > upload.partCount) throw fail(400, 'partOutOfRange', { partNumber: n, partCount: upload.partCount });
    }
    const ref = refOf(upload);
    if (upload.mode === 'single') {
      if (input.partNumbers.length !== 1 || input.partNumbers[0] !== 1) throw fail(400, 'singleUploadParts');
      const signed = await this.storage.driver.presignPut(ref, {
        contentType: upload.contentType,
        size: upload.size,
        expiresIn: this.ttl,
      });
      const expiresAt = signed.expiresAt.toISOString();
      return {
        parts: [{ partNumber: 1, url: signed.url, size: upload.size, expiresAt }],
        headers: signed.headers,
        expiresAt,
      };
    }
    if (input.stored?.length) {
      const valid = input.stored.filter(
        (p) =>
          p.partNumber <= upload.partCount && p.size === uploadPartBytes(upload.size, upload.partSize, p.partNumber),
      );
      await this.repo.recordParts(upload.id, valid);
    }
    const parts = [];
    let expiresAt = new Date(this.now() + this.ttl * 1000);
    for (const partNumber of input.partNumbers) {
      const size = uploadPartBytes(upload.size, upload.partSize, partNumber);
      const signed = await this.storage.driver.presignPart(ref, upload.multipartId ?? '', partNumber, {
        size,
        expiresIn: this.ttl,
      });
      expiresAt = signed.expiresAt;
      parts.push({ partNumber, url: signed.url, size, expiresAt: signed.expiresAt.toISOString() });
    }
    return { parts, headers: {}, expiresAt: expiresAt.toISOString() };
  }
}
