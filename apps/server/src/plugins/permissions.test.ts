import {
  API_KEY_MESSAGES,
  API_KEY_SCOPES,
  DEMO_STAFF,
  MESSAGES,
  ROLES,
  allRoutes,
  fillMessage,
  hasPermission,
  type ApiKeyScope,
  type Role,
} from '@lectern/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samplePath } from '../test/route-samples';
import { createTestApp, type TestContext } from '../test/test-app';

/**
 * Walks every route of the contract against every role, no token, an expired token, a bad signature
 * and a replayed signature, and checks allow or deny exactly as the permission table says. Each API
 * key scope is a caller kind of its own (a service caller: no session, no signature): allowed exactly
 * where the route's access names that scope, 403 elsewhere, and a revoked key 401 everywhere.
 * Routes added later are covered without new test code.
 */
describe('permissions: every route, every caller', () => {
  let t: TestContext;
  /** a key holding only that scope, and a revoked one */
  const keys = {} as Record<ApiKeyScope | 'revoked', string>;
  beforeAll(async () => {
    t = await createTestApp();
    const creator = {
      userId: await t.userIdByPhone('9000000001'),
      name: 'Aarav Mehta',
      roles: ['SUPER_ADMIN' as Role],
    };
    for (const scope of API_KEY_SCOPES) {
      keys[scope] = (await t.app.deps.apiKeys.create(creator, { name: `Walk ${scope}`, scopes: [scope] })).key.secret;
    }
    const revoked = (await t.app.deps.apiKeys.create(creator, { name: 'Walk revoked', scopes: [...API_KEY_SCOPES] }))
      .key;
    await t.app.deps.apiKeys.revoke(creator, revoked.keyId);
    keys.revoked = revoked.secret;
  });
  afterAll(async () => t?.close());

  const routes = allRoutes();

  it('covers the whole contract', () => {
    expect(routes.length).toBeGreaterThanOrEqual(15);
  });

  it('opens API keys to placing and reading orders only: a key opens no console screen', () => {
    const keyed = routes.flatMap(({ key, def }) =>
      def.access.kind === 'session' && def.access.apiKey ? [`${key} ${def.access.apiKey}`] : [],
    );
    expect(keyed).toEqual(['payments.createOrder orders:create', 'payments.order orders:read']);
  });

  for (const { key, def } of routes) {
    const path = samplePath(def);
    /** An allowed call gets past the access checks and is not a server failure (a 500 is a bug, not an allow). */
    const expectAllowed = (res: { status: number; body: unknown }, who: string) => {
      const why = `${who} got ${res.status} ${JSON.stringify(res.body)}`;
      expect([401, 403], why).not.toContain(res.status);
      expect(res.status, why).toBeLessThan(500);
    };

    describe(`${key}: ${def.method} ${def.path} (${def.access.kind === 'session' ? def.access.area : def.access.kind})`, () => {
      /** A service caller's call: the key, no session, no signature, no acting role. */
      const withKey = (key: string) =>
        t.call(def.method, path, { signature: false, headers: { authorization: `Bearer ${key}` } });

      if (def.access.kind === 'open') {
        it('answers without a signature or token, and takes no notice of an API key', async () => {
          expectAllowed(await t.call(def.method, path, { signature: false }), 'an unsigned call');
          expectAllowed(await withKey(keys['orders:read']), 'an API key');
        });
        return;
      }

      const keyScope = def.access.kind === 'session' ? def.access.apiKey : undefined;
      for (const scope of API_KEY_SCOPES) {
        const allowed = keyScope === scope;
        it(`${allowed ? 'allows' : 'refuses'} an API key of ${scope}`, async () => {
          const res = await withKey(keys[scope]);
          if (allowed) {
            expectAllowed(res, `an API key of ${scope}`);
          } else {
            expect(res.status).toBe(403);
            expect(res.body).toEqual({
              error: true,
              message: fillMessage(API_KEY_MESSAGES.notAllowed, { scopes: scope }),
            });
          }
        });
      }

      it('refuses a revoked API key with 401', async () => {
        const res = await withKey(keys.revoked);
        expect(res.status).toBe(401);
        expect(res.body).toEqual({ error: true, message: API_KEY_MESSAGES.invalid });
      });

      it('refuses a missing, bad or replayed signature with 401', async () => {
        const token = await t.sessionFor('SUPER_ADMIN');
        expect((await t.call(def.method, path, { signature: false, token, role: 'SUPER_ADMIN' })).status).toBe(401);
        const good = await t.signer(def.method, path);
        const bad = good.slice(0, -4) + (good.endsWith('0000') ? '1111' : '0000');
        expect((await t.call(def.method, path, { signature: bad, token, role: 'SUPER_ADMIN' })).status).toBe(401);
        const first = await t.call(def.method, path, {
          signature: good,
          token: await t.sessionFor('SUPER_ADMIN'),
          role: 'SUPER_ADMIN',
        });
        expect(first.status).not.toBe(401);
        const replay = await t.call(def.method, path, {
          signature: good,
          token: await t.sessionFor('SUPER_ADMIN'),
          role: 'SUPER_ADMIN',
        });
        expect(replay.status).toBe(401);
      });

      if (def.access.kind === 'signed') {
        it('answers a signed call without a token', async () => {
          expectAllowed(await t.call(def.method, path), 'a signed call');
        });
        return;
      }

      const area = def.access.area;
      it('refuses no token and an expired token with 401, flagged invalid', async () => {
        const none = await t.call(def.method, path);
        expect(none.status).toBe(401);
        expect(none.body).toEqual({ error: true, message: MESSAGES.unauthorized, tokenInvalid: true });
        const token = await t.sessionFor('SUPER_ADMIN');
        await t.database.query("UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = $1", [
          await t.userIdByPhone('9000000001'),
        ]);
        const expired = await t.call(def.method, path, { token, role: 'SUPER_ADMIN' });
        expect(expired.status).toBe(401);
        expect(expired.body.tokenInvalid).toBe(true);
      });

      it('refuses an x-user-info role the user does not hold with 403', async () => {
        const token = await t.sessionFor('FINANCE');
        const res = await t.call(def.method, path, { token, role: 'SUPER_ADMIN' });
        expect(res.status).toBe(403);
        expect(res.body.message).toBe(MESSAGES.unauthorized);
      });

      for (const role of ROLES as readonly Role[]) {
        const allowed = hasPermission([role], area);
        it(`${allowed ? 'allows' : 'refuses'} ${role}`, async () => {
          const token = await t.sessionFor(role);
          const callerId = await t.userIdByPhone(DEMO_STAFF.find((d) => d.role === role)!.phone);
          const res = await t.call(def.method, samplePath(def, callerId), { token, role });
          if (allowed) {
            expectAllowed(res, role);
          } else {
            expect(res.status).toBe(403);
            expect(res.body).toEqual({ error: true, message: MESSAGES.unauthorized });
          }
        });
      }
    });
  }
});
