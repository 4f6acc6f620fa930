import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { SANITIZE_CHARACTERS, UPLOAD_MESSAGES, UPLOAD_MIN_PART_SIZE } from '@lectern/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LocalStorageDriver } from '../../storage/local-driver';
import { createTestApp, type TestContext } from '../../test/test-app';
import { UPLOADS, as, mp4Bytes, pngBytes, putTo, uploadFile, type Caller } from '../../test/uploads';

const SUBJECT = 'subj-organic-chemistry';
const UNIT = `${SUBJECT}-u1`;
const TOPIC = `${UNIT}-t1`;
/** no content developer or uploader is assigned to it */
const UNASSIGNED_SUBJECT = 'subj-physical-geography';
const subjectTarget = { type: 'subject', subjectId: SUBJECT, unitId: UNIT, topicId: TOPIC };
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

describe('uploads (local driver)', () => {
  let t: TestContext;
  let admin: Caller;
  let uploader: Caller;
  let developer: Caller;
  let contentAdmin: Caller;
  let finance: Caller;

  beforeAll(async () => {
    t = await createTestApp();
    admin = { token: await t.sessionFor('SUPER_ADMIN'), role: 'SUPER_ADMIN' };
    contentAdmin = { token: await t.sessionFor('CONTENT_ADMIN'), role: 'CONTENT_ADMIN' };
    uploader = { token: await t.sessionFor('CONTENT_UPLOADER'), role: 'CONTENT_UPLOADER' };
    developer = { token: await t.sessionFor('CONTENT_DEVELOPER'), role: 'CONTENT_DEVELOPER' };
    finance = { token: await t.sessionFor('FINANCE'), role: 'FINANCE' };
  });
  afterAll(async () => t?.close());
  afterEach(() => vi.restoreAllMocks());

  const storageFile = (key: string) =>
    path.join(t.config.storage.localDir, t.config.storage.buckets.videos, ...key.split('/'));

  it('single PUT: start, upload, complete, with the key built by the server from the sanitised name', async () => {
    const name = `My ${SANITIZE_CHARACTERS.join('')} Lecture 01.mp4`;
    const data = mp4Bytes(4096);
    const start = await as(t, uploader)('POST', UPLOADS, {
      target: subjectTarget,
      fileName: name,
      size: data.length,
      contentType: 'video/mp4',
    });
    expect(start.status).toBe(200);
    const upload = start.body.data;
    expect(upload).toMatchObject({ mode: 'single', partCount: 1, size: 4096, resumed: false, parts: [] });
    expect(upload.key).toMatch(new RegExp(`^subjects/${SUBJECT}/${UUID}-MyLecture01\\.mp4$`));
    expect(upload.url).toMatch(/^\/files\/upload\?token=/);
    expect(upload.headers).toEqual({ 'content-type': 'video/mp4' });
    const put = await putTo(t, upload.url, data, upload.headers);
    expect(put.status).toBe(200);
    expect(put.etag).toMatch(/^"[0-9a-f]{32}"$/);
    const complete = await as(t, uploader)('POST', `${UPLOADS}/${upload.uploadId}/complete`, {});
    expect(complete.status).toBe(200);
    expect(complete.body.data).toEqual({
      uploadId: upload.uploadId,
      key: upload.key,
      fileName: upload.fileName,
      size: 4096,
      url: null,
    });
    expect(complete.body.message).toBe(`'${name}' was uploaded.`);
    expect(fs.statSync(storageFile(upload.key)).size).toBe(4096);
    // once complete, no more links are signed
    const again = await as(t, uploader)('POST', `${UPLOADS}/${upload.uploadId}/parts`, { partNumbers: [1] });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(`'${name}' has been uploaded already.`);
    // completing again answers the same
    expect((await as(t, uploader)('POST', `${UPLOADS}/${upload.uploadId}/complete`, {})).body.data.key).toBe(
      upload.key,
    );
  });

  it('keeps every key inside its folder, whatever the name', async () => {
    const names = [
      '../../etc/passwd.mp4',
      '/etc/passwd.mp4',
      '..\\..\\windows\\win.mp4',
      'C:\\fakepath\\lecture.mp4',
      '．．／．．／full-width.mp4',
      '\u202Eevil.mp4',
      `${'../'.repeat(50)}deep.mp4`,
    ];
    for (const fileName of names) {
      const res = await as(t, admin)('POST', UPLOADS, { target: subjectTarget, fileName, size: 100 });
      expect(res.status, fileName).toBe(200);
      const key: string = res.body.data.key;
      expect(key.startsWith(`subjects/${SUBJECT}/`)).toBe(true);
      // eslint-disable-next-line no-control-regex
      expect(key.slice(`subjects/${SUBJECT}/`.length)).not.toMatch(/[/\\\u0000]/);
      expect(key.split('/')).not.toContain('..');
    }
    // NUL never reaches the key builder: the API refuses it in any text.
    const nul = await as(t, admin)('POST', UPLOADS, {
      target: subjectTarget,
      fileName: 'nul\u0000byte.mp4',
      size: 100,
    });
    expect(nul.status).toBe(400);
    const empty = await as(t, admin)('POST', UPLOADS, { target: subjectTarget, fileName: '../..///', size: 100 });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(
      "'../..///' has no usable characters left once special characters are removed. Rename the file.",
    );
  });

  it('refuses types a target does not take, and contradicting content types', async () => {
    const gif = await as(t, admin)('POST', UPLOADS, { target: subjectTarget, fileName: 'funny.gif', size: 10 });
    expect(gif.status).toBe(400);
    expect(gif.body.message).toBe(
      "'funny.gif' cannot be uploaded to 'Organic Chemistry': it takes MP4, MOV, MKV or WebM videos.",
    );
    const pdf = await as(t, admin)('POST', UPLOADS, {
      target: { type: 'resource', resourceType: 'catalogue-image' },
      fileName: 'a.pdf',
      size: 10,
    });
    expect(pdf.body.message).toBe(
      "'a.pdf' cannot be uploaded to the catalogue image folder: it takes JPEG, PNG or WebP images.",
    );
    const lie = await as(t, admin)('POST', UPLOADS, {
      target: subjectTarget,
      fileName: 'a.mp4',
      size: 10,
      contentType: 'text/html',
    });
    expect(lie.status).toBe(400);
    expect(lie.body.message).toBe("'a.mp4' is sent as text/html, which does not match its extension.");
    const empty = await as(t, admin)('POST', UPLOADS, { target: subjectTarget, fileName: 'a.mp4', size: 0 });
    expect(empty.body.message).toBe("'a.mp4' is empty.");
  });

  it('refuses an oversized file at start by its declared size', async () => {
    const video = await as(t, admin)('POST', UPLOADS, {
      target: subjectTarget,
      fileName: 'long.mp4',
      size: 21 * 1024 ** 3,
    });
    expect(video.status).toBe(413);
    expect(video.body.message).toBe("'long.mp4' is 21 GB; videos can be at most 20 GB.");
    const image = await as(t, admin)('POST', UPLOADS, {
      target: { type: 'resource', resourceType: 'store-icon' },
      fileName: 'icon.png',
      size: 10 * 1024 * 1024 + 1,
    });
    expect(image.status).toBe(413);
    expect(image.body.message).toBe("'icon.png' is 10 MB; images can be at most 10 MB.");
    const pdf = await as(t, admin)('POST', UPLOADS, {
      target: { type: 'resource', resourceType: 'question-paper' },
      fileName: 'paper.pdf',
      size: 51 * 1024 * 1024,
    });
    expect(pdf.body.message).toBe("'paper.pdf' is 51 MB; documents can be at most 50 MB.");
  });

  it('refuses at complete a stored file larger than its kind allows, and deletes it', async () => {
    const start = await as(t, admin)('POST', UPLOADS, {
      target: { type: 'resource', resourceType: 'instructor-image' },
      fileName: 'photo.png',
      size: 100,
    });
    const upload = start.body.data;
    // A store that does not enforce the signed length (s3rver does not) lets a bigger body through.
    const file = path.join(
      t.config.storage.localDir,
      t.config.storage.buckets['instructor-image'],
      ...upload.key.split('/'),
    );
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, pngBytes(11 * 1024 * 1024));
    const complete = await as(t, admin)('POST', `${UPLOADS}/${upload.uploadId}/complete`, {});
    expect(complete.status).toBe(413);
    expect(complete.body.message).toBe("'photo.png' is 11 MB; images can be at most 10 MB.");
    expect(fs.existsSync(file)).toBe(false);
  });

  it('refuses at complete a file whose size differs from the one announced', async () => {
    const start = await as(t, admin)('POST', UPLOADS, { target: subjectTarget, fileName: 'short.mp4', size: 1000 });
    const upload = start.body.data;
    expect((await putTo(t, upload.url, mp4Bytes(600), upload.headers)).status).toBe(200);
    const complete = await as(t, admin)('POST', `${UPLOADS}/${upload.uploadId}/complete`, {});
    expect(complete.status).toBe(422);
    expect(complete.body.message).toBe(
      "'short.mp4' was announced as 1000 Bytes but 600 Bytes arrived. Upload it again.",
    );
    expect(fs.existsSync(storageFile(upload.key))).toBe(false);
  });

  it('a body larger than the link allows is refused while it streams', async () => {
    const start = await as(t, admin)('POST', UPLOADS, { target: subjectTarget, fileName: 'small.mp4', size: 100 });
    // a single PUT's link is signed again as part 1
    const resigned = await as(t, admin)('POST', `${UPLOADS}/${start.body.data.uploadId}/parts`, { partNumbers: [1] });
    expect(resigned.body.data.parts[0]).toMatchObject({ partNumber: 1, size: 100 });
    const put = await putTo(t, resigned.body.data.parts[0].url, mp4Bytes(5000));
    expect(put.status).toBe(413);
    expect(put.body).toEqual({ error: true, message: 'This upload is larger than its link allows (100 Bytes).' });
  });

  it('wrong magic bytes: refused with a message naming the rule, and the stored object deleted', async () => {
    const html = Buffer.from('<html><body>definitely not a video</body></html>');
    const { start, complete } = await uploadFile(t, admin, subjectTarget, 'x.mp4', html);
    expect(complete.status).toBe(422);
    expect(complete.body).toEqual({
      error: true,
      message: "'x.mp4' is not an MP4 video: its content does not match its type.",
    });
    expect(fs.existsSync(storageFile(start.key))).toBe(false);
    const png = await uploadFile(
      t,
      admin,
      { type: 'resource', resourceType: 'catalogue-image' },
      'fake.png',
      mp4Bytes(64),
    );
    expect(png.complete.body.message).toBe("'fake.png' is not a PNG image: its content does not match its type.");
    const pdf = await uploadFile(
      t,
      admin,
      { type: 'resource', resourceType: 'catalogue-syllabus' },
      'fake.pdf',
      pngBytes(64),
    );
    expect(pdf.complete.body.message).toBe("'fake.pdf' is not a PDF document: its content does not match its type.");
    // a refused upload cannot be registered
    const register = await as(t, admin)('PUT', '/api/file-explorer-service/cloud/uploadfiles', {
      subjectId: SUBJECT,
      unitId: UNIT,
      topicId: TOPIC,
      uploadFilesDtoList: [{ file: 'x.mp4', size: html.length, awsKey: start.key, videoDurationInSecond: 1 }],
    });
    expect(register.status).toBe(409);
  });

  describe('multipart', () => {
    const size = 3 * UPLOAD_MIN_PART_SIZE + 1000;
    const data = mp4Bytes(size, 0x42);
    const partOf = (n: number) => data.subarray((n - 1) * UPLOAD_MIN_PART_SIZE, n * UPLOAD_MIN_PART_SIZE);

    it('resumes the same file from the parts already stored, after a reload', async () => {
      const call = as(t, uploader);
      const body = {
        target: subjectTarget,
        fileName: 'Big Lecture.mp4',
        size,
        contentType: 'video/mp4',
        fingerprint: 'lastModified:1714000000000',
      };
      const first = (await call('POST', UPLOADS, body)).body.data;
      expect(first).toMatchObject({
        mode: 'multipart',
        partSize: UPLOAD_MIN_PART_SIZE,
        partCount: 4,
        resumed: false,
        parts: [],
      });
      expect(first.url).toBeUndefined();
      const signed = (await call('POST', `${UPLOADS}/${first.uploadId}/parts`, { partNumbers: [1, 2] })).body.data;
      expect(signed.parts.map((p: { size: number }) => p.size)).toEqual([UPLOAD_MIN_PART_SIZE, UPLOAD_MIN_PART_SIZE]);
      const etags: Record<number, string> = {};
      for (const part of signed.parts)
        etags[part.partNumber] = (await putTo(t, part.url, partOf(part.partNumber))).etag!;

      // The page reloads; the same file is chosen again.
      const again = (await call('POST', UPLOADS, body)).body.data;
      expect(again.uploadId).toBe(first.uploadId);
      expect(again.key).toBe(first.key);
      expect(again.resumed).toBe(true);
      expect(again.parts).toEqual([
        { partNumber: 1, etag: etags[1], size: UPLOAD_MIN_PART_SIZE },
        { partNumber: 2, etag: etags[2], size: UPLOAD_MIN_PART_SIZE },
      ]);
      // Another fingerprint (another file of the same name and size) is a new upload.
      const other = (await call('POST', UPLOADS, { ...body, fingerprint: 'lastModified:1' })).body.data;
      expect(other.uploadId).not.toBe(first.uploadId);

      const rest = (await call('POST', `${UPLOADS}/${first.uploadId}/parts`, { partNumbers: [3, 4] })).body.data;
      expect(rest.parts.map((p: { size: number }) => p.size)).toEqual([UPLOAD_MIN_PART_SIZE, 1000]);
      for (const part of rest.parts) etags[part.partNumber] = (await putTo(t, part.url, partOf(part.partNumber))).etag!;

      const missing = await call('POST', `${UPLOADS}/${first.uploadId}/complete`, {
        parts: [1, 2, 3].map((n) => ({ partNumber: n, etag: etags[n] })),
      });
      expect(missing.status).toBe(400);
      expect(missing.body.message).toBe(
        "'Big Lecture.mp4' is missing 1 part (4). Upload what is missing, then complete again.",
      );

      const done = await call('POST', `${UPLOADS}/${first.uploadId}/complete`, {
        parts: [4, 2, 3, 1].map((n) => ({ partNumber: n, etag: etags[n] })),
      });
      expect(done.status).toBe(200);
      expect(done.body.data.size).toBe(size);
      expect(fs.readFileSync(storageFile(first.key)).equals(data)).toBe(true);
      // finished: starting the same file again is a new upload
      expect((await call('POST', UPLOADS, body)).body.data.uploadId).not.toBe(first.uploadId);
    });

    it('a completion cut off after assembling is finished by the next attempt', async () => {
      const call = as(t, admin);
      const small = mp4Bytes(UPLOAD_MIN_PART_SIZE + 100);
      const { start, complete } = await uploadFile(t, admin, subjectTarget, 'retry.mp4', small);
      expect(start.mode).toBe('multipart');
      expect(complete.status).toBe(200);
      await t.database.query("UPDATE uploads SET status = 'STARTED' WHERE id = $1", [start.uploadId]);
      const retry = await call('POST', `${UPLOADS}/${start.uploadId}/complete`, {
        parts: [
          { partNumber: 1, etag: '"x"' },
          { partNumber: 2, etag: '"y"' },
        ],
      });
      expect(retry.status).toBe(200);
      expect(retry.body.data.size).toBe(small.length);
    });

    it('an expired part URL is refused with a clear message; signed again, it works', async () => {
      const call = as(t, admin);
      const upload = (await call('POST', UPLOADS, { target: subjectTarget, fileName: 'expiry.mp4', size })).body.data;
      const signed = (await call('POST', `${UPLOADS}/${upload.uploadId}/parts`, { partNumbers: [1] })).body.data
        .parts[0];
      expect(new Date(signed.expiresAt).getTime() - Date.now()).toBeGreaterThan(14 * 60_000);
      const later = Date.now() + t.config.storage.urlTtlSeconds * 1000 + 1000;
      vi.spyOn(Date, 'now').mockReturnValue(later);
      const late = await putTo(t, signed.url, partOf(1));
      vi.restoreAllMocks();
      expect(late.status).toBe(403);
      expect(late.body).toEqual({ error: true, message: UPLOAD_MESSAGES.linkExpired });
      const fresh = (await call('POST', `${UPLOADS}/${upload.uploadId}/parts`, { partNumbers: [1] })).body.data
        .parts[0];
      expect((await putTo(t, fresh.url, partOf(1))).status).toBe(200);
      // a forged or foreign link is refused too
      expect((await putTo(t, `${fresh.url}x`, partOf(1))).body.message).toBe(UPLOAD_MESSAGES.linkInvalid);
      expect((await putTo(t, '/files/upload', partOf(1))).status).toBe(403);
      // a part cut short is not listed for resume; a part larger than its size is refused
      expect((await putTo(t, fresh.url, partOf(1).subarray(0, 100))).status).toBe(200);
      expect((await call('POST', `${UPLOADS}/${upload.uploadId}/parts`, { partNumbers: [5] })).status).toBe(400);
    });

    it('cancel drops the stored parts, and the same file then starts afresh with a new id', async () => {
      const call = as(t, admin);
      const body = { target: subjectTarget, fileName: 'cancel.mp4', size, fingerprint: 'f-1' };
      const upload = (await call('POST', UPLOADS, body)).body.data;
      const part = (await call('POST', `${UPLOADS}/${upload.uploadId}/parts`, { partNumbers: [1] })).body.data.parts[0];
      await putTo(t, part.url, partOf(1));
      const [row] = await t.database.query<{ multipart_id: string }>('SELECT multipart_id FROM uploads WHERE id = $1', [
        upload.uploadId,
      ]);
      const partsDir = path.join(t.config.storage.localDir, '.multipart', row!.multipart_id);
      // upload.json, the data file the parts are written into, and part 1's record
      expect(fs.readdirSync(partsDir).filter((name) => /^1\.\d+\.[0-9a-f]{32}$/.test(name))).toHaveLength(1);
      expect(fs.readdirSync(partsDir)).toHaveLength(3);
      const abort = await call('DELETE', `${UPLOADS}/${upload.uploadId}`);
      expect(abort.status).toBe(200);
      expect(abort.body.data).toEqual({ uploadId: upload.uploadId, status: 'ABORTED' });
      expect(fs.existsSync(partsDir)).toBe(false);
      expect((await call('DELETE', `${UPLOADS}/${upload.uploadId}`)).status).toBe(200);
      const signAfter = await call('POST', `${UPLOADS}/${upload.uploadId}/parts`, { partNumbers: [1] });
      expect(signAfter.status).toBe(409);
      expect(signAfter.body.message).toBe("The upload of 'cancel.mp4' was cancelled. Start it again.");
      const again = (await call('POST', UPLOADS, body)).body.data;
      expect(again.uploadId).not.toBe(upload.uploadId);
      expect(again.parts).toEqual([]);
    });

    it('the browser may report stored parts; numbers outside the upload are refused', async () => {
      const call = as(t, admin);
      const upload = (await call('POST', UPLOADS, { target: subjectTarget, fileName: 'report.mp4', size })).body.data;
      const res = await call('POST', `${UPLOADS}/${upload.uploadId}/parts`, {
        partNumbers: [2],
        stored: [{ partNumber: 1, etag: '"abc"', size: UPLOAD_MIN_PART_SIZE }],
      });
      expect(res.status).toBe(200);
      const rows = await t.database.query<{ part_number: number }>(
        'SELECT part_number FROM upload_parts WHERE upload_id = $1',
        [upload.uploadId],
      );
      expect(rows.map((r) => r.part_number)).toEqual([1]);
      expect((await call('POST', `${UPLOADS}/${upload.uploadId}/parts`, { partNumbers: [1, 1] })).status).toBe(400);
    });
  });

  describe('who may upload where', () => {
    it('refuses a user uploading into a subject they are not assigned to', async () => {
      for (const caller of [uploader, developer]) {
        const res = await as(t, caller)('POST', UPLOADS, {
          target: { type: 'subject', subjectId: UNASSIGNED_SUBJECT },
          fileName: 'a.mp4',
          size: 10,
        });
        expect(res.status).toBe(403);
        expect(res.body).toEqual({ error: true, message: 'You are not authorized to take this action.' });
      }
      const admins = await as(t, contentAdmin)('POST', UPLOADS, {
        target: { type: 'subject', subjectId: UNASSIGNED_SUBJECT },
        fileName: 'a.mp4',
        size: 10,
      });
      expect(admins.status).toBe(200);
      expect(
        (await as(t, finance)('POST', UPLOADS, { target: subjectTarget, fileName: 'a.mp4', size: 10 })).status,
      ).toBe(403);
    });

    it('resource and preview uploads belong to the publisher area', async () => {
      for (const target of [
        { type: 'resource', resourceType: 'catalogue-image' },
        { type: 'preview-video', catalogueId: 'cat-1' },
      ]) {
        const res = await as(t, uploader)('POST', UPLOADS, { target, fileName: 'a.png', size: 10 });
        expect(res.status).toBe(403);
      }
    });

    it('answers 404 for a subject, unit or topic that does not exist or does not belong', async () => {
      const missing = await as(t, admin)('POST', UPLOADS, {
        target: { type: 'subject', subjectId: 'nope' },
        fileName: 'a.mp4',
        size: 10,
      });
      expect(missing.status).toBe(404);
      const wrongTopic = await as(t, admin)('POST', UPLOADS, {
        target: { type: 'subject', subjectId: SUBJECT, unitId: `${SUBJECT}-u2`, topicId: TOPIC },
        fileName: 'a.mp4',
        size: 10,
      });
      expect(wrongTopic.status).toBe(404);
    });

    it("another user's upload is not found", async () => {
      const upload = (await as(t, uploader)('POST', UPLOADS, { target: subjectTarget, fileName: 'mine.mp4', size: 10 }))
        .body.data;
      for (const [method, suffix, body] of [
        ['POST', '/parts', { partNumbers: [1] }],
        ['POST', '/complete', {}],
        ['DELETE', '', undefined],
      ] as const) {
        const res = await as(t, developer)(method, `${UPLOADS}/${upload.uploadId}${suffix}`, body);
        expect(res.status).toBe(404);
      }
    });

    it('an uploader removed from the subject mid-upload cannot go on', async () => {
      const upload = (
        await as(t, uploader)('POST', UPLOADS, { target: subjectTarget, fileName: 'removed.mp4', size: 10 })
      ).body.data;
      const userId = await t.userIdByPhone('9000000004');
      await t.database.query(
        "DELETE FROM subject_assignees WHERE subject_id = $1 AND user_id = $2 AND role = 'CONTENT_UPLOADER'",
        [SUBJECT, userId],
      );
      try {
        expect(
          (await as(t, uploader)('POST', `${UPLOADS}/${upload.uploadId}/parts`, { partNumbers: [1] })).status,
        ).toBe(403);
      } finally {
        await t.database.query(
          "INSERT INTO subject_assignees (subject_id, user_id, role) VALUES ($1, $2, 'CONTENT_UPLOADER')",
          [SUBJECT, userId],
        );
      }
    });
  });

  describe('picker uploads (resource types)', () => {
    it('names by the picker rule, serves the file at its public address, refuses the same name twice', async () => {
      const data = pngBytes(300);
      const { start, complete } = await uploadFile(
        t,
        contentAdmin,
        { type: 'resource', resourceType: 'catalogue-image' },
        'Banner Image (1).png',
        data,
        'image/png',
      );
      expect(start.key).toBe('catalogues/images/Banner-Image 1.png');
      expect(complete.status).toBe(200);
      expect(complete.body.data.url).toBe('/files/catalogues/images/Banner-Image%201.png');
      const served = await t.app.inject({ method: 'GET', url: complete.body.data.url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.rawPayload.equals(data)).toBe(true);
      const again = await as(t, contentAdmin)('POST', UPLOADS, {
        target: { type: 'resource', resourceType: 'catalogue-image' },
        fileName: 'Banner Image (1).png',
        size: 300,
      });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(
        "'Banner-Image 1.png' already exists in the catalogue image folder. Rename the file, or choose the existing one.",
      );
    });

    it('never serves videos or unknown folders publicly', async () => {
      const { start } = await uploadFile(t, admin, subjectTarget, 'public.mp4', mp4Bytes(100));
      for (const url of [
        `/files/${start.key}`,
        '/files/..%2F..%2Fetc%2Fpasswd',
        '/files/catalogues/images/..%2F..%2F..%2Fetc%2Fpasswd',
        '/files/catalogues/images/%2E%2E/%2E%2E/x.png',
        '/files/catalogues/images/none.png',
      ]) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
      }
    });
  });

  it('reports storage in /api/health', async () => {
    const res = await t.call('GET', '/api/health', { signature: false });
    expect(res.body.data.storage).toBe('ok');
  });

  it('sweeps uploads left unfinished past the resume window', async () => {
    const upload = (
      await as(t, admin)('POST', UPLOADS, {
        target: subjectTarget,
        fileName: 'stale.mp4',
        size: 3 * UPLOAD_MIN_PART_SIZE,
      })
    ).body.data;
    await t.database.query("UPDATE uploads SET created_at = now() - interval '8 days' WHERE id = $1", [
      upload.uploadId,
    ]);
    expect(t.app.storage.driver).toBeInstanceOf(LocalStorageDriver);
    const { UploadsService } = await import('./uploads.service');
    const { UploadsRepository } = await import('./uploads.repository');
    const { FilesRepository } = await import('../files/files.repository');
    const service = new UploadsService(
      t.app.storage,
      new UploadsRepository(t.app.deps.db),
      new FilesRepository(t.app.deps.db),
      t.app.log,
    );
    expect(await service.sweepStale()).toBeGreaterThanOrEqual(1);
    const [row] = await t.database.query<{ status: string }>('SELECT status FROM uploads WHERE id = $1', [
      upload.uploadId,
    ]);
    expect(row!.status).toBe('ABORTED');
  });
});

describe('local storage streams request bodies over HTTP', () => {
  let t: TestContext;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => t?.close());

  it('a 64 MB body does not raise the resident memory by anything near its size', async () => {
    // One part of a multipart upload is at most the part size, so sign single PUTs straight from the driver.
    const driver = t.app.storage.driver as LocalStorageDriver;
    const bucket = t.config.storage.buckets.videos;
    const chunk = Buffer.alloc(256 * 1024, 1);
    const send = async (key: string, size: number, onProgress: () => void) => {
      const signed = await driver.presignPut({ bucket, key }, { contentType: 'video/mp4', size, expiresIn: 60 });
      return new Promise<number>((resolve, reject) => {
        const req = http.request(
          `${base}${signed.url}`,
          { method: 'PUT', headers: { 'content-length': String(size), 'content-type': 'video/mp4' } },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          },
        );
        req.on('error', reject);
        let sent = 0;
        const write = () => {
          while (sent < size) {
            sent += chunk.length;
            onProgress();
            if (!req.write(chunk)) return void req.once('drain', write);
          }
          req.end();
        };
        write();
      });
    };
    // A first, smaller upload warms up what the process allocates once (parsers, pools, code).
    expect(await send(`subjects/${SUBJECT}/warm-up.mp4`, 16 * 1024 * 1024, () => undefined)).toBe(200);
    const size = 64 * 1024 * 1024;
    const before = process.memoryUsage().rss;
    let peak = before;
    const key = `subjects/${SUBJECT}/streamed.mp4`;
    expect(await send(key, size, () => (peak = Math.max(peak, process.memoryUsage().rss)))).toBe(200);
    expect(fs.statSync(path.join(t.config.storage.localDir, bucket, ...key.split('/'))).size).toBe(size);
    // Loose on purpose (the client lives in the same process): well below the 64 MB body.
    expect(peak - before).toBeLessThan(32 * 1024 * 1024);
  });
});
