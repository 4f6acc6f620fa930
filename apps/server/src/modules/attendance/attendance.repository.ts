import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { num, toDate } from '../../db/raw-row';
import {
  attendanceMarks,
  attendanceMatches,
  attendanceResults,
  attendanceSessions,
  attendanceTotals,
} from '../../db/schema';

/** Rows of a raw statement: both drivers (PGlite and node-postgres) answer with `rows`. */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export type SessionInsert = typeof attendanceSessions.$inferInsert;
export type MatchInsert = typeof attendanceMatches.$inferInsert;
export type ResultInsert = typeof attendanceResults.$inferInsert;

/** A live class as attendance reads it (the live classes module owns the table). */
export interface ClassRow {
  id: string;
  title: string;
  classRoomType: 'live' | 'offline';
  teacherId: string | null;
  startTime: Date;
  durationMinutes: number;
  presentSharePercent: number;
  status: 'SCHEDULED' | 'LIVE' | 'ENDED';
  endedAt: Date | null;
}

/** An invited student, with what matching reads. */
export interface InvitedStudent {
  id: string;
  name: string;
  email: string | null;
  mobileNumber: string;
}

/** A session of the class with the student its person is matched to (null: unmatched). */
export interface SessionWithMatch {
  participantId: string;
  name: string;
  email: string;
  joinTime: Date;
  leaveTime: Date;
  studentId: string | null;
  matchedBy: string | null;
}

/** One row of the students table, before the verdict of a student without results is worked out. */
export interface StudentPageRow {
  studentId: string;
  name: string;
  mobileNumber: string;
  batchName: string;
  seconds: number | null;
  present: boolean | null;
  explanation: string | null;
  matchedBy: string | null;
  firstJoin: Date | null;
  lastLeave: Date | null;
  spans: { joinTime: string; leaveTime: string }[] | null;
  markedByName: string | null;
}

/** The batches a class invites: its own and its groups' (a batch in both counts once). */
const audienceBatches = (liveClassId: string): SQL => sql`
  SELECT lb.batch_id FROM live_class_batches lb WHERE lb.live_class_id = ${liveClassId}
  UNION
  SELECT gb.batch_id FROM live_class_groups lg JOIN group_batches gb ON gb.group_id = lg.group_id
   WHERE lg.live_class_id = ${liveClassId}`;

/** Students of the class's batches and its groups' batches, once each. */
const invitedIds = (liveClassId: string): SQL => sql`
  SELECT DISTINCT bs.student_id FROM batch_students bs WHERE bs.batch_id IN (${audienceBatches(liveClassId)})`;

const CLASS_COLUMNS = sql`id, title, class_room_type AS "classRoomType", teacher_id AS "teacherId",
  start_time AS "startTime", duration_minutes AS "durationMinutes",
  present_share_percent AS "presentSharePercent", status, ended_at AS "endedAt"`;

function toClass(row: ClassRow): ClassRow {
  return {
    ...row,
    startTime: toDate(row.startTime),
    durationMinutes: num(row.durationMinutes),
    presentSharePercent: num(row.presentSharePercent),
    endedAt: row.endedAt === null ? null : toDate(row.endedAt),
  };
}

/** Attendance of live classes: participant sessions, their matches to students, results, offline marks. */
export class AttendanceRepository {
  constructor(private readonly db: Db) {}

  async classById(id: string, db: Db = this.db): Promise<ClassRow | null> {
    const result = await db.execute(sql`SELECT ${CLASS_COLUMNS} FROM live_classes WHERE id = ${id}`);
    const row = rowsOf<ClassRow>(result)[0];
    return row ? toClass(row) : null;
  }

  /** The class, locked until the transaction ends: imports, matches and marks of one class queue. */
  async lockClass(tx: Db, id: string): Promise<ClassRow | null> {
    const result = await tx.execute(sql`SELECT ${CLASS_COLUMNS} FROM live_classes WHERE id = ${id} FOR UPDATE`);
    const row = rowsOf<ClassRow>(result)[0];
    return row ? toClass(row) : null;
  }

  async invitedStudents(tx: Db, liveClassId: string): Promise<InvitedStudent[]> {
    const result = await tx.execute(sql`
      SELECT s.id, s.name, s.email, s.mobile_number AS "mobileNumber"
        FROM students s WHERE s.id IN (${invitedIds(liveClassId)})`);
    return rowsOf<InvitedStudent>(result);
  }

  /** The names of those of `studentIds` who are invited to the class. */
  async invitedAmong(tx: Db, liveClassId: string, studentIds: string[]): Promise<Map<string, string>> {
    if (studentIds.length === 0) return new Map();
    const result = await tx.execute(sql`
      SELECT s.id, s.name FROM students s
       WHERE s.id IN (${sql.join(
         studentIds.map((id) => sql`${id}`),
         sql`, `,
       )})
         AND s.id IN (${invitedIds(liveClassId)})`);
    return new Map(rowsOf<{ id: string; name: string }>(result).map((r) => [r.id, r.name]));
  }

  async studentName(tx: Db, studentId: string): Promise<string | null> {
    const result = await tx.execute(sql`SELECT name FROM students WHERE id = ${studentId}`);
    return rowsOf<{ name: string }>(result)[0]?.name ?? null;
  }

  /** Replaces every session of the class with `rows` (several statements, inside the caller's transaction). */
  async replaceSessions(tx: Db, liveClassId: string, rows: SessionInsert[]): Promise<void> {
    await tx.delete(attendanceSessions).where(eq(attendanceSessions.liveClassId, liveClassId));
    for (let i = 0; i < rows.length; i += 2000) await tx.insert(attendanceSessions).values(rows.slice(i, i + 2000));
  }

  /** Forgets the matches found at the last import; hand matches stay. */
  async deleteFoundMatches(tx: Db, liveClassId: string): Promise<void> {
    await tx
      .delete(attendanceMatches)
      .where(and(eq(attendanceMatches.liveClassId, liveClassId), ne(attendanceMatches.matchedBy, 'BY_HAND')));
  }

  /** The persons of the class already matched (by hand, after deleteFoundMatches). */
  async matchedParticipants(tx: Db, liveClassId: string): Promise<Set<string>> {
    const rows = await tx
      .select({ participantId: attendanceMatches.participantId })
      .from(attendanceMatches)
      .where(eq(attendanceMatches.liveClassId, liveClassId));
    return new Set(rows.map((r) => r.participantId));
  }

  async insertMatches(tx: Db, rows: MatchInsert[]): Promise<void> {
    for (let i = 0; i < rows.length; i += 2000) await tx.insert(attendanceMatches).values(rows.slice(i, i + 2000));
  }

  /** A match by hand: replaces whatever the person was matched to. */
  async saveHandMatch(tx: Db, row: MatchInsert): Promise<void> {
    await tx
      .insert(attendanceMatches)
      .values(row)
      .onConflictDoUpdate({
        target: [attendanceMatches.liveClassId, attendanceMatches.participantId],
        set: {
          studentId: row.studentId,
          matchedBy: row.matchedBy,
          matchedByUser: row.matchedByUser,
          matchedByName: row.matchedByName,
          matchedAt: sql`now()`,
        },
      });
  }

  /** The display name of a person of the class (null when the class has no such participant). */
  async participantName(tx: Db, liveClassId: string, participantId: string): Promise<string | null> {
    const [row] = await tx
      .select({ name: attendanceSessions.name })
      .from(attendanceSessions)
      .where(and(eq(attendanceSessions.liveClassId, liveClassId), eq(attendanceSessions.participantId, participantId)))
      .orderBy(attendanceSessions.joinTime)
      .limit(1);
    return row ? row.name : null;
  }

  async sessionsWithMatches(tx: Db, liveClassId: string): Promise<SessionWithMatch[]> {
    return tx
      .select({
        participantId: attendanceSessions.participantId,
        name: attendanceSessions.name,
        email: attendanceSessions.email,
        joinTime: attendanceSessions.joinTime,
        leaveTime: attendanceSessions.leaveTime,
        studentId: attendanceMatches.studentId,
        matchedBy: attendanceMatches.matchedBy,
      })
      .from(attendanceSessions)
      .leftJoin(
        attendanceMatches,
        and(
          eq(attendanceMatches.liveClassId, attendanceSessions.liveClassId),
          eq(attendanceMatches.participantId, attendanceSessions.participantId),
        ),
      )
      .where(eq(attendanceSessions.liveClassId, liveClassId))
      .orderBy(attendanceSessions.joinTime, attendanceSessions.id);
  }

  /** Replaces the class's worked-out results and totals. */
  async replaceResults(
    tx: Db,
    liveClassId: string,
    results: ResultInsert[],
    totals: { basis: string; unmatched: number; timeline: unknown },
  ): Promise<void> {
    await tx.delete(attendanceResults).where(eq(attendanceResults.liveClassId, liveClassId));
    for (let i = 0; i < results.length; i += 2000) {
      await tx.insert(attendanceResults).values(results.slice(i, i + 2000));
    }
    await tx
      .insert(attendanceTotals)
      .values({ liveClassId, ...totals })
      .onConflictDoUpdate({ target: attendanceTotals.liveClassId, set: { ...totals, computedAt: sql`now()` } });
  }

  async totals(liveClassId: string, db: Db = this.db) {
    const [row] = await db.select().from(attendanceTotals).where(eq(attendanceTotals.liveClassId, liveClassId));
    return row ?? null;
  }

  /** True when the class has any participant session. */
  async hasSessions(liveClassId: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: attendanceSessions.id })
      .from(attendanceSessions)
      .where(eq(attendanceSessions.liveClassId, liveClassId))
      .limit(1);
    return rows.length > 0;
  }

  /** Invited, joined, present and the seconds of those who joined, for a live or an offline class. */
  async counts(
    liveClassId: string,
    type: 'live' | 'offline',
  ): Promise<{ invited: number; joined: number; present: number; joinedSeconds: number }> {
    const result = await this.db.execute(
      type === 'live'
        ? sql`
          SELECT (SELECT count(*) FROM (${invitedIds(liveClassId)}) i)::int AS invited,
                 count(*) FILTER (WHERE r.seconds > 0)::int AS joined,
                 count(*) FILTER (WHERE r.present)::int AS present,
                 coalesce(sum(r.seconds) FILTER (WHERE r.seconds > 0), 0)::bigint AS "joinedSeconds"
            FROM attendance_results r
           WHERE r.live_class_id = ${liveClassId} AND r.student_id IN (${invitedIds(liveClassId)})`
        : sql`
          SELECT (SELECT count(*) FROM (${invitedIds(liveClassId)}) i)::int AS invited,
                 count(*) FILTER (WHERE m.present)::int AS joined,
                 count(*) FILTER (WHERE m.present)::int AS present,
                 0::bigint AS "joinedSeconds"
            FROM attendance_marks m
           WHERE m.live_class_id = ${liveClassId} AND m.student_id IN (${invitedIds(liveClassId)})`,
    );
    const row = rowsOf<Record<string, unknown>>(result)[0] ?? {};
    return {
      invited: num(row.invited),
      joined: num(row.joined),
      present: num(row.present),
      joinedSeconds: num(row.joinedSeconds),
    };
  }

  /** A page of the invited students by name, with their results (live) or marks (offline). */
  async studentPage(
    liveClassId: string,
    type: 'live' | 'offline',
    page: { page: number; size: number; present?: boolean },
  ): Promise<{ rows: StudentPageRow[]; total: number }> {
    const presentWhere =
      page.present === undefined
        ? sql``
        : type === 'live'
          ? sql`WHERE coalesce(r.present, false) = ${page.present}`
          : sql`WHERE coalesce(m.present, false) = ${page.present}`;
    const result = await this.db.execute(sql`
      WITH invited AS (
        SELECT bs.student_id, string_agg(DISTINCT b.name, ', ' ORDER BY b.name) AS batch_name
          FROM batch_students bs JOIN batches b ON b.id = bs.batch_id
         WHERE bs.batch_id IN (${audienceBatches(liveClassId)})
         GROUP BY bs.student_id
      )
      SELECT s.id AS "studentId", s.name, s.mobile_number AS "mobileNumber", i.batch_name AS "batchName",
             r.seconds, coalesce(r.present, m.present) AS present, r.explanation, r.matched_by AS "matchedBy",
             r.first_join AS "firstJoin", r.last_leave AS "lastLeave", r.spans,
             m.marked_by_name AS "markedByName", count(*) OVER () AS total
        FROM invited i
        JOIN students s ON s.id = i.student_id
        LEFT JOIN attendance_results r ON ${type === 'live' ? sql`r.live_class_id = ${liveClassId}` : sql`false`}
             AND r.student_id = s.id
        LEFT JOIN attendance_marks m ON ${type === 'offline' ? sql`m.live_class_id = ${liveClassId}` : sql`false`}
             AND m.student_id = s.id
        ${presentWhere}
       ORDER BY lower(s.name), s.id
       LIMIT ${page.size} OFFSET ${page.page * page.size}`);
    const rows = rowsOf<StudentPageRow & { total: unknown; spans: unknown }>(result);
    let total = rows.length > 0 ? num(rows[0]!.total) : 0;
    if (rows.length === 0 && page.page > 0) {
      // past the last page: still say how many there are
      const counted = await this.db.execute(sql`
        SELECT count(*)::int AS total FROM (${invitedIds(liveClassId)}) i
          LEFT JOIN attendance_results r ON ${type === 'live' ? sql`r.live_class_id = ${liveClassId}` : sql`false`}
               AND r.student_id = i.student_id
          LEFT JOIN attendance_marks m ON ${type === 'offline' ? sql`m.live_class_id = ${liveClassId}` : sql`false`}
               AND m.student_id = i.student_id
          ${presentWhere}`);
      total = num(rowsOf<{ total: unknown }>(counted)[0]?.total);
    }
    return {
      total,
      rows: rows.map((r) => ({
        studentId: r.studentId,
        name: r.name,
        mobileNumber: r.mobileNumber,
        batchName: r.batchName,
        seconds: r.seconds === null ? null : num(r.seconds),
        present: r.present,
        explanation: r.explanation,
        matchedBy: r.matchedBy,
        firstJoin: r.firstJoin === null ? null : toDate(r.firstJoin),
        lastLeave: r.lastLeave === null ? null : toDate(r.lastLeave),
        spans: (typeof r.spans === 'string' ? JSON.parse(r.spans) : r.spans) as StudentPageRow['spans'],
        markedByName: r.markedByName,
      })),
    };
  }

  /** Offline marks: each replaces the student's earlier mark. */
  async saveMarks(
    tx: Db,
    liveClassId: string,
    marks: { studentId: string; present: boolean }[],
    by: { userId: string; name: string },
  ): Promise<void> {
    if (marks.length === 0) return;
    await tx
      .insert(attendanceMarks)
      .values(
        marks.map((m) => ({
          liveClassId,
          studentId: m.studentId,
          present: m.present,
          markedBy: by.userId,
          markedByName: by.name,
        })),
      )
      .onConflictDoUpdate({
        target: [attendanceMarks.liveClassId, attendanceMarks.studentId],
        set: {
          present: sql`excluded.present`,
          markedBy: sql`excluded.marked_by`,
          markedByName: sql`excluded.marked_by_name`,
          markedAt: sql`now()`,
        },
      });
  }
}
