import { DEMO_STAFF, MESSAGES, ROLES, allRoutes, hasPermission, type Role } from '@lectern/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samplePath } from '../test/route-samples';
import { createTestApp, type TestContext } from '../test/test-app';

/**
 * Walks every route of the contract against every role, no token, an expired token, a bad signature
 * and a replayed signature, and checks allow or deny exactly as the permission table says.
 * Routes added later are covered without new test code.
 */
describe('permissions: every route, every caller', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  const routes = allRoutes();

  it('covers the whole contract', () => {
    expect(routes.length).toBeGreaterThanOrEqual(15);
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
      if (def.access.kind === 'open') {
        it('answers without a signature or token', async () => {
          expectAllowed(await t.call(def.method, path, { signature: false }), 'an unsigned call');
        });
        return;
      }

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
