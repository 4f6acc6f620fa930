import net from 'node:net';
import { PassThrough } from 'node:stream';
import { DEMO_STAFF } from '@lectern/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app';

// What the transport believes and keeps: client addresses, idle sockets, and what reaches the log.

const SEND_OTP = '/api/auth/internal/send/otp';
const numbers = DEMO_STAFF.map((user) => user.phone);
const otp = { resendCooldownMs: 30_000, windowMs: 15 * 60_000, maxPerNumber: 5, maxPerAddress: 3 };

describe('forwarded client addresses', () => {
  describe('by default (TRUST_PROXY unset)', () => {
    let t: TestContext;
    beforeAll(async () => {
      t = await createTestApp({ otp });
    });
    afterAll(async () => t?.close());

    it('ignores X-Forwarded-For, so forged addresses do not get past the per-address limit', async () => {
      const statuses: number[] = [];
      for (const [i, mobileNumber] of numbers.slice(0, 5).entries()) {
        const forged = { 'x-forwarded-for': `203.0.113.${i + 1}` };
        statuses.push((await t.call('POST', SEND_OTP, { body: { mobileNumber }, headers: forged })).status);
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      const recorded = await t.database.query<{ ip: string }>('SELECT DISTINCT ip FROM otp_codes');
      expect(recorded.map((row) => row.ip)).toEqual(['127.0.0.1']);
    });
  });

  describe('behind one proxy (TRUST_PROXY=1)', () => {
    let t: TestContext;
    beforeAll(async () => {
      t = await createTestApp({
        otp,
        http: { trustProxy: 1, idleTimeoutMs: 30_000, keepAliveTimeoutMs: 5_000, requestTimeoutMs: 600_000 },
      });
    });
    afterAll(async () => t?.close());

    it('takes the address the proxy reports', async () => {
      const sent = await t.call('POST', SEND_OTP, {
        body: { mobileNumber: numbers[0] },
        headers: { 'x-forwarded-for': '198.51.100.7' },
      });
      expect(sent.status).toBe(200);
      const recorded = await t.database.query<{ ip: string }>('SELECT DISTINCT ip FROM otp_codes');
      expect(recorded.map((row) => row.ip)).toEqual(['198.51.100.7']);
    });
  });
});

describe('idle connections', () => {
  let t: TestContext;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({
      http: { trustProxy: false, idleTimeoutMs: 400, keepAliveTimeoutMs: 200, requestTimeoutMs: 600_000 },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => t?.close());

  /** Opens a socket, optionally writes, and resolves with how long the server kept it open. */
  const openFor = (write?: string) =>
    new Promise<number>((resolve, reject) => {
      const started = Date.now();
      const socket = net.connect(port, '127.0.0.1', () => {
        if (write) socket.write(write);
      });
      socket.on('data', () => undefined);
      socket.on('error', () => undefined);
      socket.on('close', () => resolve(Date.now() - started));
      setTimeout(() => {
        socket.destroy();
        reject(new Error('the server kept an idle socket open for 10 s'));
      }, 10_000);
    });

  it('closes a socket that sends nothing', async () => {
    expect(await openFor()).toBeLessThan(5_000);
  });

  it('closes a socket that stops half-way through its headers', async () => {
    expect(await openFor('GET /api/health HTTP/1.1\r\nHost: localhost\r\n')).toBeLessThan(5_000);
  });

  it('still answers a request that arrives in time', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(response.status).toBe(200);
  });
});

describe('the request log', () => {
  let t: TestContext;
  let log = '';
  beforeAll(async () => {
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => (log += chunk.toString()));
    t = await createTestApp({ logLevel: 'info' }, { logStream: stream });
  });
  afterAll(async () => t?.close());

  it('never holds a storage token, an HLS token, a session token or a signature', async () => {
    const token = await t.sessionFor('SUPER_ADMIN');
    await t.call('GET', '/api/users/role/all', { token, role: 'SUPER_ADMIN' });
    await t.app.inject({ method: 'GET', url: '/files/object?token=v1.c2VjcmV0LWtleQ.mac-of-the-read' });
    await t.app.inject({ method: 'GET', url: '/media/hls/v1.hls-secret.mac/master.m3u8' });
    await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { authorization: token, 'x-signature': 'v1.secret-signature' },
    });
    expect(log).toContain('/files/object?token=[redacted]');
    expect(log).toContain('/media/hls/[redacted]/master.m3u8');
    for (const secret of [token, 'c2VjcmV0LWtleQ', 'mac-of-the-read', 'hls-secret', 'secret-signature']) {
      expect(log).not.toContain(secret);
    }
  });
});

// Oversized and pathological requests (kept from the issue-22 probe): refused quickly, with the
// envelope where there is a body to send, and the server goes on answering.
describe('request limits', () => {
  let t: TestContext;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as net.AddressInfo).port}`;
  });
  afterAll(async () => t?.close());

  it('refuses a 10 MB body with 413', async () => {
    const token = await t.sessionFor('SUPER_ADMIN');
    const res = await t.call('POST', '/api/subjects/subject', {
      token,
      role: 'SUPER_ADMIN',
      rawBody: JSON.stringify({ subjectName: 'x'.repeat(10 * 1024 * 1024) }),
    });
    expect(res.status).toBe(413);
    expect(res.body.error).toBe(true);
  });

  it('refuses a 100 KB address and 60 KB of headers with 431', async () => {
    expect((await fetch(`${base}/api/health?q=${'a'.repeat(100 * 1024)}`)).status).toBe(431);
    expect((await fetch(`${base}/api/health`, { headers: { 'x-padding': 'a'.repeat(60 * 1024) } })).status).toBe(431);
  });

  it('refuses JSON nested 400,000 deep with 400, without falling over', async () => {
    const token = await t.sessionFor('SUPER_ADMIN');
    const depth = 400_000;
    const res = await t.call('POST', '/api/subjects/subject', {
      token,
      role: 'SUPER_ADMIN',
      rawBody: `{"subjectName":${'['.repeat(depth)}${']'.repeat(depth)}}`,
    });
    expect(res.status).toBe(400);
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
  });
});

describe('what the request log keeps', () => {
  let t: TestContext;
  let log = '';
  beforeAll(async () => {
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => (log += chunk.toString()));
    t = await createTestApp({ logLevel: 'info', requestLog: { slowMs: 60_000, sampleRate: 0 } }, { logStream: stream });
  });
  afterAll(async () => t?.close());

  const lines = () =>
    log
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { msg: string; req?: { url: string }; res?: { statusCode: number } });

  it('logs every failure with its address and status, and no line for ordinary answers', async () => {
    log = '';
    for (let i = 0; i < 5; i++) expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/no/such/route?page=2' })).statusCode).toBe(404);
    await new Promise((resolve) => setImmediate(resolve));
    const requests = lines().filter((line) => line.req);
    expect(requests.map((line) => [line.msg, line.req!.url, line.res?.statusCode])).toEqual([
      ['request refused', '/api/no/such/route?page=2', 404],
    ]);
  });
});
