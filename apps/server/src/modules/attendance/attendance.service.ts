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
import { recordChange } from '../../lib/aggregate';
import { AppError, failWith } from '../../lib/app-error';
import type { StaffActor, Viewer } from '../../lib/routing';
import { basisOf, workOut } from './attendance-rules';
import type { AttendanceRepository, ClassRow, StudentPageRow } from './attendance.repository';
import { BatchAttendanceRepository } from './batch-attendance.repository';
import { missingClass, recompute, replaceParticipants, type Rejected, type StoreOutcome } from './participant-sessions';

export { storeParticipantSessions } from './participant-sessions';

const fail = failWith(LIVE_CLASS_MESSAGES);

type PageQuery = z.output<typeof AttendancePageQuerySchema>;
type StudentPage = z.infer<typeof StudentAttendancePageSchema>;
type ImportResult = z.infer<typeof ImportResultSchema>;
type MatchBody = z.output<typeof MatchParticipantBodySchema>;
type BatchAttendance = z.infer<typeof BatchAttendanceSchema>;

/** Admins see every class; anyone else (an INSTRUCTOR) only the classes they teach. */
const seesEveryClass = (viewer: Viewer) => hasPermission(viewer.roles, 'liveClassManage');

/** Attendance of live and offline classes (spec 2 §7 "Attendance", issue 19). */
export class AttendanceService {
  private readonly batches: BatchAttendanceRepository;

  constructor(
    private readonly db: Db,
    private readonly repo: AttendanceRepository,
  ) {
    this.batches = new BatchAttendanceRepository(db);
  }

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
    actor: StaffActor,
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

  async matchByHand(actor: StaffActor, body: MatchBody): Promise<{ summary: AttendanceSummary; message: string }> {
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
    actor: StaffActor,
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
    const batchName = await this.batches.batchName(batchId);
    const everyClass = seesEveryClass(viewer);
    // an instructor sees a batch only through the classes they teach it
    if (batchName === null || (!everyClass && !(await this.batches.teachesBatch(batchId, viewer.userId)))) {
      throw AppError.of(404, 'notFound', { what: 'that batch' });
    }
    const classes = await this.batches.batchClasses(batchId, everyClass ? undefined : viewer.userId);
    return {
      batchId,
      batchName,
      classes: classes.map((c) => ({ ...c, startTime: c.startTime.toISOString() })),
    };
  }
}
