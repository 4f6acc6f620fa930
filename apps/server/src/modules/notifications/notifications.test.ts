import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app';

describe('staff notifications and the overview', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it("lists the user's notifications newest first and marks them read", async () => {
    const token = await t.sessionFor('FINANCE');
    const as = (method: string, path: string, body?: unknown) => t.call(method, path, { token, role: 'FINANCE', body });
    const list = await as('GET', '/api/notifications/staff');
    expect(list.status).toBe(200);
    const { notifications, unread } = list.body.data;
    expect(notifications.length).toBe(4);
    expect(unread).toBe(3);
    const times = notifications.map((n: { createdAt: string }) => Date.parse(n.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const first = notifications[0].notificationId;
    expect((await as('PUT', '/api/notifications/staff/read', { notificationIds: [first] })).body.data.updated).toBe(1);
    expect((await as('GET', '/api/notifications/staff')).body.data.unread).toBe(2);
    expect((await as('PUT', '/api/notifications/staff/read', {})).body.data.updated).toBe(2);
    expect((await as('GET', '/api/notifications/staff')).body.data.unread).toBe(0);
  });

  it("never touches another user's notifications", async () => {
    const finance = await t.sessionFor('FINANCE');
    const admin = await t.sessionFor('SUPER_ADMIN');
    const mine = await t.call('GET', '/api/notifications/staff', { token: admin, role: 'SUPER_ADMIN' });
    const theirs = mine.body.data.notifications.map((n: { notificationId: string }) => n.notificationId);
    const res = await t.call('PUT', '/api/notifications/staff/read', {
      token: finance,
      role: 'FINANCE',
      body: { notificationIds: theirs },
    });
    expect(res.body.data.updated).toBe(0);
    expect(
      (await t.call('GET', '/api/notifications/staff', { token: admin, role: 'SUPER_ADMIN' })).body.data.unread,
    ).toBe(3);
  });

  it('gives each role real figures on the overview', async () => {
    const admin = await t.call('GET', '/api/overview/summary', {
      token: await t.sessionFor('SUPER_ADMIN'),
      role: 'SUPER_ADMIN',
    });
    const byKey = Object.fromEntries(
      admin.body.data.figures.map((f: { key: string; value: number }) => [f.key, f.value]),
    );
    expect(admin.body.data.userName).toBe('Aarav Mehta');
    const [row] = await t.database.query<{ active: number }>('SELECT count(*)::int AS active FROM users WHERE active');
    expect(row!.active).toBeGreaterThan(0);
    expect(byKey.activeUsers).toBe(row!.active);
    expect(byKey.unreadNotifications).toBe(3);
    expect(byKey.liveSessions).toBeGreaterThanOrEqual(1);
    const instructor = await t.call('GET', '/api/overview/summary', {
      token: await t.sessionFor('INSTRUCTOR'),
      role: 'INSTRUCTOR',
    });
    const keys = instructor.body.data.figures.map((f: { key: string }) => f.key);
    expect(keys).toContain('unreadNotifications');
    expect(keys).not.toContain('activeUsers');
  });
});
