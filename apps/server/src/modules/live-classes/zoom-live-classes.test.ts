import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEMO_STAFF, LIVE_CLASS_MESSAGES, MESSAGES, fillMessage, type Role } from '@lectern/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Meetings } from '../../meetings/meetings';
import { zoomSignature } from '../../meetings/zoom-webhook';
import { startFakeZoom, type FakeZoom } from '../../test/fake-zoom';
import { createBatch } from '../../test/factories';
import {
  createBatchSubject,
  createInstructor,
  createMeetingAccount,
  type MadeMeetingAccount,
} from '../../test/media-factories';
import { createTestApp, type TestContext } from '../../test/test-app';
import { VideosRepository } from '../videos/videos.repository';
import { LiveClassPlayback } from './live-class-playback';
import { LiveClassesRepository } from './live-classes.repository';
import { LiveClassesService } from './live-classes.service';
import { ZoomEvents, type ZoomRecordingPayload } from './zoom-events';

const SECRET = 'zoom-webhook-secret';
const msg = (key: keyof typeof LIVE_CLASS_MESSAGES, values: Record<string, string | number> = {}) =>
  fillMessage(LIVE_CLASS_MESSAGES[key], values);

describe('live classes on Zoom (a fake Zoom API on loopback)', () => {
  let t: TestContext;
  let fake: FakeZoom;
  const tokens = new Map<Role, string>();
  let instructorId: string;
  /** the suite's own rows: a Zoom account (on the configured host) and a Jitsi one, a batch, a subject */
  let zoomAccount: MadeMeetingAccount;
  let jitsiAccount: MadeMeetingAccount;
  let batchId: string;
  let subjectId: string;
  beforeAll(async () => {
    fake = await startFakeZoom();
    t = await createTestApp({
      meetings: {
        jitsiBaseUrls: ['https://meet.jit.si'],
        zoomWebhookSecret: SECRET,
        zoom: {
          accountId: 'fake-account',
          clientId: 'fake-client',
          clientSecret: 'fake-secret',
          webhookSecret: SECRET,
          hostEmail: 'live@lectern.example',
          apiBase: `${fake.base}/v2`,
          oauthBase: fake.base,
        },
      },
    });
    for (const role of ['SUPER_ADMIN', 'INSTRUCTOR'] as Role[]) tokens.set(role, await t.sessionFor(role));
    instructorId = await t.userIdByPhone(DEMO_STAFF.find((s) => s.role === 'INSTRUCTOR')!.phone);
    zoomAccount = await createMeetingAccount(t, { provider: 'ZOOM', hostOrBase: 'live@lectern.example' });
    jitsiAccount = await createMeetingAccount(t, { provider: 'JITSI' });
    batchId = (await createBatch(t)).id;
    subjectId = (await createBatchSubject(t)).id;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const as = (role: Role, method: string, path: string, body?: unknown) =>
    t.call(method, `/api${path}`, { token: tokens.get(role), role, body });
  const start = (days: number) =>
    new Date(Date.now() + days * 86_400_000).toISOString().replace(/\d\d\.\d{3}Z$/, '00.000Z');
  const body = (over: Record<string, unknown> = {}) => ({
    title: 'Thermodynamics on Zoom',
    description: 'Carnot cycle',
    batchIds: [batchId],
    subjectId,
    teacherId: instructorId,
    meetingAccountId: zoomAccount.id,
    startTime: start(40),
    durationMinutes: 60,
    ...over,
  });

  /** A webhook call as Zoom signs it. */
  const webhook = (payload: unknown, opts: { secret?: string; timestamp?: number } = {}) => {
    // signed over the bytes as sent (spaced out, so a re-serialised body would not match)
    const raw = JSON.stringify(payload, null, 2);
    const ts = String(opts.timestamp ?? Math.floor(Date.now() / 1000));
    return t.call('POST', '/api/batch/live-class/zoom/webhook', {
      signature: false,
      rawBody: raw,
      headers: { 'x-zm-request-timestamp': ts, 'x-zm-signature': zoomSignature(opts.secret ?? SECRET, ts, raw) },
    });
  };
  /** The queued jobs of a type (none while the queue has never been used: its tables are made then). */
  const queued = async (name = 'zoom-recording') => {
    const schema = t.database.searchPath ? `${t.database.searchPath}_boss` : 'pgboss';
    const [made] = await t.database.query<{ t: string | null }>(`SELECT to_regclass('${schema}.job')::text AS t`);
    if (!made?.t) return [];
    return t.database.query<{ data: ZoomRecordingPayload }>(`SELECT data FROM ${schema}.job WHERE name = $1`, [name]);
  };

  /** The webhook's handler as a process of the deployment runs it (its own instance, its clock). */
  const zoomEvents = (now?: () => number) =>
    new ZoomEvents(
      t.app.deps.db,
      new LiveClassesRepository(t.app.deps.db),
      new VideosRepository(t.app.deps.db),
      new Meetings(t.config.meetings),
      t.app.storage,
      t.app.jobs,
      async (ids) => t.app.transcoding.service.submitRegistered(ids),
      t.app.log,
      { now },
    );
  /** Signed headers for a raw body, at `nowMs`. */
  const signed = (raw: string, nowMs = Date.now()) => {
    const timestamp = String(Math.floor(nowMs / 1000));
    return { timestamp, signature: zoomSignature(SECRET, timestamp, raw) };
  };
  const classRow = async (id: string) =>
    (
      await t.database.query<{ status: string; version: number; meeting_uuid: string | null }>(
        'SELECT status, version, meeting_uuid FROM live_classes WHERE id = $1',
        [id],
      )
    )[0]!;

  it('lists the Zoom account when Zoom is configured', async () => {
    const accounts = (await as('SUPER_ADMIN', 'GET', '/batch/live-class/zoom-accounts')).body.data as {
      accountId: string;
      provider: string;
      hostOrBase: string;
    }[];
    expect(accounts.find((a) => a.accountId === zoomAccount.id)).toMatchObject({
      provider: 'ZOOM',
      hostOrBase: 'live@lectern.example',
    });
    // the app's credentials are never in an answer
    expect(JSON.stringify(accounts)).not.toContain('fake-secret');
  });

  it('makes, changes and deletes the Zoom meeting with the class', async () => {
    const made = await as('SUPER_ADMIN', 'POST', '/batch/live-schedule/create', body());
    expect(made.status).toBe(200);
    const c = made.body.data;
    expect(c.provider).toBe('ZOOM');
    expect(c.joinUrl).toBe(`https://us05web.zoom.us/j/${c.meetingId}?pwd=fake`);
    expect(fake.meetings.get(c.meetingId)).toMatchObject({
      topic: 'Thermodynamics on Zoom',
      duration: 60,
      host_email: 'live@lectern.example',
    });
    const changed = await as('SUPER_ADMIN', 'PUT', '/batch/live-schedule/update', {
      ...body({ title: 'Thermodynamics II', durationMinutes: 90 }),
      liveClassId: c.liveClassId,
      version: 0,
    });
    expect(changed.status).toBe(200);
    expect(fake.meetings.get(c.meetingId)).toMatchObject({ topic: 'Thermodynamics II', duration: 90 });
    const deleted = await as('SUPER_ADMIN', 'DELETE', `/batch/live-schedule/delete/${c.liveClassId}`);
    expect(deleted.status).toBe(200);
    expect(fake.meetings.has(c.meetingId)).toBe(false);
  });

  it('a Zoom failure is a 502 naming Zoom and its reason, and nothing is saved', async () => {
    const before = (await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM live_classes'))[0]!.n;
    fake.failNext = { status: 400, code: 300, message: 'Invalid start_time' };
    const res = await as('SUPER_ADMIN', 'POST', '/batch/live-schedule/create', body({ startTime: start(41) }));
    expect(res.status).toBe(502);
    expect(res.body.message).toBe(
      msg('meetingFailed', {
        action: 'created',
        provider: 'Zoom',
        reason: 'could not create the meeting: Invalid start_time (HTTP 400)',
      }),
    );
    expect((await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM live_classes'))[0]!.n).toBe(before);
  });

  it('refuses a second class at once on the Zoom account (a Zoom user holds one meeting at a time)', async () => {
    const other = (await createInstructor(t)).id;
    const first = await as(
      'SUPER_ADMIN',
      'POST',
      '/batch/live-schedule/create',
      body({ title: 'On Zoom first', startTime: start(50) }),
    );
    expect(first.status).toBe(200);
    const second = await as(
      'SUPER_ADMIN',
      'POST',
      '/batch/live-schedule/create',
      body({ title: 'On Zoom too', teacherId: other, startTime: start(50) }),
    );
    expect(second.status).toBe(409);
    // the account's name is letters, digits and spaces: nothing to escape
    expect(second.body.message).toMatch(
      new RegExp(`^The meeting account '${zoomAccount.name}' is already used by 'On Zoom first' from `),
    );
  });

  it("going live reads Zoom's start address afresh", async () => {
    const made = (
      await as(
        'SUPER_ADMIN',
        'POST',
        '/batch/live-schedule/create',
        body({ title: 'Going live', startTime: start(42) }),
      )
    ).body.data;
    await t.database.query(`UPDATE live_classes SET start_time = now() + interval '5 minutes' WHERE id = $1`, [
      made.liveClassId,
    ]);
    const res = await as('INSTRUCTOR', 'POST', `/batch/live-class/start/${made.liveClassId}`);
    expect(res.status).toBe(200);
    expect(res.body.data.startUrl).toBe(`https://us05web.zoom.us/s/${made.meetingId}?zak=start-2`);
  });

  describe('webhook', () => {
    it("answers Zoom's URL validation with the HMAC of the plain token", async () => {
      const res = await webhook({
        event: 'endpoint.url_validation',
        payload: { plainToken: 'qgg8vlvZRS6UYooatFL8Aw' },
        event_ts: Date.now(),
      });
      expect(res.status).toBe(200);
      // exactly Zoom's shape, at the top of the answer (no envelope)
      expect(res.body).toEqual({
        plainToken: 'qgg8vlvZRS6UYooatFL8Aw',
        encryptedToken: crypto.createHmac('sha256', SECRET).update('qgg8vlvZRS6UYooatFL8Aw').digest('hex'),
      });
    });

    it('refuses a forged or stale signature with 401 and queues nothing', async () => {
      const [c] = await t.database.query<{ meeting_id: string }>(
        `SELECT meeting_id FROM live_classes WHERE meeting_account_id = $1 LIMIT 1`,
        [zoomAccount.id],
      );
      const event = {
        event: 'recording.completed',
        payload: { object: { id: Number(c!.meeting_id), recording_files: [] } },
      };
      const forged = await webhook(event, { secret: 'not-the-secret' });
      expect(forged.status).toBe(401);
      expect(forged.body).toEqual({ error: true, message: MESSAGES.unauthorized });
      const stale = await webhook(event, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
      expect(stale.status).toBe(401);
      const unsigned = await t.call('POST', '/api/batch/live-class/zoom/webhook', { signature: false, body: event });
      expect(unsigned.status).toBe(401);
      expect(await queued()).toHaveLength(0);
    });

    it('meeting.ended ends the class; recording.completed is acknowledged and its download queued, then brought in, transcoded and attached', async () => {
      const submitted: string[] = [];
      // the jobs' handlers, as the worker runs them
      const events = new ZoomEvents(
        t.app.deps.db,
        new LiveClassesRepository(t.app.deps.db),
        new VideosRepository(t.app.deps.db),
        new Meetings(t.config.meetings),
        t.app.storage,
        t.app.jobs,
        async (ids) => {
          submitted.push(...ids);
          await t.app.transcoding.service.submitRegistered(ids);
        },
        t.app.log,
      );
      const made = (
        await as(
          'SUPER_ADMIN',
          'POST',
          '/batch/live-schedule/create',
          body({ title: 'Recorded class', startTime: start(43) }),
        )
      ).body.data;
      await t.database.query(
        `UPDATE live_classes SET start_time = now() - interval '50 minutes', status = 'LIVE' WHERE id = $1`,
        [made.liveClassId],
      );
      const ended = await webhook({
        event: 'meeting.ended',
        event_ts: Date.now(),
        payload: {
          account_id: 'fake-account',
          object: { id: Number(made.meetingId), uuid: 'ended-uuid==', end_time: '2026-11-26T11:00:00Z' },
        },
      });
      expect(ended.status).toBe(200);
      const [row] = await t.database.query<{ status: string; meeting_uuid: string }>(
        'SELECT status, meeting_uuid FROM live_classes WHERE id = $1',
        [made.liveClassId],
      );
      expect(row).toEqual({ status: 'ENDED', meeting_uuid: 'ended-uuid==' });
      // what the attendance module reads: the ended instance's participants, every page
      fake.participants.set('ended-uuid==', [
        {
          id: 'p1',
          name: 'Ananya Sharma',
          user_email: 'ananya@example.in',
          join_time: '2026-11-26T10:10:00Z',
          leave_time: '2026-11-26T10:40:00Z',
          duration: 1800,
        },
        {
          id: 'p2',
          name: 'iPad',
          user_email: '',
          join_time: '2026-11-26T10:12:00Z',
          leave_time: '2026-11-26T10:20:00Z',
          duration: 480,
        },
        {
          id: 'p1',
          name: 'Ananya Sharma',
          user_email: 'ananya@example.in',
          join_time: '2026-11-26T10:42:00Z',
          leave_time: '2026-11-26T10:58:00Z',
          duration: 960,
        },
      ]);
      const service = new LiveClassesService(
        t.app.deps.db,
        new LiveClassesRepository(t.app.deps.db),
        new Meetings(t.config.meetings),
        new LiveClassPlayback(t.app.storage, Buffer.alloc(32)),
      );
      const sessions = await service.pastParticipants(made.liveClassId);
      expect(sessions.map((p) => [p.name, p.email, p.joinTime])).toEqual([
        ['Ananya Sharma', 'ananya@example.in', '2026-11-26T10:10:00.000Z'],
        ['iPad', '', '2026-11-26T10:12:00.000Z'],
        ['Ananya Sharma', 'ananya@example.in', '2026-11-26T10:42:00.000Z'],
      ]);
      // meeting.ended queued the participants job; its handler stores them as the class's attendance
      expect(await queued('zoom-participants')).toEqual([{ data: { liveClassId: made.liveClassId } }]);
      expect(await events.importParticipants(made.liveClassId)).toBe(3);
      const unmatched = await as('SUPER_ADMIN', 'GET', `/batch/live/attendance/unmatched/${made.liveClassId}`);
      expect(unmatched.status).toBe(200);
      expect((unmatched.body.data as { name: string }[]).map((p) => p.name)).toContain('iPad');

      const mp4 = Buffer.from('fake mp4 bytes '.repeat(1000));
      fake.files.set('/rec/download/abc123', { bytes: mp4, token: 'download-token-1' });
      const started = Date.now();
      const res = await webhook({
        event: 'recording.completed',
        event_ts: Date.now(),
        download_token: 'download-token-1',
        payload: {
          account_id: 'fake-account',
          object: {
            id: Number(made.meetingId),
            uuid: 'ended-uuid==',
            topic: 'Recorded class',
            duration: 50,
            recording_files: [
              {
                id: 'f-audio',
                file_type: 'M4A',
                download_url: `${fake.base}/rec/download/audio`,
                status: 'completed',
                recording_type: 'audio_only',
              },
              {
                id: 'f-video',
                file_type: 'MP4',
                file_size: mp4.length,
                download_url: `${fake.base}/rec/download/abc123`,
                status: 'completed',
                recording_type: 'shared_screen_with_speaker_view',
                recording_start: '2026-11-26T10:10:00Z',
                recording_end: '2026-11-26T10:58:00Z',
              },
            ],
          },
        },
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ received: true });
      expect(Date.now() - started).toBeLessThan(3000);
      const jobs = await queued();
      expect(jobs).toHaveLength(1);
      const payload = jobs[0]!.data;
      expect(payload).toMatchObject({
        liveClassId: made.liveClassId,
        recordingFileId: 'f-video',
        downloadUrl: `${fake.base}/rec/download/abc123`,
        downloadToken: 'download-token-1',
        durationSeconds: 2880,
      });
      // the job's handler: what the worker runs with this payload
      const videoId = await events.importRecording(payload);
      expect(submitted).toEqual([videoId]);
      const [video] = await t.database.query<{
        storage_key: string;
        size: string;
        live_class_id: string;
        transcoding_status: string;
      }>('SELECT storage_key, size, live_class_id, transcoding_status FROM videos WHERE id = $1', [videoId]);
      expect(video!.storage_key).toMatch(
        new RegExp(`^recordings/${made.liveClassId}/[0-9a-f-]{36}-Recordedclass\\.mp4$`),
      );
      expect(Number(video!.size)).toBe(mp4.length);
      expect(video!.live_class_id).toBe(made.liveClassId);
      expect(video!.transcoding_status).toBe('SUBMITTED');
      const stored = await t.app.storage.driver.readFirstBytes(
        { bucket: t.app.storage.videosBucket, key: video!.storage_key },
        64,
      );
      expect(Buffer.from(stored).toString()).toBe(mp4.subarray(0, 64).toString());
      // attached at once with its transcoding status; it plays once transcoded
      const cls = (
        (await as('SUPER_ADMIN', 'GET', '/batch/live-schedule/all')).body.data as {
          liveClassId: string;
          recording: unknown;
        }[]
      ).find((x) => x.liveClassId === made.liveClassId);
      expect(cls!.recording).toMatchObject({
        videoId,
        transcodingStatus: 'SUBMITTED',
        playbackUrl: null,
        attachedBy: 'Zoom',
      });
      // in the recordings list too
      const list = await as('SUPER_ADMIN', 'GET', '/batch/live-class-recording?page=0&size=10000&sort=ASC');
      expect((list.body.data.content as { videoId: string }[]).some((r) => r.videoId === videoId)).toBe(true);
    });

    it('a meeting.ended replayed or sent again by Zoom is applied once, in every process', async () => {
      const made = (
        await as(
          'SUPER_ADMIN',
          'POST',
          '/batch/live-schedule/create',
          body({ title: 'Replayed', startTime: start(44) }),
        )
      ).body.data;
      await t.database.query(
        `UPDATE live_classes SET start_time = now() - interval '50 minutes', status = 'LIVE' WHERE id = $1`,
        [made.liveClassId],
      );
      const event = {
        event: 'meeting.ended',
        event_ts: 1_795_000_000_123,
        payload: { account_id: 'fake-account', object: { id: Number(made.meetingId), uuid: 'replayed-uuid==' } },
      };
      expect((await webhook(event)).status).toBe(200);
      const ended = await classRow(made.liveClassId);
      expect(ended).toMatchObject({ status: 'ENDED', meeting_uuid: 'replayed-uuid==' });
      // the same signed request again, and Zoom's retry (newly timestamped and signed): acknowledged, not applied
      const raw = JSON.stringify(event, null, 2);
      const first = signed(raw);
      const again = t.call('POST', '/api/batch/live-class/zoom/webhook', {
        signature: false,
        rawBody: raw,
        headers: { 'x-zm-request-timestamp': first.timestamp, 'x-zm-signature': first.signature },
      });
      expect((await again).body).toEqual({ received: true });
      expect((await webhook(event, { timestamp: Math.floor(Date.now() / 1000) + 60 })).body).toEqual({
        received: true,
      });
      // another server process sees it too (the events seen are in the database)
      const elsewhere = signed(raw);
      expect(await zoomEvents().handle(elsewhere, raw, event)).toEqual({ received: true });
      expect(await classRow(made.liveClassId)).toEqual(ended);
      const jobs = (await queued('zoom-participants')).filter(
        (j) => (j.data as unknown as { liveClassId: string }).liveClassId === made.liveClassId,
      );
      expect(jobs).toHaveLength(1);
    });

    it('refuses a request stamped more than five minutes from its clock', async () => {
      const clock = Date.parse('2031-03-01T05:00:00Z');
      const events = zoomEvents(() => clock);
      const event = { event: 'meeting.ended', event_ts: clock, payload: { object: { id: 1 } } };
      const raw = JSON.stringify(event);
      expect(await events.handle(signed(raw, clock - 290_000), raw, event)).toEqual({ received: true });
      const late = { ...event, event_ts: clock + 1 };
      const lateRaw = JSON.stringify(late);
      await expect(events.handle(signed(lateRaw, clock - 310_000), lateRaw, late)).rejects.toMatchObject({
        statusCode: 401,
      });
    });

    it('meeting.ended changes only a class on Zoom holding that meeting, and only from LIVE', async () => {
      const jitsi = (
        await as(
          'SUPER_ADMIN',
          'POST',
          '/batch/live-schedule/create',
          body({ title: 'Jitsi class', meetingAccountId: jitsiAccount.id, startTime: start(45) }),
        )
      ).body.data;
      const zoomScheduled = (
        await as('SUPER_ADMIN', 'POST', '/batch/live-schedule/create', body({ title: 'Not yet', startTime: start(46) }))
      ).body.data;
      const before = [await classRow(jitsi.liveClassId), await classRow(zoomScheduled.liveClassId)];
      expect(before.map((r) => r.status)).toEqual(['SCHEDULED', 'SCHEDULED']);
      // the Jitsi room's name as the meeting id; the Zoom class before anyone started it
      for (const id of [jitsi.meetingId, Number(zoomScheduled.meetingId)]) {
        const res = await webhook({
          event: 'meeting.ended',
          event_ts: Date.now(),
          payload: { object: { id, uuid: `uuid-${id}` } },
        });
        expect(res.status).toBe(200);
      }
      expect([await classRow(jitsi.liveClassId), await classRow(zoomScheduled.liveClassId)]).toEqual(before);
    });

    describe("recordings come only from Zoom's hosts", () => {
      let other: http.Server;
      let otherBase: string;
      const otherRequests: string[] = [];
      beforeAll(async () => {
        other = http.createServer((req, res) => {
          otherRequests.push(`${req.url} ${req.headers.authorization ?? ''}`);
          res.writeHead(200, { 'content-type': 'video/mp4' });
          res.end('not zoom');
        });
        await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
        otherBase = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
      });
      afterAll(async () => {
        other.closeAllConnections();
        await new Promise((resolve) => other.close(resolve));
      });

      const recordedClass = async (title: string, days: number) =>
        (await as('SUPER_ADMIN', 'POST', '/batch/live-schedule/create', body({ title, startTime: start(days) }))).body
          .data as { liveClassId: string; meetingId: string };
      const payload = (liveClassId: string, meetingId: string, downloadUrl: string): ZoomRecordingPayload => ({
        liveClassId,
        meetingId,
        recordingFileId: 'f-1',
        downloadUrl,
        downloadToken: 'download-token-2',
        fileName: 'Recorded.mp4',
        durationSeconds: 60,
      });

      it('a recording.completed naming another host queues nothing', async () => {
        const c = await recordedClass('Elsewhere', 47);
        const res = await webhook({
          event: 'recording.completed',
          event_ts: Date.now(),
          download_token: 'download-token-2',
          payload: {
            object: {
              id: Number(c.meetingId),
              uuid: 'elsewhere==',
              recording_files: [
                { id: 'f', file_type: 'MP4', status: 'completed', download_url: `${otherBase}/rec/download/x` },
              ],
            },
          },
        });
        expect(res.body).toEqual({ received: true });
        expect((await queued()).filter((j) => j.data.liveClassId === c.liveClassId)).toEqual([]);
      });

      it('a download naming another host, or sent on to one, is refused before the token leaves', async () => {
        const c = await recordedClass('Redirected', 48);
        const events = zoomEvents();
        await expect(
          events.importRecording(payload(c.liveClassId, c.meetingId, `${otherBase}/rec/download/x`)),
        ).rejects.toThrow("the recording address is not Zoom's (127.0.0.1:");
        fake.redirects.set('/rec/download/away', `${otherBase}/steal`);
        await expect(
          events.importRecording(payload(c.liveClassId, c.meetingId, `${fake.base}/rec/download/away`)),
        ).rejects.toThrow("the recording address is not Zoom's");
        expect(otherRequests).toEqual([]);
        // a redirect that never ends stops after a few hops
        fake.redirects.set('/rec/download/loop', '/rec/download/loop');
        fake.requests.length = 0;
        await expect(
          events.importRecording(payload(c.liveClassId, c.meetingId, `${fake.base}/rec/download/loop`)),
        ).rejects.toThrow('the recording download redirected too many times');
        expect(fake.requests.length).toBeLessThanOrEqual(4);
        // sent on within Zoom: followed, with the download token
        fake.redirects.set('/rec/download/moved', '/rec/download/here');
        fake.files.set('/rec/download/here', { bytes: Buffer.from('zoom mp4'), token: 'download-token-2' });
        const videoId = await events.importRecording(
          payload(c.liveClassId, c.meetingId, `${fake.base}/rec/download/moved`),
        );
        const [video] = await t.database.query<{ size: string }>('SELECT size FROM videos WHERE id = $1', [videoId]);
        expect(Number(video!.size)).toBe('zoom mp4'.length);
      });
    });
  });
});
