import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createTestApp, type TestContext } from '../../test/test-app';
import { UPLOADS, as, mp4Bytes, pngBytes, uploadFile, type Caller } from '../../test/uploads';

const API = '/api/file-explorer-service/cloud';
const SUBJECT = 'subj-organic-chemistry';
const UNIT = `${SUBJECT}-u1`;
const TOPIC = `${UNIT}-t1`;
const TOPIC_2 = `${UNIT}-t2`;
const OTHER = 'subj-quant-aptitude';
const UNASSIGNED = 'subj-physical-geography';
/** FINISHED: under review, its subtopics all have videos */
const LOCKED = 'subj-indian-polity';
/** Registered videos stay NOT_STARTED: no transcoding job is submitted (the hook is tested below). */
const NO_SUBMIT = { transcoding: { ...loadConfig({ NODE_ENV: 'test' }).transcoding, submitOnRegister: false } };

describe('file explorer: register, list, copy, move, delete', () => {
  let t: TestContext;
  let admin: Caller;
  let uploader: Caller;
  let finance: Caller;

  beforeAll(async () => {
    t = await createTestApp(NO_SUBMIT);
    admin = { token: await t.sessionFor('SUPER_ADMIN'), role: 'SUPER_ADMIN' };
    uploader = { token: await t.sessionFor('CONTENT_UPLOADER'), role: 'CONTENT_UPLOADER' };
    finance = { token: await t.sessionFor('FINANCE'), role: 'FINANCE' };
  });
  afterAll(async () => t?.close());

  const file = (key: string) =>
    path.join(t.config.storage.localDir, t.config.storage.buckets.videos, ...key.split('/'));
  const upload = async (caller: Caller, name: string, subjectId = SUBJECT) => {
    const { start, complete } = await uploadFile(t, caller, { type: 'subject', subjectId }, name, mp4Bytes(2048));
    expect(complete.status).toBe(200);
    return start.key as string;
  };
  const register = (
    caller: Caller,
    keys: string[],
    where: { subjectId?: string; unitId?: string; topicId?: string } = {},
  ) =>
    as(t, caller)('PUT', `${API}/uploadfiles`, {
      subjectId: where.subjectId ?? SUBJECT,
      unitId: where.unitId ?? UNIT,
      topicId: where.topicId ?? TOPIC,
      uploadFilesDtoList: keys.map((awsKey, i) => ({
        file: `Lecture ${i + 1}.mp4`,
        size: 2048,
        awsKey,
        videoDurationInSecond: 61.5,
      })),
      uploadedBy: 'whoever the browser says',
    });

  it('registers finished uploads as NOT_STARTED videos of the topic; registering again is harmless', async () => {
    const keys = [await upload(uploader, 'one.mp4'), await upload(uploader, 'two.mp4')];
    const res = await register(uploader, keys);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('2 videos registered.');
    const videos = res.body.data.videos;
    expect(videos).toHaveLength(2);
    expect(videos[0]).toMatchObject({
      Name: 'Lecture 1.mp4',
      Id: keys[0],
      Length: 2048,
      videoDurationInSecond: 61.5,
      transcodingStatus: 'NOT_STARTED',
      subjectId: SUBJECT,
      uploadedBy: 'Sneha Kulkarni',
      unitId: UNIT,
      topicId: TOPIC,
      endpoints: [],
    });
    const again = await register(uploader, keys);
    expect(again.body.data.videos.map((v: { videoId: string }) => v.videoId).sort()).toEqual(
      videos.map((v: { videoId: string }) => v.videoId).sort(),
    );
    const inTopic = await as(t, uploader)('POST', `${API}/getvideos`, { subjectId: SUBJECT, topicId: TOPIC });
    expect(inTopic.body.data.map((v: { Id: string }) => v.Id)).toEqual(expect.arrayContaining(keys));
    const inOtherTopic = await as(t, uploader)('POST', `${API}/getvideos`, { subjectId: SUBJECT, topicId: TOPIC_2 });
    expect(inOtherTopic.body.data.map((v: { Id: string }) => v.Id)).not.toEqual(expect.arrayContaining([keys[0]]));
    const whole = await as(t, uploader)('POST', `${API}/getvideos`, { subjectId: SUBJECT });
    expect(whole.body.data.length).toBeGreaterThan(inTopic.body.data.length);
  });

  it('refuses keys outside the subject folder and keys that are not finished uploads', async () => {
    const mine = await upload(admin, 'elsewhere.mp4', OTHER);
    for (const awsKey of [
      mine,
      `subjects/${SUBJECT}/../${OTHER}/x.mp4`,
      `subjects/${SUBJECT}/nested/x.mp4`,
      `preview-videos/cat-1/x.mp4`,
      `/subjects/${SUBJECT}/x.mp4`,
    ]) {
      const res = await register(admin, [awsKey]);
      expect(res.status, awsKey).toBe(400);
      expect(res.body.message).toContain('is not a file of');
    }
    const never = await register(admin, [`subjects/${SUBJECT}/0b7c2f4e-1d2a-4c3b-9e8f-112233445566-ghost.mp4`]);
    expect(never.status).toBe(409);
    expect(never.body.message).toContain('is not a finished upload of');
    const started = (
      await as(t, admin)('POST', UPLOADS, {
        target: { type: 'subject', subjectId: SUBJECT },
        fileName: 'half.mp4',
        size: 10,
      })
    ).body.data;
    expect((await register(admin, [started.key])).status).toBe(409);
  });

  it('refuses registering into a subject the user is not assigned to', async () => {
    const res = await register(uploader, [`subjects/${UNASSIGNED}/x.mp4`], {
      subjectId: UNASSIGNED,
      unitId: `${UNASSIGNED}-u1`,
      topicId: `${UNASSIGNED}-u1-t1`,
    });
    expect(res.status).toBe(403);
    const list = await as(t, uploader)('POST', `${API}/getvideos`, { subjectId: UNASSIGNED });
    expect(list.status).toBe(403);
    expect((await as(t, finance)('POST', `${API}/getvideos`, { subjectId: SUBJECT })).status).toBe(403);
  });

  it('copies a video to another subject: a new file under its folder and a new video', async () => {
    const key = await upload(admin, 'copy me.mp4');
    const [video] = (await register(admin, [key])).body.data.videos;
    const res = await as(t, admin)('PUT', `${API}/copyfiles`, {
      videoIds: [video.videoId],
      destination: { subjectId: OTHER, topicId: `${OTHER}-u1-t1` },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('1 video copied.');
    const [copy] = res.body.data.videos;
    expect(copy.videoId).not.toBe(video.videoId);
    expect(copy.Id).toMatch(new RegExp(`^subjects/${OTHER}/[0-9a-f-]{36}-copyme\\.mp4$`));
    expect(copy).toMatchObject({
      subjectId: OTHER,
      unitId: `${OTHER}-u1`,
      topicId: `${OTHER}-u1-t1`,
      transcodingStatus: 'NOT_STARTED',
    });
    expect(fs.readFileSync(file(copy.Id)).equals(fs.readFileSync(file(key)))).toBe(true);
  });

  it('moves within a subject (only the topic changes) and to another subject (the file moves, subtopics lose it)', async () => {
    const key = await upload(admin, 'move me.mp4');
    const [video] = (await register(admin, [key])).body.data.videos;
    const within = await as(t, admin)('PUT', `${API}/movefiles`, {
      awsKeys: [key],
      destination: { subjectId: SUBJECT, topicId: TOPIC_2 },
    });
    expect(within.status).toBe(200);
    expect(within.body.data.videos[0]).toMatchObject({ Id: key, topicId: TOPIC_2, unitId: UNIT });
    expect(fs.existsSync(file(key))).toBe(true);

    // attach it to a subtopic (as if transcoded), then move it away
    await t.database.query("UPDATE videos SET transcoding_status = 'COMPLETE' WHERE id = $1", [video.videoId]);
    const subtopic = `${TOPIC_2}-s1`;
    await t.database.query('UPDATE subtopics SET video_id = $1 WHERE id = $2', [video.videoId, subtopic]);
    const version = async () =>
      (await t.database.query<{ version: number }>('SELECT version FROM subjects WHERE id = $1', [SUBJECT]))[0]!
        .version;
    const before = await version();
    const across = await as(t, admin)('PUT', `${API}/movefiles`, {
      videoIds: [video.videoId],
      destination: { subjectId: OTHER },
    });
    expect(across.status).toBe(200);
    const moved = across.body.data.videos[0];
    expect(moved.videoId).toBe(video.videoId);
    expect(moved.Id).toMatch(new RegExp(`^subjects/${OTHER}/[0-9a-f-]{36}-moveme\\.mp4$`));
    expect(moved).toMatchObject({ subjectId: OTHER, transcodingStatus: 'NOT_STARTED' });
    expect(fs.existsSync(file(key))).toBe(false);
    expect(fs.existsSync(file(moved.Id))).toBe(true);
    const [sub] = await t.database.query<{ video_id: string | null }>('SELECT video_id FROM subtopics WHERE id = $1', [
      subtopic,
    ]);
    expect(sub!.video_id).toBeNull();
    expect(await version()).toBe(before + 1);
  });

  it('deletes: the file, the record, and the subtopic attachment', async () => {
    const key = await upload(admin, 'delete me.mp4');
    const [video] = (await register(admin, [key])).body.data.videos;
    await t.database.query('UPDATE subtopics SET video_id = $1 WHERE id = $2', [video.videoId, `${TOPIC}-s1`]);
    const res = await as(t, admin)('DELETE', `${API}/deletefiles`, { videoIds: [video.videoId] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { deleted: [video.videoId] }, message: '1 video deleted.' });
    expect(fs.existsSync(file(key))).toBe(false);
    expect(await t.database.query('SELECT 1 FROM videos WHERE id = $1', [video.videoId])).toEqual([]);
    const [sub] = await t.database.query<{ video_id: string | null }>('SELECT video_id FROM subtopics WHERE id = $1', [
      `${TOPIC}-s1`,
    ]);
    expect(sub!.video_id).toBeNull();
    const activity = await t.database.query<{ summary: string }>(
      "SELECT summary FROM activity_log WHERE action = 'video.delete' AND entity_id = $1",
      [video.videoId],
    );
    expect(activity[0]!.summary).toBe("Aarav Mehta deleted 'Lecture 1.mp4'");
  });

  it('will not detach videos from a subject under review, nor act on unknown videos', async () => {
    const [attached] = await t.database.query<{ video_id: string }>(
      'SELECT video_id FROM subtopics WHERE subject_id = $1 AND video_id IS NOT NULL LIMIT 1',
      [LOCKED],
    );
    const del = await as(t, admin)('DELETE', `${API}/deletefiles`, { videoIds: [attached!.video_id] });
    expect(del.status).toBe(409);
    expect(del.body.message).toMatch(/is attached to a subtopic of 'Indian Polity', which is under review/);
    const move = await as(t, admin)('PUT', `${API}/movefiles`, {
      videoIds: [attached!.video_id],
      destination: { subjectId: SUBJECT },
    });
    expect(move.status).toBe(409);
    const missing = await as(t, admin)('DELETE', `${API}/deletefiles`, {
      videoIds: ['nope'],
      awsKeys: ['subjects/x/y.mp4'],
    });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('We could not find 2 videos of those chosen. They may have been deleted.');
    expect((await as(t, admin)('DELETE', `${API}/deletefiles`, {})).body.message).toBe('Choose at least one video.');
  });

  it('a user can only copy, move or delete videos of subjects they are assigned to', async () => {
    await t.database.query(
      "INSERT INTO videos (id, subject_id, name, storage_key) VALUES ('foreign-video', $1, 'x.mp4', $2)",
      [UNASSIGNED, `subjects/${UNASSIGNED}/x.mp4`],
    );
    expect((await as(t, uploader)('DELETE', `${API}/deletefiles`, { videoIds: ['foreign-video'] })).status).toBe(403);
    expect(
      (await as(t, uploader)('DELETE', `${API}/deletefiles`, { awsKeys: [`subjects/${UNASSIGNED}/x.mp4`] })).status,
    ).toBe(403);
    const key = await upload(uploader, 'mine.mp4');
    const [video] = (await register(uploader, [key])).body.data.videos;
    const into = await as(t, uploader)('PUT', `${API}/copyfiles`, {
      videoIds: [video.videoId],
      destination: { subjectId: UNASSIGNED },
    });
    expect(into.status).toBe(403);
  });

  it('gives a signed read address to preview a video, with ranges, only to people of its subject', async () => {
    const key = await upload(uploader, 'preview me.mp4');
    const [video] = (await register(uploader, [key])).body.data.videos;
    const res = await as(t, uploader)('GET', `${API}/videos/${video.videoId}/url`);
    expect(res.status).toBe(200);
    expect(res.body.data.url).toMatch(/^\/files\/object\?token=/);
    const read = await t.app.inject({ method: 'GET', url: res.body.data.url, headers: { range: 'bytes=0-7' } });
    expect(read.statusCode).toBe(206);
    expect(read.headers['content-type']).toBe('video/mp4');
    expect(read.rawPayload.subarray(4, 8).toString()).toBe('ftyp');
    expect((await as(t, finance)('GET', `${API}/videos/${video.videoId}/url`)).status).toBe(403);
    expect((await as(t, uploader)('GET', `${API}/videos/nope/url`)).status).toBe(404);
  });

  it('a video whose stored file is missing cannot be copied', async () => {
    const [demo] = await t.database.query<{ id: string }>(
      "SELECT id FROM videos WHERE subject_id = $1 AND name = 'revision-lecture.mp4'",
      [SUBJECT],
    );
    const res = await as(t, admin)('PUT', `${API}/copyfiles`, {
      videoIds: [demo!.id],
      destination: { subjectId: OTHER },
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      'The stored file of a chosen video is missing. Delete that video and upload it again.',
    );
  });
});

describe('the picker listing', () => {
  let t: TestContext;
  let contentAdmin: Caller;
  beforeAll(async () => {
    t = await createTestApp();
    contentAdmin = { token: await t.sessionFor('CONTENT_ADMIN'), role: 'CONTENT_ADMIN' };
    const driver = t.app.storage.driver;
    const bucket = t.config.storage.buckets['catalogue-image'];
    // seven images and a video key the picker must hide
    for (const name of ['a.png', 'b.png', 'c.png', 'd.png', 'e.png', 'f.png', 'g.png', 'trailer.mp4.png']) {
      const dir = path.join(t.config.storage.localDir, bucket, 'catalogues', 'images');
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, name), pngBytes(10));
    }
    expect(await driver.head({ bucket, key: 'catalogues/images/a.png' })).not.toBeNull();
  });
  afterAll(async () => t?.close());

  const list = (query: string, caller = contentAdmin) => as(t, caller)('GET', `${API}/objects?${query}`);

  it('pages with a continuation token, hides keys containing .mp4, and gives each file its address', async () => {
    const first = await list('resourceType=catalogue-image&maxKeys=3');
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ IsTruncated: true, KeyCount: 3, MaxKeys: 3, Prefix: 'catalogues/images/' });
    expect(first.body.data.Contents[0]).toEqual({
      Key: 'catalogues/images/a.png',
      Size: 10,
      LastModified: expect.any(String),
      name: 'a.png',
      url: '/files/catalogues/images/a.png',
    });
    const names: string[] = [];
    let token: string | null = null;
    do {
      const page = await list(
        `resourceType=catalogue-image&maxKeys=3${token ? `&continuationToken=${encodeURIComponent(token)}` : ''}`,
      );
      names.push(...page.body.data.Contents.map((c: { name: string }) => c.name));
      token = page.body.data.NextContinuationToken;
    } while (token);
    expect(names).toEqual(['a.png', 'b.png', 'c.png', 'd.png', 'e.png', 'f.png', 'g.png']);
    expect(
      (await list('resourceType=catalogue-image&prefix=c')).body.data.Contents.map((c: { name: string }) => c.name),
    ).toEqual(['c.png']);
  });

  it('lists at most 50 keys and refuses a bad continuation token', async () => {
    expect((await list('resourceType=catalogue-image&maxKeys=5000')).body.data.MaxKeys).toBe(50);
    expect((await list('resourceType=catalogue-image')).body.data.MaxKeys).toBe(50);
    const bad = await list('resourceType=catalogue-image&continuationToken=nonsense');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('The listing position (continuation token) is not valid. Start the listing again.');
    expect((await list('resourceType=store-icon')).body.data.Contents).toEqual([]);
    expect((await list('resourceType=catalogue-image&prefix=../../')).body.data.Contents).toEqual([]);
  });

  it('belongs to the publisher area', async () => {
    for (const role of ['FINANCE', 'CONTENT_DEVELOPER', 'CONTENT_UPLOADER'] as const) {
      const res = await list('resourceType=catalogue-image', { token: await t.sessionFor(role), role });
      expect(res.status).toBe(403);
    }
  });
});

describe('preview videos', () => {
  let t: TestContext;
  let contentAdmin: Caller;
  beforeAll(async () => {
    t = await createTestApp(NO_SUBMIT);
    contentAdmin = { token: await t.sessionFor('CONTENT_ADMIN'), role: 'CONTENT_ADMIN' };
    // preview videos are registered into catalogues that exist
    await t.database.query(
      "INSERT INTO catalogues (id, name, code) VALUES ('cat-42', 'Catalogue 42', 'CAT-42'), ('cat-7', 'Catalogue 7', 'CAT-7') ON CONFLICT DO NOTHING",
    );
  });
  afterAll(async () => t?.close());

  it('uploads under preview-videos/{catalogueId}/, registers, and lists them', async () => {
    const { start, complete } = await uploadFile(
      t,
      contentAdmin,
      { type: 'preview-video', catalogueId: 'cat-42' },
      'Demo Class 1.mp4',
      mp4Bytes(512),
    );
    expect(complete.status).toBe(200);
    expect(start.key).toMatch(/^preview-videos\/cat-42\/[0-9a-f-]{36}-DemoClass1\.mp4$/);
    const res = await as(t, contentAdmin)('POST', `${API}/preview-videos/create`, {
      catalogueId: 'cat-42',
      fileList: [
        { file: 'Demo Class 1.mp4', size: 512, awsKey: start.key, videoDurationInSecond: 30, catalogueId: 'cat-42' },
      ],
      uploadedBy: 'x',
    });
    expect(res.status).toBe(200);
    expect(res.body.data.catalogueId).toBe('cat-42');
    expect(res.body.data.fileList).toEqual([
      expect.objectContaining({
        Name: 'Demo Class 1.mp4',
        Id: start.key,
        catalogueId: 'cat-42',
        subjectId: null,
        transcodingStatus: 'NOT_STARTED',
      }),
    ]);
    const list = await as(t, contentAdmin)('GET', `${API}/preview-videos/cat-42`);
    expect(list.body.data.fileList).toHaveLength(1);
    expect((await as(t, contentAdmin)('GET', `${API}/preview-videos/cat-7`)).body.data.fileList).toEqual([]);
    const wrong = await as(t, contentAdmin)('POST', `${API}/preview-videos/create`, {
      catalogueId: 'cat-7',
      fileList: [{ file: 'x.mp4', size: 512, awsKey: start.key, videoDurationInSecond: 30 }],
    });
    expect(wrong.status).toBe(400);
  });
});

describe('the transcoding hook', () => {
  it('is called with the ids of registered videos', async () => {
    const calls: { ids: string[]; reason: string }[] = [];
    const { build } = await import('../../app');
    const t = await createTestApp({}, {});
    // a second app on the same database, with the hook plugged in
    const app = await build({
      config: t.config,
      database: t.database,
      seed: false,
      logger: false,
      onVideosRegistered: async (ids, reason) => void calls.push({ ids, reason }),
    });
    try {
      const admin = { token: await t.sessionFor('SUPER_ADMIN'), role: 'SUPER_ADMIN' };
      const { start } = await uploadFile(
        t,
        admin,
        { type: 'subject', subjectId: SUBJECT },
        'hooked.mp4',
        mp4Bytes(256),
      );
      const res = await app.inject({
        method: 'PUT',
        url: `${API}/uploadfiles`,
        headers: {
          'content-type': 'application/json',
          authorization: admin.token,
          'x-user-info': admin.role,
          'x-signature': await t.signer('PUT', `${API}/uploadfiles`),
        },
        payload: JSON.stringify({
          subjectId: SUBJECT,
          unitId: UNIT,
          topicId: TOPIC,
          uploadFilesDtoList: [{ file: 'hooked.mp4', size: 256, awsKey: start.key, videoDurationInSecond: 5 }],
        }),
      });
      expect(res.statusCode).toBe(200);
      const id = JSON.parse(res.body).data.videos[0].videoId;
      expect(calls).toEqual([{ ids: [id], reason: 'registered' }]);
    } finally {
      await app.close();
      await t.close();
    }
  });
});
