import crypto from 'node:crypto';
import {
  BATCH_MESSAGES,
  ROLL_NUMBER_PATTERN,
  batchMessage,
  failureLine,
  plural,
  rowReason,
  type Batch,
  type BatchInfo,
  type BatchMember,
  type BatchStatus,
  type Branch,
  type BulkUploadBody,
  type BulkUploadResult,
  type CreateBatchBody,
  type Group,
  type MoveFailure,
  type MoveResult,
  type MoveStudentsBody,
  type Program,
  type SheetRow,
  type UpdateBatchBody,
} from '@lectern/contract';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { changeAggregate, recordChange, type Aggregate } from '../../lib/aggregate';
import { AppError, failWith } from '../../lib/app-error';
import type { Actor } from '../../lib/routing';
import type { StudentsRepository } from '../students/students.repository';
import type { BatchRecord, BatchRow, BatchesRepository, GroupRow, MemberRow } from './batches.repository';
import { countOutcomes, planUpload, readSheet, type UploadFacts } from './bulk-upload';

const fail = failWith(BATCH_MESSAGES);

function toBatch(r: BatchRecord): Batch {
  return {
    batchId: r.row.id,
    batchName: r.row.name,
    batchCode: r.row.code,
    branchId: r.row.branchId,
    branchName: r.branchName,
    programId: r.row.programId,
    programName: r.programName,
    startDate: r.row.startDate,
    endDate: r.row.endDate,
    capacity: r.row.capacity,
    studentCount: r.studentCount,
    status: r.row.status as BatchStatus,
    closedAt: r.row.closedAt?.toISOString() ?? null,
    closedBy: r.row.closedBy,
    createdBy: r.row.createdBy,
    createdAt: r.row.createdAt.toISOString(),
    updatedAt: r.row.updatedAt.toISOString(),
    version: r.row.version,
  };
}

function toInfo(r: BatchRecord): BatchInfo {
  return {
    batchId: r.row.id,
    batchName: r.row.name,
    batchCode: r.row.code,
    branchName: r.branchName,
    programName: r.programName,
    capacity: r.row.capacity,
    studentCount: r.studentCount,
  };
}

function toMember(m: MemberRow): BatchMember {
  return { studentId: m.studentId, rollNumber: m.rollNumber, addedAt: m.addedAt.toISOString(), addedBy: m.addedBy };
}

/** What a batch form may not say, whatever the database holds: 400 before any lock. */
function checkDates(body: { startDate: string; endDate: string }): void {
  if (body.endDate < body.startDate) throw fail(400, 'endBeforeStart');
}

/** Batches, branches, programs, groups and the students of batches (spec 2 §7, DESIGN §9). */
export class BatchesService {
  private readonly batches: Aggregate<BatchRow>;
  private readonly groupsAggregate: Aggregate<GroupRow>;

  constructor(
    private readonly db: Db,
    private readonly repo: BatchesRepository,
    private readonly students: StudentsRepository,
    /** the state code given to students a sheet creates (the company's own state: no address to go by) */
    private readonly newStudentStateCode: string,
  ) {
    this.batches = {
      entity: 'batch',
      lock: (tx, id) => repo.lock(tx, id),
      bumpVersion: (tx, id) => repo.bumpVersion(tx, id),
      missing: () => fail(404, 'notFound', { batchId: '' }),
    };
    this.groupsAggregate = {
      entity: 'group',
      lock: (tx, id) => repo.lockGroup(tx, id),
      bumpVersion: (tx, id) => repo.bumpGroupVersion(tx, id),
      missing: () => fail(404, 'groupNotFound', { groupId: '' }),
    };
  }

  private batchAggregate(batchId: string): Aggregate<BatchRow> {
    return { ...this.batches, missing: () => fail(404, 'notFound', { batchId }) };
  }

  // ---- reads

  async page(page: number, size: number) {
    const { records, total } = await this.repo.page(page, size);
    return { batchDTOS: records.map(toBatch), page, size, totalElements: total };
  }

  async byStatus(status: BatchStatus): Promise<Batch[]> {
    return (await this.repo.byStatus(status)).map(toBatch);
  }

  async infoByStatus(status: BatchStatus): Promise<BatchInfo[]> {
    return (await this.repo.byStatus(status)).map(toInfo);
  }

  async byId(batchId: string, db?: Db): Promise<Batch> {
    const record = await this.repo.byId(batchId, db);
    if (!record) throw fail(404, 'notFound', { batchId });
    return toBatch(record);
  }

  async branches(): Promise<Branch[]> {
    return (await this.repo.branches()).map(({ row, batchCount }) => ({
      branchId: row.id,
      branchName: row.name,
      city: row.city,
      batchCount,
      createdAt: row.createdAt.toISOString(),
      createdBy: row.createdBy,
    }));
  }

  async programs(): Promise<Program[]> {
    return (await this.repo.programs()).map(({ row, batchCount }) => ({
      programId: row.id,
      programName: row.name,
      batchCount,
      createdAt: row.createdAt.toISOString(),
      createdBy: row.createdBy,
    }));
  }

  async studentIds(batchId: string) {
    await this.byId(batchId);
    const members = await this.repo.members(batchId);
    return { data: { studentIds: members.map((m) => m.studentId), members: members.map(toMember) } };
  }

  // ---- branches and programs

  async createBranch(
    actor: Actor,
    body: { branchName: string; city: string },
  ): Promise<{ branch: Branch; message: string }> {
    const id = crypto.randomUUID();
    await recordChange(this.db, actor, {
      apply: async (tx) => {
        await this.repo.insertBranch(tx, { id, name: body.branchName, city: body.city, createdBy: actor.name });
        return {
          activity: {
            action: 'branch.create',
            entityType: 'branch',
            entityId: id,
            after: body,
            summary: `${actor.name} created branch '${body.branchName}' (${body.city})`,
          },
        };
      },
      onError: (error) =>
        isUniqueViolation(error) ? fail(409, 'branchTaken', { branchName: body.branchName }) : undefined,
    });
    const branch = (await this.branches()).find((b) => b.branchId === id)!;
    return { branch, message: batchMessage('branchCreated', { branchName: body.branchName }) };
  }

  async createProgram(actor: Actor, body: { programName: string }): Promise<{ program: Program; message: string }> {
    const id = crypto.randomUUID();
    await recordChange(this.db, actor, {
      apply: async (tx) => {
        await this.repo.insertProgram(tx, { id, name: body.programName, createdBy: actor.name });
        return {
          activity: {
            action: 'program.create',
            entityType: 'program',
            entityId: id,
            after: body,
            summary: `${actor.name} created program '${body.programName}'`,
          },
        };
      },
      onError: (error) =>
        isUniqueViolation(error) ? fail(409, 'programTaken', { programName: body.programName }) : undefined,
    });
    const program = (await this.programs()).find((p) => p.programId === id)!;
    return { program, message: batchMessage('programCreated', { programName: body.programName }) };
  }

  // ---- batches

  /** The branch and program exist and the code is free (another batch's code names that batch). */
  private async checkFields(tx: Db, body: CreateBatchBody, batchId?: string): Promise<void> {
    if (!(await this.repo.branchExists(tx, body.branchId)))
      throw fail(404, 'branchNotFound', { branchId: body.branchId });
    if (!(await this.repo.programExists(tx, body.programId))) {
      throw fail(404, 'programNotFound', { programId: body.programId });
    }
    const owner = await this.repo.codeOwner(tx, body.batchCode, batchId);
    if (owner) throw fail(409, 'codeTaken', { batchCode: body.batchCode, batchName: owner.name });
  }

  /** A unique violation on the code lost a race with another save: answered like the check above. */
  private codeRace(code: string): (error: unknown) => AppError | undefined {
    return (error) =>
      isUniqueViolation(error) ? fail(409, 'codeTaken', { batchCode: code, batchName: code }) : undefined;
  }

  private fields(body: CreateBatchBody) {
    return {
      name: body.batchName,
      code: body.batchCode,
      branchId: body.branchId,
      programId: body.programId,
      startDate: body.startDate,
      endDate: body.endDate,
      capacity: body.capacity,
    };
  }

  async create(actor: Actor, body: CreateBatchBody): Promise<{ batch: Batch; message: string }> {
    checkDates(body);
    const id = crypto.randomUUID();
    await recordChange(this.db, actor, {
      apply: async (tx) => {
        await this.checkFields(tx, body);
        const values = { id, ...this.fields(body), createdBy: actor.name };
        await this.repo.insertBatch(tx, values);
        return {
          activity: {
            action: 'batch.create',
            entityType: 'batch',
            entityId: id,
            after: values,
            summary: `${actor.name} created batch '${body.batchName}' (${body.batchCode})`,
          },
        };
      },
      onError: this.codeRace(body.batchCode),
    });
    return { batch: await this.byId(id), message: batchMessage('created', { batchName: body.batchName }) };
  }

  async update(actor: Actor, body: UpdateBatchBody): Promise<{ batch: Batch; message: string }> {
    checkDates(body);
    await changeAggregate(
      this.db,
      this.batchAggregate(body.batchId),
      { actor, id: body.batchId, version: body.version },
      {
        check: async (tx, row) => {
          if (row.status !== 'ACTIVE') throw fail(409, 'closedNoChange', { batchName: row.name });
          const students = await this.repo.studentCount(tx, row.id);
          if (body.capacity < students) throw fail(409, 'capacityBelowStudents', { count: students });
          await this.checkFields(tx, body, row.id);
        },
        apply: async ({ tx, row }) => {
          const values = this.fields(body);
          await this.repo.updateBatch(tx, row.id, values);
          const before = this.fields({
            batchName: row.name,
            batchCode: row.code,
            branchId: row.branchId,
            programId: row.programId,
            startDate: row.startDate,
            endDate: row.endDate,
            capacity: row.capacity,
          });
          return {
            activity: {
              action: 'batch.update',
              entityType: 'batch',
              entityId: row.id,
              before,
              after: values,
              summary: `${actor.name} updated batch '${body.batchName}' (${body.batchCode})`,
            },
          };
        },
        onError: this.codeRace(body.batchCode),
      },
    );
    return { batch: await this.byId(body.batchId), message: batchMessage('updated', { batchName: body.batchName }) };
  }

  async close(actor: Actor, batchId: string, version: number | undefined): Promise<{ batch: Batch; message: string }> {
    // No version sent: closing is one-way and needs no edit to protect, so the current one is taken.
    const seen = version ?? (await this.byId(batchId)).version;
    let name = '';
    await changeAggregate(
      this.db,
      this.batchAggregate(batchId),
      { actor, id: batchId, version: seen },
      {
        check: (_tx, row) => {
          if (row.status === 'CLOSED') throw fail(409, 'alreadyClosed', { batchName: row.name });
        },
        apply: async ({ tx, row }) => {
          name = row.name;
          await this.repo.updateBatch(tx, row.id, { status: 'CLOSED', closedAt: new Date(), closedBy: actor.name });
          return {
            activity: {
              action: 'batch.close',
              entityType: 'batch',
              entityId: row.id,
              before: { status: row.status },
              after: { status: 'CLOSED' },
              summary: `${actor.name} closed batch '${row.name}' (${row.code})`,
            },
          };
        },
      },
    );
    return { batch: await this.byId(batchId), message: batchMessage('closed', { batchName: name }) };
  }

  // ---- students of a batch

  async addStudent(
    actor: Actor,
    batchId: string,
    body: { mobileNumber: string; rollNumber?: string },
  ): Promise<{ member: BatchMember; message: string }> {
    const roll = body.rollNumber?.trim() || null;
    if (roll && !ROLL_NUMBER_PATTERN.test(roll))
      throw new AppError(400, rowReason('rollNumberInvalid', { rollNumber: roll }));
    let studentId = '';
    let message = '';
    await recordChange(this.db, actor, {
      apply: async (tx) => {
        const batch = await this.repo.lock(tx, batchId);
        if (!batch) throw fail(404, 'notFound', { batchId });
        const [student] = await this.students.byMobiles(tx, [body.mobileNumber]);
        if (!student) throw fail(404, 'noStudentForMobile', { mobileNumber: body.mobileNumber });
        studentId = student.id;
        const names = { studentName: student.name, batchName: batch.name };
        if ((await this.repo.membersAmong(tx, batchId, [student.id])).size > 0) {
          throw fail(409, 'studentAlreadyIn', names);
        }
        // spec 2 §8's shape for one student who cannot join: 'For {name} {reason}'
        const refuse = (reason: string) => new AppError(409, failureLine({ name: student.name, reason }));
        if (batch.status !== 'ACTIVE') throw refuse(batchMessage('closedNoStudents', { batchName: batch.name }));
        if ((await this.repo.studentCount(tx, batchId)) >= batch.capacity) {
          throw refuse(batchMessage('capacityFull', { batchName: batch.name, capacity: batch.capacity }));
        }
        if (roll) {
          const owner = (await this.repo.rollOwners(tx, batchId, [roll.toUpperCase()])).get(roll.toUpperCase());
          if (owner) throw refuse(batchMessage('rollNumberTaken', { rollNumber: roll, studentName: owner.name }));
        }
        await this.repo.addMembers(tx, batchId, [{ studentId: student.id, rollNumber: roll }], actor.name);
        message = batchMessage('studentAdded', names);
        return {
          activity: {
            action: 'batch.student.add',
            entityType: 'batch',
            entityId: batchId,
            after: { studentId: student.id, rollNumber: roll },
            summary: `${actor.name} added ${student.name} to batch '${batch.name}'`,
          },
        };
      },
    });
    const member = (await this.repo.members(batchId)).find((m) => m.studentId === studentId)!;
    return { member: toMember(member), message };
  }

  async removeStudent(actor: Actor, batchId: string, studentId: string): Promise<{ message: string }> {
    let message = '';
    await recordChange(this.db, actor, {
      apply: async (tx) => {
        const batch = await this.repo.lock(tx, batchId);
        if (!batch) throw fail(404, 'notFound', { batchId });
        const student = await this.students.byId(studentId, tx);
        if (!student) throw fail(404, 'studentNotInBatch', { studentName: studentId, batchName: batch.name });
        const names = { studentName: student.name, batchName: batch.name };
        if (batch.status !== 'ACTIVE') throw fail(409, 'closedNoChange', { batchName: batch.name });
        const member = await this.repo.member(tx, batchId, studentId);
        if (!member) throw fail(404, 'studentNotInBatch', names);
        await this.repo.removeMembers(tx, batchId, [studentId]);
        message = batchMessage('studentRemoved', names);
        return {
          activity: {
            action: 'batch.student.remove',
            entityType: 'batch',
            entityId: batchId,
            before: toMember(member),
            summary: `${actor.name} removed ${student.name} from batch '${batch.name}'`,
          },
        };
      },
    });
    return { message };
  }

  /**
   * Moves students from one batch to another in one transaction, both batches locked. Each student who
   * cannot go (missing, not in the old batch, the new batch closed or full) is listed with why; the
   * others move. A student already in the new batch just leaves the old one (no seat taken).
   * Roll numbers belong to a batch: a moved student has none in the new batch until staff give one.
   */
  async move(actor: Actor, body: MoveStudentsBody): Promise<MoveResult> {
    if (body.oldBatchId === body.newBatchId) throw fail(400, 'sameBatch');
    const studentIds = [...new Set(body.studentIds)];
    let moved: string[] = [];
    let failures: MoveFailure[] = [];
    let target = '';
    await recordChange(this.db, actor, {
      apply: async (tx) => {
        const locked = await this.repo.lockMany(tx, [body.oldBatchId, body.newBatchId]);
        const from = locked.get(body.oldBatchId);
        const to = locked.get(body.newBatchId);
        if (!from) throw fail(404, 'notFound', { batchId: body.oldBatchId });
        if (!to) throw fail(404, 'notFound', { batchId: body.newBatchId });
        target = to.name;
        if (from.status !== 'ACTIVE') throw fail(409, 'closedNoChange', { batchName: from.name });
        const people = new Map((await this.students.namesOf(tx, studentIds)).map((s) => [s.id, s.name]));
        const inOld = await this.repo.membersAmong(tx, from.id, studentIds);
        const inNew = await this.repo.membersAmong(tx, to.id, studentIds);
        const taken = await this.repo.studentCount(tx, to.id);
        let seats = to.capacity - taken;
        // a full target refuses the whole move with one sentence, rather than failing each student
        const needSeats = studentIds.some((id) => people.has(id) && inOld.has(id) && !inNew.has(id));
        if (to.status === 'ACTIVE' && seats <= 0 && needSeats) {
          throw fail(409, 'moveTargetFull', { batchName: to.name, studentCount: taken, capacity: to.capacity });
        }
        failures = [];
        moved = [];
        for (const id of studentIds) {
          const name = people.get(id);
          const refuse = (reason: string) => failures.push({ studentId: id, name: name ?? id, reason });
          if (name === undefined) refuse(BATCH_MESSAGES.studentMissing);
          else if (!inOld.has(id)) refuse(batchMessage('notInOldBatch', { batchName: from.name }));
          else if (inNew.has(id)) moved.push(id);
          else if (to.status !== 'ACTIVE') refuse(batchMessage('closedNoStudents', { batchName: to.name }));
          else if (seats <= 0) refuse(batchMessage('capacityFull', { batchName: to.name, capacity: to.capacity }));
          else {
            seats -= 1;
            moved.push(id);
          }
        }
        await this.repo.removeMembers(tx, from.id, moved);
        await this.repo.addMembers(
          tx,
          to.id,
          moved.filter((id) => !inNew.has(id)).map((studentId) => ({ studentId, rollNumber: null })),
          actor.name,
        );
        const names = (ids: string[]) => ids.map((id) => people.get(id) ?? id);
        return {
          activity: {
            action: 'batch.students.move',
            entityType: 'batch',
            entityId: to.id,
            before: { batchId: from.id, studentIds },
            after: {
              batchId: to.id,
              moved: moved.map((id) => ({ studentId: id, name: people.get(id) })),
              failed: failures,
            },
            summary:
              `${actor.name} moved ${plural(moved.length, 'student')} from '${from.name}' to '${to.name}'` +
              (moved.length > 0 ? `: ${names(moved).join(', ')}` : '') +
              (failures.length > 0 ? `; not moved: ${failures.map((f) => failureLine(f)).join('; ')}` : ''),
          },
        };
      },
    });
    const message =
      moved.length === 0
        ? batchMessage('noneMoved', { batchName: target })
        : failures.length === 0
          ? batchMessage('moved', { count: moved.length, batchName: target })
          : batchMessage('movedWithFailures', { count: moved.length, batchName: target, failed: failures.length });
    return { error: failures.length > 0, message, moved, data: failures };
  }

  // ---- bulk upload

  /** What the database says about a sheet's good rows, read in `tx` (under the batch's lock on a real run). */
  private async facts(tx: Db, batch: BatchRow, mobiles: string[], rolls: string[]): Promise<UploadFacts> {
    const found = await this.students.byMobiles(tx, mobiles);
    const studentsByMobile = new Map(found.map((s) => [s.mobileNumber, { id: s.id, name: s.name }]));
    return {
      batch: {
        batchName: batch.name,
        status: batch.status,
        capacity: batch.capacity,
        studentCount: await this.repo.studentCount(tx, batch.id),
      },
      studentsByMobile,
      members: await this.repo.membersAmong(
        tx,
        batch.id,
        found.map((s) => s.id),
      ),
      rollOwners: await this.repo.rollOwners(tx, batch.id, rolls),
    };
  }

  /**
   * Students from a sheet into a batch. Every row is checked with the sheet rules first, then against
   * the database in a handful of statements whatever the sheet's length. A dry run reads and answers;
   * a real run does the same under the batch's lock (two uploads queue, so they cannot overfill it)
   * and writes every good row in that one transaction: new students in one insert, their places in
   * another. Already in the batch is an outcome, not a write: the same sheet twice adds nobody twice.
   */
  async bulkUpload(actor: Actor, body: BulkUploadBody): Promise<BulkUploadResult> {
    const rows: SheetRow[] = body.rows;
    const sheet = readSheet(rows);
    let result: BulkUploadResult | undefined;
    const run = async (tx: Db, batch: BatchRow) => {
      const facts = await this.facts(tx, batch, sheet.mobiles, sheet.rolls);
      return { facts, ...planUpload(rows, sheet.problems, facts) };
    };
    const answer = (batch: BatchRow, results: BulkUploadResult['rows']): BulkUploadResult => {
      const counts = countOutcomes(results);
      return {
        dryRun: body.dryRun,
        batchId: batch.id,
        counts,
        rows: results,
        message: batchMessage(body.dryRun ? 'uploadDryRun' : 'uploadDone', {
          added: counts.NEW_STUDENT + counts.EXISTING_STUDENT_ADDED,
          created: counts.NEW_STUDENT,
          batchName: batch.name,
          skipped: counts.ALREADY_IN_BATCH + counts.ERROR,
        }),
      };
    };

    if (body.dryRun) {
      const row = (await this.repo.byId(body.batchId))?.row;
      if (!row) throw fail(404, 'notFound', { batchId: body.batchId });
      const { results } = await run(this.db, row);
      return answer(row, results);
    }

    await recordChange(this.db, actor, {
      apply: async (tx) => {
        const batch = await this.repo.lock(tx, body.batchId);
        if (!batch) throw fail(404, 'notFound', { batchId: body.batchId });
        const { results, writes } = await run(tx, batch);
        const fresh = writes.filter((w) => w.studentId === null);
        const made = fresh.map((w) => ({
          id: crypto.randomUUID(),
          name: w.name,
          mobileNumber: w.mobileNumber,
          email: w.email,
          stateCode: this.newStudentStateCode,
        }));
        const inserted = new Set(await this.students.insertMany(tx, made));
        const ids = new Map<string, string>(
          made.filter((m) => inserted.has(m.mobileNumber)).map((m) => [m.mobileNumber, m.id]),
        );
        // A number another upload created since the read (never under this batch's lock, but another
        // batch's): that student is used, as a second run would.
        const raced = made.filter((m) => !inserted.has(m.mobileNumber)).map((m) => m.mobileNumber);
        for (const s of await this.students.byMobiles(tx, raced)) ids.set(s.mobileNumber, s.id);
        const members = writes.map((w) => ({
          studentId: w.studentId ?? ids.get(w.mobileNumber)!,
          rollNumber: w.rollNumber,
        }));
        await this.repo.addMembers(tx, batch.id, members, actor.name);
        for (const w of fresh) {
          const r = results[w.index]!;
          results[w.index] = {
            ...r,
            studentId: ids.get(w.mobileNumber) ?? null,
            outcome: inserted.has(w.mobileNumber) ? r.outcome : 'EXISTING_STUDENT_ADDED',
          };
        }
        result = answer(batch, results);
        return {
          activity: {
            action: 'batch.students.upload',
            entityType: 'batch',
            entityId: batch.id,
            after: { rows: rows.length, counts: result.counts },
            summary: `${actor.name} uploaded a sheet of ${plural(rows.length, 'row')} to batch '${batch.name}': ${result.message}`,
          },
        };
      },
    });
    return result!;
  }

  // ---- groups

  private async toGroups(rows: GroupRow[]): Promise<Group[]> {
    const batchIds = await this.repo.batchIdsOfGroups(rows.map((g) => g.id));
    const all = [...new Set([...batchIds.values()].flat())];
    const infos = new Map((await this.repo.byIds(all)).map((r) => [r.row.id, toInfo(r)]));
    return rows.map((g) => ({
      groupId: g.id,
      groupName: g.name,
      description: g.description,
      batches: (batchIds.get(g.id) ?? [])
        .map((id) => infos.get(id)!)
        .filter(Boolean)
        .sort((a, b) => a.batchName.localeCompare(b.batchName)),
      createdBy: g.createdBy,
      createdAt: g.createdAt.toISOString(),
      updatedAt: g.updatedAt.toISOString(),
      version: g.version,
    }));
  }

  async groups(): Promise<Group[]> {
    return this.toGroups(await this.repo.groups());
  }

  async group(groupId: string): Promise<Group> {
    const row = await this.repo.group(groupId);
    if (!row) throw fail(404, 'groupNotFound', { groupId });
    return (await this.toGroups([row]))[0]!;
  }

  /** The group's batches: at least one, every one existing. */
  private async checkGroupBatches(tx: Db, batchIds: string[]): Promise<string[]> {
    const ids = [...new Set(batchIds)];
    if (ids.length === 0) throw fail(400, 'groupNeedsBatch');
    const found = new Set((await this.repo.byIds(ids, tx)).map((r) => r.row.id));
    const unknown = ids.find((id) => !found.has(id));
    if (unknown !== undefined) throw fail(404, 'notFound', { batchId: unknown });
    return ids;
  }

  private groupTaken(name: string) {
    return (error: unknown) => (isUniqueViolation(error) ? fail(409, 'groupTaken', { groupName: name }) : undefined);
  }

  async createGroup(
    actor: Actor,
    body: { groupName: string; description: string; batchIds: string[] },
  ): Promise<{ group: Group; message: string }> {
    const id = crypto.randomUUID();
    await recordChange(this.db, actor, {
      apply: async (tx) => {
        const batchIds = await this.checkGroupBatches(tx, body.batchIds);
        await this.repo.insertGroup(tx, {
          id,
          name: body.groupName,
          description: body.description,
          createdBy: actor.name,
        });
        await this.repo.setGroupBatches(tx, id, batchIds);
        return {
          activity: {
            action: 'group.create',
            entityType: 'group',
            entityId: id,
            after: { ...body, batchIds },
            summary: `${actor.name} created group '${body.groupName}' of ${plural(batchIds.length, 'batch', 'batches')}`,
          },
        };
      },
      onError: this.groupTaken(body.groupName),
    });
    return { group: await this.group(id), message: batchMessage('groupCreated', { groupName: body.groupName }) };
  }

  async updateGroup(
    actor: Actor,
    body: { groupId: string; version: number; groupName: string; description: string; batchIds: string[] },
  ): Promise<{ group: Group; message: string }> {
    await changeAggregate(
      this.db,
      { ...this.groupsAggregate, missing: () => fail(404, 'groupNotFound', { groupId: body.groupId }) },
      { actor, id: body.groupId, version: body.version },
      {
        apply: async ({ tx, row }) => {
          const batchIds = await this.checkGroupBatches(tx, body.batchIds);
          const before = (await this.repo.batchIdsOfGroups([row.id], tx)).get(row.id) ?? [];
          await this.repo.updateGroup(tx, row.id, { name: body.groupName, description: body.description });
          await this.repo.setGroupBatches(tx, row.id, batchIds);
          return {
            activity: {
              action: 'group.update',
              entityType: 'group',
              entityId: row.id,
              before: { groupName: row.name, description: row.description, batchIds: before },
              after: { groupName: body.groupName, description: body.description, batchIds },
              summary: `${actor.name} updated group '${body.groupName}'`,
            },
          };
        },
        onError: this.groupTaken(body.groupName),
      },
    );
    return {
      group: await this.group(body.groupId),
      message: batchMessage('groupUpdated', { groupName: body.groupName }),
    };
  }

  async deleteGroup(actor: Actor, groupId: string): Promise<{ message: string }> {
    let message = '';
    await recordChange(this.db, actor, {
      apply: async (tx) => {
        const row = await this.repo.lockGroup(tx, groupId);
        if (!row) throw fail(404, 'groupNotFound', { groupId });
        await this.repo.deleteGroup(tx, groupId);
        message = batchMessage('groupDeleted', { groupName: row.name });
        return {
          activity: {
            action: 'group.delete',
            entityType: 'group',
            entityId: groupId,
            before: { groupName: row.name, description: row.description },
            summary: `${actor.name} deleted group '${row.name}'`,
          },
        };
      },
    });
    return { message };
  }
}
