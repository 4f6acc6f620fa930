import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RESOURCE_TYPES } from '@lectern/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../../config';
import { createTestApp, type TestContext } from '../../test/test-app';

// GET /api/config answers the environment of the request's host name, with that environment's
// buckets and CDN addresses; a process stores into its own environment's buckets (docs/environments.md).

const TEMPLATES = {
  NODE_ENV: 'test',
  DEMO_MODE: 'true',
  S3_BUCKET_TEMPLATE: 'lectern-{environment}-{resourceType}',
  CDN_TEMPLATE: 'https://cdn-{environment}.lectern.in/{resourceType}/',
  LECTERN_ENVIRONMENT_HOSTS: 'production=console.lectern.in,admin.lectern.in;staging=staging.*,*.staging.lectern.in',
};

/** The environment settings of a configuration read from these variables. */
function environmentSettings(env: NodeJS.ProcessEnv): Partial<Config> {
  const { environment, environmentPinned, environmentHosts, environments } = loadConfig(env);
  return { environment, environmentPinned, environmentHosts, environments };
}

async function configFor(t: TestContext, headers: Record<string, string>) {
  const response = await t.app.inject({ method: 'GET', url: '/api/config', headers });
  expect(response.statusCode).toBe(200);
  return { body: JSON.parse(response.body).data, vary: response.headers.vary };
}

describe('GET /api/config by host name (no LECTERN_ENVIRONMENT, TRUST_PROXY unset)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(environmentSettings(TEMPLATES));
  });
  afterAll(async () => t?.close());

  it.each([
    ['console.lectern.in', 'production', 'Production', true],
    ['ADMIN.Lectern.in:443', 'production', 'Production', true],
    ['staging.lectern.in', 'staging', 'Staging', false],
    ['eu.staging.lectern.in:8443', 'staging', 'Staging', false],
    ['preprod.lectern.in', 'pre-production', 'Pre-production', false],
    ['test.lectern.in', 'test', 'Test', false],
    ['dev.lectern.in', 'dev', 'Dev', false],
    ['localhost:8080', 'local', 'Local', false],
    ['127.0.0.1', 'local', 'Local', false],
    // no pattern: the process's own environment (local, in demo mode)
    ['console.example.org', 'local', 'Local', false],
  ])('%s is %s', async (host, environment, label, production) => {
    const { body, vary } = await configFor(t, { host });
    expect(body).toMatchObject({ environment, environmentLabel: label, production, storageEnvironment: 'local' });
    expect(vary).toContain('Host');
  });

  it("answers the environment's bucket and CDN address of the videos and of every resource type", async () => {
    const { body } = await configFor(t, { host: 'staging.lectern.in' });
    expect(body.videos).toEqual({
      bucket: 'lectern-staging-videos',
      cdnBase: 'https://cdn-staging.lectern.in/videos/',
    });
    expect(body.resources).toEqual(
      RESOURCE_TYPES.map(({ key, label }) => ({
        key,
        label,
        bucket: `lectern-staging-${key}`,
        cdnBase: `https://cdn-staging.lectern.in/${key}/`,
      })),
    );
    const production = await configFor(t, { host: 'console.lectern.in' });
    expect(production.body.resources[0].bucket).toBe(`lectern-production-${RESOURCE_TYPES[0].key}`);
    // the fields the SPA read before stay
    expect(production.body).toMatchObject({ demoMode: true, cdnBase: '/files', fixedString: 'test-fixed-string' });
  });

  it('ignores X-Forwarded-Host when no proxy is trusted: anyone could send it', async () => {
    const { body } = await configFor(t, { host: 'staging.lectern.in', 'x-forwarded-host': 'console.lectern.in' });
    expect(body.environment).toBe('staging');
  });
});

describe('GET /api/config behind one trusted proxy (TRUST_PROXY=1)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({
      ...environmentSettings(TEMPLATES),
      http: { trustProxy: 1, idleTimeoutMs: 30_000, keepAliveTimeoutMs: 5_000, requestTimeoutMs: 600_000 },
    });
  });
  afterAll(async () => t?.close());

  it('takes the host name the proxy reports', async () => {
    const forwarded = await configFor(t, { host: 'lectern-internal:8080', 'x-forwarded-host': 'Staging.lectern.in' });
    expect(forwarded.body.environment).toBe('staging');
    const direct = await configFor(t, { host: 'console.lectern.in' });
    expect(direct.body.environment).toBe('production');
    expect(direct.vary).toContain('X-Forwarded-Host');
  });
});

describe('LECTERN_ENVIRONMENT=staging pins the environment', () => {
  let t: TestContext;
  let storageDir: string;
  beforeAll(async () => {
    storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-environments-'));
    const pinned = loadConfig({ ...TEMPLATES, LECTERN_ENVIRONMENT: 'staging' });
    t = await createTestApp({
      ...environmentSettings({ ...TEMPLATES, LECTERN_ENVIRONMENT: 'staging' }),
      storage: { ...pinned.storage, localDir: storageDir },
    });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(storageDir, { recursive: true, force: true });
  });

  it('for every host name, whatever the patterns say', async () => {
    for (const host of ['console.lectern.in', 'localhost', 'dev.lectern.in', 'staging.lectern.in']) {
      const { body } = await configFor(t, { host });
      expect(body, host).toMatchObject({ environment: 'staging', storageEnvironment: 'staging', production: false });
    }
  });

  it("stores and lists in staging's buckets, and addresses files by staging's CDN", async () => {
    const put = (bucket: string, name: string) => {
      const file = path.join(storageDir, bucket, 'catalogues', 'images', name);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, 'image');
    };
    put('lectern-staging-catalogue-image', 'staging.png');
    put('lectern-production-catalogue-image', 'production.png');
    put('lectern', 'shared.png');
    const token = await t.sessionFor('SUPER_ADMIN');
    const listed = await t.call('GET', '/api/file-explorer-service/cloud/objects?resourceType=catalogue-image', {
      token,
      role: 'SUPER_ADMIN',
    });
    expect(listed.status).toBe(200);
    expect(listed.body.data.Contents).toEqual([
      expect.objectContaining({
        name: 'staging.png',
        url: 'https://cdn-staging.lectern.in/catalogue-image/catalogues/images/staging.png',
      }),
    ]);
  });
});
