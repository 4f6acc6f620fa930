import { DEMO_STAFF, LIVE_CLASS_MESSAGES, MESSAGES, ROLES, fillMessage, type Role } from '@lectern/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app';
import { storeParticipantSessions } from './attendance.service';

// Attendance through the API, on PGlite and on PostgreSQL: a class for two batches and a group, its
// participants imported from Zoom's CSV (as the browser sends them), matched by e-mail and mobile and
// by hand, offline marks, paging, and an instructor who sees only their own classes.

const DAY = '2026-01-10';
const at = (hhmm: string) => `${DAY}T${hhmm}:00.000Z`;
const LIVE = 'lc-att-live';
const OTHERS = 'lc-att-others';
const OFFLINE = 'lc-att-offline';
const LATER = 'lc-att-later';

/** Students of the fixture: [id, name, mobile, e-mail, batches]. */
const STUDENTS: [string, string, string, string | null, string[]][] = [
  ['st-att-asha', 'Asha Verma', '9800000101', 'asha.verma@example.in', ['bt-att-a']],
  ['st-att-rahul-1', 'Rahul Kumar', '9800000102', 'rahul.k@example.in', ['bt-att-a']],
  ['st-att-rahul-2', 'Rahul Kumar', '9800000103', 'rahul.kumar2@example.in', ['bt-att-b']],
  ['st-att-meena', 'Meena Iyer', '9800000104', null, ['bt-att-b']],
  ['st-att-zoya', 'Zoya Khan', '9800000105', 'zoya.khan@example.in', ['bt-att-c']],
  ['st-att-out', 'Outside Student', '9800000106', 'out.side@example.in', []],
  ['st-att-karan', 'Karan Mehta', '9800000107', 'karan.mehta@example.in', ['bt-att-a', 'bt-att-b']],
  ['st-att-dev', 'Dev Singh', '9800000108', 'dev.singh@example.in', ['bt-att-a']],
];

const session = (name: string, email: string, join: string, leave: string, phone = '') => ({
  name,
  email,
  registrantId: '',
  phone,
  joinTime: at(join),
  leaveTime: at(leave),
});

/** Zoom's participants of the 04:30-05:30 class, as zoomCsvSessions gives them to the browser. */
const CSV_SESSIONS = [
  // joined 5 minutes early and stayed 5 minutes late: 20 + 35 minutes count, the rejoin's gap does not
  session('Asha V', 'asha.verma@example.in', '04:25', '04:50'),
  session('Asha V', 'ASHA.VERMA@example.in', '04:55', '05:35'),
  // her phone at the same time (by mobile number): counted once
  session('Asha phone', '', '05:00', '05:20', '+91 98000 00101'),
  session('Rahul Kumar', 'rahul.k@example.in', '04:30', '04:39'),
  session('Rahul Kumar', 'rahul.kumar2@example.in', '04:30', '05:30'),
  // a third 'Rahul Kumar' with no e-mail: never matched by the name
  session('Rahul Kumar', '', '04:30', '05:30'),
  session('Meena', '', '04:40', '05:30', '09800000104'),
  session('Zoya Khan', 'zoya.khan@example.in', '04:30', '05:20'),
  session('Karan Mehta', 'karan.mehta@example.in', '04:30', '05:00'),
  // Karan again from a personal address: unmatched until staff match him by hand
  session('Karan', 'karan.personal@gmail.com', '04:50', '05:30'),
  // an unknown iPad that rejoined
  session('iPad', '', '04:30', '04:40'),
  session('iPad', '', '04:45', '04:50'),
  // a student who is not in the class's batches
  session('Outside', 'out.side@example.in', '04:35', '04:45'),
  // leaves before it joins: sent back
  session('Broken', 'broken@example.in', '05:00', '04:50'),
];

describe('attendance API', () => {
  let t: TestContext;
  const tokens = new Map<Role, string>();
  let instructorId = '';
  let instructorName = '';

  beforeAll(async () => {
    t = await createTestApp();
    for (const role of ROLES) tokens.set(role, await t.sessionFor(role));
    const instructor = DEMO_STAFF.find((s) => s.role === 'INSTRUCTOR')!;
    instructorId = await t.userIdByPhone(instructor.phone);
    instructorName = `${instructor.firstName} ${instructor.lastName}`;
    const otherTeacher = await t.userIdByPhone(DEMO_STAFF.find((s) => s.role === 'CONTENT_ADMIN')!.phone);
    const q = (text: string, params: unknown[] = []) => t.database.query(text, params);
    await q(`INSERT INTO branches (id, name, city) VALUES ('br-att', 'Attendance Branch', 'Kota')`);
    await q(`INSERT INTO programs (id, name) VALUES ('pg-att', 'Attendance Program')`);
    for (const [id, name] of [
      ['bt-att-a', 'Att Batch A'],
      ['bt-att-b', 'Att Batch B'],
      ['bt-att-c', 'Att Batch C'],
      ['bt-att-d', 'Att Batch D'],
    ]) {
      await q(
        `INSERT INTO batches (id, name, code, branch_id, program_id, start_date, end_date, capacity)
         VALUES ($1, $2, upper($1), 'br-att', 'pg-att', '2026-01-01', '2026-12-31', 100)`,
        [id, name],
      );
    }
    await q(`INSERT INTO student_groups (id, name) VALUES ('gr-att', 'Attendance Group')`);
    await q(`INSERT INTO group_batches (group_id, batch_id) VALUES ('gr-att', 'bt-att-c'), ('gr-att', 'bt-att-b')`);
    for (const [id, name, mobile, email, batches] of STUDENTS) {
      await q('INSERT INTO students (id, name, mobile_number, email) VALUES ($1, $2, $3, $4)', [
        id,
        name,
        mobile,
        email,
      ]);
      for (const batch of batches)
        await q('INSERT INTO batch_students (batch_id, student_id) VALUES ($1, $2)', [batch, id]);
    }
    const klass = async (id: string, type: string, teacher: string, start: string, status: string) => {
      await q(
        `INSERT INTO live_classes (id, title, class_date, start_time, duration_minutes, class_room_type, teacher_id,
                                   status, ended_at, present_share_percent)
         VALUES ($1, $2, $3::timestamptz, $3::timestamptz, 60, $4, $5, $6,
                 CASE WHEN $6 = 'ENDED' THEN $3::timestamptz + interval '60 minutes' END, 75)`,
        [id, `Class ${id}`, start, type, teacher, status],
      );
    };
    await klass(LIVE, 'live', instructorId, at('04:30'), 'ENDED');
    await klass(OTHERS, 'live', otherTeacher, at('06:30'), 'ENDED');
    await klass(OFFLINE, 'offline', instructorId, at('08:30'), 'SCHEDULED');
    await klass(LATER, 'live', instructorId, '2999-01-01T04:30:00.000Z', 'SCHEDULED');
    // LIVE invites batches A and B and the group (B again, and C); the others invite batch A
    await q(`INSERT INTO live_class_batches (live_class_id, batch_id) VALUES ($1, 'bt-att-a'), ($1, 'bt-att-b')`, [
      LIVE,
    ]);
    await q(`INSERT INTO live_class_groups (live_class_id, group_id) VALUES ($1, 'gr-att')`, [LIVE]);
    for (const id of [OTHERS, OFFLINE, LATER]) {
      await q(`INSERT INTO live_class_batches (live_class_id, batch_id) VALUES ($1, 'bt-att-a')`, [id]);
    }
  });
  afterAll(async () => t?.close());

  const as = (role: Role, method: string, path: string, body?: unknown) =>
    t.call(method, `/api${path}`, { token: tokens.get(role), role, body });
  const admin = (method: string, path: string, body?: unknown) => as('CONTENT_ADMIN', method, path, body);
  const summary = async (id = LIVE, role: Role = 'CONTENT_ADMIN') => {
    const res = await as(role, 'GET', `/batch/live/attendance/${id}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  const rows = async (query = 'page=0&size=50', id = LIVE, type = 'live') => {
    const res = await admin('GET', `/batch/${type}/attendance/students/${id}?${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  const row = async (studentId: string) =>
    ((await rows()).page as { studentId: string }[]).find((r) => r.studentId === studentId) as Record<string, unknown>;
  const unmatched = async () =>
    (await admin('GET', `/batch/live/attendance/unmatched/${LIVE}`)).body.data as {
      participantId: string;
      name: string;
      email: string;
      minutes: number;
    }[];

  it('imports Zoom participants: matched by e-mail and mobile, the rest listed, bad rows sent back', async () => {
    const res = await admin('POST', `/batch/live/attendance/import/${LIVE}`, {
      sessions: CSV_SESSIONS,
      rejected: [{ rowNumber: 17, reason: 'The join or leave time is missing or not a time Zoom writes.' }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // matched: Asha (e-mail) and her phone (mobile), both Rahuls, Meena, Zoya, Karan
    expect(res.body.data).toMatchObject({ matched: 7, unmatched: 4 });
    expect(res.body.message).toBe(fillMessage(LIVE_CLASS_MESSAGES.attendanceImported, { matched: 7, unmatched: 4 }));
    expect(res.body.data.rejected).toHaveLength(2);
    expect(res.body.data.rejected[0]).toEqual({ rowNumber: 17, reason: expect.stringContaining('join or leave') });
    expect(res.body.data.rejected[1].reason).toContain('leaves before it joins');
  });

  it('sums up the class: invited through batches and groups once each, joined, present, average, unmatched', async () => {
    const data = await summary();
    // A: Asha, Rahul 1, Karan, Dev; B: Rahul 2, Meena, Karan again; the group adds C: Zoya
    expect(data).toMatchObject({
      liveClassId: LIVE,
      classRoomType: 'live',
      durationMinutes: 60,
      presentSharePercent: 75,
      invited: 7,
      joined: 6,
      present: 4,
      unmatched: 4,
    });
    // (55 + 9 + 60 + 50 + 50 + 30) / 6
    expect(data.averageMinutes).toBeCloseTo(42.3, 5);
    expect(data.timeline).toHaveLength(60);
    // 04:30: Asha, both Rahuls, Zoya, Karan, the unknown Rahul and the iPad
    expect(data.timeline[0]).toEqual({ minute: 0, inClass: 7 });
    // 04:55: Asha, Rahul 2, the unknown Rahul, Meena, Zoya, Karan twice (not matched yet)
    expect(data.timeline[25].inClass).toBe(7);
  });

  it.each([
    ['st-att-asha', 55, true, 'EMAIL', 'present: 55 of 60 minutes (at least 75%)'],
    ['st-att-rahul-1', 9, false, 'EMAIL', 'absent: 9 of 60 minutes, below 75%'],
    ['st-att-rahul-2', 60, true, 'EMAIL', 'present: 60 of 60 minutes (at least 75%)'],
    ['st-att-meena', 50, true, 'MOBILE', 'present: 50 of 60 minutes (at least 75%)'],
    ['st-att-zoya', 50, true, 'EMAIL', 'present: 50 of 60 minutes (at least 75%)'],
    ['st-att-karan', 30, false, 'EMAIL', 'absent: 30 of 60 minutes, below 75%'],
    ['st-att-dev', 0, false, null, 'absent: 0 of 60 minutes, below 75%'],
  ])('%s: %i minutes, present %s, matched by %s', async (studentId, minutes, present, matchedBy, explanation) => {
    expect(await row(studentId)).toMatchObject({ minutes, present, matchedBy, explanation });
  });

  it('merges rejoins and a second device into stretches, with the first join and last leave', async () => {
    expect(await row('st-att-asha')).toMatchObject({
      batchName: 'Att Batch A',
      joinTime: at('04:25'),
      leaveTime: at('05:35'),
      sessions: [
        { joinTime: at('04:25'), leaveTime: at('04:50') },
        { joinTime: at('04:55'), leaveTime: at('05:35') },
      ],
    });
    expect(await row('st-att-dev')).toMatchObject({ joinTime: null, leaveTime: null, sessions: [] });
    expect(await row('st-att-karan')).toMatchObject({ batchName: 'Att Batch A, Att Batch B' });
  });

  it('never gives one Rahul Kumar the other’s time, nor the unknown one’s', async () => {
    const rahuls = ((await rows()).page as { name: string; studentId: string; minutes: number }[]).filter(
      (r) => r.name === 'Rahul Kumar',
    );
    expect(rahuls.map((r) => [r.studentId, r.minutes]).sort()).toEqual([
      ['st-att-rahul-1', 9],
      ['st-att-rahul-2', 60],
    ]);
    expect((await unmatched()).filter((u) => u.name === 'Rahul Kumar')).toEqual([
      expect.objectContaining({ email: '', minutes: 60 }),
    ]);
  });

  it('lists the unmatched for staff: the unknown, a student outside the audience, a personal address', async () => {
    const list = await unmatched();
    expect(list.map((u) => [u.name, u.email, u.minutes])).toEqual([
      ['iPad', '', 15],
      ['Karan', 'karan.personal@gmail.com', 40],
      ['Outside', 'out.side@example.in', 10],
      ['Rahul Kumar', '', 60],
    ]);
  });

  it('pages the students by name in SQL and filters by present', async () => {
    const all = await rows();
    expect(all.totalElements).toBe(7);
    expect((all.page as { name: string }[]).map((r) => r.name)).toEqual([
      'Asha Verma',
      'Dev Singh',
      'Karan Mehta',
      'Meena Iyer',
      'Rahul Kumar',
      'Rahul Kumar',
      'Zoya Khan',
    ]);
    const second = await rows('page=1&size=2');
    expect(second).toMatchObject({ pageNumber: 1, size: 2, totalElements: 7 });
    expect((second.page as { name: string }[]).map((r) => r.name)).toEqual(['Karan Mehta', 'Meena Iyer']);
    const present = await rows('page=0&size=10&present=true');
    expect(present.totalElements).toBe(4);
    expect((present.page as { studentId: string }[]).map((r) => r.studentId)).toEqual([
      'st-att-asha',
      'st-att-meena',
      'st-att-rahul-2',
      'st-att-zoya',
    ]);
    const absent = await rows('page=0&size=10&present=false');
    expect(absent.totalElements).toBe(3);
    expect(await rows('page=9&size=10&present=false')).toMatchObject({ page: [], totalElements: 3 });
  });

  it('matches a participant by hand, refusing a student outside the audience and an unknown participant', async () => {
    const karan = (await unmatched()).find((u) => u.email === 'karan.personal@gmail.com')!;
    const outsider = await admin('PUT', '/batch/live/attendance/match', {
      liveClassId: LIVE,
      participantId: karan.participantId,
      studentId: 'st-att-out',
    });
    expect(outsider.status).toBe(409);
    expect(outsider.body.message).toBe(
      fillMessage(LIVE_CLASS_MESSAGES.notInAudience, { studentName: 'Outside Student' }),
    );
    const nobody = await admin('PUT', '/batch/live/attendance/match', {
      liveClassId: LIVE,
      participantId: 'pt-nobody',
      studentId: 'st-att-karan',
    });
    expect(nobody.status).toBe(404);
    const res = await admin('PUT', '/batch/live/attendance/match', {
      liveClassId: LIVE,
      participantId: karan.participantId,
      studentId: 'st-att-karan',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(
      fillMessage(LIVE_CLASS_MESSAGES.participantMatched, { participantName: 'Karan', studentName: 'Karan Mehta' }),
    );
    // 04:30-05:00 and 04:50-05:30 merged: the whole hour
    expect(res.body.data).toMatchObject({ present: 5, unmatched: 3 });
    expect(res.body.data.timeline[25].inClass).toBe(6);
    expect(await row('st-att-karan')).toMatchObject({ minutes: 60, present: true, matchedBy: 'BY_HAND' });
    const [activity] = await t.database.query<{ summary: string }>(
      `SELECT summary FROM activity_log WHERE action = 'attendance.match' AND entity_id = $1`,
      [LIVE],
    );
    expect(activity?.summary).toContain('counted Karan as Karan Mehta');
  });

  it('keeps the hand match when the participants are imported again', async () => {
    const res = await admin('POST', `/batch/live/attendance/import/${LIVE}`, { sessions: CSV_SESSIONS });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ matched: 8, unmatched: 3 });
    expect(await row('st-att-karan')).toMatchObject({ minutes: 60, present: true, matchedBy: 'BY_HAND' });
    const [count] = await t.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM attendance_sessions WHERE live_class_id = $1',
      [LIVE],
    );
    expect(count!.n).toBe(CSV_SESSIONS.length - 1);
  });

  it('counts a class that ran over to its actual end, worked out again when next read', async () => {
    await t.database.query(`UPDATE live_classes SET ended_at = start_time + interval '65 minutes' WHERE id = $1`, [
      LIVE,
    ]);
    // Asha stayed until 05:35: now 60 minutes count
    expect(await row('st-att-asha')).toMatchObject({ minutes: 60 });
    expect((await summary()).timeline).toHaveLength(65);
    await t.database.query(`UPDATE live_classes SET ended_at = start_time + interval '60 minutes' WHERE id = $1`, [
      LIVE,
    ]);
    expect(await row('st-att-asha')).toMatchObject({ minutes: 55 });
  });

  it('stores participants the meeting provider reported (the Zoom job after meeting.ended)', async () => {
    const outcome = await storeParticipantSessions(t.app.deps.db, LIVE, [
      { ...session('Dev', 'DEV.SINGH@example.in', '04:30', '05:30'), registrantId: 'reg-1' },
      { ...session('Dev', 'dev.singh@example.in', '04:30', '05:30'), registrantId: 'reg-1' },
    ]);
    expect(outcome).toEqual({ matched: 1, unmatched: 0, rejected: [] });
    expect(await row('st-att-dev')).toMatchObject({ minutes: 60, present: true, matchedBy: 'EMAIL' });
    const [sources] = await t.database.query<{ sources: string[] }>(
      'SELECT array_agg(DISTINCT source) AS sources FROM attendance_sessions WHERE live_class_id = $1',
      [LIVE],
    );
    expect(sources!.sources).toEqual(['API']);
    // the CSV again, for the tests after
    expect((await admin('POST', `/batch/live/attendance/import/${LIVE}`, { sessions: CSV_SESSIONS })).status).toBe(200);
  });

  it('refuses imports for offline classes and classes not started, and marks for live classes', async () => {
    const offline = await admin('POST', `/batch/live/attendance/import/${OFFLINE}`, { sessions: CSV_SESSIONS });
    expect(offline.status).toBe(409);
    expect(offline.body.message).toBe(LIVE_CLASS_MESSAGES.liveOnly);
    const later = await admin('POST', `/batch/live/attendance/import/${LATER}`, { sessions: CSV_SESSIONS });
    expect(later.status).toBe(409);
    expect(later.body.message).toBe(fillMessage(LIVE_CLASS_MESSAGES.classNotStarted, { title: `Class ${LATER}` }));
    const marks = await admin('PUT', `/batch/offline/attendance/${LIVE}`, {
      marks: [{ studentId: 'st-att-asha', present: true }],
    });
    expect(marks.status).toBe(409);
    expect(marks.body.message).toBe(LIVE_CLASS_MESSAGES.offlineOnly);
    // a path whose classroom type is not the class's finds no such class
    expect((await admin('GET', `/batch/offline/attendance/${LIVE}`)).status).toBe(404);
    expect((await admin('GET', `/batch/live/attendance/students/${OFFLINE}`)).status).toBe(404);
    expect((await admin('GET', '/batch/live/attendance/lc-none')).body.message).toBe(
      fillMessage(LIVE_CLASS_MESSAGES.notFound, { liveClassId: 'lc-none' }),
    );
  });

  it('answers a class nobody attended yet with its invited and nothing else', async () => {
    expect(await summary(LATER)).toMatchObject({ invited: 4, joined: 0, present: 0, unmatched: 0, timeline: [] });
  });

  it('takes offline marks from the class’s instructor, only for students of its batches', async () => {
    const outsider = await as('INSTRUCTOR', 'PUT', `/batch/offline/attendance/${OFFLINE}`, {
      marks: [
        { studentId: 'st-att-asha', present: true },
        { studentId: 'st-att-zoya', present: true },
      ],
    });
    expect(outsider.status).toBe(409);
    expect(outsider.body.message).toBe(fillMessage(LIVE_CLASS_MESSAGES.notInAudience, { studentName: 'Zoya Khan' }));
    const res = await as('INSTRUCTOR', 'PUT', `/batch/offline/attendance/${OFFLINE}`, {
      marks: [
        { studentId: 'st-att-asha', present: false },
        { studentId: 'st-att-rahul-1', present: false },
        { studentId: 'st-att-asha', present: true },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(fillMessage(LIVE_CLASS_MESSAGES.offlineMarked, { count: 2 }));
    expect(res.body.data).toMatchObject({
      classRoomType: 'offline',
      invited: 4,
      joined: 1,
      present: 1,
      averageMinutes: 60,
    });
    const page = await rows('page=0&size=10', OFFLINE, 'offline');
    const byId = Object.fromEntries((page.page as { studentId: string }[]).map((r) => [r.studentId, r]));
    expect(byId['st-att-asha']).toMatchObject({
      present: true,
      minutes: 60,
      matchedBy: 'MARKED',
      explanation: `present: marked by ${instructorName}`,
    });
    expect(byId['st-att-rahul-1']).toMatchObject({
      present: false,
      explanation: `absent: marked by ${instructorName}`,
    });
    expect(byId['st-att-dev']).toMatchObject({
      present: false,
      matchedBy: null,
      explanation: 'absent: not marked yet',
    });
    expect((await rows('page=0&size=10&present=true', OFFLINE, 'offline')).totalElements).toBe(1);
  });

  it('shows an instructor only their own classes: another’s is 404 on every attendance route', async () => {
    expect((await summary(LIVE, 'INSTRUCTOR')).present).toBe(5);
    const calls: [string, string, unknown?][] = [
      ['GET', `/batch/live/attendance/${OTHERS}`],
      ['GET', `/batch/live/attendance/students/${OTHERS}?page=0&size=10`],
      ['GET', `/batch/live/attendance/unmatched/${OTHERS}`],
      ['PUT', `/batch/offline/attendance/${OTHERS}`, { marks: [{ studentId: 'st-att-asha', present: true }] }],
    ];
    for (const [method, path, body] of calls) {
      const res = await as('INSTRUCTOR', method, path, body);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.message).toBe(fillMessage(LIVE_CLASS_MESSAGES.notFound, { liveClassId: OTHERS }));
    }
    // admins only import and match
    expect((await as('INSTRUCTOR', 'POST', `/batch/live/attendance/import/${LIVE}`, { sessions: [] })).status).toBe(
      403,
    );
    const match = await as('INSTRUCTOR', 'PUT', '/batch/live/attendance/match', {
      liveClassId: LIVE,
      participantId: 'pt-x',
      studentId: 'st-att-asha',
    });
    expect(match.status).toBe(403);
    expect(match.body.message).toBe(MESSAGES.unauthorized);
    expect((await as('FINANCE', 'GET', `/batch/live/attendance/${LIVE}`)).status).toBe(403);
  });

  it('charts a batch across its held classes (an instructor: their own classes of it)', async () => {
    const res = await admin('GET', '/batch/live/attendance/batch/bt-att-a');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.batchName).toBe('Att Batch A');
    expect(res.body.data.classes).toEqual([
      // batch A's four students: Asha and Rahul 1, Karan (by hand), Dev; present: Asha and Karan
      { liveClassId: LIVE, title: `Class ${LIVE}`, startTime: at('04:30'), invited: 4, present: 2 },
      { liveClassId: OTHERS, title: `Class ${OTHERS}`, startTime: at('06:30'), invited: 4, present: 0 },
      { liveClassId: OFFLINE, title: `Class ${OFFLINE}`, startTime: at('08:30'), invited: 4, present: 1 },
    ]);
    const mine = await as('INSTRUCTOR', 'GET', '/batch/live/attendance/batch/bt-att-a');
    expect((mine.body.data.classes as { liveClassId: string }[]).map((c) => c.liveClassId)).toEqual([LIVE, OFFLINE]);
    // batch C is only in a class through the group
    const group = await admin('GET', '/batch/live/attendance/batch/bt-att-c');
    expect(group.body.data.classes).toEqual([expect.objectContaining({ liveClassId: LIVE, invited: 1, present: 1 })]);
    expect((await as('INSTRUCTOR', 'GET', '/batch/live/attendance/batch/bt-att-d')).status).toBe(404);
    expect((await admin('GET', '/batch/live/attendance/batch/bt-none')).status).toBe(404);
  });
});
