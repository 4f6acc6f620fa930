import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { consoleUrl } from './browser';

/**
 * A third-party client that knows only DESIGN §3 (no Lectern code): it signs each request with
 * node:crypto, requests a code, reads it from the demo outbox, signs in, lists users as
 * SUPER_ADMIN and is refused as FINANCE.
 */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const randomId = () => Array.from(crypto.randomBytes(22), (b) => ALPHABET[b % 62]).join('');

interface ServerConfig {
  publicKey: string;
  fixedString: string;
  signingSecret: string;
}

function client(baseUrl: string, config: ServerConfig) {
  const key = crypto
    .publicEncrypt(
      { key: config.publicKey, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(config.fixedString),
    )
    .toString('base64url');
  let token: string | undefined;
  let role: string | undefined;
  return {
    setSession(t: string, r: string) {
      token = t;
      role = r;
    },
    async call(method: string, pathAndQuery: string, body?: unknown) {
      const path = pathAndQuery.split('?')[0]!;
      const id = randomId();
      const timestamp = Date.now();
      const mac = crypto
        .createHmac('sha256', config.signingSecret)
        .update(`${method}\n${timestamp}\n${id}\n${path}`)
        .digest('hex');
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        'x-signature': `v1.${id}.${timestamp}.${key}.${mac}`,
      };
      if (token) headers.authorization = token;
      if (role) headers['x-user-info'] = role;
      const res = await fetch(`${baseUrl}${pathAndQuery}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, headers: res.headers, body: (await res.json()) as any };
    },
  };
}

async function signIn(baseUrl: string, config: ServerConfig, mobileNumber: string, role: string) {
  const c = client(baseUrl, config);
  const sent = await c.call('POST', '/api/auth/internal/send/otp', { mobileNumber });
  expect(sent.status).toBe(200);
  let code: string | undefined;
  for (let i = 0; i < 50 && !code; i++) {
    const outbox = await c.call('GET', `/api/dev/outbox?mobileNumber=${mobileNumber}`);
    code = outbox.body.data[0]?.code;
    if (!code) await new Promise((r) => setTimeout(r, 50));
  }
  expect(code).toMatch(/^\d{6}$/);
  const otp = crypto
    .publicEncrypt(
      { key: config.publicKey, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(code!),
    )
    .toString('base64');
  const login = await c.call('POST', '/api/auth/login', { mobileNumber, otp });
  expect(login.status).toBe(200);
  expect(login.body.data.user.roles).toEqual([{ roleName: role }]);
  c.setSession(login.headers.get('authorization')!, role);
  return c;
}

describe('a third-party client following DESIGN §3 alone', () => {
  it('signs in as SUPER_ADMIN and lists users; FINANCE is refused', async () => {
    const baseUrl = consoleUrl();
    const config = (await (await fetch(`${baseUrl}/api/config`)).json()).data as ServerConfig;

    const admin = await signIn(baseUrl, config, '9000000001', 'SUPER_ADMIN');
    const users = await admin.call('GET', '/api/users/user/internal/all?page=0&size=1000');
    expect(users.status).toBe(200);
    expect(users.body.data.content.map((u: { phone: string }) => u.phone)).toEqual(
      expect.arrayContaining(['9000000001', '9000000002', '9000000003', '9000000004', '9000000005', '9000000006']),
    );

    const finance = await signIn(baseUrl, config, '9000000005', 'FINANCE');
    const refused = await finance.call('GET', '/api/users/user/internal/all?page=0&size=1000');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: true, message: 'You are not authorized to take this action.' });
  });
});
