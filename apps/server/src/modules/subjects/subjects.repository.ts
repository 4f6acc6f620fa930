import type { Assignee, Role, SubjectPeople, Unit } from '@lectern/contract';
import { computeTotals } from '@lectern/contract';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client';
import { roles, subjectAssignees, subjects, units, userRoles, users, videos } from '../../db/schema';
import { toDate } from '../../db/raw-row';

export type SubjectRow = typeof subjects.$inferSelect;
type SubjectInsert = typeof subjects.$inferInsert;
/** What a change may set on a subject row (not its id, version or bookkeeping). */
export type SubjectChanges = Partial<Omit<SubjectInsert, 'id' | 'version' | 'createdAt' | 'updatedAt' | 'createdBy'>>;
export type AssigneeRole = 'CONTENT_DEVELOPER' | 'CONTENT_UPLOADER';

export interface SubjectPeopleRow {
  contentAdmin: Assignee | null;
  contentDevelopers: Assignee[];
  contentUploaders: Assignee[];
}

export interface ListingRow {
  subject: SubjectRow;
  unitCount: number;
  topicCount: number;
  subTopicCount: number;
  duration: number;
  activityMessage: string | null;
  activityAt: Date | null;
}

const toNumber = (v: unknown): number => (typeof v === 'number' ? v : Number(v ?? 0));
const fullName = (first: unknown, last: unknown) => `${String(first ?? '')} ${String(last ?? '')}`.trim();

function subjectFromRaw(r: Record<string, unknown>): SubjectRow {
  return {
    id: String(r.id),
    name: String(r.name),
    description: String(r.description ?? ''),
    subjectState: String(r.subject_state),
    subjectInfo: String(r.subject_info ?? ''),
    locked: Boolean(r.locked),
    imagePath: (r.image_path as string | null) ?? null,
    imageName: (r.image_name as string | null) ?? null,
    videoPath: (r.video_path as string | null) ?? null,
    comingSoon: Boolean(r.coming_soon),
    contentAdminId: (r.content_admin_id as string | null) ?? null,
    instructors: r.instructors ?? [],
    lastReview: r.last_review ?? null,
    version: toNumber(r.version),
    createdBy: (r.created_by as string | null) ?? null,
    createdAt: toDate(r.created_at),
    updatedAt: toDate(r.updated_at),
  };
}

/** Subjects, their people and their tree. Reads use plain SQL so the listing and a tree each cost a few queries. */
export class SubjectsRepository {
  constructor(private readonly database: Database) {}

  /** The listing rows with counts, duration and the latest activity, in one query. */
  async listing(filter: { assignedTo?: string; subjectIds?: string[] } = {}): Promise<ListingRow[]> {
    const params: unknown[] = [];
    const where: string[] = [];
    if (filter.assignedTo) {
      params.push(filter.assignedTo);
      where.push(
        `(s.content_admin_id = $${params.length} OR EXISTS (SELECT 1 FROM subject_assignees sa WHERE sa.subject_id = s.id AND sa.user_id = $${params.length}))`,
      );
    }
    if (filter.subjectIds) {
      if (filter.subjectIds.length === 0) return [];
      params.push(filter.subjectIds);
      where.push(`s.id = ANY($${params.length}::text[])`);
    }
    const rows = await this.database.query(
      `SELECT s.*,
        (SELECT count(*)::int FROM units u WHERE u.subject_id = s.id) AS unit_count,
        (SELECT count(*)::int FROM topics t WHERE t.subject_id = s.id) AS topic_count,
        (SELECT count(*)::int FROM subtopics st WHERE st.subject_id = s.id) AS subtopic_count,
        (SELECT coalesce(sum(v.duration_seconds), 0)::float8 FROM subtopics st JOIN videos v ON v.id = st.video_id
          WHERE st.subject_id = s.id) AS duration,
        a.summary AS activity_message, a.created_at AS activity_at
      FROM subjects s
      LEFT JOIN LATERAL (SELECT al.summary, al.created_at FROM activity_log al
        WHERE al.subject_id = s.id AND al.summary IS NOT NULL ORDER BY al.created_at DESC, al.id DESC LIMIT 1) a ON true
      ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY s.updated_at DESC, s.name`,
      params,
    );
    return rows.map((r) => ({
      subject: subjectFromRaw(r),
      unitCount: toNumber(r.unit_count),
      topicCount: toNumber(r.topic_count),
      subTopicCount: toNumber(r.subtopic_count),
      duration: toNumber(r.duration),
      activityMessage: (r.activity_message as string | null) ?? null,
      activityAt: r.activity_at ? toDate(r.activity_at) : null,
    }));
  }

  /** Content admin, developers and uploaders of each subject. */
  async people(subjectIds: string[]): Promise<Map<string, SubjectPeopleRow>> {
    const result = new Map<string, SubjectPeopleRow>();
    if (subjectIds.length === 0) return result;
    for (const id of subjectIds) result.set(id, { contentAdmin: null, contentDevelopers: [], contentUploaders: [] });
    const admins = await this.database.query(
      `SELECT s.id AS subject_id, u.id, u.first_name, u.last_name, u.image FROM subjects s
       JOIN users u ON u.id = s.content_admin_id WHERE s.id = ANY($1::text[])`,
      [subjectIds],
    );
    for (const r of admins) {
      result.get(String(r.subject_id))!.contentAdmin = {
        userId: String(r.id),
        userName: fullName(r.first_name, r.last_name),
        image: (r.image as string | null) ?? null,
      };
    }
    const assigned = await this.database.query(
      `SELECT sa.subject_id, sa.role, u.id, u.first_name, u.last_name, u.image FROM subject_assignees sa
       JOIN users u ON u.id = sa.user_id WHERE sa.subject_id = ANY($1::text[]) ORDER BY sa.created_at, u.first_name`,
      [subjectIds],
    );
    for (const r of assigned) {
      const entry = result.get(String(r.subject_id))!;
      const person = {
        userId: String(r.id),
        userName: fullName(r.first_name, r.last_name),
        image: (r.image as string | null) ?? null,
      };
      if (r.role === 'CONTENT_DEVELOPER') entry.contentDevelopers.push(person);
      else if (r.role === 'CONTENT_UPLOADER') entry.contentUploaders.push(person);
    }
    return result;
  }

  /** The whole tree of a subject, in order, with per-unit totals. */
  async tree(subjectId: string): Promise<Unit[]> {
    const [unitRows, topicRows, subtopicRows] = await Promise.all([
      this.database.query('SELECT * FROM units WHERE subject_id = $1 ORDER BY position, created_at', [subjectId]),
      this.database.query('SELECT * FROM topics WHERE subject_id = $1 ORDER BY position, created_at', [subjectId]),
      this.database.query(
        `SELECT st.*, v.name AS video_name, v.duration_seconds, v.size AS video_size FROM subtopics st
         LEFT JOIN videos v ON v.id = st.video_id WHERE st.subject_id = $1 ORDER BY st.position, st.created_at`,
        [subjectId],
      ),
    ]);
    const subtopicsByTopic = new Map<string, Unit['topics'][number]['contents']>();
    for (const r of subtopicRows) {
      const videoDuration = r.video_id ? toNumber(r.duration_seconds) : 0;
      const list = subtopicsByTopic.get(String(r.topic_id)) ?? [];
      list.push({
        contentType: 'VIDEO',
        locked: !r.trial,
        quiz: null,
        subTopic: {
          subtopicId: String(r.id),
          subTopicName: String(r.name),
          description: String(r.description ?? ''),
          numberOfVideos: r.video_id ? 1 : 0,
          videoDuration,
          active: Boolean(r.active),
          status: String(r.status),
          trial: Boolean(r.trial),
          video: r.video_id
            ? {
                videoId: String(r.video_id),
                videoName: String(r.video_name),
                videoDurationInSecond: videoDuration,
                size: toNumber(r.video_size),
              }
            : null,
        },
      });
      subtopicsByTopic.set(String(r.topic_id), list);
    }
    const topicsByUnit = new Map<string, Unit['topics']>();
    for (const r of topicRows) {
      const list = topicsByUnit.get(String(r.unit_id)) ?? [];
      list.push({
        topicId: String(r.id),
        topicName: String(r.name),
        active: Boolean(r.active),
        status: String(r.status),
        trial: Boolean(r.trial),
        contents: subtopicsByTopic.get(String(r.id)) ?? [],
      });
      topicsByUnit.set(String(r.unit_id), list);
    }
    return unitRows.map((r) => {
      const topics = topicsByUnit.get(String(r.id)) ?? [];
      const unit = { active: Boolean(r.active), trial: Boolean(r.trial), topics };
      const totals = computeTotals([unit]);
      const withVideo = topics.reduce((n, t) => n + t.contents.filter((c) => c.subTopic.numberOfVideos > 0).length, 0);
      return {
        unitId: String(r.id),
        unitName: String(r.name),
        active: unit.active,
        status: String(r.status),
        trial: unit.trial,
        completion: totals.subTopics === 0 ? 0 : Math.round((withVideo / totals.subTopics) * 100),
        topics,
        totals,
      };
    });
  }

  /** A subject's video files, by name. */
  async videos(subjectId: string) {
    return this.database.db.select().from(videos).where(eq(videos.subjectId, subjectId)).orderBy(asc(videos.name));
  }

  /** Ids and names of those of `subjectIds` that exist. */
  async names(subjectIds: string[]): Promise<{ id: string; name: string }[]> {
    return this.database.db
      .select({ id: subjects.id, name: subjects.name })
      .from(subjects)
      .where(inArray(subjects.id, subjectIds));
  }

  // ---- inside a change's transaction

  /** The subject row, locked for the rest of the transaction. */
  async lockSubject(tx: Db, subjectId: string): Promise<SubjectRow | null> {
    const rows = await tx.select().from(subjects).where(eq(subjects.id, subjectId)).for('update');
    return rows[0] ?? null;
  }

  async bumpVersion(tx: Db, subjectId: string): Promise<void> {
    await tx
      .update(subjects)
      .set({ version: sql`${subjects.version} + 1`, updatedAt: new Date() })
      .where(eq(subjects.id, subjectId));
  }

  async insert(tx: Db, row: SubjectChanges & { id: string; name: string; createdBy: string }): Promise<void> {
    await tx.insert(subjects).values(row);
  }

  async update(tx: Db, subjectId: string, changes: SubjectChanges): Promise<void> {
    if (Object.keys(changes).length === 0) return;
    await tx.update(subjects).set(changes).where(eq(subjects.id, subjectId));
  }

  /** Deletes subjects with everything in them (the database cascades). */
  async delete(tx: Db, subjectIds: string[]): Promise<void> {
    await tx.delete(subjects).where(inArray(subjects.id, subjectIds));
  }

  /**
   * Who a subject's access rules name (its content admin and assigned people), in one statement;
   * null when there is no such subject.
   */
  async peopleIds(tx: Db, subjectId: string): Promise<SubjectPeople | null> {
    const rows = await tx
      .select({ contentAdminId: subjects.contentAdminId, userId: subjectAssignees.userId, role: subjectAssignees.role })
      .from(subjects)
      .leftJoin(subjectAssignees, eq(subjectAssignees.subjectId, subjects.id))
      .where(eq(subjects.id, subjectId));
    if (rows.length === 0) return null;
    const ids = (role: string) => rows.filter((r) => r.role === role && r.userId).map((r) => r.userId!);
    return {
      contentAdminId: rows[0]!.contentAdminId,
      contentDeveloperIds: ids('CONTENT_DEVELOPER'),
      contentUploaderIds: ids('CONTENT_UPLOADER'),
    };
  }

  async assignedIds(tx: Db, subjectId: string, role: string): Promise<string[]> {
    const rows = await tx
      .select({ userId: subjectAssignees.userId })
      .from(subjectAssignees)
      .where(and(eq(subjectAssignees.subjectId, subjectId), eq(subjectAssignees.role, role)));
    return rows.map((r) => r.userId);
  }

  async addAssignee(tx: Db, subjectId: string, userId: string, role: AssigneeRole): Promise<void> {
    await tx.insert(subjectAssignees).values({ subjectId, userId, role }).onConflictDoNothing();
  }

  async removeAssignee(tx: Db, subjectId: string, userId: string, role: AssigneeRole): Promise<void> {
    await tx
      .delete(subjectAssignees)
      .where(
        and(
          eq(subjectAssignees.subjectId, subjectId),
          eq(subjectAssignees.userId, userId),
          eq(subjectAssignees.role, role),
        ),
      );
  }

  /** A person about to be assigned: their name, whether they are active and hold `role`; null when unknown. */
  async candidate(tx: Db, userId: string, role: Role) {
    const person = await tx
      .select({ first: users.firstName, last: users.lastName, active: users.active })
      .from(users)
      .where(eq(users.id, userId));
    if (!person[0]) return null;
    const held = await tx
      .select({ n: roles.name })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(and(eq(userRoles.userId, userId), eq(roles.name, role)));
    return {
      name: `${person[0].first} ${person[0].last}`.trim(),
      active: person[0].active,
      holdsRole: held.length > 0,
    };
  }

  /** Active content admins: who reviews a subject that has no content admin of its own. */
  async activeContentAdminIds(tx: Db): Promise<string[]> {
    const rows = await tx
      .select({ id: users.id })
      .from(users)
      .innerJoin(userRoles, eq(userRoles.userId, users.id))
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(and(eq(roles.name, 'CONTENT_ADMIN'), eq(users.active, true)));
    return rows.map((r) => r.id);
  }

  async unitCount(tx: Db, subjectId: string): Promise<number> {
    const [row] = await tx.select({ n: count() }).from(units).where(eq(units.subjectId, subjectId));
    return row?.n ?? 0;
  }
}
