import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { batchStudents, batches, branches, groupBatches, programs, studentGroups, students } from '../../db/schema';

export type BatchRow = typeof batches.$inferSelect;
export type GroupRow = typeof studentGroups.$inferSelect;
type BatchInsert = typeof batches.$inferInsert;

/** A batch with its branch's and program's names and how many students it has. */
export interface BatchRecord {
  row: BatchRow;
  branchName: string;
  programName: string;
  studentCount: number;
}

/** A student's place in a batch. */
export interface MemberRow {
  studentId: string;
  rollNumber: string | null;
  addedAt: Date;
  addedBy: string;
}

/** One row to add to a batch. */
export interface NewMember {
  studentId: string;
  rollNumber: string | null;
}

/** The rows of a `RETURNING` or a raw select, whichever driver answered. */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** A list as one array parameter (`= ANY(...)`, `unnest(...)`), whatever its length. */
const list = (values: readonly (string | null)[]) => sql.param(values);

const studentCount =
  sql<number>`(SELECT count(*) FROM ${batchStudents} WHERE ${batchStudents.batchId} = ${batches.id})`.mapWith(Number);

/** Branches, programs, batches, their students and groups: the only code that speaks SQL for them. */
export class BatchesRepository {
  constructor(private readonly db: Db) {}

  // ---- branches and programs

  async branches() {
    return this.db
      .select({
        row: branches,
        batchCount: sql<number>`(SELECT count(*) FROM ${batches} WHERE ${batches.branchId} = ${branches.id})`.mapWith(
          Number,
        ),
      })
      .from(branches)
      .orderBy(asc(sql`lower(${branches.name})`));
  }

  async insertBranch(tx: Db, values: typeof branches.$inferInsert): Promise<void> {
    await tx.insert(branches).values(values);
  }

  async programs() {
    return this.db
      .select({
        row: programs,
        batchCount: sql<number>`(SELECT count(*) FROM ${batches} WHERE ${batches.programId} = ${programs.id})`.mapWith(
          Number,
        ),
      })
      .from(programs)
      .orderBy(asc(sql`lower(${programs.name})`));
  }

  async insertProgram(tx: Db, values: typeof programs.$inferInsert): Promise<void> {
    await tx.insert(programs).values(values);
  }

  async branchExists(tx: Db, id: string): Promise<boolean> {
    return (await tx.select({ id: branches.id }).from(branches).where(eq(branches.id, id))).length > 0;
  }

  async programExists(tx: Db, id: string): Promise<boolean> {
    return (await tx.select({ id: programs.id }).from(programs).where(eq(programs.id, id))).length > 0;
  }

  // ---- batches

  private batchSelect(db: Db) {
    return db
      .select({ row: batches, branchName: branches.name, programName: programs.name, studentCount })
      .from(batches)
      .innerJoin(branches, eq(branches.id, batches.branchId))
      .innerJoin(programs, eq(programs.id, batches.programId));
  }

  /** A page of batches, newest first, and how many there are. */
  async page(page: number, size: number): Promise<{ records: BatchRecord[]; total: number }> {
    const [records, [total]] = await Promise.all([
      this.batchSelect(this.db)
        .orderBy(desc(batches.createdAt), asc(batches.id))
        .limit(size)
        .offset(page * size),
      this.db.select({ n: count() }).from(batches),
    ]);
    return { records, total: total?.n ?? 0 };
  }

  async byStatus(status: string): Promise<BatchRecord[]> {
    return this.batchSelect(this.db)
      .where(eq(batches.status, status))
      .orderBy(asc(sql`lower(${batches.name})`), asc(batches.id));
  }

  async byId(id: string, db: Db = this.db): Promise<BatchRecord | null> {
    const [record] = await this.batchSelect(db).where(eq(batches.id, id));
    return record ?? null;
  }

  async byIds(ids: string[], db: Db = this.db): Promise<BatchRecord[]> {
    if (ids.length === 0) return [];
    return this.batchSelect(db)
      .where(inArray(batches.id, ids))
      .orderBy(asc(sql`lower(${batches.name})`));
  }

  async lock(tx: Db, id: string): Promise<BatchRow | null> {
    const [row] = await tx.select().from(batches).where(eq(batches.id, id)).for('update');
    return row ?? null;
  }

  /** Several batches locked in id order, so two changes naming the same batches never deadlock. */
  async lockMany(tx: Db, ids: string[]): Promise<Map<string, BatchRow>> {
    if (ids.length === 0) return new Map();
    const rows = await tx.select().from(batches).where(inArray(batches.id, ids)).orderBy(asc(batches.id)).for('update');
    return new Map(rows.map((row) => [row.id, row]));
  }

  async bumpVersion(tx: Db, id: string): Promise<void> {
    await tx
      .update(batches)
      .set({ version: sql`${batches.version} + 1`, updatedAt: new Date() })
      .where(eq(batches.id, id));
  }

  async insertBatch(tx: Db, values: BatchInsert): Promise<void> {
    await tx.insert(batches).values(values);
  }

  async updateBatch(tx: Db, id: string, values: Partial<BatchInsert>): Promise<void> {
    await tx.update(batches).set(values).where(eq(batches.id, id));
  }

  /** The batch (other than `exceptId`) that holds `code`, if any. */
  async codeOwner(tx: Db, code: string, exceptId?: string): Promise<{ id: string; name: string } | null> {
    const where: SQL[] = [eq(batches.code, code)];
    if (exceptId) where.push(sql`${batches.id} <> ${exceptId}`);
    const [row] = await tx
      .select({ id: batches.id, name: batches.name })
      .from(batches)
      .where(and(...where));
    return row ?? null;
  }

  // ---- batch students

  async studentCount(tx: Db, batchId: string): Promise<number> {
    const [row] = await tx.select({ n: count() }).from(batchStudents).where(eq(batchStudents.batchId, batchId));
    return row?.n ?? 0;
  }

  /** A batch's students, in the order they joined. */
  async members(batchId: string): Promise<MemberRow[]> {
    return this.db
      .select({
        studentId: batchStudents.studentId,
        rollNumber: batchStudents.rollNumber,
        addedAt: batchStudents.addedAt,
        addedBy: batchStudents.addedBy,
      })
      .from(batchStudents)
      .where(eq(batchStudents.batchId, batchId))
      .orderBy(asc(batchStudents.addedAt), asc(batchStudents.studentId));
  }

  async member(tx: Db, batchId: string, studentId: string): Promise<MemberRow | null> {
    const [row] = await tx
      .select({
        studentId: batchStudents.studentId,
        rollNumber: batchStudents.rollNumber,
        addedAt: batchStudents.addedAt,
        addedBy: batchStudents.addedBy,
      })
      .from(batchStudents)
      .where(and(eq(batchStudents.batchId, batchId), eq(batchStudents.studentId, studentId)));
    return row ?? null;
  }

  /** Which of `studentIds` are in the batch (one statement, any number of ids). */
  async membersAmong(tx: Db, batchId: string, studentIds: string[]): Promise<Set<string>> {
    if (studentIds.length === 0) return new Set();
    const rows = await tx
      .select({ studentId: batchStudents.studentId })
      .from(batchStudents)
      .where(
        and(eq(batchStudents.batchId, batchId), sql`${batchStudents.studentId} = ANY(${list(studentIds)}::text[])`),
      );
    return new Set(rows.map((r) => r.studentId));
  }

  /** Who holds these roll numbers (upper-cased) in the batch: roll -> student. */
  async rollOwners(
    tx: Db,
    batchId: string,
    rolls: string[],
  ): Promise<Map<string, { studentId: string; name: string }>> {
    if (rolls.length === 0) return new Map();
    const rows = await tx
      .select({ roll: sql<string>`upper(${batchStudents.rollNumber})`, studentId: students.id, name: students.name })
      .from(batchStudents)
      .innerJoin(students, eq(students.id, batchStudents.studentId))
      .where(
        and(eq(batchStudents.batchId, batchId), sql`upper(${batchStudents.rollNumber}) = ANY(${list(rolls)}::text[])`),
      );
    return new Map(rows.map((r) => [r.roll, { studentId: r.studentId, name: r.name }]));
  }

  /** Adds students to a batch in one statement; those already in it are left as they are. Returns who was added. */
  async addMembers(tx: Db, batchId: string, members: NewMember[], addedBy: string): Promise<string[]> {
    if (members.length === 0) return [];
    const result = await tx.execute(sql`
      INSERT INTO batch_students (batch_id, student_id, roll_number, added_by)
      SELECT ${batchId}, m.student_id, m.roll_number, ${addedBy}
        FROM unnest(${list(members.map((m) => m.studentId))}::text[], ${list(members.map((m) => m.rollNumber))}::text[])
             AS m(student_id, roll_number)
      ON CONFLICT DO NOTHING
      RETURNING student_id`);
    return rowsOf<{ student_id: string }>(result).map((r) => r.student_id);
  }

  /** Takes students out of a batch in one statement; returns who was taken out. */
  async removeMembers(tx: Db, batchId: string, studentIds: string[]): Promise<string[]> {
    if (studentIds.length === 0) return [];
    const rows = await tx
      .delete(batchStudents)
      .where(
        and(eq(batchStudents.batchId, batchId), sql`${batchStudents.studentId} = ANY(${list(studentIds)}::text[])`),
      )
      .returning({ studentId: batchStudents.studentId });
    return rows.map((r) => r.studentId);
  }

  // ---- groups

  async groups(): Promise<GroupRow[]> {
    return this.db
      .select()
      .from(studentGroups)
      .orderBy(asc(sql`lower(${studentGroups.name})`));
  }

  async group(id: string, db: Db = this.db): Promise<GroupRow | null> {
    const [row] = await db.select().from(studentGroups).where(eq(studentGroups.id, id));
    return row ?? null;
  }

  /** The batches of these groups: group id -> batch ids. */
  async batchIdsOfGroups(groupIds: string[], db: Db = this.db): Promise<Map<string, string[]>> {
    const map = new Map<string, string[]>();
    if (groupIds.length === 0) return map;
    const rows = await db.select().from(groupBatches).where(inArray(groupBatches.groupId, groupIds));
    for (const row of rows) (map.get(row.groupId) ?? map.set(row.groupId, []).get(row.groupId)!).push(row.batchId);
    return map;
  }

  async lockGroup(tx: Db, id: string): Promise<GroupRow | null> {
    const [row] = await tx.select().from(studentGroups).where(eq(studentGroups.id, id)).for('update');
    return row ?? null;
  }

  async bumpGroupVersion(tx: Db, id: string): Promise<void> {
    await tx
      .update(studentGroups)
      .set({ version: sql`${studentGroups.version} + 1`, updatedAt: new Date() })
      .where(eq(studentGroups.id, id));
  }

  async insertGroup(tx: Db, values: typeof studentGroups.$inferInsert): Promise<void> {
    await tx.insert(studentGroups).values(values);
  }

  async updateGroup(tx: Db, id: string, values: { name: string; description: string }): Promise<void> {
    await tx.update(studentGroups).set(values).where(eq(studentGroups.id, id));
  }

  /** Makes the group's batches exactly `batchIds`. */
  async setGroupBatches(tx: Db, groupId: string, batchIds: string[]): Promise<void> {
    await tx.delete(groupBatches).where(eq(groupBatches.groupId, groupId));
    if (batchIds.length > 0) await tx.insert(groupBatches).values(batchIds.map((batchId) => ({ groupId, batchId })));
  }

  async deleteGroup(tx: Db, id: string): Promise<void> {
    await tx.delete(studentGroups).where(eq(studentGroups.id, id));
  }
}
