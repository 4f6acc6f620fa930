import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { num, toDate } from '../../db/raw-row';

/** Rows of a raw statement: both drivers (PGlite and node-postgres) answer with `rows`. */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** A batch's attendance across the classes it was invited to. */
export class BatchAttendanceRepository {
  constructor(private readonly db: Db) {}

  async batchName(batchId: string): Promise<string | null> {
    const result = await this.db.execute(sql`SELECT name FROM batches WHERE id = ${batchId}`);
    return rowsOf<{ name: string }>(result)[0]?.name ?? null;
  }

  /**
   * The held classes (started, or past their start) inviting the batch, directly or through a group, by
   * start time, with the batch's students invited and present at each (one teacher's when `teacherId`).
   */
  async batchClasses(batchId: string, teacherId: string | undefined) {
    const result = await this.db.execute(sql`
      WITH classes AS (
        SELECT c.id, c.title, c.start_time, c.class_room_type FROM live_classes c
         WHERE (c.status <> 'SCHEDULED' OR c.start_time <= now())
           ${teacherId === undefined ? sql`` : sql`AND c.teacher_id = ${teacherId}`}
           AND (EXISTS (SELECT 1 FROM live_class_batches lb WHERE lb.live_class_id = c.id AND lb.batch_id = ${batchId})
             OR EXISTS (SELECT 1 FROM live_class_groups lg JOIN group_batches gb ON gb.group_id = lg.group_id
                         WHERE lg.live_class_id = c.id AND gb.batch_id = ${batchId}))
      ),
      members AS (SELECT student_id FROM batch_students WHERE batch_id = ${batchId})
      SELECT c.id AS "liveClassId", c.title, c.start_time AS "startTime",
             (SELECT count(*) FROM members)::int AS invited,
             CASE WHEN c.class_room_type = 'live'
                  THEN (SELECT count(*) FROM attendance_results r
                         WHERE r.live_class_id = c.id AND r.present AND r.student_id IN (SELECT student_id FROM members))
                  ELSE (SELECT count(*) FROM attendance_marks m
                         WHERE m.live_class_id = c.id AND m.present AND m.student_id IN (SELECT student_id FROM members))
             END::int AS present
        FROM classes c
       ORDER BY c.start_time, c.id`);
    return rowsOf<{ liveClassId: string; title: string; startTime: unknown; invited: unknown; present: unknown }>(
      result,
    ).map((r) => ({
      liveClassId: r.liveClassId,
      title: r.title,
      startTime: toDate(r.startTime),
      invited: num(r.invited),
      present: num(r.present),
    }));
  }

  /** True when the teacher teaches any class inviting the batch (an instructor's view of a batch). */
  async teachesBatch(batchId: string, teacherId: string): Promise<boolean> {
    const result = await this.db.execute(sql`
      SELECT 1 FROM live_classes c
       WHERE c.teacher_id = ${teacherId}
         AND (EXISTS (SELECT 1 FROM live_class_batches lb WHERE lb.live_class_id = c.id AND lb.batch_id = ${batchId})
           OR EXISTS (SELECT 1 FROM live_class_groups lg JOIN group_batches gb ON gb.group_id = lg.group_id
                       WHERE lg.live_class_id = c.id AND gb.batch_id = ${batchId}))
       LIMIT 1`);
    return rowsOf(result).length > 0;
  }
}
