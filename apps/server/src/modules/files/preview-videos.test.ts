import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@lectern/contract';
import { loadConfig } from '../../config';
import { createTestApp, type TestContext } from '../../test/test-app';
import {
  createCatalogue,
  createLiveClass,
  createRecording,
  createSubject,
  type MadeCatalogue,
  type MadeRecording,
  type MadeSubject,
} from '../../test/media-factories';
import { as, mp4Bytes, uploadFile, type Caller } from '../../test/uploads';
import { storageUrlSecret, verifyStorageToken } from '../../storage/url-token';
import { VideosRepository } from '../videos/videos.repository';
import { FilesRepository } from './files.repository';
import { VideoAccess } from './video-access';
import { VideoPlaybackService } from './video-playback.service';

const API = '/api/file-explorer-service/cloud';
const RECORDINGS = '/api/batch/live-class-recording';
const SUPER_ADMIN_PHONE = '9000000001';
const DEVELOPER_PHONE = '9000000003';
const UPLOADER_PHONE = '9000000004';

/**
 * A test app whose registered videos stay NOT_STARTED (no job is submitted: these suites set the
 * transcoding state themselves); each suite makes the catalogues, subjects and classes it reads.
 */
async function filesApp(): Promise<TestContext> {
  return createTestApp({
    transcoding: { ...loadConfig({ NODE_ENV: 'test' }).transcoding, submitOnRegister: false },
  });
}

const objectPath = (t: TestContext, key: string) =>
  path.join(t.config.storage.localDir, t.config.storage.buckets.videos, ...key.split('/'));

/** Writes an object straight into the local store. */
function put(t: TestContext, key: string, data: Buffer | string = 'x'): void {
  const file = objectPath(t, key);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, data);
}
const exists = (t: TestContext, key: string) => fs.existsSync(objectPath(t, key));

/** The outputs a transcode leaves beside a source: the endpoints to record, and every file written. */
function transcodeOutputs(t: TestContext, sourceKey: string, videoId: string, jobId = 'job-1') {
  const prefix = `${sourceKey.slice(0, sourceKey.lastIndexOf('/') + 1)}transcoded/${videoId}/${jobId}/`;
  const endpoints = [
    `${prefix}master.m3u8`,
    `${prefix}poster.jpg`,
    `${prefix}thumb-01.jpg`,
    `${prefix}thumb-02.jpg`,
    `${prefix}thumb-03.jpg`,
  ];
  const files = [...endpoints, `${prefix}720p/index.m3u8`, `${prefix}720p/seg-00001.ts`];
  for (const key of files) put(t, key, key.endsWith('.m3u8') ? '#EXTM3U\n' : 'bytes');
  return { prefix, endpoints, files };
}

async function markTranscoded(t: TestContext, videoId: string, endpoints: string[], status = 'COMPLETE') {
  await t.database.query('UPDATE videos SET transcoding_status = $1, endpoints = $2::jsonb WHERE id = $3', [
    status,
    JSON.stringify(endpoints),
    videoId,
  ]);
}

describe('preview videos: folders, register, rename, move, delete', () => {
  let t: TestContext;
  let contentAdmin: Caller;
  let finance: Caller;
  let JEE: string;
  let NEET: string;
  let neet: MadeCatalogue;
  /** a video of a subject: not a preview video */
  let subjectVideoId: string;

  beforeAll(async () => {
    t = await filesApp();
    contentAdmin = { token: await t.sessionFor('CONTENT_ADMIN'), role: 'CONTENT_ADMIN' };
    finance = { token: await t.sessionFor('FINANCE'), role: 'FINANCE' };
    JEE = (await createCatalogue(t)).id;
    neet = await createCatalogue(t);
    NEET = neet.id;
    subjectVideoId = (await createSubject(t, { videos: 1 })).videoIds[0]!;
  });
  afterAll(async () => t?.close());

  /** Uploads and registers preview videos of a catalogue; answers the registered list. */
  const addPreviews = async (catalogueId: string, names: string[]) => {
    const fileList = [];
    for (const name of names) {
      const { start, complete } = await uploadFile(
        t,
        contentAdmin,
        { type: 'preview-video', catalogueId },
        name,
        mp4Bytes(1024),
      );
      expect(complete.status).toBe(200);
      fileList.push({ file: name, size: 1024, awsKey: start.key as string, videoDurationInSecond: 42 });
    }
    const res = await as(t, contentAdmin)('POST', `${API}/preview-videos/create`, { catalogueId, fileList });
    expect(res.status).toBe(200);
    // the answer is the catalogue's whole list: these are the ones just registered, in order
    const listed = res.body.data.fileList as { videoId: string; Id: string; Name: string }[];
    return fileList.map((f) => listed.find((v) => v.Id === f.awsKey)!);
  };

  it('lists every catalogue as a folder, by name, with its number of preview videos', async () => {
    const before = await as(t, contentAdmin)('GET', `${API}/preview-videos/all`);
    expect(before.status).toBe(200);
    // every real catalogue is a folder: this suite's own among them
    const catalogues = await t.database.query<{ id: string; name: string }>(
      'SELECT id, name FROM catalogues WHERE NOT archived',
    );
    expect(catalogues.map((c) => c.id)).toEqual(expect.arrayContaining([JEE, NEET]));
    expect(before.body.data).toEqual(
      [...catalogues]
        .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id))
        .map((c) => ({ catalogueId: c.id, catalogueName: c.name, videoCount: 0 })),
    );
    await addPreviews(JEE, ['Demo Class 1.mp4', 'Demo Class 2.mp4']);
    const after = await as(t, contentAdmin)('GET', `${API}/preview-videos/all`);
    expect(after.body.data.find((f: { catalogueId: string }) => f.catalogueId === JEE).videoCount).toBe(2);
    expect(after.body.data.find((f: { catalogueId: string }) => f.catalogueId === NEET).videoCount).toBe(0);
  });

  it('leaves archived catalogues out of the folders, and lists them again once unarchived', async () => {
    const ids = async () =>
      ((await as(t, contentAdmin)('GET', `${API}/preview-videos/all`)).body.data as { catalogueId: string }[]).map(
        (f) => f.catalogueId,
      );
    expect(await ids()).toContain(NEET);
    await t.database.query('UPDATE catalogues SET archived = true WHERE id = $1', [NEET]);
    try {
      expect(await ids()).not.toContain(NEET);
    } finally {
      await t.database.query('UPDATE catalogues SET archived = false WHERE id = $1', [NEET]);
    }
    expect(await ids()).toContain(NEET);
  });

  it('refuses to register preview videos of a catalogue that does not exist', async () => {
    const res = await as(t, contentAdmin)('POST', `${API}/preview-videos/create`, {
      catalogueId: 'cat-nowhere',
      fileList: [{ file: 'x.mp4', size: 1, awsKey: 'preview-videos/cat-nowhere/x.mp4', videoDurationInSecond: 1 }],
    });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('We could not find that catalogue. It may have been deleted.');
  });

  it("renames a preview video (its name only: the stored key stays), then moves it to another catalogue's list", async () => {
    const [video] = await addPreviews(JEE, ['Rename Me.mp4']);
    const renamed = await as(t, contentAdmin)('PUT', `${API}/preview-videos/update`, {
      videoId: video!.videoId,
      file: '   Kinematics: a first look.mp4  ',
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.message).toBe(MESSAGES.defaultSuccess);
    expect(renamed.body.data.catalogueId).toBe(JEE);
    const mine = renamed.body.data.fileList.find((f: { videoId: string }) => f.videoId === video!.videoId);
    expect(mine).toMatchObject({ Name: 'Kinematics: a first look.mp4', Id: video!.Id, catalogueId: JEE });
    expect(exists(t, video!.Id)).toBe(true);

    const moved = await as(t, contentAdmin)('PUT', `${API}/preview-videos/update`, {
      videoId: video!.videoId,
      catalogueId: NEET,
    });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toEqual({
      catalogueId: NEET,
      fileList: [expect.objectContaining({ videoId: video!.videoId, catalogueId: NEET, Id: video!.Id })],
    });
    const jee = await as(t, contentAdmin)('GET', `${API}/preview-videos/${JEE}`);
    expect(jee.body.data.fileList.map((f: { videoId: string }) => f.videoId)).not.toContain(video!.videoId);

    const activity = await t.database.query<{ action: string; summary: string }>(
      `SELECT action, summary FROM activity_log WHERE entity_type = 'video' AND entity_id = $1
        AND action IN ('video.register', 'video.rename', 'video.move') ORDER BY id`,
      [video!.videoId],
    );
    expect(activity.map((a) => a.summary)).toEqual([
      "Priya Raghavan uploaded 'Rename Me.mp4'",
      "Priya Raghavan renamed 'Rename Me.mp4' to 'Kinematics: a first look.mp4'",
      `Priya Raghavan moved 'Kinematics: a first look.mp4' to the preview videos of '${neet.name}'`,
    ]);
  });

  it('refuses a missing catalogue, a video that is not a preview video, and an empty change', async () => {
    const [video] = await addPreviews(JEE, ['Stay Here.mp4']);
    const nowhere = await as(t, contentAdmin)('PUT', `${API}/preview-videos/update`, {
      videoId: video!.videoId,
      catalogueId: 'cat-nowhere',
      file: 'New name.mp4',
    });
    expect(nowhere.status).toBe(404);
    expect(nowhere.body.message).toBe('We could not find that catalogue. It may have been deleted.');
    const subjectVideo = { id: subjectVideoId };
    const notPreview = await as(t, contentAdmin)('PUT', `${API}/preview-videos/update`, {
      videoId: subjectVideo.id,
      file: 'x.mp4',
    });
    expect(notPreview.status).toBe(404);
    expect(notPreview.body.message).toBe('We could not find 1 video of those chosen. They may have been deleted.');
    const unknown = await as(t, contentAdmin)('PUT', `${API}/preview-videos/update`, { videoId: 'nope', file: 'x' });
    expect(unknown.status).toBe(404);
    const empty = await as(t, contentAdmin)('PUT', `${API}/preview-videos/update`, { videoId: video!.videoId });
    expect(empty.status).toBe(400);
    const [row] = await t.database.query<{ name: string; catalogue_id: string }>(
      'SELECT name, catalogue_id FROM videos WHERE id = $1',
      [video!.videoId],
    );
    expect(row).toEqual({ name: 'Stay Here.mp4', catalogue_id: JEE });
  });

  it('deletes preview videos: the records, the stored files and every transcode output', async () => {
    const [one, two] = await addPreviews(NEET, ['Delete One.mp4', 'Delete Two.mp4']);
    const outputs = transcodeOutputs(t, one!.Id, one!.videoId);
    await markTranscoded(t, one!.videoId, outputs.endpoints);
    // a job that never finished left outputs but no endpoints
    const partial = transcodeOutputs(t, two!.Id, two!.videoId, 'job-cancelled');
    const [keep] = await addPreviews(NEET, ['Keep Me.mp4']);

    const res = await as(t, contentAdmin)('DELETE', `${API}/preview-videos/delete`, {
      videoIds: [one!.videoId, two!.videoId, one!.videoId],
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('2 videos deleted.');
    expect([...res.body.data.deleted].sort()).toEqual([one!.videoId, two!.videoId].sort());
    for (const key of [one!.Id, two!.Id, ...outputs.files, ...partial.files]) expect(exists(t, key), key).toBe(false);
    expect(exists(t, keep!.Id)).toBe(true);
    expect(
      await t.database.query('SELECT id FROM videos WHERE id = ANY($1::text[])', [[one!.videoId, two!.videoId]]),
    ).toEqual([]);
    const activity = await t.database.query(
      "SELECT 1 FROM activity_log WHERE action = 'video.delete' AND entity_id = ANY($1::text[])",
      [[one!.videoId, two!.videoId]],
    );
    expect(activity).toHaveLength(2);
  });

  it('deletes nothing when any id is not a preview video', async () => {
    const [video] = await addPreviews(JEE, ['Not Yet.mp4']);
    const subjectVideo = { id: subjectVideoId };
    const res = await as(t, contentAdmin)('DELETE', `${API}/preview-videos/delete`, {
      videoIds: [video!.videoId, subjectVideo.id, 'nope'],
    });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('We could not find 2 videos of those chosen. They may have been deleted.');
    expect(exists(t, video!.Id)).toBe(true);
    expect(await t.database.query('SELECT id FROM videos WHERE id = $1', [subjectVideo.id])).toHaveLength(1);
    expect(await t.database.query('SELECT id FROM videos WHERE id = $1', [video!.videoId])).toHaveLength(1);
  });

  it('belongs to the publisher area: FINANCE, developers and uploaders are refused', async () => {
    const [video] = await addPreviews(JEE, ['Guarded.mp4']);
    for (const caller of [
      finance,
      { token: await t.sessionFor('CONTENT_DEVELOPER'), role: 'CONTENT_DEVELOPER' },
      { token: await t.sessionFor('CONTENT_UPLOADER'), role: 'CONTENT_UPLOADER' },
    ]) {
      const call = as(t, caller);
      expect((await call('GET', `${API}/preview-videos/all`)).status, caller.role).toBe(403);
      expect(
        (await call('PUT', `${API}/preview-videos/update`, { videoId: video!.videoId, file: 'x.mp4' })).status,
      ).toBe(403);
      expect((await call('DELETE', `${API}/preview-videos/delete`, { videoIds: [video!.videoId] })).status).toBe(403);
    }
    expect(exists(t, video!.Id)).toBe(true);
  });
});

describe('video addresses and deletes with transcodes', () => {
  let t: TestContext;
  let admin: Caller;
  let uploader: Caller;
  const secret = storageUrlSecret('test-pepper');
  /** the uploader's subject, and another one to move videos to */
  let subject: MadeSubject;
  let SUBJECT: string;
  let otherSubject: string;

  beforeAll(async () => {
    t = await filesApp();
    admin = { token: await t.sessionFor('SUPER_ADMIN'), role: 'SUPER_ADMIN' };
    uploader = { token: await t.sessionFor('CONTENT_UPLOADER'), role: 'CONTENT_UPLOADER' };
    subject = await createSubject(t, {
      assignees: [{ userId: await t.userIdByPhone(UPLOADER_PHONE), role: 'CONTENT_UPLOADER' }],
    });
    SUBJECT = subject.id;
    otherSubject = (await createSubject(t)).id;
  });
  afterAll(async () => t?.close());

  /** The playback service as files.routes.ts builds it, with the media routes' secret. */
  const service = () =>
    new VideoPlaybackService(
      t.app.storage,
      new VideoAccess(new FilesRepository(t.database.db), new VideosRepository(t.database.db)),
      secret,
    );
  const callerOf = async (role: 'SUPER_ADMIN' | 'CONTENT_UPLOADER') => ({
    userId: await t.userIdByPhone(role === 'SUPER_ADMIN' ? SUPER_ADMIN_PHONE : UPLOADER_PHONE),
    name: role === 'SUPER_ADMIN' ? 'Aarav Mehta' : 'Sneha Kulkarni',
    roles: [role],
  });

  const addVideo = async (caller: Caller, name: string) => {
    const { start } = await uploadFile(t, caller, { type: 'subject', subjectId: SUBJECT }, name, mp4Bytes(2048));
    const res = await as(t, caller)('PUT', `${API}/uploadfiles`, {
      subjectId: SUBJECT,
      unitId: subject.units[0]!.id,
      topicId: subject.units[0]!.topics[0]!,
      uploadFilesDtoList: [{ file: name, size: 2048, awsKey: start.key, videoDurationInSecond: 12 }],
    });
    expect(res.status).toBe(200);
    return res.body.data.videos[0] as { videoId: string; Id: string };
  };

  it('gives the HLS master playlist, the poster and the thumbnails of a COMPLETE video', async () => {
    const video = await addVideo(uploader, 'hls.mp4');
    const outputs = transcodeOutputs(t, video.Id, video.videoId);
    await markTranscoded(t, video.videoId, outputs.endpoints);
    const answer = await service().videoUrl(await callerOf('CONTENT_UPLOADER'), video.videoId);
    expect(answer.url).toMatch(/^\/files\/object\?token=/);
    expect(answer.hlsUrl).toMatch(/^\/media\/hls\/[^/]+\/master\.m3u8$/);
    const token = answer.hlsUrl!.split('/')[3];
    const check = verifyStorageToken(secret, token);
    expect(check.ok).toBe(true);
    if (check.ok) {
      expect(check.payload).toMatchObject({ op: 'hls', b: t.config.storage.buckets.videos, k: outputs.prefix });
    }
    expect(answer.thumbnailUrls).toHaveLength(3);
    for (const url of [answer.posterUrl!, ...answer.thumbnailUrls]) {
      const read = await t.app.inject({ method: 'GET', url });
      expect(read.statusCode).toBe(200);
      expect(read.headers['content-type']).toBe('image/jpeg');
    }
  });

  it('gives no HLS address before the video is COMPLETE or without a master playlist', async () => {
    const video = await addVideo(uploader, 'not-yet.mp4');
    const plain = await service().videoUrl(await callerOf('CONTENT_UPLOADER'), video.videoId);
    expect(plain).toMatchObject({ hlsUrl: null, posterUrl: null, thumbnailUrls: [] });
    const outputs = transcodeOutputs(t, video.Id, video.videoId);
    await markTranscoded(t, video.videoId, outputs.endpoints, 'PROGRESSING');
    const progressing = await service().videoUrl(await callerOf('CONTENT_UPLOADER'), video.videoId);
    expect(progressing.hlsUrl).toBeNull();
    expect(progressing.posterUrl).toMatch(/^\/files\/object\?token=/);
    await markTranscoded(t, video.videoId, outputs.endpoints.slice(1), 'COMPLETE');
    expect((await service().videoUrl(await callerOf('CONTENT_UPLOADER'), video.videoId)).hlsUrl).toBeNull();
    // endpoints naming the source's own folder never authorise reads there
    await markTranscoded(t, video.videoId, [`subjects/${SUBJECT}/master.m3u8`], 'COMPLETE');
    expect((await service().videoUrl(await callerOf('CONTENT_UPLOADER'), video.videoId)).hlsUrl).toBeNull();
  });

  it('answers the new fields over HTTP too', async () => {
    const video = await addVideo(uploader, 'over-http.mp4');
    const outputs = transcodeOutputs(t, video.Id, video.videoId);
    await markTranscoded(t, video.videoId, outputs.endpoints);
    const res = await as(t, uploader)('GET', `${API}/videos/${video.videoId}/url`);
    expect(res.status).toBe(200);
    // hlsUrl is null only in a build whose app.ts does not give filesRoutes the media routes' secret
    const { hlsUrl } = res.body.data;
    if (hlsUrl !== null) {
      expect(hlsUrl).toMatch(/^\/media\/hls\/[^/]+\/master\.m3u8$/);
      const playlist = await t.app.inject({ method: 'GET', url: hlsUrl });
      expect(playlist.statusCode).toBe(200);
      expect(playlist.body).toContain('#EXTM3U');
    }
    expect(res.body.data.posterUrl).toMatch(/^\/files\/object\?token=/);
    expect(res.body.data.thumbnailUrls).toHaveLength(3);
  });

  it('deletefiles removes the transcode outputs, and nothing else in the folder', async () => {
    const video = await addVideo(admin, 'with-outputs.mp4');
    const neighbour = await addVideo(admin, 'neighbour.mp4');
    const outputs = transcodeOutputs(t, video.Id, video.videoId);
    const older = transcodeOutputs(t, video.Id, video.videoId, 'job-0');
    const theirs = transcodeOutputs(t, neighbour.Id, neighbour.videoId);
    await markTranscoded(t, video.videoId, outputs.endpoints);
    const res = await as(t, admin)('DELETE', `${API}/deletefiles`, { videoIds: [video.videoId] });
    expect(res.status).toBe(200);
    for (const key of [video.Id, ...outputs.files, ...older.files]) expect(exists(t, key), key).toBe(false);
    for (const key of [neighbour.Id, ...theirs.files]) expect(exists(t, key), key).toBe(true);
  });

  it('endpoints pointing at the source folder never make a delete remove other files', async () => {
    const video = await addVideo(admin, 'odd-endpoints.mp4');
    const neighbour = await addVideo(admin, 'safe-neighbour.mp4');
    await markTranscoded(t, video.videoId, [`subjects/${SUBJECT}/master.m3u8`, `subjects/${SUBJECT}/poster.jpg`]);
    expect((await as(t, admin)('DELETE', `${API}/deletefiles`, { videoIds: [video.videoId] })).status).toBe(200);
    expect(exists(t, video.Id)).toBe(false);
    expect(exists(t, neighbour.Id)).toBe(true);
  });

  it("deletes outputs named elsewhere only when they are in a folder of the video's own", async () => {
    const own = await addVideo(admin, 'own-elsewhere.mp4');
    const shared = await addVideo(admin, 'shared-outputs.mp4');
    const ownFolder = `subjects/${otherSubject}/transcoded/${own.videoId}/job-9/`;
    put(t, `${ownFolder}master.m3u8`, '#EXTM3U\n');
    put(t, 'shared/outputs/master.m3u8', '#EXTM3U\n');
    await markTranscoded(t, own.videoId, [`${ownFolder}master.m3u8`]);
    await markTranscoded(t, shared.videoId, ['shared/outputs/master.m3u8']);
    const res = await as(t, admin)('DELETE', `${API}/deletefiles`, { videoIds: [own.videoId, shared.videoId] });
    expect(res.status).toBe(200);
    expect(exists(t, `${ownFolder}master.m3u8`)).toBe(false);
    expect(exists(t, 'shared/outputs/master.m3u8')).toBe(true);
  });

  it('moving to another subject removes the old transcode outputs (the video is transcoded again)', async () => {
    const video = await addVideo(admin, 'move-outputs.mp4');
    const outputs = transcodeOutputs(t, video.Id, video.videoId);
    await markTranscoded(t, video.videoId, outputs.endpoints);
    const res = await as(t, admin)('PUT', `${API}/movefiles`, {
      videoIds: [video.videoId],
      destination: { subjectId: otherSubject },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.videos[0]).toMatchObject({ transcodingStatus: 'NOT_STARTED', endpoints: [] });
    for (const key of outputs.files) expect(exists(t, key), key).toBe(false);
  });
});

describe('the file explorer subjects (getsubjects)', () => {
  let t: TestContext;
  /** three units and eleven videos; the developer's and uploader's; the developer's only; nobody's */
  let organic: MadeSubject;
  let unassigned: MadeSubject;
  beforeAll(async () => {
    t = await filesApp();
    const developer = await t.userIdByPhone(DEVELOPER_PHONE);
    const uploader = await t.userIdByPhone(UPLOADER_PHONE);
    organic = await createSubject(t, { units: 3, videos: 11 });
    await createSubject(t, {
      assignees: [
        { userId: developer, role: 'CONTENT_DEVELOPER' },
        { userId: uploader, role: 'CONTENT_UPLOADER' },
      ],
    });
    await createSubject(t, { assignees: [{ userId: developer, role: 'CONTENT_DEVELOPER' }] });
    unassigned = await createSubject(t);
  });
  afterAll(async () => t?.close());

  const subjectsAs = async (role: 'SUPER_ADMIN' | 'CONTENT_ADMIN' | 'CONTENT_DEVELOPER' | 'CONTENT_UPLOADER') =>
    as(t, { token: await t.sessionFor(role), role })('GET', `${API}/getsubjects`);

  it('gives admins every subject by name, with status and numbers of units and videos', async () => {
    const expected = await t.database.query<Record<string, unknown>>(
      `SELECT s.id AS "subjectId", s.name AS "subjectName", s.subject_state AS status,
        (SELECT count(*)::int FROM units u WHERE u.subject_id = s.id) AS "unitCount",
        (SELECT count(*)::int FROM videos v WHERE v.subject_id = s.id) AS "videoCount"
       FROM subjects s ORDER BY s.name, s.id`,
    );
    expect(expected.length).toBeGreaterThan(3);
    for (const role of ['SUPER_ADMIN', 'CONTENT_ADMIN'] as const) {
      const res = await subjectsAs(role);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual(expected);
    }
    const listed = expected.find((s) => s.subjectId === organic.id)!;
    expect(listed).toMatchObject({ subjectName: organic.name, status: 'IN_PROGRESS', unitCount: 3 });
    expect(listed.videoCount).toBeGreaterThan(10);
  });

  it('gives developers and uploaders only the subjects they are assigned to in their role', async () => {
    for (const [role, phone] of [
      ['CONTENT_UPLOADER', UPLOADER_PHONE],
      ['CONTENT_DEVELOPER', DEVELOPER_PHONE],
    ] as const) {
      const assigned = await t.database.query<{ subject_id: string }>(
        `SELECT sa.subject_id FROM subject_assignees sa JOIN subjects s ON s.id = sa.subject_id
         WHERE sa.user_id = $1 AND sa.role = $2 ORDER BY s.name, s.id`,
        [await t.userIdByPhone(phone), role],
      );
      const all = await t.database.query('SELECT id FROM subjects');
      expect(assigned.length).toBeGreaterThan(0);
      expect(assigned.length).toBeLessThan(all.length);
      const res = await subjectsAs(role);
      expect(res.status).toBe(200);
      expect(res.body.data.map((s: { subjectId: string }) => s.subjectId)).toEqual(assigned.map((a) => a.subject_id));
    }
    expect(
      (await subjectsAs('CONTENT_UPLOADER')).body.data.map((s: { subjectId: string }) => s.subjectId),
    ).not.toContain(unassigned.id);
  });

  it('refuses FINANCE and INSTRUCTOR', async () => {
    for (const role of ['FINANCE', 'INSTRUCTOR'] as const) {
      const res = await as(t, { token: await t.sessionFor(role), role })('GET', `${API}/getsubjects`);
      expect(res.status).toBe(403);
    }
  });
});

describe('live-class recordings', () => {
  let t: TestContext;
  let admin: Caller;
  /** the suite's own classes, held long before any other (so first by class date), each with its recordings */
  let classes: { id: string; title: string; instructorName: string; recordings: MadeRecording[] }[];
  /** this suite's recordings in the list's order: by class date, then name */
  let own: { c: (typeof classes)[number]; file: string; videoId: string }[];
  const countOf = async (instructorName?: string) =>
    (
      await t.database.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM videos v JOIN live_classes c ON c.id = v.live_class_id
          WHERE $1::text IS NULL OR c.instructor_name = $1`,
        [instructorName ?? null],
      )
    )[0]!.n;
  beforeAll(async () => {
    t = await filesApp();
    admin = { token: await t.sessionFor('SUPER_ADMIN'), role: 'SUPER_ADMIN' };
    const specs = [
      {
        title: 'Organic Chemistry: Reaction Mechanisms Masterclass',
        instructorName: 'Meera Nair',
        day: '2001-01-01',
        files: ['reaction-mechanisms-part-2.mp4', 'reaction-mechanisms-part-1.mp4'],
      },
      {
        title: 'Physics: Rotational Dynamics',
        instructorName: 'Arjun Menon',
        day: '2001-01-03',
        files: ['rotational-dynamics-live.mp4'],
      },
      {
        title: 'Indian Polity: Fundamental Rights',
        instructorName: 'Meera Nair',
        day: '2001-01-05',
        files: ['fundamental-rights-doubt-session.mp4'],
      },
    ];
    classes = [];
    for (const spec of specs) {
      // 10:00 in India
      const c = await createLiveClass(t, {
        title: spec.title,
        instructorName: spec.instructorName,
        status: 'ENDED',
        startTime: new Date(`${spec.day}T04:30:00.000Z`),
      });
      const recordings = [];
      for (const name of spec.files) recordings.push(await createRecording(t, c.id, { name, status: 'COMPLETE' }));
      classes.push({ id: c.id, title: spec.title, instructorName: spec.instructorName, recordings });
    }
    own = classes.flatMap((c) =>
      [...c.recordings].sort((a, b) => a.name.localeCompare(b.name)).map((r) => ({ c, file: r.name, videoId: r.id })),
    );
  });
  afterAll(async () => t?.close());

  it('lists every recording with its live class, by class date then name (the spec call: size 10000, ASC)', async () => {
    const res = await as(t, admin)('GET', `${RECORDINGS}?page=0&size=10000&sort=ASC`);
    expect(res.status).toBe(200);
    const { content, ...paging } = res.body.data;
    const total = await countOf();
    expect(total).toBeGreaterThanOrEqual(own.length);
    expect(paging).toEqual({
      page: 0,
      size: 10000,
      totalElements: total,
      totalPages: 1,
    });
    expect(content).toHaveLength(total);
    // the suite's classes are the oldest: listed first; a class's recordings by name
    expect(content.slice(0, own.length).map((r: { Name: string }) => r.Name)).toEqual(own.map((r) => r.file));
    const first = classes[0]!;
    expect(content[0]).toMatchObject({
      liveClassId: first.id,
      liveClassName: first.title,
      instructorName: first.instructorName,
      classDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT04:30:00\.000Z$/),
      transcodingStatus: 'COMPLETE',
      subjectId: null,
      catalogueId: null,
      endpoints: [],
    });
    expect(content[0].Id).toMatch(
      new RegExp(`^recordings/${first.id}/[0-9a-f-]{36}-reaction-mechanisms-part-1\\.mp4$`),
    );
    const dates = content.map((r: { classDate: string }) => r.classDate);
    expect([...dates].sort()).toEqual(dates);
  });

  it('pages and sorts both ways', async () => {
    const all = (await as(t, admin)('GET', `${RECORDINGS}`)).body.data.content.map(
      (r: { videoId: string }) => r.videoId,
    );
    expect(all).toHaveLength(await countOf());
    expect(all.slice(0, own.length)).toEqual(own.map((r) => r.videoId));
    const desc = await as(t, admin)('GET', `${RECORDINGS}?sort=DESC`);
    expect(desc.body.data.content.map((r: { videoId: string }) => r.videoId)).toEqual([...all].reverse());
    const pages: string[] = [];
    for (let page = 0; page < Math.ceil(all.length / 2); page++) {
      const res = await as(t, admin)('GET', `${RECORDINGS}?page=${page}&size=2&sort=ASC`);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        page,
        size: 2,
        totalElements: all.length,
        totalPages: Math.ceil(all.length / 2),
      });
      pages.push(...res.body.data.content.map((r: { videoId: string }) => r.videoId));
    }
    expect(pages).toEqual(all);
    const beyond = await as(t, admin)('GET', `${RECORDINGS}?page=1000000000000&size=10000`);
    expect(beyond.status).toBe(200);
    expect(beyond.body.data).toMatchObject({ content: [], totalElements: all.length });
    expect((await as(t, admin)('GET', `${RECORDINGS}?size=10001`)).status).toBe(400);
    expect((await as(t, admin)('GET', `${RECORDINGS}?sort=UP`)).status).toBe(400);
  });

  it("shows an INSTRUCTOR their own classes' recordings only, and refuses FINANCE and content roles", async () => {
    const instructor = { token: await t.sessionFor('INSTRUCTOR'), role: 'INSTRUCTOR' };
    const res = await as(t, instructor)('GET', RECORDINGS);
    expect(res.status).toBe(200);
    const mine = own.filter((r) => r.c.instructorName === 'Meera Nair');
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.length).toBeLessThan(own.length);
    expect(res.body.data.totalElements).toBe(await countOf('Meera Nair'));
    const listed = res.body.data.content as { Name: string; instructorName: string }[];
    expect(listed.every((r) => r.instructorName === 'Meera Nair')).toBe(true);
    expect(listed.slice(0, mine.length).map((r) => r.Name)).toEqual(mine.map((r) => r.file));
    const contentAdmin = { token: await t.sessionFor('CONTENT_ADMIN'), role: 'CONTENT_ADMIN' };
    expect((await as(t, contentAdmin)('GET', RECORDINGS)).body.data.totalElements).toBe(await countOf());
    for (const role of ['FINANCE', 'CONTENT_DEVELOPER', 'CONTENT_UPLOADER'] as const) {
      expect((await as(t, { token: await t.sessionFor(role), role })('GET', RECORDINGS)).status, role).toBe(403);
    }
  });
});
