import {
  BATCH_MESSAGES,
  BULK_UPLOAD_COLUMNS,
  MESSAGES,
  ROLES,
  allRoutes,
  batchMessage,
  failureLine,
  hasPermission,
  rowReason,
  type Role,
} from '@lectern/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createBatch,
  createBranch,
  createProgram,
  createStudent,
  type BatchFields,
  type StudentFields,
} from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';

interface Row {
  rowNumber: number;
  name: string;
  mobileNumber: string;
  email?: string;
  rollNumber?: string;
}

const FIRST = ['Aarav', 'Vihaan', 'Ishaan', 'Diya', 'Anika', 'Kabir', 'Meera', 'Arjun', 'Saanvi', 'Reyansh'];
const LAST = ['Sharma', 'Iyer', 'Reddy', 'Nair', 'Gupta', 'Khan', 'Patel', 'Das', 'Joshi', 'Menon'];

/** A generated sheet: `n` good rows with numbers no other student has, from row 2 (under the header). */
function sheet(n: number, from = 0, prefix = 'R'): Row[] {
  return Array.from({ length: n }, (_, i) => ({
    rowNumber: i + 2,
    name: `${FIRST[(from + i) % 10]} ${LAST[Math.floor((from + i) / 10) % 10]}`,
    mobileNumber: String(7_000_000_000 + from + i),
    email: i % 3 === 0 ? `student${from + i}@example.in` : '',
    rollNumber: i % 4 === 0 ? '' : `${prefix}-${from + i}`,
  }));
}

describe('batches API', () => {
  let t: TestContext;
  const tokens = new Map<Role, string>();
  // The suite's own rows: a branch and program, students, and batches closed, full, with seats left and empty.
  let branchId: string;
  let programId: string;
  let student: StudentFields;
  let other: StudentFields;
  let holder: StudentFields;
  let outsider: StudentFields;
  let loner: StudentFields;
  /** closed: takes no new students */
  let theClosed: BatchFields;
  /** active, every seat taken by two students */
  let theFull: BatchFields;
  /** active, seats left, two students who are not in the full one */
  let theOpen: BatchFields;
  /** active, no students */
  let theEmpty: BatchFields;
  /** two more active batches whose codes a new batch may not take */
  let morning: BatchFields;
  let neet: BatchFields;
  beforeAll(async () => {
    t = await createTestApp();
    for (const role of ROLES) tokens.set(role, await t.sessionFor(role));
    branchId = (await createBranch(t)).id;
    programId = (await createProgram(t)).id;
    student = await createStudent(t);
    other = await createStudent(t);
    holder = await createStudent(t);
    outsider = await createStudent(t);
    loner = await createStudent(t);
    const inBatches = await Promise.all(Array.from({ length: 5 }, () => createStudent(t)));
    const at = { branchId, programId };
    theClosed = await createBatch(t, { ...at, closed: true, studentIds: [inBatches[0]!.id] });
    theFull = await createBatch(t, { ...at, capacity: 2, studentIds: [inBatches[1]!.id, inBatches[2]!.id] });
    theOpen = await createBatch(t, { ...at, capacity: 40, studentIds: [inBatches[3]!.id, inBatches[4]!.id] });
    theEmpty = await createBatch(t, at);
    morning = await createBatch(t, { ...at, name: 'JEE Advanced 2027 Morning' });
    neet = await createBatch(t, { ...at, name: 'NEET 2027 Morning' });
  });
  afterAll(async () => t?.close());

  const as = (role: Role, method: string, path: string, body?: unknown) =>
    t.call(method, `/api${path}`, { token: tokens.get(role), role, body });
  const admin = (method: string, path: string, body?: unknown) => as('CONTENT_ADMIN', method, path, body);
  const batch = async (id: string) => (await admin('GET', `/batch/getBatchById/${id}`)).body.data;
  const count = async (sql: string, params: unknown[] = []) =>
    (await t.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, params))[0]!.n;
  const members = (batchId: string) => count('batch_students WHERE batch_id = $1', [batchId]);

  let seq = 0;
  /** A fresh active batch in the suite's branch and program, made through the API. */
  const newBatch = async (capacity = 50, extra: Record<string, unknown> = {}) => {
    seq += 1;
    const res = await admin('POST', '/batch/createBatch', {
      batchName: `Test Batch ${seq}`,
      batchCode: `TEST-${seq}-${Date.now() % 100_000}`,
      branchId,
      programId,
      startDate: '2026-06-01',
      endDate: '2027-05-31',
      capacity,
      ...extra,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as { batchId: string; batchName: string; batchCode: string; version: number };
  };
  const upload = (batchId: string, rows: Row[], dryRun: boolean, role: Role = 'CONTENT_ADMIN') =>
    as(role, 'POST', '/batch/bulkUpload', { batchId, dryRun, rows });

  it('answers every batch path for SUPER_ADMIN, CONTENT_ADMIN and FINANCE, and refuses every other role', async () => {
    const routes = allRoutes().filter((r) => r.key.startsWith('batches.'));
    expect(routes).toHaveLength(22);
    for (const role of ROLES) {
      for (const { def } of routes) {
        const path = def.path
          .replace('{status}', 'ACTIVE')
          .replace('{batchId}', theClosed.id)
          .replace('{groupId}', 'no-such-group')
          .replace('{studentId}', 'no-such-student');
        // bodies that reach the service and change nothing (a stale version, a closed batch, an empty sheet)
        const body =
          def.method === 'GET' || def.method === 'DELETE'
            ? undefined
            : {
                batchId: theClosed.id,
                version: 999,
                oldBatchId: theClosed.id,
                newBatchId: theClosed.id,
                studentIds: ['x'],
                dryRun: true,
                rows: [],
                mobileNumber: '9000000000',
              };
        const res = await as(role, def.method, path, body);
        const why = `${role} ${def.method} ${path} -> ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`;
        if (hasPermission([role], 'batches')) {
          expect([401, 403], why).not.toContain(res.status);
          expect(res.status, why).toBeLessThan(500);
        } else {
          expect(res.status, why).toBe(403);
          expect(res.body.message).toBe(MESSAGES.unauthorized);
        }
      }
    }
  });

  it('lists by status (names in order) and the short lines for pickers', async () => {
    const active = (await admin('GET', '/batch/getBatchByStatus/ACTIVE')).body.data as {
      status: string;
      batchId: string;
    }[];
    expect(active).toHaveLength(await count("batches WHERE status = 'ACTIVE'"));
    expect(active.map((b) => b.batchId)).toEqual(expect.arrayContaining([theFull.id, theOpen.id, theEmpty.id]));
    expect(active.map((b) => b.batchId)).not.toContain(theClosed.id);
    expect(new Set(active.map((b) => b.status))).toEqual(new Set(['ACTIVE']));
    const info = (await admin('GET', '/batch/getBatchInfoByStatus/CLOSED')).body.data as Record<string, unknown>[];
    expect(info).toHaveLength(await count("batches WHERE status = 'CLOSED'"));
    expect(info.map((b) => b.batchId)).toContain(theClosed.id);
    expect(Object.keys(info[0]!).sort()).toEqual(
      ['batchCode', 'batchId', 'batchName', 'branchName', 'capacity', 'programName', 'studentCount'].sort(),
    );
    // the suite's own six batches alone fill the third page of two
    const page = (await admin('GET', '/batch/getAllBatch/pagination?page=2&size=2')).body.data;
    expect(page).toMatchObject({ page: 2, size: 2 });
    expect(page.batchDTOS).toHaveLength(2);
  });

  it('creates branches and programs once each, whatever the case', async () => {
    const branch = await admin('POST', '/batch/createBranch', { branchName: 'Lucknow – Aliganj', city: 'Lucknow' });
    expect(branch.status).toBe(200);
    expect(branch.body.message).toBe(batchMessage('branchCreated', { branchName: 'Lucknow – Aliganj' }));
    expect(branch.body.data).toMatchObject({ branchName: 'Lucknow – Aliganj', city: 'Lucknow', batchCount: 0 });
    const again = await admin('POST', '/batch/createBranch', { branchName: 'LUCKNOW – ALIGANJ', city: 'Lucknow' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(batchMessage('branchTaken', { branchName: 'LUCKNOW – ALIGANJ' }));
    const program = await admin('POST', '/batch/createProgram', { programName: 'CAT 2027' });
    expect(program.body.message).toBe(batchMessage('programCreated', { programName: 'CAT 2027' }));
    const twice = await admin('POST', '/batch/createProgram', { programName: 'cat 2027' });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(batchMessage('programTaken', { programName: 'cat 2027' }));
  });

  it('creates, updates and closes a batch by its rules, with the exact messages and an activity row each', async () => {
    const body = {
      batchName: 'NEET 2028 Foundation Morning',
      batchCode: 'neet28-kota-f',
      branchId,
      programId,
      startDate: '2026-07-01',
      endDate: '2028-05-01',
      capacity: 3,
    };
    const made = await admin('POST', '/batch/createBatch', body);
    expect(made.status).toBe(200);
    expect(made.body.message).toBe(batchMessage('created', { batchName: body.batchName }));
    const created = made.body.data;
    expect(created).toMatchObject({ batchCode: 'NEET28-KOTA-F', status: 'ACTIVE', studentCount: 0, version: 0 });

    const taken = await admin('POST', '/batch/createBatch', { ...body, batchCode: morning.code });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(
      batchMessage('codeTaken', { batchCode: morning.code, batchName: 'JEE Advanced 2027 Morning' }),
    );
    const backwards = await admin('POST', '/batch/createBatch', { ...body, batchCode: 'X-1', endDate: '2026-06-30' });
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toBe(BATCH_MESSAGES.endBeforeStart);
    const noBranch = await admin('POST', '/batch/createBatch', { ...body, batchCode: 'X-2', branchId: 'nowhere' });
    expect(noBranch.status).toBe(404);
    expect(noBranch.body.message).toBe(batchMessage('branchNotFound', { branchId: 'nowhere' }));
    const noProgram = await admin('POST', '/batch/createBatch', { ...body, batchCode: 'X-3', programId: 'nothing' });
    expect(noProgram.body.message).toBe(batchMessage('programNotFound', { programId: 'nothing' }));

    // two students in it, then the capacity may not drop below them
    const added = await admin('POST', `/batch/batch/${created.batchId}/students`, {
      mobileNumber: student.mobileNumber,
    });
    expect(added.body.message).toBe(
      batchMessage('studentAdded', { studentName: student.name, batchName: body.batchName }),
    );
    await admin('POST', `/batch/batch/${created.batchId}/students`, { mobileNumber: other.mobileNumber });
    const update = { ...body, batchId: created.batchId, version: 0 };
    const tooSmall = await admin('PUT', '/batch/updateBatch', { ...update, capacity: 1 });
    expect(tooSmall.status).toBe(409);
    expect(tooSmall.body.message).toBe(batchMessage('capacityBelowStudents', { count: 2 }));
    const clash = await admin('PUT', '/batch/updateBatch', { ...update, batchCode: neet.code });
    expect(clash.body.message).toBe(
      batchMessage('codeTaken', { batchCode: neet.code, batchName: 'NEET 2027 Morning' }),
    );
    const renamed = await admin('PUT', '/batch/updateBatch', {
      ...update,
      batchName: 'NEET 2028 Morning',
      capacity: 2,
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.message).toBe(batchMessage('updated', { batchName: 'NEET 2028 Morning' }));
    expect(renamed.body.data).toMatchObject({ version: 1, capacity: 2, studentCount: 2, batchCode: 'NEET28-KOTA-F' });
    const stale = await admin('PUT', '/batch/updateBatch', { ...update, batchName: 'Lost edit' });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(MESSAGES.staleVersion.replace('[entity]', 'batch'));
    // the code a client branches on, beside the sentence a person reads
    expect(stale.body.errorCode).toBe('STALE_VERSION');

    const staleClose = await admin('PUT', `/batch/closeBatch/${created.batchId}`, { version: 0 });
    expect(staleClose.status).toBe(409);
    const closed = await admin('PUT', `/batch/closeBatch/${created.batchId}`, {});
    expect(closed.status).toBe(200);
    expect(closed.body.message).toBe(batchMessage('closed', { batchName: 'NEET 2028 Morning' }));
    expect(closed.body.data).toMatchObject({ status: 'CLOSED', closedBy: 'Priya Raghavan', studentCount: 2 });
    const again = await admin('PUT', `/batch/closeBatch/${created.batchId}`, {});
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(batchMessage('alreadyClosed', { batchName: 'NEET 2028 Morning' }));
    const edit = await admin('PUT', '/batch/updateBatch', { ...update, version: closed.body.data.version });
    expect(edit.status).toBe(409);
    expect(edit.body.message).toBe(batchMessage('closedNoChange', { batchName: 'NEET 2028 Morning' }));
    const missing = await admin('GET', '/batch/getBatchById/no-such-batch');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(batchMessage('notFound', { batchId: 'no-such-batch' }));

    const actions = await t.database.query<{ action: string }>(
      'SELECT action FROM activity_log WHERE entity_id = $1 ORDER BY created_at, action',
      [created.batchId],
    );
    expect(actions.map((a) => a.action)).toEqual([
      'batch.create',
      'batch.student.add',
      'batch.student.add',
      'batch.update',
      'batch.close',
    ]);
  });

  it('adds one student by mobile number and takes one out, refusing a closed or full batch per spec 2 §8', async () => {
    const b = await newBatch(1);
    const path = `/batch/batch/${b.batchId}/students`;
    const unknown = await admin('POST', path, { mobileNumber: '6000000001' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(batchMessage('noStudentForMobile', { mobileNumber: '6000000001' }));
    const added = await admin('POST', path, { mobileNumber: student.mobileNumber, rollNumber: 'k-7' });
    expect(added.body.data).toMatchObject({ studentId: student.id, rollNumber: 'k-7', addedBy: 'Priya Raghavan' });
    const twice = await admin('POST', path, { mobileNumber: student.mobileNumber });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(
      batchMessage('studentAlreadyIn', { studentName: student.name, batchName: b.batchName }),
    );
    const full = await admin('POST', path, { mobileNumber: other.mobileNumber });
    expect(full.status).toBe(409);
    expect(full.body.message).toBe(
      failureLine({ name: other.name, reason: batchMessage('capacityFull', { batchName: b.batchName, capacity: 1 }) }),
    );
    const closedBatch = await batch(theClosed.id);
    const closed = await admin('POST', `/batch/batch/${theClosed.id}/students`, {
      mobileNumber: other.mobileNumber,
    });
    expect(closed.status).toBe(409);
    expect(closed.body.message).toBe(
      failureLine({
        name: other.name,
        reason: batchMessage('closedNoStudents', { batchName: closedBatch.batchName }),
      }),
    );
    const ids = (await admin('GET', `/batch/batch/${b.batchId}/studentIds`)).body.data.data;
    expect(ids.studentIds).toEqual([student.id]);
    expect(ids.members[0]).toMatchObject({ studentId: student.id, rollNumber: 'k-7' });
    const removed = await admin('DELETE', `/batch/batch/${b.batchId}/students/${student.id}`);
    expect(removed.body).toEqual({
      data: { removed: true },
      message: batchMessage('studentRemoved', { studentName: student.name, batchName: b.batchName }),
    });
    const gone = await admin('DELETE', `/batch/batch/${b.batchId}/students/${student.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe(
      batchMessage('studentNotInBatch', { studentName: student.name, batchName: b.batchName }),
    );
    // the student and their subscriptions stay
    expect(await count('students WHERE id = $1', [student.id])).toBe(1);
  });

  describe('bulk upload', () => {
    it('a good sheet: the dry run writes nothing, the real run writes every row and answers the same, the second run adds nobody', async () => {
      const b = await newBatch(100);
      const rows = sheet(30, 1000);
      // one student who exists already, spelled with other case and spacing
      const existing = (
        await t.database.query<{ name: string; mobile_number: string; id: string }>(
          'SELECT id, name, mobile_number FROM students WHERE id = $1',
          [student.id],
        )
      )[0]!;
      rows.push({ rowNumber: 32, name: `  ${existing.name.toUpperCase()} `, mobileNumber: existing.mobile_number });
      const studentsBefore = await count('students');
      const activityBefore = await count('activity_log');

      const dry = await upload(b.batchId, rows, true);
      expect(dry.status).toBe(200);
      expect(dry.body.data.counts).toEqual({
        NEW_STUDENT: 30,
        EXISTING_STUDENT_ADDED: 1,
        ALREADY_IN_BATCH: 0,
        ERROR: 0,
      });
      expect(dry.body.data.dryRun).toBe(true);
      // nothing was written, so the dry run says what the upload would do
      expect(dry.body.message).toBe(`31 students would be added to ${b.batchName} (30 new); 0 rows would be left out.`);
      expect(await count('students')).toBe(studentsBefore);
      expect(await members(b.batchId)).toBe(0);
      expect(await count('activity_log')).toBe(activityBefore);

      const real = await upload(b.batchId, rows, false);
      expect(real.status).toBe(200);
      expect(real.body.data.counts).toEqual(dry.body.data.counts);
      expect(real.body.message).toBe(`31 students added to ${b.batchName} (30 new); 0 rows left out.`);
      const strip = (r: { outcome: string; rowNumber: number; reason: string | null }) => [
        r.rowNumber,
        r.outcome,
        r.reason,
      ];
      expect(real.body.data.rows.map(strip)).toEqual(dry.body.data.rows.map(strip));
      expect(real.body.data.rows.every((r: { studentId: string | null }) => r.studentId)).toBe(true);
      expect(await count('students')).toBe(studentsBefore + 30);
      expect(await members(b.batchId)).toBe(31);
      const [made] = await t.database.query<{ name: string; email: string | null; state_code: string }>(
        'SELECT name, email, state_code FROM students WHERE mobile_number = $1',
        [rows[0]!.mobileNumber],
      );
      expect(made).toEqual({ name: rows[0]!.name, email: rows[0]!.email, state_code: '29' });
      const [roll] = await t.database.query<{ roll_number: string | null }>(
        'SELECT roll_number FROM batch_students WHERE batch_id = $1 AND student_id = $2',
        [b.batchId, real.body.data.rows[1].studentId],
      );
      expect(roll!.roll_number).toBe(rows[1]!.rollNumber);
      const [activity] = await t.database.query<{ summary: string; after: { counts: Record<string, number> } }>(
        "SELECT summary, after FROM activity_log WHERE action = 'batch.students.upload' AND entity_id = $1",
        [b.batchId],
      );
      expect(activity!.after.counts).toEqual(real.body.data.counts);
      expect(activity!.summary).toContain('a sheet of 31 rows');

      const second = await upload(b.batchId, rows, false);
      expect(second.body.data.counts).toEqual({
        NEW_STUDENT: 0,
        EXISTING_STUDENT_ADDED: 0,
        ALREADY_IN_BATCH: 31,
        ERROR: 0,
      });
      expect(second.body.data.rows[0].reason).toBe(
        batchMessage('studentAlreadyIn', { studentName: rows[0]!.name, batchName: b.batchName }),
      );
      expect(await count('students')).toBe(studentsBefore + 30);
      expect(await members(b.batchId)).toBe(31);
    });

    it('a mixed sheet: every reason beside its row, the good rows still go in', async () => {
      const b = await newBatch(3);
      const [known] = await t.database.query<{ id: string; name: string; mobile_number: string }>(
        'SELECT id, name, mobile_number FROM students WHERE id = $1',
        [student.id],
      );
      // someone already holds roll number TAKEN-1 in the batch
      await admin('POST', `/batch/batch/${b.batchId}/students`, {
        mobileNumber: holder.mobileNumber,
        rollNumber: 'TAKEN-1',
      });
      const rows: Row[] = [
        { rowNumber: 2, name: 'Kabir Khan', mobileNumber: '7100000001' },
        { rowNumber: 3, name: 'Kabir Khan', mobileNumber: '7100000001' },
        { rowNumber: 4, name: '', mobileNumber: '' },
        { rowNumber: 5, name: 'Meera Nair', mobileNumber: '+91 71000 00002', email: 'not-mail' },
        { rowNumber: 6, name: 'Rahul Verma', mobileNumber: known!.mobile_number },
        { rowNumber: 7, name: 'Anika Das', mobileNumber: '7100000003', rollNumber: 'taken-1' },
        { rowNumber: 8, name: 'Arjun Patel', mobileNumber: '7100000004', rollNumber: 'bad roll' },
        { rowNumber: 9, name: holder.name, mobileNumber: holder.mobileNumber },
        { rowNumber: 10, name: 'Saanvi Joshi', mobileNumber: '7100000005' },
        { rowNumber: 11, name: 'Reyansh Menon', mobileNumber: '7100000006' },
      ];
      const res = await upload(b.batchId, rows, false);
      expect(res.status).toBe(200);
      const outcome = (n: number) => res.body.data.rows.find((r: { rowNumber: number }) => r.rowNumber === n);
      expect(outcome(2)).toMatchObject({ outcome: 'NEW_STUDENT', reason: null });
      expect(outcome(3)).toMatchObject({
        outcome: 'ERROR',
        reason: rowReason('duplicateInSheet', { mobileNumber: '7100000001', otherRow: 2 }),
      });
      expect(outcome(4).reason).toBe(`${rowReason('nameMissing')} ${rowReason('mobileMissing')}`);
      expect(outcome(5).reason).toBe(
        `${rowReason('mobileInvalid', { mobileNumber: '+91 71000 00002' })} ${rowReason('emailInvalid', { email: 'not-mail' })}`,
      );
      expect(outcome(6)).toMatchObject({
        outcome: 'ERROR',
        reason: rowReason('nameDiffers', {
          mobileNumber: known!.mobile_number,
          existingName: known!.name,
          name: 'Rahul Verma',
        }),
      });
      expect(outcome(7).reason).toBe(
        batchMessage('rollNumberTaken', { rollNumber: 'taken-1', studentName: holder.name }),
      );
      expect(outcome(8).reason).toBe(rowReason('rollNumberInvalid', { rollNumber: 'bad roll' }));
      expect(outcome(9)).toMatchObject({ outcome: 'ALREADY_IN_BATCH' });
      // three seats: the holder took one, row 2 and row 10 the others, row 11 is beyond them
      expect(outcome(10)).toMatchObject({ outcome: 'NEW_STUDENT' });
      expect(outcome(11)).toMatchObject({
        outcome: 'ERROR',
        reason: rowReason('capacityFull', { batchName: b.batchName, capacity: 3 }),
      });
      expect(res.body.data.counts).toEqual({
        NEW_STUDENT: 2,
        EXISTING_STUDENT_ADDED: 0,
        ALREADY_IN_BATCH: 1,
        ERROR: 7,
      });
      expect(await members(b.batchId)).toBe(3);
      expect(await count("students WHERE mobile_number IN ('7100000003', '7100000004', '7100000006')")).toBe(0);

      // a closed batch takes no one: every good row says so, nothing is written
      const closedName = (await batch(theClosed.id)).batchName;
      const closed = await upload(
        theClosed.id,
        [{ rowNumber: 2, name: 'Ira Kapoor', mobileNumber: '7100000009' }],
        false,
      );
      expect(closed.body.data.rows[0]).toMatchObject({
        outcome: 'ERROR',
        reason: rowReason('batchClosed', { batchName: closedName }),
      });
      expect(await count("students WHERE mobile_number = '7100000009'")).toBe(0);
      const unknown = await upload('no-such-batch', [], true);
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe(batchMessage('notFound', { batchId: 'no-such-batch' }));
    });

    it('a hostile sheet of 10,000 rows: duplicates, empty names, +91 numbers sent raw; every row answered, only good rows written, quickly', async () => {
      const b = await newBatch(5000);
      const rows: Row[] = sheet(10_000, 20_000, 'H').map((row, i) => {
        if (i % 10 === 1) return { ...row, mobileNumber: String(7_000_000_000 + 20_000 + i - 1) }; // repeats the row above
        if (i % 10 === 2) return { ...row, name: '   ' };
        if (i % 10 === 3) return { ...row, mobileNumber: `+91${row.mobileNumber}` };
        if (i % 10 === 4) return { ...row, mobileNumber: '9.87E+09' };
        return row;
      });
      const started = Date.now();
      const dry = await upload(b.batchId, rows, true);
      const dryMs = Date.now() - started;
      expect(dry.status).toBe(200);
      expect(dry.body.data.rows).toHaveLength(10_000);
      // 6,000 good rows, 5,000 seats: the last 1,000 good rows are beyond them
      expect(dry.body.data.counts).toEqual({
        NEW_STUDENT: 5000,
        EXISTING_STUDENT_ADDED: 0,
        ALREADY_IN_BATCH: 0,
        ERROR: 5000,
      });
      const byRow = dry.body.data.rows as { outcome: string; reason: string | null }[];
      expect(byRow[1]!.reason).toBe(
        rowReason('duplicateInSheet', { mobileNumber: rows[0]!.mobileNumber, otherRow: 2 }),
      );
      expect(byRow[2]!.reason).toBe(rowReason('nameMissing'));
      expect(byRow[3]!.reason).toBe(rowReason('mobileInvalid', { mobileNumber: rows[3]!.mobileNumber }));
      expect(byRow[9_999]!.reason).toBe(rowReason('capacityFull', { batchName: b.batchName, capacity: 5000 }));
      expect(await members(b.batchId)).toBe(0);

      const before = await count('students');
      const at = Date.now();
      const real = await upload(b.batchId, rows, false);
      const realMs = Date.now() - at;
      expect(real.status).toBe(200);
      expect(real.body.data.counts).toEqual(dry.body.data.counts);
      expect(await members(b.batchId)).toBe(5000);
      expect(await count('students')).toBe(before + 5000);
      // generous bounds (two shared cores, PGlite): the point is a few statements, not 10,000
      expect(dryMs).toBeLessThan(15_000);
      expect(realMs).toBeLessThan(20_000);
      const again = await upload(b.batchId, rows, false);
      expect(again.body.data.counts.ALREADY_IN_BATCH).toBe(5000);
      expect(await members(b.batchId)).toBe(5000);
    }, 120_000);

    it('refuses a sheet of more than 10,000 rows as a whole', async () => {
      const b = await newBatch(10);
      const res = await upload(b.batchId, sheet(10_001, 40_000), true);
      expect(res.status).toBe(400);
      expect(res.body.message).toContain('10000');
      // the route takes 8 MiB (10,000 ordinary rows are about 1.5 MiB); more is refused before it is read
      const huge = sheet(5, 40_000).map((r) => ({ ...r, name: 'x'.repeat(2_000_000) }));
      const tooBig = await upload(b.batchId, huge, true);
      expect(tooBig.status).toBe(413);
      expect(tooBig.body.error).toBe(true);
    }, 60_000);

    it('two uploads at once cannot overfill a batch', async () => {
      const b = await newBatch(10);
      const [one, two] = await Promise.all([
        upload(b.batchId, sheet(8, 50_000), false),
        upload(b.batchId, sheet(8, 50_100), false),
      ]);
      const added = [one, two].reduce(
        (n, res) => n + res.body.data.counts.NEW_STUDENT + res.body.data.counts.EXISTING_STUDENT_ADDED,
        0,
      );
      expect(added).toBe(10);
      expect(one.body.data.counts.ERROR + two.body.data.counts.ERROR).toBe(6);
      expect(await members(b.batchId)).toBe(10);
      expect((await batch(b.batchId)).studentCount).toBe(10);
    });

    it('two uploads of the same new students to two batches make each student once', async () => {
      const a = await newBatch(20);
      const c = await newBatch(20);
      const rows = sheet(12, 60_000);
      const [x, y] = await Promise.all([upload(a.batchId, rows, false), upload(c.batchId, rows, false)]);
      expect(x.status).toBe(200);
      expect(y.status).toBe(200);
      expect(await count("students WHERE mobile_number LIKE '70000600%'")).toBe(12);
      expect(await members(a.batchId)).toBe(12);
      expect(await members(c.batchId)).toBe(12);
    });
  });

  it('serves the sample spreadsheet: the columns, two example rows, mobile numbers as text', async () => {
    const token = tokens.get('FINANCE');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/batch/sample-upload',
      headers: {
        authorization: token!,
        'x-user-info': 'FINANCE',
        'x-signature': await t.signer('GET', '/api/batch/sample-upload'),
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toBe('attachment; filename="lectern-batch-students-sample.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = workbook.worksheets[0]!;
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual([...BULK_UPLOAD_COLUMNS]);
    expect(ws.actualRowCount).toBe(3);
    const mobile = ws.getRow(2).getCell(2);
    expect(typeof mobile.value).toBe('string');
    expect(mobile.numFmt).toBe('@');
    expect(ws.getColumn(2).numFmt).toBe('@');
  });

  describe('moving students', () => {
    it('moves who can go and lists who cannot with why: target full, not in the old batch, unknown', async () => {
      const from = await newBatch(10);
      const to = await newBatch(2);
      const rows = sheet(4, 70_000);
      const up = await upload(from.batchId, rows, false);
      const ids = up.body.data.rows.map((r: { studentId: string }) => r.studentId) as string[];
      const res = await admin('POST', '/batch/updateStudentsBatch', {
        oldBatchId: from.batchId,
        newBatchId: to.batchId,
        studentIds: [...ids, outsider.id, 'no-such-student'],
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({
        error: true,
        message: batchMessage('movedWithFailures', { count: 2, batchName: to.batchName, failed: 4 }),
        moved: ids.slice(0, 2),
        data: [
          {
            studentId: ids[2],
            name: rows[2]!.name,
            reason: batchMessage('capacityFull', { batchName: to.batchName, capacity: 2 }),
          },
          {
            studentId: ids[3],
            name: rows[3]!.name,
            reason: batchMessage('capacityFull', { batchName: to.batchName, capacity: 2 }),
          },
          {
            studentId: outsider.id,
            name: outsider.name,
            reason: batchMessage('notInOldBatch', { batchName: from.batchName }),
          },
          { studentId: 'no-such-student', name: 'no-such-student', reason: BATCH_MESSAGES.studentMissing },
        ],
      });
      expect(res.body.message).toBe(res.body.data.message);
      expect(await members(from.batchId)).toBe(2);
      expect(await members(to.batchId)).toBe(2);
      const [activity] = await t.database.query<{ summary: string }>(
        "SELECT summary FROM activity_log WHERE action = 'batch.students.move' AND entity_id = $1",
        [to.batchId],
      );
      expect(activity!.summary).toContain(`${rows[0]!.name}, ${rows[1]!.name}`);
      expect(activity!.summary).toContain(failureLine(res.body.data.data[2]));

      // a closed target: nobody moves, each says why
      const closedName = (await batch(theClosed.id)).batchName;
      const none = await admin('POST', '/batch/updateStudentsBatch', {
        oldBatchId: from.batchId,
        newBatchId: theClosed.id,
        studentIds: ids.slice(2),
      });
      expect(none.body.data).toMatchObject({
        error: true,
        message: batchMessage('noneMoved', { batchName: closedName }),
        moved: [],
      });
      expect(none.body.data.data.map((f: { reason: string }) => f.reason)).toEqual([
        batchMessage('closedNoStudents', { batchName: closedName }),
        batchMessage('closedNoStudents', { batchName: closedName }),
      ]);

      const open = await newBatch(5);
      const all = await admin('POST', '/batch/updateStudentsBatch', {
        oldBatchId: from.batchId,
        newBatchId: open.batchId,
        studentIds: ids.slice(2),
      });
      expect(all.body.data).toEqual({
        error: false,
        message: batchMessage('moved', { count: 2, batchName: open.batchName }),
        moved: ids.slice(2),
        data: [],
      });
      const same = await admin('POST', '/batch/updateStudentsBatch', {
        oldBatchId: open.batchId,
        newBatchId: open.batchId,
        studentIds: ids,
      });
      expect(same.status).toBe(400);
      expect(same.body.message).toBe(BATCH_MESSAGES.sameBatch);
    });

    it('refuses a move to a full batch with one sentence: a full batch takes no one', async () => {
      const someone = await t.database.query<{ student_id: string }>(
        'SELECT student_id FROM batch_students WHERE batch_id = $1 AND student_id NOT IN (SELECT student_id FROM batch_students WHERE batch_id = $2) LIMIT 2',
        [theOpen.id, theFull.id],
      );
      const before = await members(theOpen.id);
      const res = await admin('POST', '/batch/updateStudentsBatch', {
        oldBatchId: theOpen.id,
        newBatchId: theFull.id,
        studentIds: someone.map((s) => s.student_id),
      });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(
        batchMessage('moveTargetFull', { batchName: theFull.name, studentCount: 2, capacity: 2 }),
      );
      expect(await members(theOpen.id)).toBe(before);
    });
  });

  describe('groups', () => {
    it('creates, renames, changes batches (409 on a stale version) and deletes a group, leaving its batches', async () => {
      const body = {
        groupName: 'Kota Crash Courses',
        description: 'Short batches before the exam',
        batchIds: [theEmpty.id],
      };
      const made = await admin('POST', '/batch/group', body);
      expect(made.status).toBe(200);
      expect(made.body.message).toBe(batchMessage('groupCreated', { groupName: body.groupName }));
      const group = made.body.data;
      expect(group.batches.map((b: { batchId: string }) => b.batchId)).toEqual([theEmpty.id]);
      const twice = await admin('POST', '/batch/group', { ...body, groupName: 'KOTA crash courses' });
      expect(twice.status).toBe(409);
      expect(twice.body.message).toBe(batchMessage('groupTaken', { groupName: 'KOTA crash courses' }));
      const empty = await admin('POST', '/batch/group', { ...body, groupName: 'Empty', batchIds: [] });
      expect(empty.status).toBe(400);
      expect(empty.body.message).toBe(BATCH_MESSAGES.groupNeedsBatch);
      const unknown = await admin('POST', '/batch/group', { ...body, groupName: 'Ghost', batchIds: ['nope'] });
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe(batchMessage('notFound', { batchId: 'nope' }));

      const update = {
        ...body,
        groupId: group.groupId,
        version: 0,
        groupName: 'Kota Crash and Weekend',
        batchIds: [theEmpty.id, theOpen.id],
      };
      const changed = await admin('PUT', '/batch/group', update);
      expect(changed.status).toBe(200);
      expect(changed.body.message).toBe(batchMessage('groupUpdated', { groupName: 'Kota Crash and Weekend' }));
      expect(changed.body.data).toMatchObject({ version: 1, groupName: 'Kota Crash and Weekend' });
      expect(changed.body.data.batches).toHaveLength(2);
      const stale = await admin('PUT', '/batch/group', update);
      expect(stale.status).toBe(409);
      expect(stale.body.message).toBe(MESSAGES.staleVersion.replace('[entity]', 'group'));
      expect((await admin('GET', `/batch/groups/${group.groupId}`)).body.data.groupName).toBe('Kota Crash and Weekend');

      const deleted = await admin('DELETE', `/batch/groups/${group.groupId}`);
      expect(deleted.body).toEqual({
        data: { deleted: true },
        message: batchMessage('groupDeleted', { groupName: 'Kota Crash and Weekend' }),
      });
      const missing = await admin('GET', `/batch/groups/${group.groupId}`);
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe(batchMessage('groupNotFound', { groupId: group.groupId }));
      expect((await batch(theEmpty.id)).batchId).toBe(theEmpty.id);
      expect(await count('activity_log WHERE entity_id = $1', [group.groupId])).toBe(3);
    });
  });

  describe('students by id', () => {
    it('answers commerce staff every student, and batch staff outside commerce only students in a batch', async () => {
      const [member] = await t.database.query<{ student_id: string }>(
        'SELECT student_id FROM batch_students WHERE batch_id = $1 ORDER BY student_id LIMIT 1',
        [theFull.id],
      );
      const ask = [loner.id, 'no-such-student', member!.student_id];
      const read = async (role: Role) =>
        (
          (await as(role, 'POST', '/students/student/byStudentIds', { studentIds: ask })).body.data as {
            studentId: string;
          }[]
        ).map((s) => s.studentId);
      expect(await read('FINANCE')).toEqual([loner.id, member!.student_id]);
      expect(await read('SUPER_ADMIN')).toEqual([loner.id, member!.student_id]);
      expect(await read('CONTENT_ADMIN')).toEqual([member!.student_id]);
      expect(
        (await as('CONTENT_DEVELOPER', 'POST', '/students/student/byStudentIds', { studentIds: ask })).status,
      ).toBe(403);
    });
  });
});
