import {
  FILE_TYPES,
  MAGIC_BYTES_NEEDED,
  UPLOAD_KINDS,
  UPLOAD_MESSAGES,
  UPLOAD_RESUME_WINDOW_MS,
  contentTypeAgrees,
  contentTypeOf,
  describeAccepted,
  fileTypeOf,
  fillMessage,
  formatBytes,
  matchesMagicBytes,
  randomId,
  uploadPartBytes,
  uploadPartCount,
  uploadPartSize,
  type FileTypeKey,
  type StoredPart,
  type UploadStart,
  type UploadStartResult,
  type UploadTarget,
} from '@lectern/contract';
import type { FastifyBaseLogger } from 'fastify';
import { type AppError, failWith } from '../../lib/app-error';
import type { Storage } from '../../storage';
import { keyIn, resourceFileName, videoFileName } from '../../storage/object-keys';
import { StorageError } from '../../storage/storage';
import { isUniqueViolation } from '../../db/errors';
import type { Caller, UploadTargets } from '../files';
import { assertOpen, checkSize, describeParts, displayName, isVideoTarget } from './upload-rules';
import { UploadSigner, refOf } from './upload-signer';
import { resolveUploadTarget, targetOfUpload, type ResolvedTarget } from './upload-targets';
import type { UploadRow, UploadsRepository } from './uploads.repository';

/** How long a completion may run before another attempt may take over. */
const STUCK_COMPLETION_MS = 15 * 60_000;

const fail = failWith(UPLOAD_MESSAGES);

/**
 * Upload signing (DESIGN §2, §7): the server builds every key, chooses single PUT or multipart, signs
 * URLs (again on demand), resumes the same file from its stored parts, and on completion checks size
 * and content before the file may be registered.
 */
export class UploadsService {
  private readonly signer: UploadSigner;

  constructor(
    private readonly storage: Storage,
    private readonly repo: UploadsRepository,
    private readonly files: UploadTargets,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number = () => Date.now(),
  ) {
    this.signer = new UploadSigner(storage, repo, now);
  }

  /** Resolves a target and checks the caller may upload there (403 otherwise). */
  resolveTarget(caller: Caller, target: UploadTarget): Promise<ResolvedTarget> {
    return resolveUploadTarget(this.storage, this.files, caller, target);
  }

  /** The target of an existing upload, checked again for the caller (an assignment may have ended). */
  private targetOf(caller: Caller, upload: UploadRow): Promise<ResolvedTarget> {
    return this.resolveTarget(caller, targetOfUpload(upload));
  }

  /** The caller's own upload; 404 for anyone else's. */
  private async own(caller: Caller, uploadId: string): Promise<UploadRow> {
    const upload = await this.repo.get(uploadId);
    if (!upload || upload.createdBy !== caller.userId) throw fail(404, 'uploadNotFound');
    return upload;
  }

  // ---- start

  async start(caller: Caller, input: UploadStart): Promise<UploadStartResult> {
    const target = await this.resolveTarget(caller, input.target);
    const name = displayName(input.fileName);
    const built =
      target.naming === 'video'
        ? videoFileName(input.fileName)
        : (() => {
            const stored = resourceFileName(input.fileName);
            return { stored, bare: stored };
          })();
    if (built.bare === '') throw fail(400, 'emptyName', { fileName: name });
    const type = fileTypeOf(built.bare);
    if (!type || !target.kinds.includes(FILE_TYPES[type].kind)) {
      throw fail(400, 'unsupportedType', {
        fileName: name,
        target: target.label,
        accepted: describeAccepted(target.kinds),
      });
    }
    if (!contentTypeAgrees(type, input.contentType)) {
      throw fail(400, 'contentTypeMismatch', { fileName: name, contentType: (input.contentType ?? '').slice(0, 60) });
    }
    if (input.size === 0) throw fail(400, 'emptyFile', { fileName: name });
    checkSize(name, type, input.size);

    if (input.fingerprint) {
      const earlier = await this.repo.findResumable({
        createdBy: caller.userId,
        targetType: target.targetType,
        subjectId: target.subjectId,
        catalogueId: target.catalogueId,
        originalName: input.fileName,
        size: input.size,
        fingerprint: input.fingerprint,
        since: new Date(this.now() - UPLOAD_RESUME_WINDOW_MS),
      });
      if (earlier) {
        const resumed = await this.resume(earlier);
        if (resumed) return resumed;
      }
    }

    const key = keyIn(target.folder, built.stored);
    const ref = { bucket: target.bucket, key };
    if (target.naming === 'picker') {
      // Picker names carry no unique id: never overwrite a file that may be in use.
      if (await this.storage.driver.head(ref))
        throw fail(409, 'alreadyExists', { fileName: built.stored, target: target.label });
      if (await this.repo.activeForKey(ref.bucket, key)) {
        throw fail(409, 'inProgressElsewhere', { fileName: built.stored, target: target.label });
      }
    }

    const partSize = uploadPartSize(input.size);
    const partCount = uploadPartCount(input.size, partSize);
    const mode = partCount > 1 ? 'multipart' : 'single';
    const contentType = contentTypeOf(type);
    const multipartId =
      mode === 'multipart' ? await this.storage.driver.createMultipart(ref, { contentType, partSize }) : null;
    const id = randomId(22);
    try {
      await this.repo.insert({
        id,
        targetType: target.targetType,
        subjectId: target.subjectId,
        unitId: target.unitId,
        topicId: target.topicId,
        catalogueId: target.catalogueId,
        bucket: ref.bucket,
        storageKey: key,
        originalName: input.fileName,
        fileType: type,
        size: input.size,
        contentType,
        fingerprint: input.fingerprint ?? null,
        mode,
        partSize: mode === 'single' ? input.size : partSize,
        partCount,
        multipartId,
        createdBy: caller.userId,
      });
    } catch (error) {
      if (multipartId) await this.storage.driver.abortMultipart(ref, multipartId).catch(() => undefined);
      if (isUniqueViolation(error))
        throw fail(409, 'inProgressElsewhere', { fileName: built.stored, target: target.label });
      throw error;
    }
    const upload = (await this.repo.get(id))!;
    return this.signer.startResult(upload, [], false);
  }

  /** An earlier upload of the same file: its id and the parts storage holds; null when storage lost it. */
  private async resume(upload: UploadRow): Promise<UploadStartResult | null> {
    if (upload.mode === 'single') return this.signer.startResult(upload, [], true);
    try {
      return this.signer.startResult(upload, await this.signer.storedParts(upload), true);
    } catch (error) {
      if (error instanceof StorageError && error.code === 'NoSuchUpload') {
        await this.repo.transition(upload.id, ['STARTED'], 'ABORTED');
        return null;
      }
      throw error;
    }
  }

  // ---- parts

  /** Signs part URLs (a fresh one every time: an expired URL is simply asked for again). */
  async signParts(caller: Caller, uploadId: string, input: { partNumbers: number[]; stored?: StoredPart[] }) {
    const upload = await this.own(caller, uploadId);
    assertOpen(upload);
    await this.targetOf(caller, upload);
    return this.signer.signParts(upload, input);
  }

  // ---- complete

  private completedResult(upload: UploadRow, size: number) {
    const isResource = !isVideoTarget(upload);
    return {
      uploadId: upload.id,
      key: upload.storageKey,
      fileName: upload.storageKey.slice(upload.storageKey.lastIndexOf('/') + 1),
      size,
      url: isResource ? this.storage.publicUrl(upload.storageKey) : null,
      originalName: upload.originalName,
    };
  }

  /**
   * Finishes an upload: assembles the parts, then checks what arrived (size against the announced
   * size and the kind's limit, first bytes against the claimed type). A refused file is deleted.
   */
  async complete(caller: Caller, uploadId: string, input: { parts?: { partNumber: number; etag: string }[] }) {
    const result = await this.completeUpload(caller, uploadId, input);
    return { result, message: fillMessage(UPLOAD_MESSAGES.uploaded, { fileName: displayName(result.originalName) }) };
  }

  private async completeUpload(
    caller: Caller,
    uploadId: string,
    input: { parts?: { partNumber: number; etag: string }[] },
  ) {
    const upload = await this.own(caller, uploadId);
    const fileName = displayName(upload.originalName);
    if (upload.status === 'COMPLETED' || upload.status === 'REGISTERED') {
      return this.completedResult(upload, upload.size);
    }
    // A completion cut off by a crash is left COMPLETING: after a while it may be tried again.
    if (upload.status === 'COMPLETING' && this.now() - upload.updatedAt.getTime() > STUCK_COMPLETION_MS) {
      await this.repo.transition(upload.id, ['COMPLETING'], 'STARTED');
      upload.status = 'STARTED';
    }
    assertOpen(upload);
    await this.targetOf(caller, upload);
    if (!(await this.repo.transition(upload.id, ['STARTED'], 'COMPLETING'))) {
      throw fail(409, 'uploadBusy', { fileName });
    }
    const ref = refOf(upload);
    let settled = false;
    try {
      if (upload.mode === 'multipart') {
        const given = input.parts?.length
          ? input.parts
          : (await this.signer.storedParts(upload)).map((p) => ({ partNumber: p.partNumber, etag: p.etag }));
        const have = new Set(given.map((p) => p.partNumber));
        const missing: number[] = [];
        for (let n = 1; n <= upload.partCount; n++) if (!have.has(n)) missing.push(n);
        const extra = given.filter((p) => p.partNumber > upload.partCount);
        if (missing.length > 0 || extra.length > 0 || have.size !== given.length) {
          const wrong = missing.length ? missing : extra.map((p) => p.partNumber);
          throw fail(400, 'partsMissing', { fileName, count: wrong.length, parts: describeParts(wrong) });
        }
        try {
          await this.storage.driver.completeMultipart(ref, upload.multipartId ?? '', given);
        } catch (error) {
          if (error instanceof StorageError && error.code === 'InvalidPart') {
            throw fail(400, 'partsMissing', {
              fileName,
              count: given.length,
              parts: describeParts(given.map((p) => p.partNumber)),
            });
          }
          if (error instanceof StorageError && error.code === 'NoSuchUpload') {
            // An earlier attempt may have assembled the object and failed after: then check it.
            if (!(await this.storage.driver.head(ref))) {
              await this.repo.transition(upload.id, ['COMPLETING'], 'ABORTED');
              settled = true;
              throw fail(409, 'uploadCancelled', { fileName });
            }
          } else {
            throw error;
          }
        }
        await this.repo.recordParts(
          upload.id,
          given.map((p) => ({ ...p, size: uploadPartBytes(upload.size, upload.partSize, p.partNumber) })),
        );
      }

      const info = await this.storage.driver.head(ref);
      if (!info) throw fail(409, 'uploadNotComplete', { fileName });
      const type = upload.fileType as FileTypeKey;
      const kind = UPLOAD_KINDS[FILE_TYPES[type].kind];
      let refusal: AppError | undefined;
      if (info.size > kind.maxBytes) {
        refusal = fail(413, 'tooLarge', {
          fileName,
          size: formatBytes(info.size),
          kind: kind.label,
          limit: formatBytes(kind.maxBytes),
        });
      } else if (info.size !== upload.size) {
        refusal = fail(422, 'sizeMismatch', {
          fileName,
          declared: formatBytes(upload.size),
          stored: formatBytes(info.size),
        });
      } else {
        const head = await this.storage.driver.readFirstBytes(ref, MAGIC_BYTES_NEEDED);
        if (!matchesMagicBytes(type, head)) {
          refusal = fail(422, 'magicMismatch', { fileName, typeLabel: FILE_TYPES[type].label });
        }
      }
      if (refusal) {
        await this.storage.driver.delete(ref);
        await this.repo.transition(upload.id, ['COMPLETING'], 'REFUSED');
        await this.repo.dropParts(upload.id);
        settled = true;
        this.log.info({ uploadId: upload.id, key: upload.storageKey, reason: refusal.message }, 'upload refused');
        throw refusal;
      }
      await this.repo.transition(upload.id, ['COMPLETING'], 'COMPLETED', { completedAt: new Date(this.now()) });
      settled = true;
      return this.completedResult(upload, info.size);
    } finally {
      // Anything short of a decision leaves the upload open, so the browser can fix it and complete again.
      if (!settled) await this.repo.transition(upload.id, ['COMPLETING'], 'STARTED').catch(() => undefined);
    }
  }

  // ---- abort

  /** Cancels an upload: storage drops what it holds of it. Cancelling twice is fine. */
  async abort(caller: Caller, uploadId: string): Promise<{ uploadId: string; status: 'ABORTED' }> {
    const upload = await this.own(caller, uploadId);
    const done = { uploadId: upload.id, status: 'ABORTED' as const };
    if (upload.status === 'ABORTED' || upload.status === 'REFUSED') return done;
    if (upload.status === 'REGISTERED') {
      throw fail(409, 'uploadRegistered', { fileName: displayName(upload.originalName) });
    }
    if (upload.status === 'COMPLETING') throw fail(409, 'uploadBusy', { fileName: displayName(upload.originalName) });
    if (!(await this.repo.transition(upload.id, ['STARTED', 'COMPLETED'], 'ABORTED'))) {
      return this.abort(caller, uploadId);
    }
    await this.dropStored(upload);
    return done;
  }

  /** Drops what storage holds of an upload that will not finish (a library file already completed stays). */
  private async dropStored(upload: UploadRow): Promise<void> {
    const ref = refOf(upload);
    try {
      if (upload.status === 'STARTED' && upload.mode === 'multipart' && upload.multipartId) {
        await this.storage.driver.abortMultipart(ref, upload.multipartId);
      } else if (upload.status === 'STARTED' || (upload.status === 'COMPLETED' && isVideoTarget(upload))) {
        await this.storage.driver.delete(ref);
      }
    } catch (error) {
      // s3rver cannot abort multipart uploads; S3 itself drops them by the bucket's lifecycle rule.
      this.log.warn({ err: error, uploadId: upload.id }, 'storage kept parts of a cancelled upload');
    }
    await this.repo.dropParts(upload.id);
  }

  /** Aborts uploads left unfinished longer than the resume window. */
  async sweepStale(): Promise<number> {
    const stale = await this.repo.stale(new Date(this.now() - UPLOAD_RESUME_WINDOW_MS));
    let count = 0;
    for (const upload of stale) {
      if (await this.repo.transition(upload.id, ['STARTED', 'COMPLETING'], 'ABORTED')) {
        await this.dropStored({ ...upload, status: 'STARTED' });
        count++;
      }
    }
    return count;
  }
}
