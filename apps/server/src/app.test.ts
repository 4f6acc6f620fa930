import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { allRoutes } from '@lectern/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { migrate, migrateDown, loadMigrations } from './db/migrate';
import { createTestApp, createTestDatabase, type TestContext } from './test/test-app';

describe('configuration', () => {
  it('has embedded defaults: port 8080, ./data, PGlite, demo mode', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.demoMode).toBe(true);
  });

  it('refuses to start demo mode with NODE_ENV=production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DEMO_MODE: 'true' })).toThrow(
      /Demo mode cannot run with NODE_ENV=production/,
    );
    expect(loadConfig({ NODE_ENV: 'production' }).demoMode).toBe(false);
  });

  it('explains a bad number', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow("PORT must be a whole number, got 'eighty'");
  });
});

describe('migrations', () => {
  it('apply once, are idempotent, and revert', async () => {
    const { database, drop } = await createTestDatabase();
    try {
      const all = loadMigrations().map((m) => m.version);
      expect(await migrate(database)).toEqual(all);
      expect(await migrate(database)).toEqual([]);
      const latest = all.at(-1);
      expect(await migrateDown(database)).toBe(latest);
      expect(await migrate(database)).toEqual([latest]);
      const roles = await database.query<{ name: string }>('SELECT name FROM roles ORDER BY id');
      expect(roles.map((r) => r.name)).toEqual([
        'SUPER_ADMIN',
        'CONTENT_ADMIN',
        'CONTENT_DEVELOPER',
        'CONTENT_UPLOADER',
        'FINANCE',
        'INSTRUCTOR',
      ]);
    } finally {
      await drop();
    }
  });
});

describe('the HTTP surface', () => {
  let t: TestContext;
  let webDist: string;
  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Lectern</title><div id="root"></div>');
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(path.join(webDist, 'assets', 'app.js'), 'console.log(1)');
    // A built chunk with the twins the build writes beside it.
    const chunk = `export const greeting = ${JSON.stringify('Namaste '.repeat(400))};`;
    fs.writeFileSync(path.join(webDist, 'assets', 'chunk-AbC123.js'), chunk);
    fs.writeFileSync(path.join(webDist, 'assets', 'chunk-AbC123.js.br'), zlib.brotliCompressSync(chunk));
    fs.writeFileSync(path.join(webDist, 'assets', 'chunk-AbC123.js.gz'), zlib.gzipSync(chunk));
    t = await createTestApp(
      { webDist },
      {
        configure: (app) =>
          app.get('/api/test/boom', async () => {
            throw new Error('secret database detail at /srv/x.ts:12');
          }),
      },
    );
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('serves the SPA with a history fallback', async () => {
    for (const url of ['/', '/subject-management', '/auth/login', '/publisher/otsManager']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root">');
    }
    expect((await t.app.inject({ url: '/assets/app.js' })).body).toBe('console.log(1)');
  });

  it('sends built chunks pre-compressed and cached for a year, and the page uncached with an ETag', async () => {
    const br = await t.app.inject({ url: '/assets/chunk-AbC123.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toContain('Namaste Namaste');
    const gzip = await t.app.inject({ url: '/assets/chunk-AbC123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await t.app.inject({ url: '/assets/chunk-AbC123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('Namaste');

    const page = await t.app.inject({ url: '/subject-management' });
    expect(page.headers['cache-control']).toBe('no-cache');
    const etag = String(page.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    expect((await t.app.inject({ url: '/overview', headers: { 'if-none-match': etag } })).statusCode).toBe(304);
  });

  it('gives the planner statistics after migrating and seeding', async () => {
    const [subjects] = await t.database.query<{ reltuples: number }>(
      "SELECT reltuples::float AS reltuples FROM pg_class WHERE oid = 'subjects'::regclass",
    );
    // -1 means never analyzed; after ANALYZE it is the row count.
    expect(subjects!.reltuples).toBeGreaterThan(0);
  });

  it('answers HEAD like GET for console pages', async () => {
    const head = await t.app.inject({ method: 'HEAD', url: '/auth/login' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toContain('text/html');
    expect(head.body).toBe('');
  });

  it('compresses large API answers for clients that accept it', async () => {
    const token = await t.sessionFor('SUPER_ADMIN');
    const res = await t.app.inject({
      url: '/api/subjects/subject/all',
      headers: {
        'accept-encoding': 'br',
        authorization: token,
        'x-user-info': 'SUPER_ADMIN',
        'x-signature': await t.signer('GET', '/api/subjects/subject/all'),
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    const json = zlib.brotliDecompressSync(res.rawPayload);
    expect(JSON.parse(json.toString()).data.length).toBeGreaterThan(3);
    expect(res.rawPayload.length).toBeLessThan(json.length / 3);
  });

  it('answers unknown API paths with the envelope, not the SPA', async () => {
    const res = await t.app.inject({ url: '/api/no/such/route' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: true, message: 'Something went wrong. Please try again later.' });
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ url: '/' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('never leaks a stack or a server detail', async () => {
    const res = await t.app.inject({ url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: true, message: 'Something went wrong. Please try again later.' });
  });

  it('answers bad JSON with a clear 400', async () => {
    const res = await t.call('POST', '/api/auth/internal/send/otp', { rawBody: '{"mobileNumber":' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: true, message: 'Please check what you entered: the body is not valid JSON.' });
  });

  it('refuses text holding a NUL character with a clear 400, never a database error', async () => {
    const token = await t.sessionFor('CONTENT_ADMIN');
    const res = await t.call('POST', '/api/subjects/subject', {
      token,
      role: 'CONTENT_ADMIN',
      body: { subjectName: 'a\u0000b' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: true,
      message: 'Please check what you entered: subjectName: cannot hold a NUL character.',
    });
    const path = await t.call('GET', '/api/subjects/subject/subjectid/a%00b', { token, role: 'CONTENT_ADMIN' });
    expect(path.status).toBe(400);
  });

  it('reports health', async () => {
    const res = await t.call('GET', '/api/health', { signature: false });
    expect(res.body.data).toMatchObject({ status: 'ok', database: 'ok' });
  });

  it('gives the SPA its runtime configuration without a signature', async () => {
    const res = await t.call('GET', '/api/config', { signature: false });
    expect(res.body.data).toMatchObject({
      demoMode: true,
      fixedString: 'test-fixed-string',
      signingSecret: 'test-signing-secret',
    });
    expect(res.body.data.publicKey).toContain('BEGIN PUBLIC KEY');
  });

  it('publishes an OpenAPI document with every route of the contract', async () => {
    const res = await t.call('GET', '/api/docs', { signature: false });
    expect(res.body.openapi).toBe('3.1.0');
    for (const { def } of allRoutes()) {
      expect(res.body.paths[`/api${def.path}`]?.[def.method.toLowerCase()], `${def.method} ${def.path}`).toBeDefined();
    }
    expect(res.body.paths['/api/auth/login'].post.requestBody.content['application/json'].schema.required).toEqual([
      'mobileNumber',
      'otp',
    ]);
  });

  it('keeps the demo outbox, newest first', async () => {
    await t.database.exec(
      "INSERT INTO dev_outbox (mobile_number, code, sent_at) VALUES ('9000000001', '111111', now() - interval '1 minute'), ('9000000001', '222222', now())",
    );
    const res = await t.call('GET', '/api/dev/outbox?mobileNumber=9000000001');
    expect(res.body.data.map((e: { code: string }) => e.code)).toEqual(['222222', '111111']);
  });
});

describe('without demo mode', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ demoMode: false });
  });
  afterAll(async () => t?.close());

  it('has no development outbox', async () => {
    const res = await t.call('GET', '/api/dev/outbox?mobileNumber=9000000001');
    expect(res.status).toBe(404);
    expect(res.body.error).toBe(true);
  });
});
