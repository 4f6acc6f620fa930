import crypto from 'node:crypto';
import { API_KEY_MESSAGES, API_KEY_PATTERN, MESSAGES, fillMessage } from '@lectern/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogue, createStoreListing, createStudent, type CatalogueFields } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';

// API keys of service callers (DESIGN §10): a SUPER_ADMIN makes one, sees its secret once; the
// storefront calls with `Authorization: Bearer lk_...` (no session, no signature) only where a route
// names a scope the key holds.

let t: TestContext;
let admin: string;
let catalogue: CatalogueFields;
let listing: { id: string; name: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.sessionFor('SUPER_ADMIN');
  catalogue = await createCatalogue(t);
  listing = await createStoreListing(t, catalogue);
});
afterAll(async () => t?.close());

const asAdmin = (method: string, path: string, body?: unknown) =>
  t.call(method, path, { token: admin, role: 'SUPER_ADMIN', body });

async function createKey(name: string, scopes: string[]) {
  const res = await asAdmin('POST', '/api/users/apikey', { name, scopes });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { keyId: string; secret: string; prefix: string; name: string };
}

/** A call as a service caller makes it: the key, no session, no signature, no acting role. */
const withKey = (secret: string, method: string, path: string, body?: unknown) =>
  t.call(method, path, { signature: false, headers: { authorization: `Bearer ${secret}` }, body });

async function placeOrder(secret: string) {
  const student = await createStudent(t);
  return withKey(secret, 'POST', '/api/payments/order/create', {
    mobileNumber: student.mobileNumber,
    storeListingId: listing.id,
    subscriptionId: catalogue.plans[0]!.id,
    paymentMode: 'OFFLINE',
  });
}

async function keyRow(keyId: string) {
  const [row] = await t.database.query<{ secret_hash: string; last_used_at: Date | string | null }>(
    'SELECT secret_hash, last_used_at FROM api_keys WHERE id = $1',
    [keyId],
  );
  return row!;
}

describe('API keys', () => {
  it('creates a key whose secret is answered once, and stored only as its SHA-256', async () => {
    const res = await asAdmin('POST', '/api/users/apikey', {
      name: '  Storefront  ',
      scopes: ['orders:create', 'orders:read', 'orders:create'],
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(fillMessage(API_KEY_MESSAGES.created, { name: 'Storefront' }));
    const key = res.body.data;
    expect(key.secret).toMatch(API_KEY_PATTERN);
    expect(key).toMatchObject({
      name: 'Storefront',
      scopes: ['orders:create', 'orders:read'],
      prefix: key.secret.slice(0, 11),
      createdBy: 'Aarav Mehta',
      lastUsedAt: null,
      revokedAt: null,
    });

    // the database holds its hash, never the key; the activity row names it without its secret
    const row = await keyRow(key.keyId);
    expect(row.secret_hash).toBe(crypto.createHash('sha256').update(key.secret).digest('hex'));
    const stored = await t.database.query('SELECT * FROM api_keys WHERE id = $1', [key.keyId]);
    expect(JSON.stringify(stored)).not.toContain(key.secret);
    const activity = await t.database.query<{ action: string; actor_id: string | null; after: unknown }>(
      'SELECT action, actor_id, after FROM activity_log WHERE entity_type = $1 AND entity_id = $2',
      ['api_key', key.keyId],
    );
    expect(activity).toEqual([
      {
        action: 'api_key.create',
        actor_id: await t.userIdByPhone('9000000001'),
        after: { name: 'Storefront', scopes: ['orders:create', 'orders:read'], prefix: key.prefix },
      },
    ]);
    expect(JSON.stringify(activity)).not.toContain(key.secret);

    // the list shows it, without the secret
    const list = await asAdmin('GET', '/api/users/apikey/all');
    expect(list.status).toBe(200);
    const listed = list.body.data.find((k: { keyId: string }) => k.keyId === key.keyId);
    expect(listed).toMatchObject({ name: 'Storefront', prefix: key.prefix });
    expect(listed).not.toHaveProperty('secret');
    expect(JSON.stringify(list.body)).not.toContain(key.secret);
  });

  it('refuses a key without a name or a scope, and anyone but a SUPER_ADMIN', async () => {
    expect((await asAdmin('POST', '/api/users/apikey', { name: 'No scope', scopes: [] })).status).toBe(400);
    expect((await asAdmin('POST', '/api/users/apikey', { name: ' ', scopes: ['orders:read'] })).status).toBe(400);
    expect((await asAdmin('POST', '/api/users/apikey', { name: 'Bad', scopes: ['orders:pay'] })).status).toBe(400);
    const finance = await t.sessionFor('FINANCE');
    const res = await t.call('GET', '/api/users/apikey/all', { token: finance, role: 'FINANCE' });
    expect(res.status).toBe(403);
  });

  it('places an order with an orders:create key, recorded as the key, and reads none', async () => {
    const key = await createKey('Storefront web', ['orders:create']);
    const placed = await placeOrder(key.secret);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const orderId = placed.body.data.orderId as string;
    const activity = await t.database.query<{ actor_id: string | null; summary: string }>(
      "SELECT actor_id, summary FROM activity_log WHERE entity_type = 'order' AND entity_id = $1",
      [orderId],
    );
    expect(activity).toEqual([{ actor_id: null, summary: expect.stringMatching(/^API key Storefront web: /) }]);

    const read = await withKey(key.secret, 'GET', `/api/payments/order/${orderId}`);
    expect(read.status).toBe(403);
    expect(read.body.message).toBe(fillMessage(API_KEY_MESSAGES.notAllowed, { scopes: 'orders:create' }));
  });

  it('reads an order with an orders:read key, and places none', async () => {
    const writer = await createKey('Order writer', ['orders:create']);
    const orderId = (await placeOrder(writer.secret)).body.data.orderId as string;
    const reader = await createKey('Student app', ['orders:read']);
    const read = await withKey(reader.secret, 'GET', `/api/payments/order/${orderId}`);
    expect(read.status).toBe(200);
    expect(read.body.data.orderId).toBe(orderId);
    expect((await placeOrder(reader.secret)).status).toBe(403);
  });

  it('opens no other route: 403 for a valid key, 401 for an unknown or malformed one', async () => {
    const key = await createKey('Everything', ['orders:create', 'orders:read']);
    for (const [method, path] of [
      ['GET', '/api/users/apikey/all'],
      ['GET', '/api/auth/session'],
      ['GET', '/api/publisher/coupon/user'],
      ['POST', '/api/payments/order/sample/offline-payment'],
      ['POST', '/api/auth/internal/send/otp'],
    ] as const) {
      const res = await withKey(key.secret, method, path, {});
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    // a session route with the key and a signature and an acting role is still the key's call
    const signed = await t.call('GET', '/api/users/apikey/all', {
      headers: { authorization: `Bearer ${key.secret}` },
      role: 'SUPER_ADMIN',
    });
    expect(signed.status).toBe(403);

    const unknown = `lk_${crypto.randomBytes(32).toString('base64url')}`;
    const answer = await withKey(unknown, 'GET', '/api/payments/order/sample');
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ error: true, message: API_KEY_MESSAGES.invalid });
    expect((await withKey('lk_short', 'GET', '/api/payments/order/sample')).status).toBe(401);
    // the right start with the wrong rest is no key either
    const forged = key.secret.slice(0, 11) + unknown.slice(11);
    expect((await withKey(forged, 'POST', '/api/payments/order/create', {})).status).toBe(401);
  });

  it('records the last use, at most once a minute', async () => {
    const key = await createKey('Last use', ['orders:read']);
    const service = t.app.deps.apiKeys;
    const realNow = service.now;
    try {
      const start = new Date('2030-01-01T10:00:00Z');
      service.now = () => start;
      await withKey(key.secret, 'GET', '/api/payments/order/none');
      const first = await asAdmin('GET', '/api/users/apikey/all');
      const listed = () => first.body.data.find((k: { keyId: string }) => k.keyId === key.keyId);
      expect(listed().lastUsedAt).toBe(start.toISOString());

      service.now = () => new Date(start.getTime() + 30_000);
      await withKey(key.secret, 'GET', '/api/payments/order/none');
      expect(new Date((await keyRow(key.keyId)).last_used_at!).toISOString()).toBe(start.toISOString());

      const later = new Date(start.getTime() + 61_000);
      service.now = () => later;
      await withKey(key.secret, 'GET', '/api/payments/order/none');
      expect(new Date((await keyRow(key.keyId)).last_used_at!).toISOString()).toBe(later.toISOString());
    } finally {
      service.now = realNow;
    }
  });

  it('revokes a key: its next call answers 401, and revoking it again changes nothing', async () => {
    const key = await createKey('To revoke', ['orders:create']);
    expect((await placeOrder(key.secret)).status).toBe(200);
    const res = await asAdmin('DELETE', `/api/users/apikey/${key.keyId}`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(fillMessage(API_KEY_MESSAGES.revoked, { name: 'To revoke' }));
    expect(res.body.data).toMatchObject({ keyId: key.keyId, revokedBy: 'Aarav Mehta' });
    expect(res.body.data.revokedAt).not.toBeNull();

    const after = await placeOrder(key.secret);
    expect(after.status).toBe(401);
    expect(after.body.message).toBe(API_KEY_MESSAGES.invalid);

    const again = await asAdmin('DELETE', `/api/users/apikey/${key.keyId}`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(fillMessage(API_KEY_MESSAGES.alreadyRevoked, { name: 'To revoke' }));
    expect((await asAdmin('DELETE', '/api/users/apikey/no-such-key')).status).toBe(404);
    const actions = await t.database.query<{ action: string }>(
      'SELECT action FROM activity_log WHERE entity_id = $1 ORDER BY id',
      [key.keyId],
    );
    expect(actions.map((a) => a.action)).toEqual(['api_key.create', 'api_key.revoke']);
  });
});

describe('API keys: failed attempts', () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestApp({
      otp: { resendCooldownMs: 30_000, windowMs: 15 * 60_000, maxPerNumber: 5, maxPerAddress: 3 },
    });
  });
  afterAll(async () => limited?.close());

  it('answers 429 after too many unknown keys from one address, and still takes a good key', async () => {
    const superAdmin = await limited.sessionFor('SUPER_ADMIN');
    const created = await limited.call('POST', '/api/users/apikey', {
      token: superAdmin,
      role: 'SUPER_ADMIN',
      body: { name: 'Storefront', scopes: ['orders:read'] },
    });
    const call = (secret: string) =>
      limited.call('GET', '/api/payments/order/none', {
        signature: false,
        headers: { authorization: `Bearer ${secret}` },
      });
    for (let i = 0; i < 3; i++) expect((await call(`lk_wrong${i}`)).status).toBe(401);
    const refused = await call('lk_wrong4');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(MESSAGES.tooManyRequests);
    expect(refused.headers['retry-after']).toBe('900');
    // a good key is never locked out by someone else's guesses from the same address
    expect((await call(created.body.data.secret)).status).toBe(404);
  });
});
