import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3rver, type S3rverHandle } from '../test/s3rver';
import { S3StorageDriver } from './s3-driver';
import { StorageError } from './storage';

/**
 * The S3 driver against a real S3-protocol server started here on loopback (s3rver 3.7.1, port 0).
 * What s3rver cannot do is asserted too, so a change in it shows up (docs/storage.md).
 */
const BUCKET = 'lectern-videos';
const OTHER = 'lectern-images';

async function code(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'ok';
  } catch (error) {
    return error instanceof StorageError ? error.code : ((error as { name?: string }).name ?? 'Error');
  }
}

describe('S3 driver against s3rver', () => {
  let s3: S3rverHandle;
  let driver: S3StorageDriver;

  beforeAll(async () => {
    s3 = await startS3rver([BUCKET, OTHER]);
    driver = new S3StorageDriver({
      endpoint: s3.endpoint,
      region: 'ap-south-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      buckets: [BUCKET, OTHER],
    });
  });
  afterAll(async () => {
    await driver?.close();
    await s3?.stop();
  });

  it('checks its buckets', async () => {
    expect(await driver.check()).toBe('ok');
    const missing = new S3StorageDriver({
      endpoint: s3.endpoint,
      region: 'ap-south-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      buckets: ['no-such-bucket'],
    });
    expect(await missing.check()).toBe('down');
    await missing.close();
  });

  it('presigned single PUT, head, first bytes and a signed ranged read', async () => {
    const ref = { bucket: BUCKET, key: 'subjects/s1/0b7c-a b+c.mp4' };
    const signed = await driver.presignPut(ref, { contentType: 'video/mp4', size: 10, expiresIn: 60 });
    expect(signed.url).toContain('X-Amz-SignedHeaders=content-length%3Bcontent-type%3Bhost');
    const res = await fetch(signed.url, { method: 'PUT', body: '0123456789', headers: signed.headers });
    expect(res.status).toBe(200);
    expect((await driver.head(ref))?.size).toBe(10);
    expect(Buffer.from(await driver.readFirstBytes(ref, 4)).toString()).toBe('0123');
    const read = await driver.presignGet(ref, { expiresIn: 60 });
    const ranged = await fetch(read.url, { headers: { range: 'bytes=2-4' } });
    expect(ranged.status).toBe(206);
    expect(await ranged.text()).toBe('234');
    expect(await driver.head({ bucket: BUCKET, key: 'subjects/s1/none.mp4' })).toBeNull();
  });

  it('presigned multipart upload: parts in any order, completed in order', async () => {
    const ref = { bucket: BUCKET, key: 'subjects/s1/big.mp4' };
    const id = await driver.createMultipart(ref, { contentType: 'video/mp4' });
    const parts = [];
    for (const [n, data] of [
      [2, 'BBBB'],
      [1, 'AAAA'],
      [3, 'CC'],
    ] as const) {
      const signed = await driver.presignPart(ref, id, n, { size: data.length, expiresIn: 60 });
      const res = await fetch(signed.url, { method: 'PUT', body: data });
      expect(res.status).toBe(200);
      parts.push({ partNumber: n, etag: res.headers.get('etag') ?? '' });
      expect(parts.at(-1)!.etag).toBe(`"${crypto.createHash('md5').update(data).digest('hex')}"`);
    }
    // s3rver 3.7.1 has no ListParts (GET ?uploadId answers 405 MethodNotAllowed): the driver says so.
    expect(await code(driver.listParts(ref, id))).toBe('NotSupported');
    // ETags are sent quoted even when given bare (a bare all-digit ETag makes s3rver fail with 500).
    await driver.completeMultipart(
      ref,
      id,
      parts.map((p) => ({ ...p, etag: p.etag.replace(/"/g, '') })),
    );
    const read = await driver.presignGet(ref, { expiresIn: 60 });
    expect(await (await fetch(read.url)).text()).toBe('AAAABBBBCC');
    expect((await driver.head(ref))?.size).toBe(10);
  });

  it('abort: s3rver has no AbortMultipartUpload (405), reported as NotSupported', async () => {
    const ref = { bucket: BUCKET, key: 'subjects/s1/cancelled.mp4' };
    const id = await driver.createMultipart(ref, { contentType: 'video/mp4' });
    expect(await code(driver.abortMultipart(ref, id))).toBe('NotSupported');
  });

  it('lists with continuation tokens', async () => {
    for (let i = 0; i < 7; i++) {
      const ref = { bucket: OTHER, key: `catalogues/images/img-${i}.png` };
      const signed = await driver.presignPut(ref, { contentType: 'image/png', size: 1, expiresIn: 60 });
      expect((await fetch(signed.url, { method: 'PUT', body: 'x', headers: signed.headers })).status).toBe(200);
    }
    const keys: string[] = [];
    let token: string | undefined;
    let pages = 0;
    do {
      const page = await driver.list({
        bucket: OTHER,
        prefix: 'catalogues/images/',
        maxKeys: 3,
        continuationToken: token,
      });
      keys.push(...page.contents.map((c) => c.key));
      token = page.nextContinuationToken;
      pages++;
    } while (token);
    expect(pages).toBe(3);
    expect(keys).toEqual([0, 1, 2, 3, 4, 5, 6].map((i) => `catalogues/images/img-${i}.png`));
    expect(
      (await driver.list({ bucket: OTHER, prefix: 'catalogues/images/img-6', maxKeys: 50 })).contents,
    ).toHaveLength(1);
  });

  it('copies, moves and deletes', async () => {
    const from = { bucket: BUCKET, key: 'subjects/s2/x y.mp4' };
    const signed = await driver.presignPut(from, { contentType: 'video/mp4', size: 3, expiresIn: 60 });
    await fetch(signed.url, { method: 'PUT', body: 'abc', headers: signed.headers });
    await driver.copy(from, { bucket: BUCKET, key: 'subjects/s3/x y.mp4' });
    await driver.move(from, { bucket: BUCKET, key: 'subjects/s4/z.mp4' });
    expect(await driver.head(from)).toBeNull();
    expect((await driver.head({ bucket: BUCKET, key: 'subjects/s3/x y.mp4' }))?.size).toBe(3);
    expect(Buffer.from(await driver.readFirstBytes({ bucket: BUCKET, key: 'subjects/s4/z.mp4' }, 10)).toString()).toBe(
      'abc',
    );
    await driver.delete({ bucket: BUCKET, key: 'subjects/s4/z.mp4' });
    await driver.delete({ bucket: BUCKET, key: 'subjects/s4/z.mp4' });
    expect(await driver.head({ bucket: BUCKET, key: 'subjects/s4/z.mp4' })).toBeNull();
    expect(await code(driver.copy({ bucket: BUCKET, key: 'none/x' }, { bucket: BUCKET, key: 'none/y' }))).toBe(
      'NotFound',
    );
  });

  it('refuses unsafe keys before any request', async () => {
    for (const key of ['../x', '/abs', 'a//b', 'a\\b']) {
      expect(await code(driver.head({ bucket: BUCKET, key }))).toBe('InvalidKey');
      expect(
        await code(driver.presignPut({ bucket: BUCKET, key }, { contentType: 'video/mp4', size: 1, expiresIn: 60 })),
      ).toBe('InvalidKey');
    }
  });

  it('an expired presigned URL is refused by s3rver', async () => {
    // signed a minute ago for one second: expired without waiting
    const late = new S3StorageDriver({
      endpoint: s3.endpoint,
      region: 'ap-south-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      buckets: [BUCKET],
      now: () => new Date(Date.now() - 60_000),
    });
    const ref = { bucket: BUCKET, key: 'subjects/s1/late.mp4' };
    const signed = await late.presignPut(ref, { contentType: 'video/mp4', size: 1, expiresIn: 1 });
    expect(signed.expiresAt.getTime()).toBeLessThan(Date.now());
    const res = await fetch(signed.url, { method: 'PUT', body: 'x', headers: signed.headers });
    expect(res.status).toBe(403);
    // the same, signed now, is taken
    const fresh = await driver.presignPut(ref, { contentType: 'video/mp4', size: 1, expiresIn: 60 });
    expect((await fetch(fresh.url, { method: 'PUT', body: 'x', headers: fresh.headers })).status).toBe(200);
    await late.close();
  });
});

describe('S3 driver: objects over 5 GiB are copied part by part', () => {
  it('sends CreateMultipartUpload, UploadPartCopy per range, CompleteMultipartUpload', async () => {
    const sent: { name: string; input: Record<string, unknown> }[] = [];
    const client = {
      send: async (command: { constructor: { name: string }; input: Record<string, unknown> }) => {
        sent.push({ name: command.constructor.name, input: command.input });
        switch (command.constructor.name) {
          case 'HeadObjectCommand':
            return { ContentLength: 25, LastModified: new Date() };
          case 'CreateMultipartUploadCommand':
            return { UploadId: 'up-1' };
          case 'UploadPartCopyCommand':
            return { CopyPartResult: { ETag: `"e${String(command.input.PartNumber)}"` } };
          default:
            return {};
        }
      },
      destroy: () => undefined,
    };
    const driver = new S3StorageDriver({
      region: 'ap-south-1',
      forcePathStyle: true,
      buckets: [],
      client: client as never,
      multipartCopyThreshold: 10,
      copyPartSize: 10,
    });
    await driver.copy({ bucket: 'lectern', key: 'subjects/a/x y.mp4' }, { bucket: 'lectern', key: 'subjects/b/x.mp4' });
    expect(sent.map((s) => s.name)).toEqual([
      'HeadObjectCommand',
      'CreateMultipartUploadCommand',
      'UploadPartCopyCommand',
      'UploadPartCopyCommand',
      'UploadPartCopyCommand',
      'CompleteMultipartUploadCommand',
    ]);
    expect(sent.filter((s) => s.name === 'UploadPartCopyCommand').map((s) => s.input.CopySourceRange)).toEqual([
      'bytes=0-9',
      'bytes=10-19',
      'bytes=20-24',
    ]);
    expect(sent[2]!.input.CopySource).toBe('lectern/subjects/a/x%20y.mp4');
  });
});
