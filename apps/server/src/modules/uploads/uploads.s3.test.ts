import { UPLOAD_MIN_PART_SIZE } from '@lectern/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { startS3rver, type S3rverHandle } from '../../test/s3rver';
import { createTestApp, type TestContext } from '../../test/test-app';
import { UPLOADS, as, mp4Bytes, pngBytes, type Caller } from '../../test/uploads';

/**
 * The whole upload API with STORAGE_DRIVER=s3 against s3rver on loopback: the browser's PUTs go
 * straight to the S3-protocol server with the URLs the API signed.
 */
const API = '/api/file-explorer-service/cloud';
const SUBJECT = 'subj-organic-chemistry';
const UNIT = `${SUBJECT}-u1`;
const TOPIC = `${UNIT}-t1`;

describe('uploads on the S3 driver (s3rver)', () => {
  let s3: S3rverHandle;
  let t: TestContext;
  let admin: Caller;
  let contentAdmin: Caller;

  beforeAll(async () => {
    s3 = await startS3rver(['lectern', 'lectern-images']);
    const { storage } = loadConfig({
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
      S3_BUCKET: 'lectern',
      S3_BUCKET_CATALOGUE_IMAGE: 'lectern-images',
      DATA_DIR: '/nonexistent-lectern-data',
    });
    t = await createTestApp({ storage });
    admin = { token: await t.sessionFor('SUPER_ADMIN'), role: 'SUPER_ADMIN' };
    contentAdmin = { token: await t.sessionFor('CONTENT_ADMIN'), role: 'CONTENT_ADMIN' };
  });
  afterAll(async () => {
    await t?.close();
    await s3?.stop();
  });

  const put = (url: string, data: Buffer, headers: Record<string, string> = {}) =>
    fetch(url, { method: 'PUT', body: new Uint8Array(data), headers });

  it('reports the buckets in /api/health', async () => {
    expect((await t.call('GET', '/api/health', { signature: false })).body.data.storage).toBe('ok');
  });

  it('single PUT straight to S3, then complete and register', async () => {
    const data = mp4Bytes(3000);
    const upload = (
      await as(t, admin)('POST', UPLOADS, {
        target: { type: 'subject', subjectId: SUBJECT },
        fileName: 'S3 Lecture.mp4',
        size: data.length,
      })
    ).body.data;
    expect(upload.url.startsWith(`${s3.endpoint}/lectern/subjects/${SUBJECT}/`)).toBe(true);
    expect((await put(upload.url, data, upload.headers)).status).toBe(200);
    const complete = await as(t, admin)('POST', `${UPLOADS}/${upload.uploadId}/complete`, {});
    expect(complete.status).toBe(200);
    const register = await as(t, admin)('PUT', `${API}/uploadfiles`, {
      subjectId: SUBJECT,
      unitId: UNIT,
      topicId: TOPIC,
      uploadFilesDtoList: [
        { file: 'S3 Lecture.mp4', size: data.length, awsKey: upload.key, videoDurationInSecond: 12 },
      ],
    });
    expect(register.status).toBe(200);
    expect(register.body.data.videos[0].Id).toBe(upload.key);
  });

  it('multipart with resume from the parts the browser reported (s3rver has no ListParts)', async () => {
    const size = 3 * UPLOAD_MIN_PART_SIZE + 1000;
    const data = mp4Bytes(size, 0x33);
    const partOf = (n: number) => data.subarray((n - 1) * UPLOAD_MIN_PART_SIZE, n * UPLOAD_MIN_PART_SIZE);
    const call = as(t, admin);
    const body = {
      target: { type: 'subject', subjectId: SUBJECT },
      fileName: 'resume.mp4',
      size,
      fingerprint: 'lm-42',
    };
    const first = (await call('POST', UPLOADS, body)).body.data;
    expect(first).toMatchObject({ mode: 'multipart', partCount: 4 });
    const etags: Record<number, string> = {};
    let signed = (await call('POST', `${UPLOADS}/${first.uploadId}/parts`, { partNumbers: [1] })).body.data.parts;
    etags[1] = (await put(signed[0].url, partOf(1))).headers.get('etag')!;
    // the browser asks for the next URL and reports the part it finished
    signed = (
      await call('POST', `${UPLOADS}/${first.uploadId}/parts`, {
        partNumbers: [2],
        stored: [{ partNumber: 1, etag: etags[1], size: UPLOAD_MIN_PART_SIZE }],
      })
    ).body.data.parts;
    etags[2] = (await put(signed[0].url, partOf(2))).headers.get('etag')!;
    await call('POST', `${UPLOADS}/${first.uploadId}/parts`, {
      partNumbers: [3],
      stored: [{ partNumber: 2, etag: etags[2], size: UPLOAD_MIN_PART_SIZE }],
    });

    const again = (await call('POST', UPLOADS, body)).body.data;
    expect(again.uploadId).toBe(first.uploadId);
    expect(again.parts.map((p: { partNumber: number }) => p.partNumber)).toEqual([1, 2]);

    const rest = (await call('POST', `${UPLOADS}/${first.uploadId}/parts`, { partNumbers: [3, 4] })).body.data.parts;
    for (const part of rest)
      etags[part.partNumber] = (await put(part.url, partOf(part.partNumber))).headers.get('etag')!;
    const done = await call('POST', `${UPLOADS}/${first.uploadId}/complete`, {
      parts: [1, 2, 3, 4].map((n) => ({ partNumber: n, etag: etags[n] })),
    });
    expect(done.status).toBe(200);
    expect((await t.app.storage.driver.head({ bucket: 'lectern', key: first.key }))?.size).toBe(size);
  });

  it('refuses at complete a body bigger than announced (s3rver does not enforce the signed length) and deletes it', async () => {
    const upload = (
      await as(t, admin)('POST', UPLOADS, {
        target: { type: 'subject', subjectId: SUBJECT },
        fileName: 'grown.mp4',
        size: 100,
      })
    ).body.data;
    expect((await put(upload.url, mp4Bytes(150), upload.headers)).status).toBe(200);
    const complete = await as(t, admin)('POST', `${UPLOADS}/${upload.uploadId}/complete`, {});
    expect(complete.status).toBe(422);
    expect(complete.body.message).toBe(
      "'grown.mp4' was announced as 100 Bytes but 150 Bytes arrived. Upload it again.",
    );
    expect(await t.app.storage.driver.head({ bucket: 'lectern', key: upload.key })).toBeNull();
  });

  it('refuses wrong magic bytes and deletes the object', async () => {
    const data = Buffer.from('MZ this is an executable, not a film');
    const upload = (
      await as(t, admin)('POST', UPLOADS, {
        target: { type: 'subject', subjectId: SUBJECT },
        fileName: 'film.webm',
        size: data.length,
      })
    ).body.data;
    await put(upload.url, data, upload.headers);
    const complete = await as(t, admin)('POST', `${UPLOADS}/${upload.uploadId}/complete`, {});
    expect(complete.body.message).toBe("'film.webm' is not a WebM video: its content does not match its type.");
    expect(await t.app.storage.driver.head({ bucket: 'lectern', key: upload.key })).toBeNull();
  });

  it('cancels a multipart upload even though s3rver cannot abort it', async () => {
    const upload = (
      await as(t, admin)('POST', UPLOADS, {
        target: { type: 'subject', subjectId: SUBJECT },
        fileName: 'cancel.mp4',
        size: 2 * UPLOAD_MIN_PART_SIZE,
      })
    ).body.data;
    const res = await as(t, admin)('DELETE', `${UPLOADS}/${upload.uploadId}`);
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('ABORTED');
  });

  it('copies, moves and deletes videos in S3 and the database together', async () => {
    const data = mp4Bytes(500);
    const upload = (
      await as(t, admin)('POST', UPLOADS, {
        target: { type: 'subject', subjectId: SUBJECT },
        fileName: 'ops.mp4',
        size: data.length,
      })
    ).body.data;
    await put(upload.url, data, upload.headers);
    await as(t, admin)('POST', `${UPLOADS}/${upload.uploadId}/complete`, {});
    const [video] = (
      await as(t, admin)('PUT', `${API}/uploadfiles`, {
        subjectId: SUBJECT,
        unitId: UNIT,
        topicId: TOPIC,
        uploadFilesDtoList: [{ file: 'ops.mp4', size: 500, awsKey: upload.key, videoDurationInSecond: 1 }],
      })
    ).body.data.videos;
    const copy = (
      await as(t, admin)('PUT', `${API}/copyfiles`, {
        videoIds: [video.videoId],
        destination: { subjectId: 'subj-quant-aptitude' },
      })
    ).body.data.videos[0];
    expect((await t.app.storage.driver.head({ bucket: 'lectern', key: copy.Id }))?.size).toBe(500);
    const moved = (
      await as(t, admin)('PUT', `${API}/movefiles`, {
        videoIds: [video.videoId],
        destination: { subjectId: 'subj-english-grammar' },
      })
    ).body.data.videos[0];
    expect(await t.app.storage.driver.head({ bucket: 'lectern', key: upload.key })).toBeNull();
    expect((await t.app.storage.driver.head({ bucket: 'lectern', key: moved.Id }))?.size).toBe(500);
    const deleted = await as(t, admin)('DELETE', `${API}/deletefiles`, { videoIds: [moved.videoId, copy.videoId] });
    expect(deleted.status).toBe(200);
    expect(await t.app.storage.driver.head({ bucket: 'lectern', key: moved.Id })).toBeNull();
    expect(await t.app.storage.driver.head({ bucket: 'lectern', key: copy.Id })).toBeNull();
  });

  it('the picker lists its own bucket with continuation, and public addresses redirect to signed S3 reads', async () => {
    for (const name of ['one.png', 'two.png', 'three.png']) {
      const data = pngBytes(64);
      const upload = (
        await as(t, contentAdmin)('POST', UPLOADS, {
          target: { type: 'resource', resourceType: 'catalogue-image' },
          fileName: name,
          size: 64,
        })
      ).body.data;
      expect(upload.url.startsWith(`${s3.endpoint}/lectern-images/catalogues/images/`)).toBe(true);
      await put(upload.url, data, upload.headers);
      expect((await as(t, contentAdmin)('POST', `${UPLOADS}/${upload.uploadId}/complete`, {})).status).toBe(200);
    }
    const first = (await as(t, contentAdmin)('GET', `${API}/objects?resourceType=catalogue-image&maxKeys=2`)).body.data;
    expect(first.IsTruncated).toBe(true);
    const second = (
      await as(t, contentAdmin)(
        'GET',
        `${API}/objects?resourceType=catalogue-image&maxKeys=2&continuationToken=${encodeURIComponent(first.NextContinuationToken)}`,
      )
    ).body.data;
    expect([...first.Contents, ...second.Contents].map((c: { name: string }) => c.name)).toEqual([
      'one.png',
      'three.png',
      'two.png',
    ]);
    const served = await t.app.inject({ method: 'GET', url: first.Contents[0].url });
    expect(served.statusCode).toBe(302);
    const followed = await fetch(String(served.headers.location));
    expect(followed.status).toBe(200);
    expect(
      Buffer.from(await followed.arrayBuffer())
        .subarray(0, 4)
        .toString('hex'),
    ).toBe('89504e47');
  });
});
