import crypto from 'node:crypto';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import {
  MESSAGES,
  STUDENT_UPDATE_MESSAGES,
  STUDENT_UPDATE_STATES,
  STUDENT_UPDATE_TYPES,
  fillMessage,
  indianDate,
  type CreateStudentUpdateBody,
  type StudentUpdate,
} from '@lectern/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../app';
import { openDatabase, type Database } from '../../db/client';
import { JobQueue, JobRegistry, type IdleWorker } from '../../jobs';
import {
  createBatch,
  createCatalogue,
  createGroup,
  createStudent,
  createStudentSubscription,
  type BatchFields,
} from '../../test/factories';
import { waitFor } from '../../test/media';
import { createTestApp, type TestContext } from '../../test/test-app';
import { publishUpdateJob, registerPublishJob, type PublishUpdatePayload } from './publish-job';
import { StudentUpdatesRepository } from './student-updates.repository';
import { StudentUpdatesService } from './student-updates.service';
import { UpdatePlayback } from './update-playback';

const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
const API = '/api/notifications/notifications';

/** Waits for `check` to hold (looking every 50 ms), up to `ms`. */
const until = (check: () => Promise<boolean>, ms: number, what: string) => waitFor(what, check, ms, 50);

/**
 * Resolves when a worker next waits with nothing to do (it polled its queues and found no job due),
 * once `ready` holds; made before the step that leads to it, so that wait is not missed.
 */
const nextIdle = (worker: JobRegistry, ready: (idle: IdleWorker) => boolean = () => true) =>
  new Promise<void>((resolve) => {
    const off = worker.onIdle((idle) => {
      if (ready(idle)) {
        off();
        resolve();
      }
    });
  });

const form = (over: Partial<CreateStudentUpdateBody> = {}): CreateStudentUpdateBody => ({
  updateType: 'announcements',
  title: 'Library open till 10 PM during exams',
  body: '<p>The Talwandi library stays open till 10 PM until the exams.</p>',
  imageUrl: null,
  videoId: null,
  audience: { kind: 'EVERYONE', ids: [] },
  action: 'DRAFT',
  publishAt: null,
  ...over,
});

describe('student updates API', () => {
  let t: TestContext;
  let admin: string;
  /** the suite's own audiences: two batches in a group, a closed batch, a catalogue with subscribers */
  let batch: BatchFields;
  let closedBatch: BatchFields;
  let group: { id: string; name: string };
  let catalogue: { id: string };
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.sessionFor('CONTENT_ADMIN');
    const students = await Promise.all([1, 2, 3, 4, 5].map(() => createStudent(t)));
    const ids = students.map((s) => s.id);
    batch = await createBatch(t, { name: 'JEE Advanced 2027 Morning', studentIds: ids.slice(0, 2) });
    const other = await createBatch(t, { studentIds: ids.slice(1, 4) });
    closedBatch = await createBatch(t, { closed: true, studentIds: [ids[4]!] });
    group = await createGroup(t, [batch.id, other.id], { name: 'JEE 2027 (both batches)' });
    const cat = await createCatalogue(t);
    catalogue = cat;
    for (const student of [students[0]!, students[2]!, students[4]!]) {
      await createStudentSubscription(t, { student, catalogue: cat });
    }
    // one whose subscription has ended reaches no one
    await createStudentSubscription(t, {
      student: students[3]!,
      catalogue: cat,
      startDate: '2025-01-01',
      endDate: '2025-06-30',
    });
  });
  afterAll(async () => t?.close());

  const as = (method: string, path: string, body?: unknown) =>
    t.call(method, path, { token: admin, role: 'CONTENT_ADMIN', body });
  const create = (over: Partial<CreateStudentUpdateBody> = {}) => as('POST', `${API}/createupdate`, form(over));
  const change = (u: StudentUpdate, over: Partial<CreateStudentUpdateBody> & { version?: number } = {}) => {
    const { updateType: _type, ...rest } = form({
      title: u.title,
      body: u.body,
      imageUrl: u.imageUrl,
      videoId: u.videoId,
      audience: { kind: u.audience.kind, ids: u.audience.targets.map((x) => x.id) },
      publishAt: u.publishAt,
      ...over,
    });
    return as('PUT', `${API}/changeupdate`, { ...rest, updateId: u.updateId, version: over.version ?? u.version });
  };
  const one = async (id: string): Promise<StudentUpdate> =>
    ((await as('GET', `${API}/getupdates`)).body.data as StudentUpdate[]).find((u) => u.updateId === id)!;
  const activity = (id: string) =>
    t.database.query<{ action: string; actor_id: string | null; summary: string }>(
      'SELECT action, actor_id, summary FROM activity_log WHERE entity_id = $1 ORDER BY id',
      [id],
    );
  const count = async (sql: string, params: unknown[] = []) =>
    (await t.database.query<{ n: number }>(sql, params))[0]!.n;
  const offeredVideo = async () =>
    (
      await t.database.query<{ id: string; name: string }>(
        `SELECT id, name FROM videos WHERE subject_id = 'subj-organic-chemistry' AND transcoding_status = 'COMPLETE'
         ORDER BY name DESC LIMIT 1`,
      )
    )[0]!;

  describe('reading', () => {
    /** the suite's own updates, written in this order: every type and every state, to each kind of audience */
    const mine = { batch: '', group: '', scheduled: '', video: '', image: '', everyone: '' };
    let scheduledAt = '';
    let video: { id: string; name: string };
    beforeAll(async () => {
      video = await offeredVideo();
      scheduledAt = new Date(Date.now() + 3 * 86_400_000).toISOString();
      /** Writes an update through the API, then takes it through `then`. */
      const write = async (over: Partial<CreateStudentUpdateBody>, ...then: CreateStudentUpdateBody['action'][]) => {
        const made = await create(over);
        expect(made.status, made.body.message).toBe(200);
        let u = made.body.data as StudentUpdate;
        for (const action of then) u = (await change(u, { action })).body.data as StudentUpdate;
        return u.updateId;
      };
      mine.batch = await write({
        updateType: 'class-updates',
        title: 'Morning batch moves to 7:30 AM from Monday',
        audience: { kind: 'BATCHES', ids: [batch.id] },
        action: 'PUBLISH',
      });
      mine.group = await write({
        updateType: 'class-updates',
        title: 'Sunday physics masterclass for both batches',
        audience: { kind: 'GROUPS', ids: [group.id] },
      });
      mine.scheduled = await write({
        updateType: 'exam-alerts',
        title: 'Full mock test: admit cards out',
        audience: { kind: 'CATALOGUES', ids: [catalogue.id] },
        action: 'SCHEDULE',
        publishAt: scheduledAt,
      });
      mine.video = await write({ updateType: 'results', title: 'Toppers speak', videoId: video.id, action: 'PUBLISH' });
      mine.image = await write(
        {
          updateType: 'offers',
          title: 'Diwali offer: 20% off every course',
          imageUrl: '/files/student-updates/images/diwali.png',
          action: 'PUBLISH',
        },
        'WITHDRAW',
      );
      mine.everyone = await write({ updateType: 'announcements' });
    });

    it('lists updates newest first: every type and every state, with their audiences and students reached', async () => {
      const res = await as('GET', `${API}/getupdates`);
      expect(res.status).toBe(200);
      const all = res.body.data as StudentUpdate[];
      const times = all.map((u) => Date.parse(u.createdAt));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      const ours = Object.values(mine);
      expect(all.map((u) => u.updateId).filter((id) => ours.includes(id))).toEqual([...ours].reverse());
      const byId = new Map(all.map((u) => [u.updateId, u]));
      expect(new Set(ours.map((id) => byId.get(id)!.updateType))).toEqual(new Set(STUDENT_UPDATE_TYPES));
      expect(new Set(ours.map((id) => byId.get(id)!.state))).toEqual(new Set(STUDENT_UPDATE_STATES));

      const toBatch = byId.get(mine.batch)!;
      expect(toBatch.audience.kind).toBe('BATCHES');
      expect(toBatch.audience.targets).toEqual([{ id: batch.id, name: `JEE Advanced 2027 Morning (${batch.code})` }]);
      expect(toBatch.audience.studentCount).toBe(2);
      expect(toBatch.audience.studentCount).toBe(
        await count('SELECT count(DISTINCT student_id)::int AS n FROM batch_students WHERE batch_id = $1', [batch.id]),
      );
      const toGroup = byId.get(mine.group)!;
      expect(toGroup.audience.targets).toEqual([{ id: group.id, name: 'JEE 2027 (both batches)' }]);
      // the students of both batches, the one in both counted once
      expect(toGroup.audience.studentCount).toBe(4);
      expect(toGroup.audience.studentCount).toBe(
        await count(
          `SELECT count(DISTINCT bs.student_id)::int AS n FROM group_batches gb
           JOIN batch_students bs ON bs.batch_id = gb.batch_id WHERE gb.group_id = $1`,
          [group.id],
        ),
      );
      expect(toGroup.audience.studentCount).toBeGreaterThan(toBatch.audience.studentCount);
      const scheduled = byId.get(mine.scheduled)!;
      expect(scheduled.state).toBe('SCHEDULED');
      expect(scheduled.publishAt).toBe(scheduledAt);
      // the catalogue's students whose subscription has not ended
      expect(scheduled.audience.studentCount).toBe(3);
      expect(scheduled.audience.studentCount).toBe(
        await count(
          `SELECT count(DISTINCT student_id)::int AS n FROM student_subscriptions
           WHERE catalogue_id = $1 AND NOT cancelled AND end_date >= $2`,
          [catalogue.id, indianDate()],
        ),
      );
      expect(byId.get(mine.everyone)!.audience).toEqual({
        kind: 'EVERYONE',
        targets: [],
        studentCount: await count('SELECT count(*)::int AS n FROM students'),
      });
      const withVideo = byId.get(mine.video)!;
      expect(withVideo).toMatchObject({ videoId: video.id, videoName: video.name });
      expect(withVideo.videoName).toMatch(/\.mp4$/);
      const withImage = byId.get(mine.image)!;
      expect(withImage.state).toBe('WITHDRAWN');
      expect(withImage.imageUrl).toBe('/files/student-updates/images/diwali.png');
      expect(withImage.withdrawnAt).not.toBeNull();
      expect(withImage.publishedAt).not.toBeNull();
    });

    it('lists one type at a time, filters by state, and answers 404 for a type that does not exist', async () => {
      for (const type of STUDENT_UPDATE_TYPES) {
        const res = await as('GET', `${API}/getupdates/${type}`);
        expect(res.status).toBe(200);
        expect(res.body.data.length).toBeGreaterThan(0);
        expect(new Set(res.body.data.map((u: StudentUpdate) => u.updateType))).toEqual(new Set([type]));
      }
      const drafts = await as('GET', `${API}/getupdates?state=DRAFT`);
      expect(drafts.body.data.length).toBeGreaterThan(0);
      expect(drafts.body.data.every((u: StudentUpdate) => u.state === 'DRAFT')).toBe(true);
      const alerts = await as('GET', `${API}/getupdates/exam-alerts?state=SCHEDULED`);
      const alertIds = alerts.body.data.map((u: StudentUpdate) => u.updateId) as string[];
      expect(alertIds).toContain(mine.scheduled);
      expect([...alertIds].sort()).toEqual(
        (
          await t.database.query<{ id: string }>(
            "SELECT id FROM student_updates WHERE update_type = 'exam-alerts' AND state = 'SCHEDULED'",
          )
        )
          .map((r) => r.id)
          .sort(),
      );

      const unknown = await as('GET', `${API}/getupdates/news`);
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({
        error: true,
        message: fillMessage(STUDENT_UPDATE_MESSAGES.unknownType, { updateType: 'news' }),
      });
    });

    it('offers catalogues not archived, active batches and every group as audiences', async () => {
      const archived = await createCatalogue(t, { archived: true });
      const { catalogues, batches, groups } = (await as('GET', `${API}/audiences`)).body.data;
      const ids = (list: { id: string }[]) => list.map((x) => x.id).sort();
      const column = async (sql: string) => (await t.database.query<{ id: string }>(sql)).map((r) => r.id).sort();
      expect(ids(catalogues)).toEqual(await column('SELECT id FROM catalogues WHERE NOT archived'));
      expect(ids(catalogues)).toContain(catalogue.id);
      expect(ids(catalogues)).not.toContain(archived.id);
      expect(ids(batches)).toEqual(await column("SELECT id FROM batches WHERE status = 'ACTIVE'"));
      expect(ids(batches)).toContain(batch.id);
      expect(ids(batches)).not.toContain(closedBatch.id);
      expect(ids(groups)).toEqual(await column('SELECT id FROM student_groups'));
      expect(ids(groups)).toContain(group.id);
    });

    it('lists transcoded videos by name, with a signed HLS address and poster once the transcode has them', async () => {
      const video = await offeredVideo();
      const key = (
        await t.database.query<{ storage_key: string }>('SELECT storage_key FROM videos WHERE id = $1', [video.id])
      )[0]!.storage_key;
      const folder = `${key.slice(0, key.lastIndexOf('/') + 1)}transcoded/${video.id}/job-1/`;
      await t.database.query('UPDATE videos SET endpoints = $2::jsonb WHERE id = $1', [
        video.id,
        JSON.stringify([`${folder}master.m3u8`, `${folder}poster.jpg`, `${folder}thumb-0001.jpg`]),
      ]);
      const res = await as('GET', `/api/cms/pagecontent/videos?q=${encodeURIComponent(video.name)}`);
      expect(res.status).toBe(200);
      const [found] = res.body.data;
      expect(found).toMatchObject({ videoId: video.id, videoName: video.name, subjectName: 'Organic Chemistry' });
      expect(found.videoUrl).toMatch(/^\/media\/hls\/[^/]+\/master\.m3u8$/);
      expect(found.thumbnail).toMatch(/^\/media\/hls\/[^/]+\/poster\.jpg$/);
      // the media route takes the address: the signature holds (the demo has no files behind it: 404, not 403)
      expect((await t.app.inject({ method: 'GET', url: found.videoUrl })).statusCode).toBe(404);

      // not transcoded, and class recordings, are not offered
      const all = (await as('GET', '/api/cms/pagecontent/videos')).body.data as { videoId: string }[];
      const offered = await t.database.query<{ id: string }>(
        `SELECT id FROM videos WHERE transcoding_status = 'COMPLETE' AND (subject_id IS NOT NULL OR catalogue_id IS NOT NULL)`,
      );
      expect(all.length).toBe(Math.min(200, offered.length));
      const notOffered = await t.database.query<{ id: string }>(
        `SELECT id FROM videos WHERE transcoding_status <> 'COMPLETE' OR (subject_id IS NULL AND catalogue_id IS NULL)`,
      );
      expect(notOffered.length).toBeGreaterThan(0);
      for (const v of notOffered) expect(all.map((x) => x.videoId)).not.toContain(v.id);
    });
  });

  describe('writing', () => {
    it('lets both student-update roles use every route: list, write, change, delete, audiences, videos, the home-page video', async () => {
      for (const role of ['SUPER_ADMIN', 'CONTENT_ADMIN'] as const) {
        const token = await t.sessionFor(role);
        const call = (method: string, path: string, body?: unknown) => t.call(method, path, { token, role, body });
        const made = await call('POST', `${API}/createupdate`, form({ title: `Written by ${role}` }));
        expect(made.status).toBe(200);
        expect(made.body.message).toBe(fillMessage(STUDENT_UPDATE_MESSAGES.created, { title: `Written by ${role}` }));
        const u = made.body.data as StudentUpdate;
        expect(u.createdBy).toBe(role === 'SUPER_ADMIN' ? 'Aarav Mehta' : 'Priya Raghavan');
        const { updateType: _type, ...fields } = form({ title: `Edited by ${role}` });
        const edited = await call('PUT', `${API}/changeupdate`, { ...fields, updateId: u.updateId, version: 0 });
        expect(edited.status).toBe(200);
        expect(edited.body.data).toMatchObject({ title: `Edited by ${role}`, version: 1, state: 'DRAFT' });
        const listed = await call('GET', `${API}/getupdates`);
        expect(listed.body.data.map((x: StudentUpdate) => x.updateId)).toContain(u.updateId);
        const ofType = await call('GET', `${API}/getupdates/announcements`);
        expect(ofType.body.data.map((x: StudentUpdate) => x.updateId)).toContain(u.updateId);
        expect((await call('GET', `${API}/audiences`)).body.data.batches.length).toBeGreaterThan(0);
        const videos = (await call('GET', '/api/cms/pagecontent/videos')).body.data as { videoId: string }[];
        expect(videos.length).toBeGreaterThan(0);
        const home = (await call('GET', '/api/cms/pagecontent/videourl')).body.data;
        const chosen = await call('PUT', '/api/cms/pagecontent/videourl', {
          videoId: videos[0]!.videoId,
          version: home.version,
        });
        expect(chosen.status).toBe(200);
        expect(chosen.body.data.video.videoId).toBe(videos[0]!.videoId);
        expect(chosen.body.data.version).toBe(home.version + 1);
        const gone = await call('DELETE', `${API}/deleteupdate?updateId=${u.updateId}`);
        expect(gone.status).toBe(200);
        expect(gone.body).toEqual({
          data: { updateId: u.updateId },
          message: fillMessage(STUDENT_UPDATE_MESSAGES.deleted, { title: `Edited by ${role}` }),
        });
      }
    });

    it('walks the states through the API: draft, schedule, publish, withdraw, publish again; deletes only what students do not see', async () => {
      const made = await create({ title: 'JEE Main mock test on Sunday', updateType: 'exam-alerts' });
      let u = made.body.data as StudentUpdate;
      expect(u).toMatchObject({ state: 'DRAFT', version: 0, publishAt: null, publishedAt: null });

      const at = new Date(Date.now() + 2 * 86_400_000).toISOString();
      const scheduled = await change(u, { action: 'SCHEDULE', publishAt: at });
      expect(scheduled.status).toBe(200);
      u = scheduled.body.data;
      expect(u).toMatchObject({ state: 'SCHEDULED', publishAt: at, version: 1 });
      expect(scheduled.body.message).toMatch(/^'JEE Main mock test on Sunday' will be published on .+ IST\.$/);
      // its job waits in the queue until then
      const jobId = (
        await t.database.query<{ publish_job_id: string }>('SELECT publish_job_id FROM student_updates WHERE id = $1', [
          u.updateId,
        ])
      )[0]!.publish_job_id;
      const job = await t.app.jobs.get(publishUpdateJob, publishUpdateJob.queues[0]!, jobId);
      expect(job?.state).toBe('created');
      expect(job?.startAfter.toISOString()).toBe(at);
      expect(job?.data).toEqual({ updateId: u.updateId, version: 1, publishAt: at });

      const published = await change(u, { action: 'PUBLISH' });
      expect(published.status).toBe(200);
      expect(published.body.message).toBe(
        fillMessage(STUDENT_UPDATE_MESSAGES.published, { title: 'JEE Main mock test on Sunday' }),
      );
      u = published.body.data;
      expect(u.state).toBe('PUBLISHED');
      expect(u.publishedAt).not.toBeNull();
      // the schedule's job was taken off the queue
      expect((await t.app.jobs.get(publishUpdateJob, publishUpdateJob.queues[0]!, jobId))?.state).toBe('cancelled');

      const refused = await as('DELETE', `${API}/deleteupdate?updateId=${u.updateId}`);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(
        fillMessage(STUDENT_UPDATE_MESSAGES.deletePublished, { title: 'JEE Main mock test on Sunday' }),
      );
      const reschedule = await change(u, { action: 'SCHEDULE', publishAt: at });
      expect(reschedule.status).toBe(409);
      expect(reschedule.body.message).toBe('A published update cannot be scheduled.');

      // editing a published update keeps it published, and when it was published
      const edited = await change(u, { action: 'PUBLISH', title: 'JEE Main mock test on Sunday, 9 AM' });
      expect(edited.body.message).toBe(
        fillMessage(STUDENT_UPDATE_MESSAGES.saved, { title: 'JEE Main mock test on Sunday, 9 AM' }),
      );
      expect(edited.body.data.publishedAt).toBe(u.publishedAt);
      u = edited.body.data;

      const withdrawn = await change(u, { action: 'WITHDRAW', title: 'ignored: a withdrawal keeps the fields' });
      expect(withdrawn.status).toBe(200);
      expect(withdrawn.body.message).toBe(
        fillMessage(STUDENT_UPDATE_MESSAGES.withdrawn, { title: 'JEE Main mock test on Sunday, 9 AM' }),
      );
      u = withdrawn.body.data;
      expect(u).toMatchObject({ state: 'WITHDRAWN', title: 'JEE Main mock test on Sunday, 9 AM' });
      expect(u.withdrawnAt).not.toBeNull();

      const again = await change(u, { action: 'PUBLISH' });
      expect(again.body.data).toMatchObject({ state: 'PUBLISHED', withdrawnAt: null });
      expect(Date.parse(again.body.data.publishedAt)).toBeGreaterThanOrEqual(Date.parse(u.publishedAt!));
      u = again.body.data;
      const down = await change(u, { action: 'WITHDRAW' });
      u = down.body.data;
      const deleted = await as('DELETE', `${API}/deleteupdate?updateId=${u.updateId}`);
      expect(deleted.status).toBe(200);
      expect(await one(u.updateId)).toBeUndefined();
      const missing = await as('DELETE', `${API}/deleteupdate?updateId=${u.updateId}`);
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe(fillMessage(STUDENT_UPDATE_MESSAGES.notFound, { updateId: u.updateId }));

      expect((await activity(u.updateId)).map((a) => a.action)).toEqual([
        'student-update.create',
        'student-update.schedule',
        'student-update.publish',
        'student-update.update',
        'student-update.withdraw',
        'student-update.publish',
        'student-update.withdraw',
        'student-update.delete',
      ]);
    });

    it('withdrawing a scheduled update makes it a draft again; a withdrawn draft cannot be withdrawn', async () => {
      const at = new Date(Date.now() + 86_400_000).toISOString();
      const made = await create({ action: 'SCHEDULE', publishAt: at, title: 'Kota batch photo day' });
      expect(made.status).toBe(200);
      expect(made.body.data).toMatchObject({ state: 'SCHEDULED', publishAt: at });
      const back = await change(made.body.data, { action: 'WITHDRAW' });
      expect(back.body.message).toBe(
        fillMessage(STUDENT_UPDATE_MESSAGES.unscheduled, { title: 'Kota batch photo day' }),
      );
      expect(back.body.data).toMatchObject({ state: 'DRAFT', publishAt: null });
      const twice = await change(back.body.data, { action: 'WITHDRAW' });
      expect(twice.status).toBe(409);
      expect(twice.body.message).toBe('A draft update cannot be withdrawn.');
      // a scheduled draft may be deleted
      const scheduled = await create({ action: 'SCHEDULE', publishAt: at });
      expect((await as('DELETE', `${API}/deleteupdate?updateId=${scheduled.body.data.updateId}`)).status).toBe(200);
    });

    it('answers 409 to a change made on a stale version, and changes nothing', async () => {
      const u = (await create({ title: 'Fee receipts ready' })).body.data as StudentUpdate;
      expect((await change(u, { title: 'Fee receipts ready at the front desk' })).status).toBe(200);
      const stale = await change(u, { title: 'Fee receipts (stale)' });
      expect(stale.status).toBe(409);
      expect(stale.body.message).toBe(fillMessage(MESSAGES.staleVersion, { entity: 'student update' }));
      expect((await one(u.updateId)).title).toBe('Fee receipts ready at the front desk');
      expect((await activity(u.updateId)).length).toBe(2);
    });

    it('refuses bad input with a clear message, and saves nothing', async () => {
      const before = await count('SELECT count(*)::int AS n FROM student_updates');
      const video = await offeredVideo();
      const refusals: [Partial<CreateStudentUpdateBody>, number, string][] = [
        [{ audience: { kind: 'BATCHES', ids: [] } }, 400, 'Choose at least one batch to send it to.'],
        [{ audience: { kind: 'GROUPS', ids: [] } }, 400, 'Choose at least one group to send it to.'],
        [{ audience: { kind: 'CATALOGUES', ids: [] } }, 400, 'Choose at least one catalogue to send it to.'],
        [
          { audience: { kind: 'BATCHES', ids: [batch.id, 'batch-nowhere', 'batch-gone'] } },
          400,
          'These batches do not exist: batch-nowhere, batch-gone.',
        ],
        [{ audience: { kind: 'CATALOGUES', ids: [group.id] } }, 400, `These catalogues do not exist: ${group.id}.`],
        [
          { imageUrl: '/files/student-updates/images/a.png', videoId: video.id },
          400,
          STUDENT_UPDATE_MESSAGES.imageOrVideo,
        ],
        [{ videoId: 'no-such-video' }, 404, fillMessage(MESSAGES.notFound, { what: 'that video' })],
        [{ action: 'SCHEDULE', publishAt: null }, 400, STUDENT_UPDATE_MESSAGES.needsPublishAt],
        [
          { action: 'SCHEDULE', publishAt: new Date(Date.now() + 20_000).toISOString() },
          400,
          STUDENT_UPDATE_MESSAGES.scheduleTooSoon,
        ],
        [
          { action: 'SCHEDULE', publishAt: new Date(Date.now() + 400 * 86_400_000).toISOString() },
          400,
          STUDENT_UPDATE_MESSAGES.scheduleTooLate,
        ],
        [{ action: 'WITHDRAW' }, 400, 'A new update cannot be withdrawn.'],
        [{ title: '   ' }, 400, fillMessage(MESSAGES.validation, { details: 'title: The title is required' })],
      ];
      for (const [over, status, message] of refusals) {
        const res = await create(over);
        expect([res.status, res.body.message], JSON.stringify(over)).toEqual([status, message]);
      }
      // a video still transcoding
      await t.database.query(
        `INSERT INTO videos (id, subject_id, name, storage_key, transcoding_status)
         VALUES ('vid-still-transcoding', 'subj-organic-chemistry', 'sn1-vs-sn2.mp4', 'subjects/subj-organic-chemistry/x-sn1-vs-sn2.mp4', 'IN_PROGRESS')`,
      );
      const notReady = await create({ videoId: 'vid-still-transcoding' });
      expect(notReady.status).toBe(400);
      expect(notReady.body.message).toBe(
        fillMessage(STUDENT_UPDATE_MESSAGES.videoNotReady, { videoName: 'sn1-vs-sn2.mp4' }),
      );
      expect(await count('SELECT count(*)::int AS n FROM student_updates')).toBe(before);
    });

    it('sanitises the text, keeps a video or an image, and counts the students of the chosen audience', async () => {
      const video = await offeredVideo();
      // a second group sharing a batch with the first: its students are counted once
      const second = await createGroup(t, [batch.id, closedBatch.id]);
      const res = await create({
        body: '<p onclick="steal()">Results <strong>out</strong><script>alert(1)</script></p><a href="javascript:alert(1)">x</a>',
        videoId: video.id,
        audience: { kind: 'GROUPS', ids: [second.id, group.id, second.id] },
      });
      expect(res.status).toBe(200);
      const u = res.body.data as StudentUpdate;
      expect(u.body).toBe('<p>Results <strong>out</strong></p><a>x</a>');
      expect(u).toMatchObject({ videoId: video.id, videoName: video.name, imageUrl: null });
      expect(u.audience.targets.map((x) => x.id).sort()).toEqual([group.id, second.id].sort());
      expect(u.audience.studentCount).toBe(5);
      expect(u.audience.studentCount).toBe(
        await count(
          `SELECT count(DISTINCT bs.student_id)::int AS n FROM group_batches gb
           JOIN batch_students bs ON bs.batch_id = gb.batch_id WHERE gb.group_id IN ($1, $2)`,
          [second.id, group.id],
        ),
      );
      // the image instead of the video
      const image = await change(u, { videoId: null, imageUrl: '/files/student-updates/images/result.png' });
      expect(image.body.data).toMatchObject({
        videoId: null,
        videoUrl: null,
        imageUrl: '/files/student-updates/images/result.png',
      });
    });
  });

  describe("the students' home-page video", () => {
    it('changes it at the version read, refuses a video not transcoded, and clears it', async () => {
      const v = (await as('GET', '/api/cms/pagecontent/videourl')).body.data.version as number;
      const actionsBefore = (await activity('home-video')).length;
      const video = await offeredVideo();
      const set = await as('PUT', '/api/cms/pagecontent/videourl', { videoId: video.id, version: v });
      expect(set.status).toBe(200);
      expect(set.body.message).toBe(fillMessage(STUDENT_UPDATE_MESSAGES.homeVideoSaved, { videoName: video.name }));
      expect(set.body.data).toMatchObject({ video: { videoId: video.id, videoName: video.name }, version: v + 1 });
      // read again: the same choice (its playback addresses are signed afresh on each read)
      const { videoUrl: _u, thumbnail: _t, ...chosen } = set.body.data.video;
      expect((await as('GET', '/api/cms/pagecontent/videourl')).body.data).toMatchObject({
        ...set.body.data,
        video: chosen,
      });

      const stale = await as('PUT', '/api/cms/pagecontent/videourl', { videoId: null, version: v });
      expect(stale.status).toBe(409);
      expect(stale.body.message).toBe(fillMessage(MESSAGES.staleVersion, { entity: "home page's video" }));
      await t.database.query(
        `INSERT INTO videos (id, subject_id, name, storage_key, transcoding_status)
         VALUES ('vid-home-raw', 'subj-organic-chemistry', 'welcome.mp4', 'subjects/subj-organic-chemistry/x-welcome.mp4', 'NOT_STARTED')`,
      );
      const raw = await as('PUT', '/api/cms/pagecontent/videourl', { videoId: 'vid-home-raw', version: v + 1 });
      expect(raw.status).toBe(400);
      expect(raw.body.message).toBe(fillMessage(STUDENT_UPDATE_MESSAGES.videoNotReady, { videoName: 'welcome.mp4' }));

      const cleared = await as('PUT', '/api/cms/pagecontent/videourl', { videoId: null, version: v + 1 });
      expect(cleared.body).toEqual({
        data: { video: null, updatedBy: 'Priya Raghavan', updatedAt: expect.any(String), version: v + 2 },
        message: STUDENT_UPDATE_MESSAGES.homeVideoCleared,
      });
      expect((await activity('home-video')).slice(actionsBefore).map((a) => a.action)).toEqual([
        'page-content.home-video',
        'page-content.home-video',
      ]);
    });
  });

  describe('publishing at the scheduled time', () => {
    /**
     * Schedules an update through the API for half a minute ago, as an editor did a few minutes ago
     * (the schedule clock moved back to allow it): its job is due now, with no wait for the time to come.
     */
    const scheduledDue = async (title: string) => {
      const service = t.app.studentUpdates;
      const clock = service.scheduleClock;
      service.scheduleClock = () => new Date(Date.now() - 120_000);
      try {
        const at = new Date(Date.now() - 30_000);
        at.setMilliseconds(0);
        const res = await create({ action: 'SCHEDULE', publishAt: at.toISOString(), title });
        expect(res.status).toBe(200);
        return res.body.data as StudentUpdate;
      } finally {
        service.scheduleClock = clock;
      }
    };
    const jobOf = async (updateId: string) =>
      (
        await t.database.query<{ publish_job_id: string }>('SELECT publish_job_id FROM student_updates WHERE id = $1', [
          updateId,
        ])
      )[0]!.publish_job_id;
    const state = async (updateId: string) =>
      (
        await t.database.query<{ state: string; published_at: Date | null; version: number }>(
          'SELECT state, published_at, version FROM student_updates WHERE id = $1',
          [updateId],
        )
      )[0]!;
    const published = async (updateId: string) =>
      (await activity(updateId)).filter((a) => a.action === 'student-update.publish');

    it('queues a job due at publishAt; a worker publishes the update at its time, once, and a second delivery changes nothing', async () => {
      const queue = publishUpdateJob.queues[0]!;
      // one update scheduled for later, as an editor would; the job waits in the queue until then
      const later = (
        await create({
          action: 'SCHEDULE',
          publishAt: new Date(Date.now() + 3_600_000).toISOString(),
          title: 'Physics doubt session moves to Saturday',
        })
      ).body.data as StudentUpdate;
      const laterJob = await jobOf(later.updateId);
      expect((await t.app.jobs.get(publishUpdateJob, queue, laterJob))?.startAfter.toISOString()).toBe(later.publishAt);

      // a worker (as in any server process) working the queue looks at once: the job is not due yet
      const early = new JobRegistry(new JobQueue(t.database, log), log);
      registerPublishJob(early, t.app.studentUpdates, log);
      const looked = nextIdle(early);
      early.start();
      await looked; // it polled the queue and found nothing due
      await early.stop();
      expect((await state(later.updateId)).state).toBe('SCHEDULED');
      expect((await t.app.jobs.get(publishUpdateJob, queue, laterJob))?.state).toBe('created');

      // another scheduled while no process works the queue, whose time has come by now
      const u = await scheduledDue('NEET mock test answer key');
      const job = await t.app.jobs.get(publishUpdateJob, queue, await jobOf(u.updateId));
      expect(job?.startAfter.toISOString()).toBe(u.publishAt);
      expect(Date.parse(u.publishAt!)).toBeLessThan(Date.now());
      expect((await state(u.updateId)).state).toBe('SCHEDULED');

      // the process restarted meanwhile: the job is in the database, and the new worker publishes it at its time
      const worker = new JobRegistry(new JobQueue(t.database, log), log);
      const runs: PublishUpdatePayload[] = [];
      registerPublishJob(
        worker,
        {
          publishDue: async (payload) => {
            const done = await t.app.studentUpdates.publishDue(payload);
            runs.push(payload);
            return done;
          },
        },
        log,
      );
      // its wait for more work after both deliveries ran: it polled again, and found nothing due
      const lookedAgain = nextIdle(worker, () => runs.length >= 2);
      worker.start();
      try {
        await until(async () => (await state(u.updateId)).state === 'PUBLISHED', 20_000, 'the scheduled publish');
        const after = await state(u.updateId);
        expect(after.published_at!.getTime()).toBeGreaterThanOrEqual(Date.parse(u.publishAt!));
        expect(after.version).toBe(1);
        const rows = await published(u.updateId);
        expect(rows).toHaveLength(1);
        expect(rows[0]!.actor_id).toBeNull();
        expect(rows[0]!.summary).toMatch(/^The student update 'NEET mock test answer key' was published as scheduled/);

        // the same job delivered again (a retry, a duplicate): it runs and changes nothing
        const again = crypto.randomUUID();
        await t.app.jobs.send(
          publishUpdateJob,
          { updateId: u.updateId, version: 0, publishAt: u.publishAt! },
          { id: again },
        );
        await until(
          async () => (await t.app.jobs.get(publishUpdateJob, queue, again))?.state === 'completed',
          20_000,
          'the second delivery',
        );
        expect(await state(u.updateId)).toEqual(after);
        expect(await published(u.updateId)).toHaveLength(1);
        expect((await one(u.updateId)).publishAt).toBe(u.publishAt);

        // the worker has looked at the queue since, and left the job not yet due where it is
        await lookedAgain;
        expect(runs.map((r) => r.updateId)).toEqual([u.updateId, u.updateId]);
        expect((await state(later.updateId)).state).toBe('SCHEDULED');
        expect((await t.app.jobs.get(publishUpdateJob, queue, laterJob))?.state).toBe('created');
        expect((await as('DELETE', `${API}/deleteupdate?updateId=${later.updateId}`)).status).toBe(200);
      } finally {
        await worker.stop();
      }
    }, 60_000);

    it('ignores the job of an old schedule: rescheduled or withdrawn updates are not published by it', async () => {
      const service = t.app.studentUpdates;
      const first = new Date(Date.now() + 3 * 86_400_000).toISOString();
      const later = new Date(Date.now() + 4 * 86_400_000).toISOString();
      let u = (await create({ action: 'SCHEDULE', publishAt: first })).body.data as StudentUpdate;
      const oldJob: PublishUpdatePayload = { updateId: u.updateId, version: u.version, publishAt: first };
      u = (await change(u, { action: 'SCHEDULE', publishAt: later })).body.data;
      expect(await service.publishDue(oldJob)).toBe(false);
      expect((await state(u.updateId)).state).toBe('SCHEDULED');
      // an edit at the same time keeps the job, and it still publishes
      const job = await jobOf(u.updateId);
      u = (await change(u, { action: 'SCHEDULE', publishAt: later, title: 'Edited, same time' })).body.data;
      expect(await jobOf(u.updateId)).toBe(job);
      const current: PublishUpdatePayload = { updateId: u.updateId, version: u.version, publishAt: later };
      u = (await change(u, { action: 'WITHDRAW' })).body.data;
      expect(await service.publishDue(current)).toBe(false);
      expect((await state(u.updateId)).state).toBe('DRAFT');
      expect(await published(u.updateId)).toHaveLength(0);
    });

    it('a server starting after the time of scheduled updates publishes those whose job is missing or late', async () => {
      const made = async (title: string) =>
        (await create({ action: 'SCHEDULE', publishAt: new Date(Date.now() + 86_400_000).toISOString(), title })).body
          .data as StudentUpdate;
      const late = await made('Job late by ten minutes');
      const jobless = await made('No job at all');
      const waiting = await made('Job due a moment ago');
      // the server was down over their times
      const move = (id: string, sql: string) =>
        t.database.query(`UPDATE student_updates SET ${sql} WHERE id = $1`, [id]);
      await move(late.updateId, "publish_at = now() - interval '10 minutes'");
      await move(jobless.updateId, "publish_at = now() - interval '10 seconds', publish_job_id = NULL");
      await move(waiting.updateId, "publish_at = now() - interval '10 seconds'");

      const restarted = await build({
        config: t.config,
        database: t.database,
        seed: false,
        logger: false,
        worker: false,
        demoMedia: false,
      });
      await restarted.ready();
      await restarted.close();
      expect((await state(late.updateId)).state).toBe('PUBLISHED');
      expect((await state(jobless.updateId)).state).toBe('PUBLISHED');
      // its job runs any moment: left to it
      expect((await state(waiting.updateId)).state).toBe('SCHEDULED');
      expect(await published(late.updateId)).toHaveLength(1);
      expect(await published(jobless.updateId)).toHaveLength(1);
      expect((await as('DELETE', `${API}/deleteupdate?updateId=${waiting.updateId}`)).status).toBe(200);
    });

    it('the sweep publishes a scheduled update whose time passed without its job, and leaves the others to their jobs', async () => {
      const service = t.app.studentUpdates;
      const queue = publishUpdateJob.queues[0]!;
      const scheduled = async (aheadMs: number, title: string) =>
        (await create({ action: 'SCHEDULE', publishAt: new Date(Date.now() + aheadMs).toISOString(), title })).body
          .data as StudentUpdate;
      // one two days ahead whose job was lost (as the demo's, seeded with none)
      const jobless = await scheduled(2 * 86_400_000, 'Results of the Sunday test');
      await t.app.jobs.cancel(publishUpdateJob, queue, await jobOf(jobless.updateId));
      await t.database.query('UPDATE student_updates SET publish_job_id = NULL WHERE id = $1', [jobless.updateId]);
      const soon = await scheduled(86_400_000, 'Hostel fees due on Friday');
      const twoDaysOn = new Date(Date.parse(jobless.publishAt!) + 1_000);
      // these two are the scheduled updates due by then
      const dueBy = async (at: Date) =>
        (
          await t.database.query<{ id: string }>(
            "SELECT id FROM student_updates WHERE state = 'SCHEDULED' AND publish_at <= $1",
            [at],
          )
        )
          .map((r) => r.id)
          .sort();
      expect(await dueBy(twoDaysOn)).toEqual([jobless.updateId, soon.updateId].sort());
      // its own job is not yet late: left to it, unless far past its time
      expect(await service.publishOverdue(10 * 86_400_000, twoDaysOn)).toBe(1);
      expect((await one(jobless.updateId)).state).toBe('PUBLISHED');
      expect((await one(soon.updateId)).state).toBe('SCHEDULED');
      expect(await service.publishOverdue(60_000, twoDaysOn)).toBe(1);
      expect((await one(soon.updateId)).state).toBe('PUBLISHED');
      expect(await service.publishOverdue(60_000, twoDaysOn)).toBe(0);
      expect(await published(jobless.updateId)).toHaveLength(1);
      expect(await published(soon.updateId)).toHaveLength(1);
    });
  });
});

/**
 * Two processes working the queue on one database (on PostgreSQL, each with its own connections, as
 * two servers would): the same scheduled publish delivered to both at once publishes the update once.
 */
describe('scheduled publish with two workers on one database', () => {
  let t: TestContext;
  let second: Database | null = null;
  beforeAll(async () => {
    t = await createTestApp();
    if (t.database.driver === 'postgres') {
      second = await openDatabase({
        databaseUrl: t.database.url,
        searchPath: t.database.searchPath,
        poolSize: 3,
      });
    }
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  it('publishes once, whichever worker takes the job and however many times it is delivered', async () => {
    const admin = await t.sessionFor('CONTENT_ADMIN');
    const databases = [t.database, second ?? t.database];
    const inFlight: string[] = [];
    let release!: () => void;
    const bothTaken = new Promise<void>((resolve) => (release = resolve));
    const results: { worker: string; published: boolean }[] = [];
    const workers = databases.map((database, i) => {
      const name = `worker-${i + 1}`;
      const service = new StudentUpdatesService(
        database.db,
        new StudentUpdatesRepository(database.db),
        new UpdatePlayback(t.app.storage, Buffer.from('test')),
        { schedule: async () => undefined, cancel: async () => undefined },
        log,
      );
      const registry = new JobRegistry(new JobQueue(database, log), log);
      registerPublishJob(
        registry,
        {
          // each worker holds its job until the other has taken one too, so both publish at once
          publishDue: async (payload) => {
            inFlight.push(name);
            if (new Set(inFlight).size === 2) release();
            await bothTaken;
            const published = await service.publishDue(payload);
            results.push({ worker: name, published });
            return published;
          },
        },
        log,
      );
      return registry;
    });
    // both have polled and are listening for new jobs (an announced job wakes them at once)
    const listening = workers.map((w) => nextIdle(w, (idle) => idle.listening));
    for (const w of workers) w.start();
    try {
      await Promise.all(listening);
      // scheduled through the API a moment ago (the schedule clock moved back), so its job is due now
      const clock = t.app.studentUpdates.scheduleClock;
      t.app.studentUpdates.scheduleClock = () => new Date(Date.now() - 120_000);
      const at = new Date(Date.now() - 30_000);
      const res = await t.call('POST', `${API}/createupdate`, {
        token: admin,
        role: 'CONTENT_ADMIN',
        body: form({ action: 'SCHEDULE', publishAt: at.toISOString(), title: 'Kota hostel curfew moves to 10 PM' }),
      });
      t.app.studentUpdates.scheduleClock = clock;
      expect(res.status).toBe(200);
      const u = res.body.data as StudentUpdate;
      // and delivered twice (a retry after a lost answer, a second server scheduling it too)
      await t.app.jobs.send(publishUpdateJob, { updateId: u.updateId, version: u.version, publishAt: u.publishAt! });

      await until(async () => results.length === 2, 30_000, 'both deliveries');
      expect(new Set(results.map((r) => r.worker))).toEqual(new Set(['worker-1', 'worker-2']));
      expect(results.filter((r) => r.published)).toHaveLength(1);
      const rows = await t.database.query<{ state: string; published_at: Date | null; version: number }>(
        'SELECT state, published_at, version FROM student_updates WHERE id = $1',
        [u.updateId],
      );
      expect(rows[0]).toMatchObject({ state: 'PUBLISHED', version: 1 });
      expect(rows[0]!.published_at).not.toBeNull();
      const activity = await t.database.query<{ action: string }>(
        "SELECT action FROM activity_log WHERE entity_id = $1 AND action = 'student-update.publish'",
        [u.updateId],
      );
      expect(activity).toHaveLength(1);
    } finally {
      release(); // a worker still holding its job (the test failed) lets it go, so the workers stop
      for (const w of workers) await w.stop();
    }
  }, 60_000);
});
