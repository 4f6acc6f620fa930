import fs from 'node:fs';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  ListPartsCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
  UploadPartCopyCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import {
  StorageError,
  assertBucket,
  assertSafeKey,
  bareEtag,
  type DriverPart,
  type ListInput,
  type ListResult,
  type ObjectInfo,
  type ObjectRef,
  type SignedRequest,
  type StorageDriver,
} from './storage';
import { encodeKeyPath } from './object-keys';

export interface S3DriverOptions {
  endpoint?: string;
  region: string;
  forcePathStyle: boolean;
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** the buckets the health check looks for */
  buckets: string[];
  /** objects larger than this are copied part by part (S3's CopyObject stops at 5 GiB) */
  multipartCopyThreshold?: number;
  copyPartSize?: number;
  /** a client of the caller's (tests) */
  client?: S3Client;
  /** the clock presigned URLs are signed at (tests sign in the past rather than wait for expiry) */
  now?: () => Date;
}

const GiB = 1024 ** 3;

/** The error's S3 code ('NoSuchUpload', 'MethodNotAllowed', ...) and HTTP status. */
function s3Code(error: unknown): { name: string; status: number | undefined } {
  const e = error as { name?: string; Code?: string; $metadata?: { httpStatusCode?: number } };
  return { name: e?.Code ?? e?.name ?? 'Error', status: e?.$metadata?.httpStatusCode };
}

const UNSUPPORTED = new Set(['MethodNotAllowed', 'NotImplemented']);

/**
 * Any S3-compatible store through AWS SDK v3: AWS S3, MinIO, Ceph, R2, s3rver. Checksums only when a
 * call requires them (S3-compatible servers reject the SDK's default CRC headers). Upload URLs sign
 * content-length, so S3 itself refuses a body of another size.
 */
export class S3StorageDriver implements StorageDriver {
  readonly kind = 's3' as const;
  readonly client: S3Client;
  private readonly copyThreshold: number;
  private readonly copyPartSize: number;

  constructor(private readonly options: S3DriverOptions) {
    this.client =
      options.client ??
      new S3Client({
        endpoint: options.endpoint,
        region: options.region,
        forcePathStyle: options.forcePathStyle,
        credentials: options.credentials,
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      });
    this.copyThreshold = options.multipartCopyThreshold ?? 5 * GiB;
    this.copyPartSize = options.copyPartSize ?? 512 * 1024 * 1024;
  }

  private ref(ref: ObjectRef): { Bucket: string; Key: string } {
    assertBucket(ref.bucket);
    assertSafeKey(ref.key);
    return { Bucket: ref.bucket, Key: ref.key };
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  private signed(url: string, expiresIn: number, signedAt: Date) {
    return { url, expiresAt: new Date(signedAt.getTime() + expiresIn * 1000) };
  }

  async presignPut(
    ref: ObjectRef,
    options: { contentType: string; size: number; expiresIn: number },
  ): Promise<SignedRequest> {
    const command = new PutObjectCommand({
      ...this.ref(ref),
      ContentType: options.contentType,
      ContentLength: options.size,
    });
    const signingDate = this.now();
    const url = await getSignedUrl(this.client, command, {
      expiresIn: options.expiresIn,
      signingDate,
      signableHeaders: new Set(['content-type', 'content-length']),
    });
    return { ...this.signed(url, options.expiresIn, signingDate), headers: { 'content-type': options.contentType } };
  }

  async createMultipart(ref: ObjectRef, options: { contentType: string }): Promise<string> {
    const result = await this.client.send(
      new CreateMultipartUploadCommand({ ...this.ref(ref), ContentType: options.contentType }),
    );
    if (!result.UploadId) throw new Error('CreateMultipartUpload answered no UploadId');
    return result.UploadId;
  }

  async presignPart(
    ref: ObjectRef,
    multipartId: string,
    partNumber: number,
    options: { size: number; expiresIn: number },
  ): Promise<SignedRequest> {
    const command = new UploadPartCommand({
      ...this.ref(ref),
      UploadId: multipartId,
      PartNumber: partNumber,
      ContentLength: options.size,
    });
    const signingDate = this.now();
    const url = await getSignedUrl(this.client, command, {
      expiresIn: options.expiresIn,
      signingDate,
      signableHeaders: new Set(['content-length']),
    });
    return { ...this.signed(url, options.expiresIn, signingDate), headers: {} };
  }

  async listParts(ref: ObjectRef, multipartId: string): Promise<DriverPart[]> {
    const parts: DriverPart[] = [];
    let marker: string | undefined;
    try {
      for (;;) {
        const page = await this.client.send(
          new ListPartsCommand({ ...this.ref(ref), UploadId: multipartId, PartNumberMarker: marker, MaxParts: 1000 }),
        );
        for (const part of page.Parts ?? []) {
          if (part.PartNumber && part.ETag) {
            parts.push({ partNumber: part.PartNumber, etag: part.ETag, size: part.Size ?? 0 });
          }
        }
        if (!page.IsTruncated || !page.NextPartNumberMarker) break;
        marker = page.NextPartNumberMarker;
      }
    } catch (error) {
      const { name } = s3Code(error);
      if (UNSUPPORTED.has(name)) throw new StorageError('NotSupported', `ListParts: ${name}`, error);
      if (name === 'NoSuchUpload') throw new StorageError('NoSuchUpload', 'no such multipart upload', error);
      throw error;
    }
    return parts;
  }

  async completeMultipart(
    ref: ObjectRef,
    multipartId: string,
    parts: { partNumber: number; etag: string }[],
  ): Promise<void> {
    // ETags go quoted, as S3 answered them: a bare all-digit ETag is read as a number by s3rver.
    const list = [...parts]
      .sort((a, b) => a.partNumber - b.partNumber)
      .map((p) => ({ PartNumber: p.partNumber, ETag: `"${bareEtag(p.etag)}"` }));
    try {
      await this.client.send(
        new CompleteMultipartUploadCommand({
          ...this.ref(ref),
          UploadId: multipartId,
          MultipartUpload: { Parts: list },
        }),
      );
    } catch (error) {
      const { name } = s3Code(error);
      if (name === 'NoSuchUpload') throw new StorageError('NoSuchUpload', 'no such multipart upload', error);
      if (name === 'InvalidPart' || name === 'InvalidPartOrder' || name === 'EntityTooSmall') {
        throw new StorageError('InvalidPart', name, error);
      }
      throw error;
    }
  }

  async abortMultipart(ref: ObjectRef, multipartId: string): Promise<void> {
    try {
      await this.client.send(new AbortMultipartUploadCommand({ ...this.ref(ref), UploadId: multipartId }));
    } catch (error) {
      const { name } = s3Code(error);
      if (name === 'NoSuchUpload') return;
      if (UNSUPPORTED.has(name)) throw new StorageError('NotSupported', `AbortMultipartUpload: ${name}`, error);
      throw error;
    }
  }

  async list(input: ListInput): Promise<ListResult> {
    assertBucket(input.bucket);
    try {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: input.bucket,
          Prefix: input.prefix,
          MaxKeys: input.maxKeys,
          ContinuationToken: input.continuationToken,
        }),
      );
      return {
        contents: (page.Contents ?? []).map((o) => ({
          key: o.Key ?? '',
          size: o.Size ?? 0,
          lastModified: o.LastModified ?? new Date(0),
          etag: o.ETag,
        })),
        isTruncated: page.IsTruncated ?? false,
        nextContinuationToken: page.IsTruncated ? page.NextContinuationToken : undefined,
      };
    } catch (error) {
      const { name, status } = s3Code(error);
      if (input.continuationToken !== undefined && (name === 'InvalidArgument' || status === 400)) {
        throw new StorageError('InvalidArgument', 'continuation token not valid', error);
      }
      throw error;
    }
  }

  async head(ref: ObjectRef): Promise<ObjectInfo | null> {
    try {
      const result = await this.client.send(new HeadObjectCommand(this.ref(ref)));
      return {
        key: ref.key,
        size: result.ContentLength ?? 0,
        lastModified: result.LastModified ?? new Date(0),
        etag: result.ETag,
      };
    } catch (error) {
      const { name, status } = s3Code(error);
      if (status === 404 || name === 'NotFound' || name === 'NoSuchKey') return null;
      throw error;
    }
  }

  async readFirstBytes(ref: ObjectRef, count: number): Promise<Uint8Array> {
    try {
      const result = await this.client.send(new GetObjectCommand({ ...this.ref(ref), Range: `bytes=0-${count - 1}` }));
      const bytes = (await result.Body?.transformToByteArray()) ?? new Uint8Array();
      return bytes.subarray(0, count);
    } catch (error) {
      const { name, status } = s3Code(error);
      if (name === 'InvalidRange' || status === 416) return new Uint8Array();
      if (status === 404 || name === 'NoSuchKey') throw new StorageError('NotFound', 'no such object', error);
      throw error;
    }
  }

  async copy(from: ObjectRef, to: ObjectRef): Promise<void> {
    const source = this.ref(from);
    const target = this.ref(to);
    const copySource = `${source.Bucket}/${encodeKeyPath(source.Key)}`;
    const info = await this.head(from);
    if (!info) throw new StorageError('NotFound', 'no such object');
    if (info.size <= this.copyThreshold) {
      await this.client.send(new CopyObjectCommand({ ...target, CopySource: copySource }));
      return;
    }
    // Larger than CopyObject allows: copy byte ranges into a multipart upload.
    const created = await this.client.send(new CreateMultipartUploadCommand(target));
    const uploadId = created.UploadId!;
    try {
      const parts: { PartNumber: number; ETag: string }[] = [];
      for (let start = 0, n = 1; start < info.size; start += this.copyPartSize, n++) {
        const end = Math.min(start + this.copyPartSize, info.size) - 1;
        const part = await this.client.send(
          new UploadPartCopyCommand({
            ...target,
            UploadId: uploadId,
            PartNumber: n,
            CopySource: copySource,
            CopySourceRange: `bytes=${start}-${end}`,
          }),
        );
        parts.push({ PartNumber: n, ETag: part.CopyPartResult?.ETag ?? '' });
      }
      await this.client.send(
        new CompleteMultipartUploadCommand({ ...target, UploadId: uploadId, MultipartUpload: { Parts: parts } }),
      );
    } catch (error) {
      await this.client.send(new AbortMultipartUploadCommand({ ...target, UploadId: uploadId })).catch(() => undefined);
      throw error;
    }
  }

  async move(from: ObjectRef, to: ObjectRef): Promise<void> {
    await this.copy(from, to);
    await this.delete(from);
  }

  async delete(ref: ObjectRef): Promise<void> {
    await this.client.send(new DeleteObjectCommand(this.ref(ref)));
  }

  async presignGet(
    ref: ObjectRef,
    options: { expiresIn: number; contentType?: string; downloadName?: string },
  ): Promise<SignedRequest> {
    const command = new GetObjectCommand({
      ...this.ref(ref),
      ResponseContentType: options.contentType,
      ResponseContentDisposition: options.downloadName
        ? `attachment; filename*=UTF-8''${encodeURIComponent(options.downloadName)}`
        : undefined,
    });
    const signingDate = this.now();
    const url = await getSignedUrl(this.client, command, { expiresIn: options.expiresIn, signingDate });
    return { ...this.signed(url, options.expiresIn, signingDate), headers: {} };
  }

  async check(): Promise<'ok' | 'down' | 'full'> {
    try {
      for (const bucket of this.options.buckets) {
        await this.client.send(new HeadBucketCommand({ Bucket: bucket }), { abortSignal: AbortSignal.timeout(3000) });
      }
      return 'ok';
    } catch {
      return 'down';
    }
  }

  async close(): Promise<void> {
    this.client.destroy();
  }

  async putFile(ref: ObjectRef, file: string, contentType: string): Promise<void> {
    const { size } = await fs.promises.stat(file);
    await this.client.send(
      new PutObjectCommand({
        ...this.ref(ref),
        Body: fs.createReadStream(file),
        ContentLength: size,
        ContentType: contentType,
      }),
    );
  }

  localPath(): null {
    return null;
  }
}
