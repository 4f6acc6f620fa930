import type { ParticipantSession } from '@lectern/contract';
import type { ZoomConfig } from '../config';
import { MeetingError, type HeldMeeting, type MeetingDriver, type MeetingSpec } from './meetings';

// Zoom through its REST API with a Server-to-Server OAuth app (account credentials): an access token
// is fetched with the app's id and secret, cached until shortly before it expires, and fetched again
// when Zoom answers 401. 429 waits as long as Retry-After says and tries again.

/** Zoom's answer to POST /oauth/token?grant_type=account_credentials. */
interface TokenAnswer {
  access_token: string;
  token_type: string;
  /** seconds */
  expires_in: number;
}

/** The parts of Zoom's meeting object we keep (POST /users/{userId}/meetings, GET /meetings/{id}). */
interface ZoomMeeting {
  id: number;
  uuid?: string;
  join_url: string;
  start_url: string;
}

/** One page of GET /past_meetings/{meetingUUID}/participants. */
interface ParticipantsPage {
  next_page_token?: string;
  participants?: {
    id?: string;
    name?: string;
    user_email?: string;
    registrant_id?: string;
    join_time?: string;
    leave_time?: string;
  }[];
}

const TOKEN_MARGIN_MS = 60_000;
const MAX_429_RETRIES = 3;
const MAX_RETRY_AFTER_MS = 30_000;

export interface ZoomClientOptions {
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

/** Zoom's REST API for one Server-to-Server OAuth app. */
export class ZoomClient {
  private token: { value: string; expiresAt: number } | null = null;
  private pending: Promise<string> | null = null;
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(
    private readonly config: ZoomConfig,
    private readonly fetchImpl: typeof fetch = fetch,
    options: ZoomClientOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  get hostEmail(): string {
    return this.config.hostEmail;
  }

  /** The cached access token, or a new one (one request at a time however many callers wait). */
  async accessToken(): Promise<string> {
    if (this.token && this.now() < this.token.expiresAt) return this.token.value;
    this.pending ??= this.fetchToken().finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  private async fetchToken(): Promise<string> {
    const url = `${this.config.oauthBase}/oauth/token?grant_type=account_credentials&account_id=${encodeURIComponent(this.config.accountId)}`;
    const basic = Buffer.from(`${this.config.clientId}:${this.config.clientSecret}`).toString('base64');
    const res = await this.send(url, { method: 'POST', headers: { authorization: `Basic ${basic}` } });
    if (!res.ok) throw await failure(res, 'sign in to Zoom');
    const answer = (await res.json()) as TokenAnswer;
    this.token = {
      value: answer.access_token,
      expiresAt: this.now() + Math.max(0, answer.expires_in * 1000 - TOKEN_MARGIN_MS),
    };
    return answer.access_token;
  }

  /** A fetch that waits out 429s as Retry-After says (a few times, never longer than 30 s each). */
  private async send(url: string, init: RequestInit): Promise<Response> {
    for (let attempt = 0; ; attempt++) {
      let res: Response;
      try {
        res = await this.fetchImpl(url, init);
      } catch (error) {
        throw new MeetingError('ZOOM', `Zoom could not be reached (${(error as Error).message})`);
      }
      if (res.status !== 429 || attempt >= MAX_429_RETRIES) return res;
      await res.body?.cancel();
      await this.sleep(retryAfterMs(res.headers.get('retry-after'), this.now(), attempt));
    }
  }

  /** An API call with the access token; on 401 the token is fetched again once. */
  async api(method: string, path: string, body?: unknown): Promise<Response> {
    for (let attempt = 0; ; attempt++) {
      const token = await this.accessToken();
      const res = await this.send(`${this.config.apiBase}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (res.status !== 401 || attempt > 0) return res;
      await res.body?.cancel();
      this.token = null;
    }
  }

  async createMeeting(hostEmail: string, spec: MeetingSpec): Promise<ZoomMeeting> {
    const res = await this.api('POST', `/users/${encodeURIComponent(hostEmail)}/meetings`, meetingBody(spec));
    if (res.status !== 201 && res.status !== 200) throw await failure(res, 'create the meeting');
    return (await res.json()) as ZoomMeeting;
  }

  async updateMeeting(meetingId: string, spec: MeetingSpec): Promise<void> {
    const res = await this.api('PATCH', `/meetings/${encodeURIComponent(meetingId)}`, meetingBody(spec));
    if (res.status !== 204 && res.status !== 200) throw await failure(res, 'update the meeting');
    await res.body?.cancel();
  }

  async getMeeting(meetingId: string): Promise<ZoomMeeting> {
    const res = await this.api('GET', `/meetings/${encodeURIComponent(meetingId)}`);
    if (!res.ok) throw await failure(res, 'read the meeting');
    return (await res.json()) as ZoomMeeting;
  }

  /** Deletes a meeting; one Zoom no longer has (404) is already gone. */
  async deleteMeeting(meetingId: string): Promise<void> {
    const res = await this.api('DELETE', `/meetings/${encodeURIComponent(meetingId)}`);
    if (res.status === 404) {
      await res.body?.cancel();
      return;
    }
    if (res.status !== 204 && res.status !== 200) throw await failure(res, 'delete the meeting');
    await res.body?.cancel();
  }

  /** Every participant session of an ended meeting instance, page by page (next_page_token). */
  async pastParticipants(meetingIdOrUuid: string): Promise<ParticipantSession[]> {
    const sessions: ParticipantSession[] = [];
    let next = '';
    for (let page = 0; page < 1000; page++) {
      const query = `page_size=300${next ? `&next_page_token=${encodeURIComponent(next)}` : ''}`;
      const res = await this.api('GET', `/past_meetings/${meetingPathId(meetingIdOrUuid)}/participants?${query}`);
      if (!res.ok) throw await failure(res, 'read the participants');
      const answer = (await res.json()) as ParticipantsPage;
      for (const p of answer.participants ?? []) {
        if (!p.join_time || !p.leave_time) continue;
        sessions.push({
          name: p.name ?? '',
          email: p.user_email ?? '',
          registrantId: p.registrant_id ?? '',
          phone: '',
          joinTime: new Date(p.join_time).toISOString(),
          leaveTime: new Date(p.leave_time).toISOString(),
        });
      }
      next = answer.next_page_token ?? '';
      if (!next) break;
    }
    return sessions;
  }
}

/** How many redirects a recording download follows (Zoom sends one, to its own file host). */
const ZOOM_DOWNLOAD_MAX_HOPS = 3;

/**
 * Whether a recording may be fetched from `url` (with the download token): https on Zoom's own hosts
 * (zoom.us and its subdomains such as us05web.zoom.us and ssrweb.zoom.us; zoomgov.com for ZoomGov), or
 * an origin this server was configured to call Zoom at (ZOOM_API_BASE, ZOOM_OAUTH_BASE).
 */
export function isZoomDownloadUrl(url: string, trustedOrigins: readonly string[] = []): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (trustedOrigins.includes(parsed.origin)) return true;
  if (parsed.protocol !== 'https:' || parsed.username || parsed.password) return false;
  const host = parsed.hostname.toLowerCase();
  return ['zoom.us', 'zoomgov.com'].some((domain) => host === domain || host.endsWith(`.${domain}`));
}

/** The origins of a Zoom configuration (its API and OAuth addresses): downloads from them are Zoom's. */
export function zoomOrigins(config: ZoomConfig | null): string[] {
  if (!config) return [];
  return [config.apiBase, config.oauthBase].flatMap((base) => {
    try {
      return [new URL(base).origin];
    } catch {
      return [];
    }
  });
}

/**
 * A cloud recording's download: fetched only from Zoom's hosts with the bearer token, its redirects
 * followed by hand (a few hops), each Location checked before it is asked, so neither the token nor
 * the server's requests go anywhere else.
 */
export async function fetchZoomRecording(
  url: string,
  token: string,
  options: { trustedOrigins?: readonly string[]; fetchImpl?: typeof fetch; signal?: AbortSignal } = {},
): Promise<Response> {
  const fetchImpl = options.fetchImpl ?? fetch;
  let next = url;
  for (let hop = 0; ; hop++) {
    if (!isZoomDownloadUrl(next, options.trustedOrigins)) {
      throw new MeetingError('ZOOM', `the recording address is not Zoom's (${safeHost(next)})`);
    }
    const res = await fetchImpl(next, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
      redirect: 'manual',
      signal: options.signal,
    });
    if (res.status < 300 || res.status >= 400) return res;
    await res.body?.cancel();
    const location = res.headers.get('location');
    if (!location) throw new MeetingError('ZOOM', `the recording download answered HTTP ${res.status} with no address`);
    if (hop >= ZOOM_DOWNLOAD_MAX_HOPS)
      throw new MeetingError('ZOOM', 'the recording download redirected too many times');
    next = new URL(location, next).toString();
  }
}

/** The host of an address for a message (never its path or query, which may carry tokens). */
function safeHost(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.host || parsed.protocol;
  } catch {
    return 'not an address';
  }
}

/** A meeting UUID that starts with '/' or holds '//' must be encoded twice in a path (Zoom's rule). */
export function meetingPathId(id: string): string {
  const once = encodeURIComponent(id);
  return id.startsWith('/') || id.includes('//') ? encodeURIComponent(once) : once;
}

/** A scheduled meeting (type 2) at the class's time, in UTC ('yyyy-MM-ddTHH:mm:ssZ'). */
function meetingBody(spec: MeetingSpec) {
  return {
    topic: spec.title.slice(0, 200),
    type: 2,
    start_time: spec.startTime.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    duration: spec.durationMinutes,
    timezone: 'Asia/Kolkata',
    agenda: spec.description.slice(0, 2000),
    settings: { join_before_host: false, waiting_room: false, auto_recording: 'cloud' },
  };
}

/** Retry-After in seconds or as an HTTP date; a short doubling wait when it is missing. */
export function retryAfterMs(header: string | null, now: number, attempt: number): number {
  const fallback = 1000 * 2 ** attempt;
  if (!header) return fallback;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - now;
  if (!Number.isFinite(ms)) return fallback;
  return Math.min(MAX_RETRY_AFTER_MS, Math.max(0, ms));
}

/** Zoom's error answer ({code, message}) as a MeetingError naming what we tried. */
async function failure(res: Response, what: string): Promise<MeetingError> {
  let reason = `HTTP ${res.status}`;
  try {
    const body = (await res.json()) as { code?: number; message?: string; reason?: string };
    if (body.message || body.reason) reason = `${body.message ?? body.reason} (HTTP ${res.status})`;
  } catch {
    /* not JSON */
  }
  return new MeetingError('ZOOM', `could not ${what}: ${reason}`, res.status);
}

const notConfigured = () =>
  new MeetingError(
    'ZOOM',
    'Zoom is not configured on this server (ZOOM_ACCOUNT_ID, ZOOM_CLIENT_ID, ZOOM_CLIENT_SECRET)',
  );

/** The Zoom driver: a meeting per class on the account's host (or the configured one). */
export function zoomDriver(client: ZoomClient | null): MeetingDriver {
  const zoom = () => {
    if (!client) throw notConfigured();
    return client;
  };
  const host = (hostOrBase: string) => hostOrBase || zoom().hostEmail || 'me';
  const asMeeting = (m: ZoomMeeting) => ({ meetingId: String(m.id), joinUrl: m.join_url, startUrl: m.start_url });
  const idOf = (held: HeldMeeting) => {
    if (!held.meetingId) throw new MeetingError('ZOOM', 'the class has no Zoom meeting');
    return held.meetingId;
  };
  return {
    create: async (account, spec) => asMeeting(await zoom().createMeeting(host(account.hostOrBase), spec)),
    update: async (account, held, spec) => {
      if (!held.meetingId) return asMeeting(await zoom().createMeeting(host(account.hostOrBase), spec));
      await zoom().updateMeeting(held.meetingId, spec);
      return { meetingId: held.meetingId, joinUrl: held.joinUrl ?? '', startUrl: held.startUrl ?? '' };
    },
    remove: async (_account, held) => {
      if (held.meetingId) await zoom().deleteMeeting(held.meetingId);
    },
    // Zoom's start_url carries a token that expires: read the meeting again for a fresh one
    startUrl: async (_account, held) => (await zoom().getMeeting(idOf(held))).start_url,
    pastParticipants: async (_account, held) => zoom().pastParticipants(held.meetingUuid ?? idOf(held)),
  };
}
