import {
  BATCH_MESSAGES,
  ROLL_NUMBER_PATTERN,
  batchMessage,
  failureLine,
  plural,
  rowReason,
  type BatchMember,
  type MoveFailure,
  type MoveResult,
  type MoveStudentsBody,
} from '@lectern/contract';
import type { Db } from '../../db/client';
import { recordChange } from '../../lib/aggregate';
import { AppError, failWith } from '../../lib/app-error';
import type { Actor } from '../../lib/routing';
import type { StudentsDirectory } from '../students';
import type { BatchesRepository } from './batches.repository';
import { toMember } from './batches.mappers';

const fail = failWith(BATCH_MESSAGES);

/** The students of a batch: who is in it, adding, removing and moving them (spec 2 §8). */
export class MembershipService {
  constructor(
    private readonly db: Db,
    private readonly repo: BatchesRepository,
    private readonly students: StudentsDirectory,
  ) {}

  async studentIds(batchId: string) {
    if (!(await this.repo.byId(batchId))) throw fail(404, 'notFound', { batchId });
    const members = await this.repo.members(batchId);
    return { data: { studentIds: members.map((m) => m.studentId), members: members.map(toMember) } };
  }

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
}
