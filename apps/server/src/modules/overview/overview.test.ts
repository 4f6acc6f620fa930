import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF, LISTING_GROUPS, indiaCalendar, indiaMidnight, addIndiaDays, type Role } from '@lectern/contract';
import { createTestApp, type TestContext } from '../../test/test-app';

type Figure = { key: string; label: string; value: number; link: string | null };

describe('Account Overview: each role its own figures, read from the database', () => {
  let t: TestContext;
  const tokens = new Map<Role, string>();
  const ids = new Map<Role, string>();
  beforeAll(async () => {
    t = await createTestApp();
    for (const { role, phone } of DEMO_STAFF) {
      tokens.set(role, await t.sessionFor(role));
      ids.set(role, await t.userIdByPhone(phone));
    }
  }, 120_000);
  afterAll(async () => t?.close());

  const as = (role: Role, method: string, path: string) =>
    t.call(method, `/api${path}`, { token: tokens.get(role), role });
  const overview = async (role: Role) => {
    const res = await as(role, 'GET', '/overview/summary');
    expect(res.status).toBe(200);
    return res.body.data;
  };
  const valueOf = (figures: Figure[], key: string) => figures.find((f) => f.key === key)?.value;
  const sql = <T extends Record<string, unknown>>(text: string, params: unknown[] = []) =>
    t.database.query<T>(text, params);

  it('gives FINANCE only the finance section, and its figures move with orders, deliveries and coupons', async () => {
    const before = await overview('FINANCE');
    expect(before.content).toBeNull();
    expect(before.instructor).toBeNull();
    expect(before.staff).toBeNull();
    expect(before.figures.map((f: Figure) => f.key)).toEqual(['unreadNotifications', 'rolesHeld']);
    const { today, weekEnd, monthStart } = indiaCalendar();
    expect(before.today).toBe(today);
    expect(before.finance.days.map((d: { day: string }) => d.day)[0]).toBe(monthStart);
    expect(before.finance.days.at(-1).day).toBe(today);

    // the database's own answer: paid orders placed on India's today
    const [paidToday] = await sql<{ n: number; total: string }>(
      `SELECT count(*)::int AS n, coalesce(sum(total), 0)::text AS total FROM orders
        WHERE payment_status = 'PAID' AND created_at >= $1 AND created_at < $2`,
      [indiaMidnight(today), indiaMidnight(addIndiaDays(today, 1))],
    );
    expect(before.finance.ordersToday).toBe(paidToday!.n);
    expect(before.finance.revenueToday).toBe(Number(paidToday!.total));

    const [student] = await sql<{ id: string }>('SELECT id FROM students ORDER BY id LIMIT 1');
    await sql(
      `INSERT INTO orders (id, student_id, items, total, payment_status, paid_at) VALUES
         ('ov-paid', $1, '[]', 123450, 'PAID', now()), ('ov-unpaid', $1, '[]', 99900, 'PENDING', NULL)`,
      [student!.id],
    );
    const [pending] = await sql<{ id: string }>(
      `SELECT id FROM delivery_packages WHERE status = 'PENDING' ORDER BY id LIMIT 1`,
    );
    expect(pending).toBeDefined();
    await sql(`UPDATE delivery_packages SET status = 'PROCESSED', processed_at = now() WHERE id = $1`, [pending!.id]);
    await sql(
      `INSERT INTO coupons (id, name, percentage, amount, applicable_from, applicable_upto) VALUES
         ('ov-ends', 'OVENDS', true, 10, $1, $2), ('ov-later', 'OVLATER', true, 10, $1, $3),
         ('ov-gone', 'OVGONE', true, 10, $1, $2)`,
      [addIndiaDays(today, -3), weekEnd, addIndiaDays(weekEnd, 1)],
    );
    await sql(`UPDATE coupons SET expired = true WHERE id = 'ov-gone'`);

    const after = await overview('FINANCE');
    expect(after.finance.ordersToday).toBe(before.finance.ordersToday + 1);
    expect(after.finance.revenueToday).toBe(before.finance.revenueToday + 123450);
    expect(after.finance.ordersThisMonth).toBe(before.finance.ordersThisMonth + 1);
    expect(after.finance.revenueThisMonth).toBe(before.finance.revenueThisMonth + 123450);
    const f = (o: { finance: { figures: Figure[] } }, key: string) => valueOf(o.finance.figures, key);
    expect(f(after, 'deliveries.pending')).toBe(f(before, 'deliveries.pending')! - 1);
    expect(f(after, 'deliveries.processedToday')).toBe(f(before, 'deliveries.processedToday')! + 1);
    expect(f(after, 'coupons.endingThisWeek')).toBe(f(before, 'coupons.endingThisWeek')! + 1);

    // each figure equals the list it links to: the order figures, the orders list's totals
    for (const [link, count, revenue] of [
      [after.finance.links.today, after.finance.ordersToday, after.finance.revenueToday],
      [after.finance.links.month, after.finance.ordersThisMonth, after.finance.revenueThisMonth],
    ] as [string, number, number][]) {
      const filters = new URLSearchParams(link.replace(/^\/orders\?/, ''));
      expect(Object.fromEntries(filters)).toEqual({
        'orders.status': 'PAID',
        'orders.from': link === after.finance.links.today ? today : monthStart,
        'orders.to': today,
      });
      const listed = await as(
        'FINANCE',
        'GET',
        `/payments/orders?status=PAID&from=${filters.get('orders.from')}&to=${filters.get('orders.to')}`,
      );
      expect(listed.body.data.totals).toMatchObject({ count, net: revenue });
    }
    const pendingList = await as('FINANCE', 'GET', '/delivery/delivery/all/PENDING');
    expect(pendingList.body.data).toHaveLength(f(after, 'deliveries.pending')!);
    const processedList = await as('FINANCE', 'GET', '/delivery/delivery/all/PROCESSED');
    const processedToday = (processedList.body.data as { processedAt: string | null }[]).filter(
      (p) => p.processedAt && indiaCalendar(new Date(p.processedAt)).today === today,
    );
    expect(processedToday).toHaveLength(f(after, 'deliveries.processedToday')!);
    const active = await as('FINANCE', 'GET', '/publisher/coupon/user?status=ACTIVE');
    const ending = (active.body.data as { applicableUpto: string | null }[]).filter(
      (c) => c.applicableUpto !== null && c.applicableUpto <= weekEnd,
    );
    expect(ending).toHaveLength(f(after, 'coupons.endingThisWeek')!);
    expect(after.finance.figures.find((x: Figure) => x.key === 'coupons.endingThisWeek').link).toBe(
      `/coupons?coupons.status=ACTIVE&coupons.endsBy=${weekEnd}`,
    );
  });

  it("counts an uploader's and a developer's own subjects only; admins all, with those awaiting review", async () => {
    const groups = (o: { content: { subjects: Figure[] } }) => o.content.subjects.map((s) => s.value);
    const total = (o: { content: { subjects: Figure[] } }) => groups(o).reduce((a, b) => a + b, 0);
    const admin = await overview('CONTENT_ADMIN');
    expect(admin.finance).toBeNull();
    expect(admin.instructor).toBeNull();
    expect(admin.content.subjects.map((s: Figure) => s.key)).toEqual(LISTING_GROUPS.map((g) => `subjects.${g}`));
    const [all] = await sql<{ n: number }>('SELECT count(*)::int AS n FROM subjects');
    expect(total(admin)).toBe(all!.n);
    const [finished] = await sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM subjects WHERE subject_state = 'FINISHED'`,
    );
    expect(admin.content.review).toMatchObject({ value: finished!.n, link: '/subject-review' });
    expect(admin.content.videos.map((v: Figure) => v.key)).toEqual([
      'videos.uploading',
      'videos.waiting',
      'videos.running',
      'videos.errored',
    ]);

    for (const role of ['CONTENT_UPLOADER', 'CONTENT_DEVELOPER'] as const) {
      const mine = await overview(role);
      expect(mine.finance).toBeNull();
      expect(mine.content.review).toBeNull();
      const [own] = await sql<{ n: number }>(
        'SELECT count(DISTINCT subject_id)::int AS n FROM subject_assignees WHERE user_id = $1',
        [ids.get(role)],
      );
      expect(total(mine)).toBe(own!.n);
      expect(total(mine)).toBeLessThan(total(admin));
      // the subject list the figures link to, grouped the same way
      const list = await as(role, 'GET', '/subjects/subject/all');
      if (list.status === 200) expect((list.body.data as unknown[]).length).toBe(own!.n);
    }
    expect((await overview('CONTENT_DEVELOPER')).content.videos).toEqual([]);
    expect((await overview('CONTENT_UPLOADER')).content.videos).toHaveLength(4);

    // video uploads not finished, started within a day: an uploader's own, an admin everyone's
    const uploadingOf = async (role: Role) => valueOf((await overview(role)).content.videos, 'videos.uploading')!;
    const uploaderUploading = await uploadingOf('CONTENT_UPLOADER');
    const adminUploading = await uploadingOf('CONTENT_ADMIN');
    const upload = (id: string, by: Role, status: string, hoursAgo: number, target = 'subject') =>
      sql(
        `INSERT INTO uploads (id, target_type, bucket, storage_key, original_name, file_type, size, content_type, mode,
           part_size, part_count, status, created_by, created_at, updated_at)
         VALUES ($1, $2, 'lectern', $1, 'lecture.mp4', 'mp4', 1000, 'video/mp4', 'multipart', 1000, 1, $3, $4,
           now() - make_interval(hours => $5), now())`,
        [id, target, status, ids.get(by), hoursAgo],
      );
    await upload('ov-up-1', 'CONTENT_UPLOADER', 'STARTED', 1);
    await upload('ov-up-2', 'CONTENT_UPLOADER', 'COMPLETING', 2, 'preview-video');
    await upload('ov-up-3', 'CONTENT_UPLOADER', 'STARTED', 30); // abandoned yesterday
    await upload('ov-up-4', 'CONTENT_UPLOADER', 'REGISTERED', 1);
    await upload('ov-up-5', 'CONTENT_UPLOADER', 'STARTED', 1, 'store-icon'); // not a video
    await upload('ov-up-6', 'CONTENT_ADMIN', 'STARTED', 1);
    expect(await uploadingOf('CONTENT_UPLOADER')).toBe(uploaderUploading + 2);
    expect(await uploadingOf('CONTENT_ADMIN')).toBe(adminUploading + 3);

    // a new subject assigned to the uploader moves the uploader's count and the admin's, not the developer's
    const developerBefore = total(await overview('CONTENT_DEVELOPER'));
    const uploaderBefore = await overview('CONTENT_UPLOADER');
    await sql(`INSERT INTO subjects (id, name) VALUES ('ov-subject', 'Overview Optics')`);
    await sql(
      `INSERT INTO subject_assignees (subject_id, user_id, role) VALUES ('ov-subject', $1, 'CONTENT_UPLOADER')`,
      [ids.get('CONTENT_UPLOADER')],
    );
    const uploaderAfter = await overview('CONTENT_UPLOADER');
    expect(total(uploaderAfter)).toBe(total(uploaderBefore) + 1);
    expect(valueOf(uploaderAfter.content.subjects, 'subjects.UNASSIGNED')).toBe(
      valueOf(uploaderBefore.content.subjects, 'subjects.UNASSIGNED')! + 1,
    );
    expect(total(await overview('CONTENT_ADMIN'))).toBe(total(admin) + 1);
    expect(total(await overview('CONTENT_DEVELOPER'))).toBe(developerBefore);
  });

  it("shows an INSTRUCTOR only their own classes of this week, and the super admin everyone's", async () => {
    const { weekStart } = indiaCalendar();
    const instructor = await overview('INSTRUCTOR');
    expect(instructor.content).toBeNull();
    expect(instructor.finance).toBeNull();
    expect(instructor.staff).toBeNull();
    const week = (o: { instructor: { figures: Figure[] } }) => valueOf(o.instructor.figures, 'classes.week')!;
    const count = async (teacher: string | null) => {
      const [row] = await sql<{ n: number }>(
        `SELECT count(*)::int AS n FROM live_classes WHERE start_time >= $1 AND start_time < $2
           AND ($3::text IS NULL OR teacher_id = $3)`,
        [indiaMidnight(weekStart), indiaMidnight(addIndiaDays(weekStart, 7)), teacher],
      );
      return row!.n;
    };
    expect(week(instructor)).toBe(await count(ids.get('INSTRUCTOR')!));
    const admin = await overview('SUPER_ADMIN');
    expect(week(admin)).toBe(await count(null));

    // a class of another teacher, now: the admin's count moves, the instructor's does not
    await sql(
      `INSERT INTO live_classes (id, title, class_date, class_room_type, teacher_id, start_time, duration_minutes)
       VALUES ('ov-other', 'Other teacher', now(), 'offline', $1, now(), 60),
              ('ov-mine', 'Mine now', now(), 'offline', $2, now() + interval '5 minutes', 60)`,
      [ids.get('CONTENT_ADMIN'), ids.get('INSTRUCTOR')],
    );
    const instructorAfter = await overview('INSTRUCTOR');
    expect(week(instructorAfter)).toBe(week(instructor) + 1);
    expect(week(await overview('SUPER_ADMIN'))).toBe(week(admin) + 2);
    const mine = instructorAfter.instructor.today.find((c: { liveClassId: string }) => c.liveClassId === 'ov-mine');
    expect(mine).toMatchObject({ title: 'Mine now', canGoLive: true });
    expect(instructorAfter.instructor.today.some((c: { liveClassId: string }) => c.liveClassId === 'ov-other')).toBe(
      false,
    );
    if (instructorAfter.instructor.lastClass) {
      const [last] = await sql<{ teacher_id: string }>('SELECT teacher_id FROM live_classes WHERE id = $1', [
        instructorAfter.instructor.lastClass.liveClassId,
      ]);
      expect(last!.teacher_id).toBe(ids.get('INSTRUCTOR'));
    }
  });

  it('gives a super admin every section, the staff figures and the last sign-ins newest first', async () => {
    await sql(`UPDATE users SET last_sign_in_at = now() - interval '1 hour' WHERE id = $1`, [ids.get('INSTRUCTOR')]);
    await sql(`UPDATE users SET last_sign_in_at = now() - interval '2 hours' WHERE id = $1`, [
      ids.get('CONTENT_ADMIN'),
    ]);
    const admin = await overview('SUPER_ADMIN');
    for (const section of ['content', 'finance', 'instructor', 'staff']) expect(admin[section]).not.toBeNull();
    expect(admin.content.review).not.toBeNull();
    expect(admin.content.videos).toHaveLength(4);
    const [staff] = await sql<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE active');
    expect(valueOf(admin.figures, 'activeUsers')).toBe(staff!.n);
    const times = admin.staff.lastSignIns.map((s: { lastSignInAt: string }) => Date.parse(s.lastSignInAt));
    expect(times.length).toBeGreaterThanOrEqual(2);
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    await sql(`UPDATE users SET last_sign_in_at = now() + interval '1 minute' WHERE id = $1`, [ids.get('FINANCE')]);
    const after = await overview('SUPER_ADMIN');
    expect(after.staff.lastSignIns[0]).toMatchObject({ userId: ids.get('FINANCE'), roles: ['FINANCE'] });
    expect((await overview('CONTENT_ADMIN')).staff).toBeNull();
  });
});
