import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app';

describe('users API', () => {
  let t: TestContext;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.sessionFor('SUPER_ADMIN');
  });
  afterAll(async () => t?.close());

  const as = (method: string, path: string, body?: unknown) =>
    t.call(method, path, { token: admin, role: 'SUPER_ADMIN', body });
  const newUser = {
    firstName: 'Kavya',
    lastName: 'Menon',
    email: 'kavya.menon@lectern.example',
    phone: '9123456780',
    roles: ['CONTENT_DEVELOPER', 'CONTENT_UPLOADER'],
  };

  it('lists the internal users with roles and paging', async () => {
    const res = await as('GET', '/api/users/user/internal/all?page=0&size=1000');
    expect(res.status).toBe(200);
    // the demo staff (one per role) and the live classes' two other instructors
    expect(res.body.data).toMatchObject({ page: 0, size: 1000, totalElements: 8, totalPages: 1 });
    const aarav = res.body.data.content.find((u: { phone: string }) => u.phone === '9000000001');
    expect(aarav).toMatchObject({
      email: 'aarav.mehta@lectern.example',
      active: true,
      roles: [{ roleId: 1, roleName: 'SUPER_ADMIN' }],
      userProfile: { firstName: 'Aarav', lastName: 'Mehta' },
    });
    const page = await as('GET', '/api/users/user/internal/all?page=1&size=5');
    expect(page.body.data.content).toHaveLength(3);
    expect(page.body.data.totalPages).toBe(2);
  });

  it('lists every role', async () => {
    const res = await as('GET', '/api/users/role/all');
    expect(res.body.data.map((r: { roleName: string }) => r.roleName)).toEqual([
      'SUPER_ADMIN',
      'CONTENT_ADMIN',
      'CONTENT_DEVELOPER',
      'CONTENT_UPLOADER',
      'FINANCE',
      'INSTRUCTOR',
    ]);
  });

  it('creates a user with two roles, who can then sign in', async () => {
    const res = await as('POST', '/api/users/user', newUser);
    expect(res.status).toBe(201);
    expect(res.body.message).toBe("User 'Kavya Menon' was created.");
    expect(res.body.data.roles.map((r: { roleName: string }) => r.roleName)).toEqual([
      'CONTENT_DEVELOPER',
      'CONTENT_UPLOADER',
    ]);
    const token = await t.signIn(newUser.phone);
    const session = await t.call('GET', '/api/auth/session', { token, role: 'CONTENT_DEVELOPER' });
    expect(session.body.data.user.roles).toEqual([{ roleName: 'CONTENT_DEVELOPER' }, { roleName: 'CONTENT_UPLOADER' }]);
    const activity = await t.database.query<{ action: string }>(
      'SELECT action FROM activity_log WHERE entity_id = $1',
      [res.body.data.userId],
    );
    expect(activity.map((a) => a.action)).toEqual(['user.create']);
  });

  it('refuses a second user with the same mobile number', async () => {
    const res = await as('POST', '/api/users/user', { ...newUser, email: 'other@lectern.example' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('A user with mobile number 9123456780 already exists.');
  });

  it('validates a mobile number', async () => {
    expect((await as('GET', '/api/users/user/validate/9123456780')).body.data).toMatchObject({
      valid: true,
      exists: true,
    });
    expect((await as('GET', '/api/users/user/validate/9999999999')).body.data).toEqual({
      mobileNumber: '9999999999',
      valid: true,
      exists: false,
      userId: null,
    });
    expect((await as('GET', '/api/users/user/validate/12ab')).body.data).toMatchObject({ valid: false, exists: false });
  });

  it('lists active users by role', async () => {
    const res = await as('GET', '/api/users/user/role/CONTENT_DEVELOPER');
    expect(res.body.data.map((u: { phone: string }) => u.phone).sort()).toEqual(['9000000003', '9123456780']);
    expect((await as('GET', '/api/users/user/role/NOBODY')).status).toBe(400);
  });

  it('refuses an update made against an old version, and never overwrites silently', async () => {
    const list = await as('GET', '/api/users/user/internal/all');
    const kavya = list.body.data.content.find((u: { phone: string }) => u.phone === newUser.phone);
    const first = await as('PUT', '/api/users/user', {
      ...newUser,
      userId: kavya.userId,
      version: kavya.version,
      lastName: 'Menon-Rao',
    });
    expect(first.status).toBe(200);
    expect(first.body.data.version).toBe(kavya.version + 1);
    const stale = await as('PUT', '/api/users/user', {
      ...newUser,
      userId: kavya.userId,
      version: kavya.version,
      lastName: 'Lost',
    });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(
      'Someone else changed this user while you were working on it. Reload to see their changes, then try again.',
    );
    const after = await as('GET', '/api/users/user/internal/all');
    expect(after.body.data.content.find((u: { phone: string }) => u.phone === newUser.phone).userProfile.lastName).toBe(
      'Menon-Rao',
    );
  });

  it('deactivating a user ends their sessions at once and stops them signing in', async () => {
    const token = await t.signIn(newUser.phone);
    expect((await t.call('GET', '/api/notifications/staff', { token, role: 'CONTENT_DEVELOPER' })).status).toBe(200);
    const list = await as('GET', '/api/users/user/internal/all');
    const kavya = list.body.data.content.find((u: { phone: string }) => u.phone === newUser.phone);
    const res = await as('PUT', '/api/users/user', {
      ...newUser,
      userId: kavya.userId,
      version: kavya.version,
      active: false,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.active).toBe(false);
    const after = await t.call('GET', '/api/notifications/staff', { token, role: 'CONTENT_DEVELOPER' });
    expect(after.status).toBe(401);
    expect(after.body.tokenInvalid).toBe(true);
    // no code is delivered to a deactivated user, so they cannot sign in again
    await expect(t.signIn(newUser.phone)).rejects.toThrow(/No code was delivered/);
  });

  it('does not let an admin deactivate themself', async () => {
    const list = await as('GET', '/api/users/user/internal/all');
    const me = list.body.data.content.find((u: { phone: string }) => u.phone === '9000000001');
    const res = await as('PUT', '/api/users/user', {
      userId: me.userId,
      version: me.version,
      firstName: 'Aarav',
      lastName: 'Mehta',
      email: me.email,
      phone: me.phone,
      roles: ['SUPER_ADMIN'],
      active: false,
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('You cannot deactivate your own account.');
  });

  it('explains bad input field by field', async () => {
    const res = await as('POST', '/api/users/user', { ...newUser, phone: '9111111111', email: 'nope', roles: [] });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('email: must be a valid e-mail address');
    expect(res.body.message).toContain('roles: choose at least one role');
  });
});
