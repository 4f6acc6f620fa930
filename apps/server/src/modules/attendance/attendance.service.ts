import crypto from 'node:crypto';
import {
  GO_LIVE_EARLY_MINUTES,
  LIVE_CLASS_MESSAGES,
  attendanceVerdict,
  hasPermission,
  liveClassMessage,
  plural,
  type AttendancePageQuerySchema,
  type AttendanceSummary,
  type BatchAttendanceSchema,
  type ClassRoomType,
  type ImportResultSchema,
  type MatchParticipantBodySchema,
  type ParticipantSession,
  type StudentAttendance,
  type StudentAttendancePageSchema,
  type UnmatchedParticipant,
} from '@lectern/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { recordActivity } from '../../lib/activity.repository';
import { recordChange } from '../../lib/aggregate';
import { AppError, failWith } from '../../lib/app-error';
import type { Actor, Viewer } from '../../lib/routing';
import { basisOf, findStudents, participantIdOf, personKey, mobileKey, workOut, type Person } from './attendance-rules';
import { AttendanceRepository, type ClassRow, type SessionInsert, type StudentPageRow } from './attendance.repository';

const fail = failWith(LIVE_CLASS_MESSAGES);

type PageQuery = z.output<typeof AttendancePageQuerySchema>;
type StudentPage = z.infer<typeof StudentAttendancePageSchema>;
type ImportResult = z.infer<typeof ImportResultSchema>;
type MatchBody = z.output<typeof MatchParticipantBodySchema>;
type BatchAttendance = z.infer<typeof BatchAttendanceSchema>;
type Rejected = ImportResult['rejected'];

/** Admins see every class; anyone else (an INSTRUCTOR) only the classes they teach. */
const seesEveryClass = (viewer: Viewer) => hasPermission(viewer.roles, 'liveClassManage');

const missingClass = (liveClassId: string) => fail(404, 'notFound', { liveClassId });

/** The import's counts: persons matched to students, persons left for staff, sessions not taken. */
interface StoreOutcome {
  matched: number;
  unmatched: number;
  rejected: Rejected;
}

/**
 * Works the class's results out again from its sessions and matches (inside the caller's transaction):
 * each matched student's merged time and verdict, the unmatched persons and the minute-by-minute count.
 */
async function recompute(tx: Db, repo: AttendanceRepository, cls: ClassRow) {
  const worked = workOut(cls, await repo.sessionsWithMatches(tx, cls.id));
  await repo.replaceResults(
    tx,
    cls.id,
    worked.results.map((r) => ({ liveClassId: cls.id, ...r })),
    { basis: basisOf(cls), unmatched: worked.unmatched.length, timeline: worked.timeline },
  );
  return worked;
}

/**
 * Replaces the class's participant sessions with `sessions` and matches their persons again (hand
 * matches stay), inside the caller's transaction with the class locked.
 */
async function replaceParticipants(
  tx: Db,
  repo: AttendanceRepository,
  cls: ClassRow,
  sessions: readonly ParticipantSession[],
  source: 'API' | 'CSV',
  importedBy: string,
): Promise<StoreOutcome> {
  const rejected: Rejected = [];
  const rows: SessionInsert[] = [];
  const persons = new Map<string, Person>();
  sessions.forEach((session, index) => {
    const rowNumber = index + 1;
    const key = personKey(session);
    const join = Date.parse(session.joinTime);
    const leave = Date.parse(session.leaveTime);
    if (!key) {
      rejected.push({ rowNumber, reason: `Session ${rowNumber} has no name, e-mail, registrant or phone.` });
      return;
    }
    if (Number.isNaN(join) || Number.isNaN(leave) || leave < join) {
      rejected.push({
        rowNumber,
        reason: `Session ${rowNumber} (${session.name || session.email}) leaves before it joins.`,
      });
      return;
    }
    const participantId = participantIdOf(key);
    const person = persons.get(participantId) ?? { participantId, emails: new Set(), mobiles: new Set() };
    if (session.email.trim()) person.emails.add(session.email.trim().toLowerCase());
    if (mobileKey(session.phone)) person.mobiles.add(mobileKey(session.phone));
    persons.set(participantId, person);
    rows.push({
      id: crypto.randomUUID(),
      liveClassId: cls.id,
      source,
      participantId,
      name: session.name.trim(),
      email: session.email.trim(),
      registrantId: session.registrantId.trim(),
      phone: session.phone.trim(),
      joinTime: new Date(join),
      leaveTime: new Date(leave),
      importedBy,
    });
  });

  await repo.replaceSessions(tx, cls.id, rows);
  await repo.deleteFoundMatches(tx, cls.id);
  const byHand = await repo.matchedParticipants(tx, cls.id);
  const toFind = [...persons.values()].filter((p) => !byHand.has(p.participantId));
  const found = findStudents(toFind, await repo.invitedStudents(tx, cls.id));
  await repo.insertMatches(
    tx,
    [...found.entries()].map(([participantId, m]) => ({ liveClassId: cls.id, participantId, ...m })),
  );
  const worked = await recompute(tx, repo, cls);
  return { matched: persons.size - worked.unmatched.length, unmatched: worked.unmatched.length, rejected };
}

/**
 * Stores the participants a meeting provider reported for a class (Zoom's past-meeting participants
 * after `meeting.ended`): they replace the class's sessions, are matched to students again (hand
 * matches stay) and the results are worked out, in one transaction. For the live classes module's job.
 */
export async function storeParticipantSessions(
  db: Db,
  liveClassId: string,
  sessions: readonly ParticipantSession[],
  source: 'API' | 'CSV' = 'API',
): Promise<StoreOutcome> {
  const repo = new AttendanceRepository(db);
  return db.transaction(async (tx) => {
    const cls = await repo.lockClass(tx, liveClassId);
    if (!cls) throw missingClass(liveClassId);
    const outcome = await replaceParticipants(tx, repo, cls, sessions, source, source);
    await recordActivity(tx, {
      actorId: null,
      action: 'attendance.import',
      entityType: 'live class',
      entityId: liveClassId,
      after: { source, sessions: sessions.length, matched: outcome.matched, unmatched: outcome.unmatched },
      summary: `Stored ${plural(sessions.length, 'participant session')} of the meeting of '${cls.title}': ${outcome.matched} matched to students, ${outcome.unmatched} to match by hand`,
    });
    return outcome;
  });
}

/** Attendance of live and offline classes (spec 2 §7 "Attendance", issue 19). */
export class AttendanceService {
  constructor(
    private readonly db: Db,
    private readonly repo: AttendanceRepository,
  ) {}

  /**
   * The class when the viewer may see it: another teacher's class is 404 before any other check, so
   * nothing says it exists. The path's classroom type must be the class's.
   */
  private async visible(viewer: Viewer, liveClassId: string, type?: ClassRoomType): Promise<ClassRow> {
    const cls = await this.repo.classById(liveClassId);
    if (!cls || (!seesEveryClass(viewer) && cls.teacherId !== viewer.userId)) throw missingClass(liveClassId);
    if (type !== undefined && cls.classRoomType !== type) throw missingClass(liveClassId);
    return cls;
  }

  /** The class's results, worked out again first when the class changed since (it ran over, say). */
  private async freshTotals(cls: ClassRow) {
    const totals = await this.repo.totals(cls.id);
    if (totals?.basis === basisOf(cls)) return totals;
    if (!totals && !(await this.repo.hasSessions(cls.id))) return null;
    await this.db.transaction(async (tx) => {
      const locked = await this.repo.lockClass(tx, cls.id);
      if (locked) await recompute(tx, this.repo, locked);
    });
    return this.repo.totals(cls.id);
  }

  private async summaryOf(cls: ClassRow): Promise<AttendanceSummary> {
    const totals = cls.classRoomType === 'live' ? await this.freshTotals(cls) : null;
    const counts = await this.repo.counts(cls.id, cls.classRoomType);
    const averageMinutes =
      cls.classRoomType === 'offline'
        ? counts.present > 0
          ? cls.durationMinutes
          : 0
        : counts.joined > 0
          ? Math.round((counts.joinedSeconds / counts.joined / 60) * 10) / 10
          : 0;
    return {
      liveClassId: cls.id,
      classRoomType: cls.classRoomType,
      title: cls.title,
      startTime: cls.startTime.toISOString(),
      durationMinutes: cls.durationMinutes,
      presentSharePercent: cls.presentSharePercent,
      invited: counts.invited,
      joined: counts.joined,
      present: counts.present,
      averageMinutes,
      unmatched: totals?.unmatched ?? 0,
      timeline: (totals?.timeline ?? []) as AttendanceSummary['timeline'],
    };
  }

  async summary(viewer: Viewer, liveClassId: string, type: ClassRoomType): Promise<AttendanceSummary> {
    return this.summaryOf(await this.visible(viewer, liveClassId, type));
  }

  async students(viewer: Viewer, liveClassId: string, type: ClassRoomType, query: PageQuery): Promise<StudentPage> {
    const cls = await this.visible(viewer, liveClassId, type);
    if (cls.classRoomType === 'live') await this.freshTotals(cls);
    const { rows, total } = await this.repo.studentPage(cls.id, cls.classRoomType, query);
    return {
      page: rows.map((row) => this.studentRow(cls, row)),
      pageNumber: query.page,
      size: query.size,
      totalElements: total,
    };
  }

  private studentRow(cls: ClassRow, row: StudentPageRow): StudentAttendance {
    const base = { studentId: row.studentId, name: row.name, mobileNumber: row.mobileNumber, batchName: row.batchName };
    if (cls.classRoomType === 'offline') {
      const present = row.present === true;
      return {
        ...base,
        joinTime: null,
        leaveTime: null,
        sessions: [],
        // a mark carries no times: present counts the scheduled length
        minutes: present ? cls.durationMinutes : 0,
        present,
        explanation:
          row.markedByName === null
            ? 'absent: not marked yet'
            : `${present ? 'present' : 'absent'}: marked by ${row.markedByName}`,
        matchedBy: row.markedByName === null ? null : 'MARKED',
      };
    }
    const verdict = attendanceVerdict(row.seconds ?? 0, cls.durationMinutes, cls.presentSharePercent);
    return {
      ...base,
      joinTime: row.firstJoin?.toISOString() ?? null,
      leaveTime: row.lastLeave?.toISOString() ?? null,
      sessions: row.spans ?? [],
      minutes: verdict.minutes,
      present: row.present ?? verdict.present,
      explanation: row.explanation ?? verdict.explanation,
      matchedBy: (row.matchedBy as StudentAttendance['matchedBy']) ?? null,
    };
  }

  async unmatched(viewer: Viewer, liveClassId: string): Promise<UnmatchedParticipant[]> {
    const cls = await this.visible(viewer, liveClassId);
    if (cls.classRoomType === 'offline') return [];
    return workOut(cls, await this.repo.sessionsWithMatches(this.db, cls.id)).unmatched;
  }

  /** Refused before a class's start: there is nothing to import or mark yet. */
  private notStarted(cls: ClassRow, earlyMinutes = 0): boolean {
    return cls.status === 'SCHEDULED' && cls.startTime.getTime() - earlyMinutes * 60_000 > Date.now();
  }

  async importCsv(
    actor: Actor,
    liveClassId: string,
    body: { sessions: ParticipantSession[]; rejected: Rejected },
  ): Promise<ImportResult> {
    const cls = await this.visible(actor, liveClassId);
    if (cls.classRoomType !== 'live') throw fail(409, 'liveOnly');
    if (this.notStarted(cls)) throw fail(409, 'classNotStarted', { title: cls.title });
    let outcome: StoreOutcome = { matched: 0, unmatched: 0, rejected: [] };
    await recordChange(this.db, actor, {
      apply: async (tx) => {
        const locked = (await this.repo.lockClass(tx, liveClassId)) ?? cls;
        outcome = await replaceParticipants(tx, this.repo, locked, body.sessions, 'CSV', actor.userId);
        return {
          activity: {
            action: 'attendance.import',
            entityType: 'live class',
            entityId: liveClassId,
            after: {
              source: 'CSV',
              sessions: body.sessions.length,
              matched: outcome.matched,
              unmatched: outcome.unmatched,
            },
            summary: `${actor.name} imported ${plural(body.sessions.length, 'participant session')} of '${cls.title}' from Zoom's CSV`,
          },
        };
      },
    });
    return {
      matched: outcome.matched,
      unmatched: outcome.unmatched,
      rejected: [...body.rejected, ...outcome.rejected],
      message: liveClassMessage('attendanceImported', { matched: outcome.matched, unmatched: outcome.unmatched }),
    };
  }

  async matchByHand(actor: Actor, body: MatchBody): Promise<{ summary: AttendanceSummary; message: string }> {
    const cls = await this.visible(actor, body.liveClassId);
    let names = { participantName: '', studentName: '' };
    await recordChange(this.db, actor, {
      apply: async (tx) => {
        const locked = (await this.repo.lockClass(tx, cls.id)) ?? cls;
        const participantName = await this.repo.participantName(tx, cls.id, body.participantId);
        if (participantName === null) throw AppError.of(404, 'notFound', { what: 'that participant of the class' });
        const invited = await this.repo.invitedAmong(tx, cls.id, [body.studentId]);
        const studentName = invited.get(body.studentId);
        if (studentName === undefined) {
          const name = await this.repo.studentName(tx, body.studentId);
          if (name === null) throw AppError.of(404, 'notFound', { what: 'that student' });
          throw fail(409, 'notInAudience', { studentName: name });
        }
        names = { participantName: participantName || body.participantId, studentName };
        await this.repo.saveHandMatch(tx, {
          liveClassId: cls.id,
          participantId: body.participantId,
          studentId: body.studentId,
          matchedBy: 'BY_HAND',
          matchedByUser: actor.userId,
          matchedByName: actor.name,
        });
        await recompute(tx, this.repo, locked);
        return {
          activity: {
            action: 'attendance.match',
            entityType: 'live class',
            entityId: cls.id,
            after: { participantId: body.participantId, studentId: body.studentId },
            summary: `${actor.name} counted ${names.participantName} as ${studentName} in '${cls.title}'`,
          },
        };
      },
    });
    return {
      summary: await this.summaryOf(cls),
      message: liveClassMessage('participantMatched', names),
    };
  }

  async markOffline(
    actor: Actor,
    liveClassId: string,
    marks: { studentId: string; present: boolean }[],
  ): Promise<{ summary: AttendanceSummary; message: string }> {
    const cls = await this.visible(actor, liveClassId);
    if (cls.classRoomType !== 'offline') throw fail(409, 'offlineOnly');
    // roll may be taken as the class gathers, as early as a live class may go live
    if (this.notStarted(cls, GO_LIVE_EARLY_MINUTES)) throw fail(409, 'classNotStarted', { title: cls.title });
    const latest = [...new Map(marks.map((m) => [m.studentId, m])).values()];
    await recordChange(this.db, actor, {
      apply: async (tx) => {
        await this.repo.lockClass(tx, cls.id);
        const invited = await this.repo.invitedAmong(
          tx,
          cls.id,
          latest.map((m) => m.studentId),
        );
        const outsider = latest.find((m) => !invited.has(m.studentId));
        if (outsider) {
          const name = await this.repo.studentName(tx, outsider.studentId);
          throw fail(409, 'notInAudience', { studentName: name ?? outsider.studentId });
        }
        await this.repo.saveMarks(tx, cls.id, latest, { userId: actor.userId, name: actor.name });
        const present = latest.filter((m) => m.present).length;
        return {
          activity: {
            action: 'attendance.mark',
            entityType: 'live class',
            entityId: cls.id,
            after: { marks: latest },
            summary: `${actor.name} marked ${present} present and ${latest.length - present} absent in '${cls.title}'`,
          },
        };
      },
    });
    return {
      summary: await this.summaryOf(cls),
      message: liveClassMessage('offlineMarked', { count: latest.length }),
    };
  }

  async batch(viewer: Viewer, batchId: string): Promise<BatchAttendance> {
    const batchName = await this.repo.batchName(batchId);
    const everyClass = seesEveryClass(viewer);
    // an instructor sees a batch only through the classes they teach it
    if (batchName === null || (!everyClass && !(await this.repo.teachesBatch(batchId, viewer.userId)))) {
      throw AppError.of(404, 'notFound', { what: 'that batch' });
    }
    const classes = await this.repo.batchClasses(batchId, everyClass ? undefined : viewer.userId);
    return {
      batchId,
      batchName,
      classes: classes.map((c) => ({ ...c, startTime: c.startTime.toISOString() })),
    };
  }
}
