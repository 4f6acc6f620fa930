import { and, asc, countDistinct, eq, gt, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  batchChapters,
  batchStudents,
  batchSubjects,
  batches,
  groupBatches,
  liveClassBatches,
  liveClassGroups,
  liveClassRecordings,
  liveClasses,
  meetingAccounts,
  studentGroups,
  users,
  videos,
} from '../../db/schema';

export type LiveClassRow = typeof liveClasses.$inferSelect;
export type NewLiveClass = typeof liveClasses.$inferInsert;
export type MeetingAccountRow = typeof meetingAccounts.$inferSelect;

/** A class with everything its answer names. */
export interface LiveClassRecord {
  row: LiveClassRow;
  subjectName: string | null;
  chapterName: string | null;
  teacherName: string | null;
  account: MeetingAccountRow | null;
  batches: { batchId: string; batchName: string }[];
  groups: { groupId: string; groupName: string }[];
  invitedCount: number;
  recording: {
    videoId: string;
    videoName: string;
    transcodingStatus: string;
    durationSeconds: number;
    storageKey: string;
    endpoints: unknown;
    attachedAt: Date;
    attachedBy: string;
  } | null;
}

export interface ScheduleFilter {
  teacherId?: string;
  from?: Date;
  to?: Date;
  batchId?: string;
}

/**
 * The classes' own SQL: live classes, their audience, meeting accounts and recordings. Subjects and
 * chapters are subjects.repository.ts; the batches, groups and teachers a class names audience.repository.ts.
 */
export class LiveClassesRepository {
  constructor(private readonly db: Db) {}

  async lock(tx: Db, id: string): Promise<LiveClassRow | null> {
    const rows = await tx.select().from(liveClasses).where(eq(liveClasses.id, id)).for('update');
    return rows[0] ?? null;
  }

  async bumpVersion(tx: Db, id: string): Promise<void> {
    await tx
      .update(liveClasses)
      .set({ version: sql`${liveClasses.version} + 1`, updatedAt: new Date() })
      .where(eq(liveClasses.id, id));
  }

  async byId(id: string, db: Db = this.db): Promise<LiveClassRow | null> {
    const rows = await db.select().from(liveClasses).where(eq(liveClasses.id, id));
    return rows[0] ?? null;
  }

  /**
   * Classes past their scheduled end plus the grace period that no provider ended become ENDED (at
   * that moment): run before reads, so no timer needs to wake an idle server.
   */
  async settleEnded(graceMinutes: number, now = new Date()): Promise<void> {
    const end = sql`${liveClasses.startTime} + make_interval(mins => ${liveClasses.durationMinutes} + ${graceMinutes})`;
    await this.db
      .update(liveClasses)
      .set({ status: 'ENDED', endedAt: sql`${end}` })
      .where(and(ne(liveClasses.status, 'ENDED'), lt(liveClasses.startTime, now), sql`${end} < ${now}`));
  }

  /** The ids of the classes a schedule shows, by start time. */
  async scheduleIds(filter: ScheduleFilter & { status?: string }): Promise<string[]> {
    const where: SQL[] = [];
    if (filter.teacherId) where.push(eq(liveClasses.teacherId, filter.teacherId));
    if (filter.from) where.push(sql`${liveClasses.startTime} >= ${filter.from}`);
    if (filter.to) where.push(lt(liveClasses.startTime, filter.to));
    if (filter.status) where.push(eq(liveClasses.status, filter.status));
    if (filter.batchId) {
      where.push(
        or(
          sql`EXISTS (SELECT 1 FROM live_class_batches b WHERE b.live_class_id = live_classes.id AND b.batch_id = ${filter.batchId})`,
          sql`EXISTS (SELECT 1 FROM live_class_groups g JOIN group_batches gb ON gb.group_id = g.group_id
                       WHERE g.live_class_id = live_classes.id AND gb.batch_id = ${filter.batchId})`,
        )!,
      );
    }
    const rows = await this.db
      .select({ id: liveClasses.id })
      .from(liveClasses)
      .where(where.length ? and(...where) : undefined)
      .orderBy(asc(liveClasses.startTime), asc(liveClasses.id))
      .limit(5000);
    return rows.map((r) => r.id);
  }

  /** Classes with their names, audience, invited count and recording, in the order of `ids`. */
  async records(ids: string[], db: Db = this.db): Promise<LiveClassRecord[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .select({
        row: liveClasses,
        subjectName: batchSubjects.name,
        chapterName: batchChapters.name,
        teacherName: sql<
          string | null
        >`CASE WHEN ${users.id} IS NULL THEN NULL ELSE trim(${users.firstName} || ' ' || ${users.lastName}) END`,
        account: meetingAccounts,
      })
      .from(liveClasses)
      .leftJoin(batchSubjects, eq(batchSubjects.id, liveClasses.subjectId))
      .leftJoin(batchChapters, eq(batchChapters.id, liveClasses.chapterId))
      .leftJoin(users, eq(users.id, liveClasses.teacherId))
      .leftJoin(meetingAccounts, eq(meetingAccounts.id, liveClasses.meetingAccountId))
      .where(inArray(liveClasses.id, ids));
    const batchRows = await db
      .select({ liveClassId: liveClassBatches.liveClassId, batchId: batches.id, batchName: batches.name })
      .from(liveClassBatches)
      .innerJoin(batches, eq(batches.id, liveClassBatches.batchId))
      .where(inArray(liveClassBatches.liveClassId, ids))
      .orderBy(asc(batches.name));
    const groupRows = await db
      .select({ liveClassId: liveClassGroups.liveClassId, groupId: studentGroups.id, groupName: studentGroups.name })
      .from(liveClassGroups)
      .innerJoin(studentGroups, eq(studentGroups.id, liveClassGroups.groupId))
      .where(inArray(liveClassGroups.liveClassId, ids))
      .orderBy(asc(studentGroups.name));
    const idList = sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    );
    const invited = await db.execute(sql`
      SELECT a.live_class_id, count(DISTINCT bs.student_id) AS n
        FROM (SELECT live_class_id, batch_id FROM live_class_batches WHERE live_class_id IN (${idList})
              UNION
              SELECT g.live_class_id, gb.batch_id FROM live_class_groups g JOIN group_batches gb ON gb.group_id = g.group_id
               WHERE g.live_class_id IN (${idList})) a
        JOIN batch_students bs ON bs.batch_id = a.batch_id
       GROUP BY a.live_class_id`);
    const recordingRows = await db
      .select({ rec: liveClassRecordings, video: videos })
      .from(liveClassRecordings)
      .innerJoin(videos, eq(videos.id, liveClassRecordings.videoId))
      .where(inArray(liveClassRecordings.liveClassId, ids));
    const invitedBy = new Map(
      rowsOf<{ live_class_id: string; n: number | string }>(invited).map((r) => [r.live_class_id, Number(r.n)]),
    );
    const byId = new Map(rows.map((r) => [r.row.id, r]));
    return ids.flatMap((id) => {
      const r = byId.get(id);
      if (!r) return [];
      const rec = recordingRows.find((x) => x.rec.liveClassId === id);
      return [
        {
          row: r.row,
          subjectName: r.subjectName,
          chapterName: r.chapterName,
          teacherName: r.teacherName,
          account: r.account,
          batches: batchRows
            .filter((b) => b.liveClassId === id)
            .map(({ batchId, batchName }) => ({ batchId, batchName })),
          groups: groupRows
            .filter((g) => g.liveClassId === id)
            .map(({ groupId, groupName }) => ({ groupId, groupName })),
          invitedCount: invitedBy.get(id) ?? 0,
          recording: rec
            ? {
                videoId: rec.video.id,
                videoName: rec.video.name,
                transcodingStatus: rec.video.transcodingStatus,
                durationSeconds: rec.video.durationSeconds,
                storageKey: rec.video.storageKey,
                endpoints: rec.video.endpoints,
                attachedAt: rec.rec.attachedAt,
                attachedBy: rec.rec.attachedBy,
              }
            : null,
        },
      ];
    });
  }

  /**
   * The classes that could clash with a class from `start` to `end`: the teacher's and the account's
   * classes that start before it ends and end after it starts (a window on start_time, then exact).
   */
  async clashCandidates(
    tx: Db,
    input: { teacherId: string; meetingAccountId: string | null; start: Date; end: Date; maxMinutes: number },
  ): Promise<
    {
      liveClassId: string;
      title: string;
      teacherId: string;
      meetingAccountId: string | null;
      startTime: Date;
      durationMinutes: number;
    }[]
  > {
    const who = input.meetingAccountId
      ? or(eq(liveClasses.teacherId, input.teacherId), eq(liveClasses.meetingAccountId, input.meetingAccountId))
      : eq(liveClasses.teacherId, input.teacherId);
    const rows = await tx
      .select({
        liveClassId: liveClasses.id,
        title: liveClasses.title,
        teacherId: liveClasses.teacherId,
        meetingAccountId: liveClasses.meetingAccountId,
        startTime: liveClasses.startTime,
        durationMinutes: liveClasses.durationMinutes,
      })
      .from(liveClasses)
      .where(
        and(
          who,
          lt(liveClasses.startTime, input.end),
          gt(liveClasses.startTime, new Date(input.start.getTime() - input.maxMinutes * 60_000)),
        ),
      );
    return rows.map((r) => ({ ...r, teacherId: r.teacherId ?? '' }));
  }

  /** Saves for one teacher or one account wait for each other, so two overlapping classes cannot both pass. */
  async lockForSchedule(tx: Db, what: 'teacher' | 'account', id: string): Promise<void> {
    if (what === 'teacher') await tx.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update');
    else
      await tx.select({ id: meetingAccounts.id }).from(meetingAccounts).where(eq(meetingAccounts.id, id)).for('update');
  }

  async insert(tx: Db, values: NewLiveClass): Promise<void> {
    await tx.insert(liveClasses).values(values);
  }

  async update(tx: Db, id: string, values: Partial<NewLiveClass>): Promise<void> {
    await tx.update(liveClasses).set(values).where(eq(liveClasses.id, id));
  }

  async delete(tx: Db, id: string): Promise<void> {
    await tx.delete(liveClasses).where(eq(liveClasses.id, id));
  }

  async setAudience(tx: Db, id: string, batchIds: string[], groupIds: string[]): Promise<void> {
    await tx.delete(liveClassBatches).where(eq(liveClassBatches.liveClassId, id));
    await tx.delete(liveClassGroups).where(eq(liveClassGroups.liveClassId, id));
    if (batchIds.length)
      await tx.insert(liveClassBatches).values(batchIds.map((batchId) => ({ liveClassId: id, batchId })));
    if (groupIds.length)
      await tx.insert(liveClassGroups).values(groupIds.map((groupId) => ({ liveClassId: id, groupId })));
  }

  /**
   * The class holding Zoom meeting `meetingId`: only a class on a Zoom account (a Jitsi room or a
   * typed link is never Zoom's, whatever its meeting id).
   */
  async byZoomMeetingId(meetingId: string): Promise<LiveClassRow | null> {
    const rows = await this.db
      .select({ row: liveClasses })
      .from(liveClasses)
      .innerJoin(meetingAccounts, eq(meetingAccounts.id, liveClasses.meetingAccountId))
      .where(and(eq(liveClasses.meetingId, meetingId), eq(meetingAccounts.provider, 'ZOOM')))
      .limit(1);
    return rows[0]?.row ?? null;
  }

  // ---- meeting accounts

  async accounts(): Promise<MeetingAccountRow[]> {
    return this.db.select().from(meetingAccounts).orderBy(asc(meetingAccounts.name));
  }

  async account(tx: Db, id: string): Promise<MeetingAccountRow | null> {
    const rows = await tx.select().from(meetingAccounts).where(eq(meetingAccounts.id, id));
    return rows[0] ?? null;
  }

  // ---- recordings

  async video(tx: Db, videoId: string): Promise<{ id: string; name: string; transcodingStatus: string } | null> {
    const rows = await tx
      .select({ id: videos.id, name: videos.name, transcodingStatus: videos.transcodingStatus })
      .from(videos)
      .where(eq(videos.id, videoId));
    return rows[0] ?? null;
  }

  /** The class a video is the recording of, if any. */
  async recordingOwner(tx: Db, videoId: string): Promise<{ liveClassId: string; title: string } | null> {
    const rows = await tx
      .select({ liveClassId: liveClasses.id, title: liveClasses.title })
      .from(liveClassRecordings)
      .innerJoin(liveClasses, eq(liveClasses.id, liveClassRecordings.liveClassId))
      .where(eq(liveClassRecordings.videoId, videoId));
    return rows[0] ?? null;
  }

  async attachRecording(tx: Db, liveClassId: string, videoId: string, attachedBy: string): Promise<void> {
    await tx
      .insert(liveClassRecordings)
      .values({ liveClassId, videoId, attachedBy, attachedAt: new Date() })
      .onConflictDoUpdate({
        target: liveClassRecordings.liveClassId,
        set: { videoId, attachedBy, attachedAt: new Date() },
      });
  }

  async detachRecording(tx: Db, liveClassId: string): Promise<boolean> {
    const rows = await tx
      .delete(liveClassRecordings)
      .where(eq(liveClassRecordings.liveClassId, liveClassId))
      .returning({ videoId: liveClassRecordings.videoId });
    return rows.length > 0;
  }

  /** True while the video is the recording of the class and the class is shown: its playback works. */
  async recordingPlayable(liveClassId: string, videoId: string): Promise<boolean> {
    const rows = await this.db
      .select({ n: countDistinct(liveClassRecordings.videoId) })
      .from(liveClassRecordings)
      .innerJoin(liveClasses, eq(liveClasses.id, liveClassRecordings.liveClassId))
      .where(
        and(
          eq(liveClassRecordings.liveClassId, liveClassId),
          eq(liveClassRecordings.videoId, videoId),
          eq(liveClasses.enabled, true),
        ),
      );
    return Number(rows[0]?.n ?? 0) > 0;
  }

  /** The students invited to a class: the students of its batches and of its groups' batches. */
  async invitedStudentIds(liveClassId: string): Promise<string[]> {
    const rows = await this.db
      .selectDistinct({ studentId: batchStudents.studentId })
      .from(batchStudents)
      .where(
        or(
          inArray(
            batchStudents.batchId,
            this.db
              .select({ b: liveClassBatches.batchId })
              .from(liveClassBatches)
              .where(eq(liveClassBatches.liveClassId, liveClassId)),
          ),
          inArray(
            batchStudents.batchId,
            this.db
              .select({ b: groupBatches.batchId })
              .from(groupBatches)
              .innerJoin(liveClassGroups, eq(liveClassGroups.groupId, groupBatches.groupId))
              .where(eq(liveClassGroups.liveClassId, liveClassId)),
          ),
        ),
      );
    return rows.map((r) => r.studentId);
  }
}

/** The rows of a raw statement, whichever driver ran it. */
function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows?: T[] }).rows ?? []);
}
