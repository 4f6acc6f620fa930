import crypto from 'node:crypto';
import { rsaEncrypt, toBase64Url, hmacSha256Hex, signatureBase } from '@lectern/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../app';
import { createTestApp, type TestContext } from '../test/test-app';

const PATH = '/api/auth/internal/send/otp';
const unknownNumber = () => `98${crypto.randomInt(10_000_000, 99_999_999)}`;

describe('x-signature', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  const post = (signature: string | false, path = PATH) =>
    t.call('POST', path, { body: { mobileNumber: unknownNumber() }, signature });

  async function handMade(opts: {
    id?: string;
    timestamp?: number;
    fixed?: string;
    secret?: string;
    path?: string;
    method?: string;
  }) {
    const id =
      opts.id ??
      crypto
        .randomBytes(16)
        .toString('base64')
        .replace(/[^A-Za-z0-9]/g, '')
        .padEnd(22, 'a')
        .slice(0, 22);
    const timestamp = opts.timestamp ?? Date.now();
    const key = toBase64Url(await rsaEncrypt(t.signerConfig.publicKey, opts.fixed ?? t.signerConfig.fixedString));
    const mac = await hmacSha256Hex(
      opts.secret ?? t.signerConfig.signingSecret,
      signatureBase(opts.method ?? 'POST', timestamp, id, opts.path ?? PATH),
    );
    return `v1.${id}.${timestamp}.${key}.${mac}`;
  }

  const refused = { error: true, message: 'This request could not be verified. Reload the page and try again.' };

  it('accepts a request signed by the rules of DESIGN §3 alone', async () => {
    expect((await post(await handMade({}))).status).toBe(200);
  });

  it('refuses a missing or malformed signature with 401', async () => {
    for (const bad of [false, '', 'v1.abc', 'v2.' + 'a'.repeat(22) + '.1.k.' + 'f'.repeat(64)] as const) {
      const res = await post(bad);
      expect(res.status).toBe(401);
      expect(res.body).toEqual(refused);
    }
  });

  it('refuses a wrong mac, a wrong secret, another path or another method', async () => {
    expect((await post(await handMade({ secret: 'not-the-secret' }))).status).toBe(401);
    expect((await post(await handMade({ path: '/api/auth/login' }))).status).toBe(401);
    expect((await post(await handMade({ method: 'GET' }))).status).toBe(401);
  });

  it('refuses a key that does not decrypt to the fixed string', async () => {
    expect((await post(await handMade({ fixed: 'something-else' }))).status).toBe(401);
  });

  it('refuses a timestamp more than 300 s from the server clock, either way', async () => {
    expect((await post(await handMade({ timestamp: Date.now() - 301_000 }))).status).toBe(401);
    expect((await post(await handMade({ timestamp: Date.now() + 301_000 }))).status).toBe(401);
    expect((await post(await handMade({ timestamp: Date.now() - 290_000 }))).status).toBe(200);
  });

  it('refuses a replayed id', async () => {
    const signature = await handMade({});
    expect((await post(signature)).status).toBe(200);
    expect((await post(signature)).status).toBe(401);
  });

  it('signs the path without its query string', async () => {
    const token = await t.sessionFor('SUPER_ADMIN');
    const signature = await t.signer('GET', '/api/users/user/internal/all');
    const res = await t.call('GET', '/api/users/user/internal/all?page=0&size=1000', {
      token,
      role: 'SUPER_ADMIN',
      signature,
    });
    expect(res.status).toBe(200);
  });

  it('catches a replay sent to another server process sharing the database', async () => {
    const second = await build({
      config: t.config,
      database: t.database,
      delivery: t.delivery,
      seed: false,
      logger: false,
    });
    try {
      const signature = await handMade({});
      expect((await post(signature)).status).toBe(200);
      const replay = await second.inject({
        method: 'POST',
        url: PATH,
        headers: { 'content-type': 'application/json', 'x-signature': signature },
        payload: JSON.stringify({ mobileNumber: unknownNumber() }),
      });
      expect(replay.statusCode).toBe(401);
    } finally {
      await second.close();
    }
  });

  it('does not need a signature for config, health and docs', async () => {
    for (const path of ['/api/config', '/api/health', '/api/docs']) {
      expect((await t.call('GET', path, { signature: false })).status).toBe(200);
    }
  });
});
