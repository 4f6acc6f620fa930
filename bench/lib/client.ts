import crypto from 'node:crypto';

/**
 * A signing API client written from DESIGN §3 with node:crypto only (as e2e/third-party-client does):
 * `x-signature: v1.{id}.{timestamp}.{key}.{mac}`, a fresh id and timestamp per request (the server
 * refuses replays), and sign-in through the demo outbox. Signing is synchronous so that autocannon
 * can sign every request it builds.
 */
export interface ServerKeys {
  publicKey: string;
  fixedString: string;
  signingSecret: string;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A signer: x-signature for a method and a path (with /api, query string ignored). */
export type Signer = (method: string, path: string) => string;

export function createSigner(keys: ServerKeys): Signer {
  const key = crypto
    .publicEncrypt(
      { key: keys.publicKey, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(keys.fixedString),
    )
    .toString('base64url');
  return (method, path) => {
    const bytes = crypto.randomBytes(22);
    let id = '';
    for (const b of bytes) id += ALPHABET[b % 62];
    const timestamp = Date.now();
    const mac = crypto
      .createHmac('sha256', keys.signingSecret)
      .update(`${method.toUpperCase()}\n${timestamp}\n${id}\n${path.split('?')[0]}`)
      .digest('hex');
    return `v1.${id}.${timestamp}.${key}.${mac}`;
  };
}

export async function serverKeys(baseUrl: string): Promise<ServerKeys> {
  return ((await (await fetch(`${baseUrl}/api/config`)).json()) as { data: ServerKeys }).data;
}

export interface ApiAnswer<T = unknown> {
  status: number;
  headers: Headers;
  body: { data: T; message?: string; error?: boolean };
  bytes: number;
}

/** A signed-in (or not yet) user of the API. */
export interface Session {
  baseUrl: string;
  sign: Signer;
  token: string | null;
  role: string | null;
  /** the signed-in user as the login answered it (for the SPA's session storage) */
  user: unknown;
  /** the headers of a signed call (a fresh signature each time) */
  headers(method: string, path: string): Record<string, string>;
  call<T = unknown>(method: string, path: string, body?: unknown): Promise<ApiAnswer<T>>;
  /** like `call`, but throws unless the answer is 200 */
  ok<T = unknown>(method: string, path: string, body?: unknown): Promise<T>;
}

export function session(baseUrl: string, keys: ServerKeys): Session {
  const sign = createSigner(keys);
  const s: Session = {
    baseUrl,
    sign,
    token: null,
    role: null,
    user: null,
    headers(method, path) {
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        'x-signature': sign(method, path),
      };
      if (s.token) headers.authorization = s.token;
      if (s.role) headers['x-user-info'] = s.role;
      return headers;
    },
    async call<T>(method: string, path: string, body?: unknown) {
      const res = await fetch(`${baseUrl}${path}`, {
        method,
        headers: s.headers(method, path),
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      let parsed: ApiAnswer<T>['body'];
      try {
        parsed = JSON.parse(text) as ApiAnswer<T>['body'];
      } catch {
        parsed = { data: text as T, error: true };
      }
      return { status: res.status, headers: res.headers, body: parsed, bytes: Buffer.byteLength(text) };
    },
    async ok<T>(method: string, path: string, body?: unknown) {
      const answer = await s.call<T>(method, path, body);
      if (answer.status !== 200) {
        throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
      }
      return answer.body.data;
    },
  };
  return s;
}

/** Signs in through the demo outbox (DEMO_MODE=true) and returns the signed-in session. */
export async function signIn(baseUrl: string, mobileNumber: string, role: string): Promise<Session> {
  const keys = await serverKeys(baseUrl);
  const s = session(baseUrl, keys);
  await s.ok('POST', '/api/auth/internal/send/otp', { mobileNumber });
  let code: string | undefined;
  for (let i = 0; i < 100 && !code; i++) {
    const outbox = await s.ok<{ code: string }[]>('GET', `/api/dev/outbox?mobileNumber=${mobileNumber}`);
    code = outbox[0]?.code;
    if (!code) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  if (!code) throw new Error(`no sign-in code for ${mobileNumber} in the demo outbox`);
  const otp = crypto
    .publicEncrypt(
      { key: keys.publicKey, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(code),
    )
    .toString('base64');
  const login = await s.call<{ user: unknown }>('POST', '/api/auth/login', { mobileNumber, otp });
  if (login.status !== 200) throw new Error(`login ${mobileNumber}: ${login.status} ${JSON.stringify(login.body)}`);
  s.token = login.headers.get('authorization');
  s.role = role;
  s.user = login.body.data.user;
  return s;
}
