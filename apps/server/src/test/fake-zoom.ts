import http from 'node:http';
import { serveOnLoopback } from './loopback';

// A fake Zoom API on loopback, answering in the shapes of Zoom's documentation: the OAuth token
// endpoint (account_credentials), meetings (create 201, PATCH and DELETE 204, GET), past meeting
// participants paged with next_page_token, and recording downloads (redirected when told). Tests script failures (401, 429
// with Retry-After, 5xx) and read what was asked.

export interface FakeZoomMeeting {
  id: number;
  uuid: string;
  topic: string;
  start_time: string;
  duration: number;
  agenda: string;
  join_url: string;
  start_url: string;
  host_email: string;
}

export interface FakeParticipant {
  id: string;
  name: string;
  user_email: string;
  registrant_id?: string;
  join_time: string;
  leave_time: string;
  duration: number;
}

export interface FakeZoom {
  /** http://127.0.0.1:{port} */
  base: string;
  /** every request: method, path with query, headers */
  requests: { method: string; url: string; authorization: string | undefined; body: string }[];
  meetings: Map<string, FakeZoomMeeting>;
  participants: Map<string, FakeParticipant[]>;
  /** recording files by path: bytes served to a request with the right bearer token */
  files: Map<string, { bytes: Buffer; token: string }>;
  /** download paths answered 302 with this Location (Zoom sends a download on to its file host) */
  redirects: Map<string, string>;
  /** tokens the fake issued; revoke one to make the API answer 401 */
  issued: string[];
  revoked: Set<string>;
  /** seconds a new token lasts */
  expiresIn: number;
  /** answer the next N API calls 429 with this Retry-After */
  throttle: { remaining: number; retryAfter: string };
  /** answer the next meeting call with this status and Zoom's error body */
  failNext: { status: number; code: number; message: string } | null;
  close(): Promise<void>;
}

const PAGE = 2;

export async function startFakeZoom(
  credentials = { clientId: 'fake-client', clientSecret: 'fake-secret', accountId: 'fake-account' },
): Promise<FakeZoom> {
  let nextId = 85_000_000_001;
  const fake: FakeZoom = {
    base: '',
    close: async () => undefined,
    requests: [],
    meetings: new Map(),
    participants: new Map(),
    files: new Map(),
    redirects: new Map(),
    issued: [],
    revoked: new Set(),
    expiresIn: 3599,
    throttle: { remaining: 0, retryAfter: '1' },
    failNext: null,
  };
  const json = (res: http.ServerResponse, status: number, body?: unknown) => {
    res.writeHead(status, body === undefined ? {} : { 'content-type': 'application/json' });
    res.end(body === undefined ? undefined : JSON.stringify(body));
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url ?? '/', 'http://fake');
      fake.requests.push({
        method: req.method ?? '',
        url: req.url ?? '',
        authorization: req.headers.authorization,
        body,
      });
      // OAuth: POST /oauth/token?grant_type=account_credentials&account_id=...
      if (url.pathname === '/oauth/token') {
        const basic = `Basic ${Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString('base64')}`;
        if (req.method !== 'POST' || req.headers.authorization !== basic) {
          return json(res, 401, { reason: 'Invalid client_id or client_secret', error: 'invalid_client' });
        }
        if (
          url.searchParams.get('grant_type') !== 'account_credentials' ||
          url.searchParams.get('account_id') !== credentials.accountId
        ) {
          return json(res, 400, { reason: 'Invalid request : Missing account_id', error: 'invalid_request' });
        }
        const token = `fake-token-${fake.issued.length + 1}`;
        fake.issued.push(token);
        return json(res, 200, {
          access_token: token,
          token_type: 'bearer',
          expires_in: fake.expiresIn,
          scope: 'meeting:write:admin',
          api_url: 'https://api.zoom.us',
        });
      }
      const location = fake.redirects.get(url.pathname);
      if (location) {
        res.writeHead(302, { location });
        return res.end();
      }
      // recording downloads: Authorization: Bearer {download_token}
      const file = fake.files.get(url.pathname);
      if (file) {
        if (req.headers.authorization !== `Bearer ${file.token}`)
          return json(res, 401, { code: 124, message: 'Invalid access token.' });
        res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': file.bytes.length });
        return res.end(file.bytes);
      }
      if (!url.pathname.startsWith('/v2/')) return json(res, 404, { code: 404, message: 'Not found' });
      if (fake.throttle.remaining > 0) {
        fake.throttle.remaining--;
        res.setHeader('Retry-After', fake.throttle.retryAfter);
        res.setHeader('X-RateLimit-Type', 'Light');
        return json(res, 429, {
          code: 429,
          message: 'You have reached the maximum per-second rate limit for this API. Try again later.',
        });
      }
      const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      if (!fake.issued.includes(token) || fake.revoked.has(token)) {
        return json(res, 401, { code: 124, message: 'Invalid access token.' });
      }
      if (fake.failNext) {
        const f = fake.failNext;
        fake.failNext = null;
        return json(res, f.status, { code: f.code, message: f.message });
      }
      const path = url.pathname.slice(3);
      let m = /^\/users\/([^/]+)\/meetings$/.exec(path);
      if (m && req.method === 'POST') {
        const input = JSON.parse(body || '{}') as {
          topic?: string;
          start_time?: string;
          duration?: number;
          agenda?: string;
        };
        const id = nextId++;
        const meeting: FakeZoomMeeting = {
          id,
          uuid: `uuid${id}==`,
          topic: input.topic ?? '',
          start_time: input.start_time ?? '',
          duration: input.duration ?? 60,
          agenda: input.agenda ?? '',
          host_email: decodeURIComponent(m[1]!),
          join_url: `https://us05web.zoom.us/j/${id}?pwd=fake`,
          start_url: `https://us05web.zoom.us/s/${id}?zak=start-1`,
        };
        fake.meetings.set(String(id), meeting);
        return json(res, 201, { ...meeting, type: 2, timezone: 'Asia/Kolkata', created_at: new Date().toISOString() });
      }
      m = /^\/meetings\/([^/]+)$/.exec(path);
      if (m) {
        const meeting = fake.meetings.get(decodeURIComponent(m[1]!));
        if (!meeting) return json(res, 404, { code: 3001, message: `Meeting ${m[1]} is not found or has expired.` });
        if (req.method === 'GET') {
          meeting.start_url = meeting.start_url.replace(
            /zak=start-(\d+)/,
            (_w, n: string) => `zak=start-${Number(n) + 1}`,
          );
          return json(res, 200, { ...meeting, type: 2 });
        }
        if (req.method === 'PATCH') {
          const input = JSON.parse(body || '{}') as Partial<FakeZoomMeeting>;
          Object.assign(meeting, {
            topic: input.topic ?? meeting.topic,
            start_time: input.start_time ?? meeting.start_time,
            duration: input.duration ?? meeting.duration,
          });
          return json(res, 204);
        }
        if (req.method === 'DELETE') {
          fake.meetings.delete(String(meeting.id));
          return json(res, 204);
        }
      }
      m = /^\/past_meetings\/([^/]+)\/participants$/.exec(path);
      if (m && req.method === 'GET') {
        const key = decodeURIComponent(decodeURIComponent(m[1]!));
        const all = fake.participants.get(key);
        if (!all) return json(res, 404, { code: 3001, message: 'This meeting id does not belong to any meeting.' });
        const start = Number(url.searchParams.get('next_page_token') || '0');
        const page = all.slice(start, start + PAGE);
        const next = start + PAGE < all.length ? String(start + PAGE) : '';
        return json(res, 200, {
          page_count: Math.ceil(all.length / PAGE),
          page_size: PAGE,
          total_records: all.length,
          next_page_token: next,
          participants: page,
        });
      }
      return json(res, 404, { code: 404, message: 'Not found' });
    });
  });
  const served = await serveOnLoopback(server);
  fake.base = served.base;
  fake.close = served.close;
  return fake;
}
