import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig, type ZoomConfig } from '../config';
import { startFakeZoom, type FakeZoom } from '../test/fake-zoom';
import { jitsiDriver, jitsiRoom } from './jitsi';
import { MeetingError, Meetings, type MeetingSpec } from './meetings';
import { ZoomClient, isZoomDownloadUrl, meetingPathId, retryAfterMs } from './zoom';
import { verifyZoomSignature, zoomSignature, zoomUrlValidation } from './zoom-webhook';

const spec: MeetingSpec = {
  liveClassId: 'lc-1',
  title: 'Rotational Dynamics',
  description: 'Torque and angular momentum',
  startTime: new Date('2026-12-01T04:30:00.000Z'),
  durationMinutes: 60,
  link: null,
};

describe('Zoom driver against the fake Zoom API', () => {
  let fake: FakeZoom;
  let config: ZoomConfig;
  let clock: number;
  const sleeps: number[] = [];
  const client = () =>
    new ZoomClient(config, fetch, {
      now: () => clock,
      sleep: async (ms) => {
        sleeps.push(ms);
      },
    });
  beforeAll(async () => {
    fake = await startFakeZoom();
    config = {
      accountId: 'fake-account',
      clientId: 'fake-client',
      clientSecret: 'fake-secret',
      webhookSecret: 'whsec',
      hostEmail: 'host@lectern.example',
      apiBase: `${fake.base}/v2`,
      oauthBase: fake.base,
    };
  });
  afterAll(async () => fake?.close());
  beforeEach(() => {
    fake.requests.length = 0;
    sleeps.length = 0;
    clock = Date.parse('2026-11-26T10:00:00Z');
    fake.expiresIn = 3599;
  });

  it('signs in with account credentials and keeps the token until shortly before it expires', async () => {
    const zoom = client();
    const first = await zoom.accessToken();
    expect(await zoom.accessToken()).toBe(first);
    const tokenCalls = () => fake.requests.filter((r) => r.url.startsWith('/oauth/token'));
    expect(tokenCalls()).toHaveLength(1);
    expect(tokenCalls()[0]!.url).toBe('/oauth/token?grant_type=account_credentials&account_id=fake-account');
    expect(tokenCalls()[0]!.authorization).toBe(`Basic ${Buffer.from('fake-client:fake-secret').toString('base64')}`);
    // 3599 s less a minute's margin: still cached at 58 minutes, fetched again at 59
    clock += 58 * 60_000;
    expect(await zoom.accessToken()).toBe(first);
    clock += 60_000;
    const second = await zoom.accessToken();
    expect(second).not.toBe(first);
    expect(tokenCalls()).toHaveLength(2);
  });

  it('fetches a new token when Zoom answers 401 and retries the call once', async () => {
    const zoom = client();
    const created = await zoom.createMeeting('host@lectern.example', spec);
    fake.revoked.add(fake.issued[fake.issued.length - 1]!);
    const meeting = await zoom.getMeeting(String(created.id));
    expect(meeting.id).toBe(created.id);
    const calls = fake.requests.map((r) => `${r.method} ${r.url.split('?')[0]}`);
    expect(calls.slice(-3)).toEqual([
      `GET /v2/meetings/${created.id}`,
      'POST /oauth/token',
      `GET /v2/meetings/${created.id}`,
    ]);
  });

  it('waits as long as Retry-After says on 429, then succeeds', async () => {
    const zoom = client();
    await zoom.accessToken();
    fake.throttle = { remaining: 2, retryAfter: '3' };
    const created = await zoom.createMeeting('host@lectern.example', spec);
    expect(created.join_url).toMatch(/^https:\/\/us05web\.zoom\.us\/j\/\d+/);
    expect(sleeps).toEqual([3000, 3000]);
    expect(fake.requests.filter((r) => r.url.includes('/users/')).length).toBe(3);
  });

  it('gives up after a few 429s with the reason', async () => {
    const zoom = client();
    fake.throttle = { remaining: 10, retryAfter: '1' };
    await expect(zoom.createMeeting('host@lectern.example', spec)).rejects.toThrow(
      /could not create the meeting: You have reached the maximum per-second rate limit.*\(HTTP 429\)/,
    );
    fake.throttle.remaining = 0;
    expect(retryAfterMs(null, 0, 2)).toBe(4000);
    expect(retryAfterMs('120', 0, 0)).toBe(30_000);
    expect(retryAfterMs(new Date(5000).toUTCString(), 0, 0)).toBe(5000);
  });

  it('creates, updates, reads the start URL again and deletes a meeting', async () => {
    const meetings = new Meetings({ jitsiBaseUrls: [], zoom: config, zoomWebhookSecret: 'whsec' });
    const driver = meetings.driver('ZOOM');
    const account = { id: 'a', provider: 'ZOOM' as const, name: 'Zoom', hostOrBase: 'teacher@lectern.example' };
    const made = await driver.create(account, spec);
    const stored = fake.meetings.get(made.meetingId!)!;
    expect(stored).toMatchObject({
      topic: 'Rotational Dynamics',
      start_time: '2026-12-01T04:30:00Z',
      duration: 60,
      host_email: 'teacher@lectern.example',
    });
    const create = fake.requests.find((r) => r.method === 'POST' && r.url.startsWith('/v2/users/'))!;
    expect(JSON.parse(create.body)).toMatchObject({
      type: 2,
      timezone: 'Asia/Kolkata',
      agenda: 'Torque and angular momentum',
    });
    const held = { ...made, meetingUuid: null };
    const updated = await driver.update(account, held, {
      ...spec,
      durationMinutes: 90,
      title: 'Rotational Dynamics II',
    });
    expect(updated.joinUrl).toBe(made.joinUrl);
    expect(fake.meetings.get(made.meetingId!)).toMatchObject({ duration: 90, topic: 'Rotational Dynamics II' });
    const start = await driver.startUrl(account, held);
    expect(start).not.toBe(made.startUrl);
    expect(start).toMatch(/zak=start-2$/);
    await driver.remove(account, held);
    expect(fake.meetings.has(made.meetingId!)).toBe(false);
    // deleting a meeting Zoom no longer has is not a failure
    await driver.remove(account, held);
  });

  it("reports Zoom's refusal in its words", async () => {
    const zoom = client();
    fake.failNext = { status: 404, code: 1001, message: 'User does not exist: nobody@lectern.example.' };
    const error = await zoom.createMeeting('nobody@lectern.example', spec).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MeetingError);
    expect((error as Error).message).toBe(
      'could not create the meeting: User does not exist: nobody@lectern.example. (HTTP 404)',
    );
  });

  it('reads every page of past participants (next_page_token) as participant sessions', async () => {
    const uuid = '/abc//def==';
    fake.participants.set(uuid, [
      {
        id: 'p1',
        name: 'Ananya Sharma',
        user_email: 'ananya@example.in',
        registrant_id: 'r1',
        join_time: '2026-11-20T04:30:05Z',
        leave_time: '2026-11-20T05:00:00Z',
        duration: 1795,
      },
      {
        id: 'p2',
        name: 'iPad',
        user_email: '',
        join_time: '2026-11-20T04:31:00Z',
        leave_time: '2026-11-20T05:30:00Z',
        duration: 3540,
      },
      {
        id: 'p1',
        name: 'Ananya Sharma',
        user_email: 'ananya@example.in',
        registrant_id: 'r1',
        join_time: '2026-11-20T05:02:00Z',
        leave_time: '2026-11-20T05:30:00Z',
        duration: 1680,
      },
      {
        id: 'p3',
        name: 'Rahul Verma',
        user_email: 'rahul@example.in',
        join_time: '2026-11-20T04:35:00Z',
        leave_time: '2026-11-20T05:20:00Z',
        duration: 2700,
      },
      {
        id: 'p4',
        name: 'Guest',
        user_email: '',
        join_time: '2026-11-20T04:40:00Z',
        leave_time: '2026-11-20T04:41:00Z',
        duration: 60,
      },
    ]);
    const meetings = new Meetings({ jitsiBaseUrls: [], zoom: config, zoomWebhookSecret: null });
    const sessions = await meetings.pastParticipants(
      { id: 'a', provider: 'ZOOM', name: 'Zoom', hostOrBase: '' },
      { meetingId: '85000000001', meetingUuid: uuid, joinUrl: null, startUrl: null },
    );
    expect(sessions).toHaveLength(5);
    expect(sessions[0]).toEqual({
      name: 'Ananya Sharma',
      email: 'ananya@example.in',
      registrantId: 'r1',
      phone: '',
      joinTime: '2026-11-20T04:30:05.000Z',
      leaveTime: '2026-11-20T05:00:00.000Z',
    });
    const pages = fake.requests.filter((r) => r.url.startsWith('/v2/past_meetings/'));
    expect(pages.map((r) => new URL(r.url, 'http://x').searchParams.get('next_page_token'))).toEqual([null, '2', '4']);
    // a UUID starting with '/' or holding '//' is encoded twice
    expect(pages[0]!.url).toContain(`/past_meetings/${encodeURIComponent(encodeURIComponent(uuid))}/`);
    expect(meetingPathId('abc==')).toBe('abc%3D%3D');
  });

  it('fails clearly when Zoom is not configured', async () => {
    const meetings = new Meetings({ jitsiBaseUrls: [], zoom: null, zoomWebhookSecret: null });
    await expect(
      meetings.driver('ZOOM').create({ id: 'a', provider: 'ZOOM', name: 'Zoom', hostOrBase: '' }, spec),
    ).rejects.toThrow(/Zoom is not configured on this server/);
  });
});

describe('Zoom webhook signatures', () => {
  const body = JSON.stringify({ event: 'meeting.ended', payload: { object: { id: 1 } } });
  afterEach(() => undefined);

  it("accepts Zoom's HMAC of v0:{timestamp}:{body} and refuses a forged, stale or missing one", () => {
    const now = Date.parse('2026-11-26T10:00:00Z');
    const ts = String(now / 1000);
    const signature = zoomSignature('whsec', ts, body);
    expect(signature).toMatch(/^v0=[0-9a-f]{64}$/);
    expect(verifyZoomSignature('whsec', { signature, timestamp: ts }, body, now)).toBe(true);
    expect(verifyZoomSignature('other', { signature, timestamp: ts }, body, now)).toBe(false);
    expect(verifyZoomSignature('whsec', { signature, timestamp: ts }, `${body} `, now)).toBe(false);
    expect(verifyZoomSignature('whsec', { signature, timestamp: ts }, body, now + 301_000)).toBe(false);
    expect(verifyZoomSignature('whsec', { signature: undefined, timestamp: ts }, body, now)).toBe(false);
  });

  it('answers URL validation with the HMAC of the plain token', () => {
    // Zoom's documented example shape: {plainToken, encryptedToken} with encryptedToken hex
    const answer = zoomUrlValidation('whsec', 'qgg8vlvZRS6UYooatFL8Aw');
    expect(answer.plainToken).toBe('qgg8vlvZRS6UYooatFL8Aw');
    expect(answer.encryptedToken).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("recording downloads: Zoom's hosts only", () => {
  it('takes https on zoom.us, its subdomains and zoomgov.com, and the configured Zoom origins', () => {
    for (const url of [
      'https://zoom.us/rec/download/abc',
      'https://us05web.zoom.us/rec/download/abc?access_token=x',
      'https://ssrweb.zoom.us/cmr/replay/abc.mp4',
      'https://ZOOM.US/rec/download/abc',
      'https://us06web.zoomgov.com/rec/download/abc',
    ])
      expect(isZoomDownloadUrl(url), url).toBe(true);
    for (const url of [
      'http://zoom.us/rec/download/abc',
      'https://zoom.us.example.com/rec',
      'https://evilzoom.us/rec',
      'https://zoom.us@example.com/rec',
      'https://user:pw@zoom.us/rec',
      'https://169.254.169.254/latest/meta-data',
      'javascript:alert(1)',
      'not a url',
    ])
      expect(isZoomDownloadUrl(url), url).toBe(false);
    expect(isZoomDownloadUrl('http://127.0.0.1:4000/rec/x', ['http://127.0.0.1:4000'])).toBe(true);
    expect(isZoomDownloadUrl('http://127.0.0.1:4001/rec/x', ['http://127.0.0.1:4000'])).toBe(false);
  });
});

describe('Jitsi driver (the embedded default)', () => {
  it('names the room after the class and needs no account', async () => {
    const account = { id: 'j', provider: 'JITSI' as const, name: 'Jitsi', hostOrBase: 'https://meet.example.in/' };
    const room = jitsiRoom(spec);
    expect(room).toBe('LecternRotationalDynamicslc1');
    const made = await jitsiDriver.create(account, spec);
    expect(made).toEqual({
      meetingId: room,
      joinUrl: `https://meet.example.in/${room}`,
      startUrl: `https://meet.example.in/${room}#config.prejoinConfig.enabled=false&userInfo.displayName=%22Host%22`,
    });
    // renaming the class keeps the room, so links already sent keep working
    const again = await jitsiDriver.update(
      account,
      { ...made, meetingUuid: null },
      { ...spec, title: 'Something else' },
    );
    expect(again.joinUrl).toBe(made.joinUrl);
    expect(await jitsiDriver.pastParticipants(account, { ...made, meetingUuid: null })).toEqual([]);
  });
});

describe('meeting settings', () => {
  it('Jitsi works without settings; Zoom needs all three credentials; the secret token alone takes webhooks', () => {
    const plain = loadConfig({ NODE_ENV: 'test' }).meetings;
    expect(plain).toEqual({
      jitsiBaseUrls: ['https://meet.jit.si', 'https://jitsi.riot.im'],
      zoom: null,
      zoomWebhookSecret: null,
    });
    expect(
      loadConfig({ NODE_ENV: 'test', JITSI_BASE_URLS: ' https://meet.example.in/ ' }).meetings.jitsiBaseUrls,
    ).toEqual(['https://meet.example.in']);
    expect(() => loadConfig({ NODE_ENV: 'test', JITSI_BASE_URLS: 'meet.example.in' })).toThrow(
      "JITSI_BASE_URLS: 'meet.example.in' is not an http(s) address.",
    );
    expect(loadConfig({ NODE_ENV: 'test', ZOOM_ACCOUNT_ID: 'a', ZOOM_CLIENT_ID: 'b' }).meetings.zoom).toBeNull();
    const zoom = loadConfig({
      NODE_ENV: 'test',
      ZOOM_ACCOUNT_ID: 'a',
      ZOOM_CLIENT_ID: 'b',
      ZOOM_CLIENT_SECRET: 'c',
      ZOOM_WEBHOOK_SECRET_TOKEN: 'd',
      ZOOM_HOST_EMAIL: 'host@lectern.example',
    }).meetings;
    expect(zoom.zoom).toEqual({
      accountId: 'a',
      clientId: 'b',
      clientSecret: 'c',
      webhookSecret: 'd',
      hostEmail: 'host@lectern.example',
      apiBase: 'https://api.zoom.us/v2',
      oauthBase: 'https://zoom.us',
    });
    expect(loadConfig({ NODE_ENV: 'test', ZOOM_WEBHOOK_SECRET_TOKEN: 'd' }).meetings.zoomWebhookSecret).toBe('d');
  });
});
