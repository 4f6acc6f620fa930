import { subjectAccess, type PreviewFolder, type Recording, type SubjectAccess } from '@lectern/contract';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { catalogues, liveClasses, subjectAssignees, subjects, subtopics, topics, units, videos } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { StaffActor } from '../../lib/routing';
import { toVideoFile } from '../videos';

/** Who acts: the request's signed-in staff member, name included (for activity summaries). */
export type Caller = StaffActor;
export type SubjectRow = typeof subjects.$inferSelect;
export type CatalogueRow = typeof catalogues.$inferSelect;

/** A subject as the file explorer's subject list shows it. */
export interface ExplorerSubjectRow {
  subjectId: string;
  subjectName: string;
  status: string;
  unitCount: number;
  videoCount: number;
}

/** What the file explorer reads around videos: subject rules, catalogues, the explorer's subjects, recordings. */
export class FilesRepository {
  constructor(private readonly db: Db) {}

  /** A subject and what the caller may do with it; 404 when there is no such subject. */
  async subjectAccess(
    caller: Caller,
    subjectId: string,
    db: Db = this.db,
  ): Promise<{ subject: SubjectRow; access: SubjectAccess }> {
    const [subject] = await db.select().from(subjects).where(eq(subjects.id, subjectId));
    if (!subject) throw AppError.of(404, 'notFound', { what: 'that subject' });
    const people = await db
      .select({ userId: subjectAssignees.userId, role: subjectAssignees.role })
      .from(subjectAssignees)
      .where(eq(subjectAssignees.subjectId, subjectId));
    const access = subjectAccess(caller, {
      contentAdminId: subject.contentAdminId,
      contentDeveloperIds: people.filter((p) => p.role === 'CONTENT_DEVELOPER').map((p) => p.userId),
      contentUploaderIds: people.filter((p) => p.role === 'CONTENT_UPLOADER').map((p) => p.userId),
    });
    return { subject, access };
  }

  async unit(subjectId: string, unitId: string) {
    const [row] = await this.db
      .select()
      .from(units)
      .where(and(eq(units.id, unitId), eq(units.subjectId, subjectId)));
    return row ?? null;
  }

  async topic(subjectId: string, topicId: string) {
    const [row] = await this.db
      .select()
      .from(topics)
      .where(and(eq(topics.id, topicId), eq(topics.subjectId, subjectId)));
    return row ?? null;
  }

  /** Subtopics a set of videos is attached to, with the subject's state (review locks them). */
  async attachments(db: Db, videoIds: string[]) {
    if (videoIds.length === 0) return [];
    return db
      .select({
        subtopicId: subtopics.id,
        subtopicName: subtopics.name,
        videoId: subtopics.videoId,
        subjectId: subtopics.subjectId,
        subjectName: subjects.name,
        subjectState: subjects.subjectState,
      })
      .from(subtopics)
      .innerJoin(subjects, eq(subjects.id, subtopics.subjectId))
      .where(and(isNotNull(subtopics.videoId), inArray(subtopics.videoId, videoIds)));
  }

  /** Detaches videos from every subtopic and bumps the version of the subjects that changed. */
  async detach(db: Db, videoIds: string[]): Promise<string[]> {
    if (videoIds.length === 0) return [];
    const changed = await db
      .update(subtopics)
      .set({ videoId: null })
      .where(inArray(subtopics.videoId, videoIds))
      .returning({ subjectId: subtopics.subjectId });
    const subjectIds = [...new Set(changed.map((c) => c.subjectId))];
    if (subjectIds.length > 0) {
      await db
        .update(subjects)
        .set({ version: sql`${subjects.version} + 1`, updatedAt: new Date() })
        .where(inArray(subjects.id, subjectIds));
    }
    return subjectIds;
  }

  // ---- catalogues (preview videos)

  async catalogue(catalogueId: string, db: Db = this.db): Promise<CatalogueRow | null> {
    const [row] = await db.select().from(catalogues).where(eq(catalogues.id, catalogueId));
    return row ?? null;
  }

  /**
   * Every catalogue that is not archived, with its number of preview videos, by name (one query):
   * an archived catalogue is off the store, so its videos are not offered as demos.
   */
  async previewFolders(): Promise<PreviewFolder[]> {
    const rows = await this.db
      .select({ catalogueId: catalogues.id, catalogueName: catalogues.name, videoCount: count(videos.id) })
      .from(catalogues)
      .leftJoin(videos, and(eq(videos.catalogueId, catalogues.id), isNull(videos.subjectId)))
      .where(eq(catalogues.archived, false))
      .groupBy(catalogues.id, catalogues.name)
      .orderBy(asc(catalogues.name), asc(catalogues.id));
    return rows.map((r) => ({ ...r, videoCount: Number(r.videoCount) }));
  }

  // ---- the explorer's subjects

  /**
   * The subjects the caller may open in the file explorer, by name, with their numbers of units and
   * videos. Admins get all; developers and uploaders only the subjects they are assigned to in that
   * role (narrowed in SQL, then checked with the same rule as every other explorer call).
   */
  async explorerSubjects(caller: Caller): Promise<ExplorerSubjectRow[]> {
    const me = caller.userId;
    // Drizzle leaves a column of the selected table unqualified: inside a subquery it would name the
    // subquery's own column, so the subject's id is spelled out.
    const subjectIdColumn = sql.raw('"subjects"."id"');
    const assignedAs = (role: string) =>
      sql<boolean>`EXISTS (SELECT 1 FROM subject_assignees sa WHERE sa.subject_id = ${subjectIdColumn} AND sa.user_id = ${me} AND sa.role = ${role})`;
    const developer = assignedAs('CONTENT_DEVELOPER');
    const uploader = assignedAs('CONTENT_UPLOADER');
    const admin = caller.roles.includes('SUPER_ADMIN') || caller.roles.includes('CONTENT_ADMIN');
    const scoped = [
      caller.roles.includes('CONTENT_DEVELOPER') ? developer : undefined,
      caller.roles.includes('CONTENT_UPLOADER') ? uploader : undefined,
    ].filter((c) => c !== undefined);
    if (!admin && scoped.length === 0) return [];
    const rows = await this.db
      .select({
        subjectId: subjects.id,
        subjectName: subjects.name,
        status: subjects.subjectState,
        contentAdminId: subjects.contentAdminId,
        unitCount: sql<number>`(SELECT count(*) FROM units u WHERE u.subject_id = ${subjectIdColumn})::int`.mapWith(
          Number,
        ),
        videoCount: sql<number>`(SELECT count(*) FROM videos v WHERE v.subject_id = ${subjectIdColumn})::int`.mapWith(
          Number,
        ),
        developer: developer.mapWith(Boolean),
        uploader: uploader.mapWith(Boolean),
      })
      .from(subjects)
      .where(admin ? undefined : sql`(${sql.join(scoped, sql` OR `)})`)
      .orderBy(asc(subjects.name), asc(subjects.id));
    return rows
      .filter(
        (r) =>
          subjectAccess(caller, {
            contentAdminId: r.contentAdminId,
            contentDeveloperIds: r.developer ? [me] : [],
            contentUploaderIds: r.uploader ? [me] : [],
          }).attach,
      )
      .map(({ subjectId, subjectName, status, unitCount, videoCount }) => ({
        subjectId,
        subjectName,
        status,
        unitCount,
        videoCount,
      }));
  }

  // ---- live-class recordings

  /**
   * One page of recordings (videos with a live class), by class date, then name, then id, in one
   * query: the total comes with the rows (a window count), or from a count when the page is past the end.
   */
  async recordings(input: {
    page: number;
    size: number;
    sort: 'ASC' | 'DESC';
    /** only the classes of this instructor (an INSTRUCTOR's own classes) */
    instructorName?: string;
  }): Promise<{ rows: Recording[]; total: number }> {
    const order = input.sort === 'DESC' ? desc : asc;
    const where = input.instructorName !== undefined ? eq(liveClasses.instructorName, input.instructorName) : undefined;
    const offset = input.page * input.size;
    const rows = Number.isSafeInteger(offset)
      ? await this.db
          .select({
            video: videos,
            title: liveClasses.title,
            instructorName: liveClasses.instructorName,
            classDate: liveClasses.classDate,
            total: sql<number>`(count(*) OVER ())::int`.mapWith(Number),
          })
          .from(videos)
          .innerJoin(liveClasses, eq(liveClasses.id, videos.liveClassId))
          .where(where)
          .orderBy(order(liveClasses.classDate), order(videos.name), order(videos.id))
          .limit(input.size)
          .offset(offset)
      : [];
    let total = rows[0]?.total;
    if (total === undefined) {
      const [counted] = await this.db
        .select({ n: count() })
        .from(videos)
        .innerJoin(liveClasses, eq(liveClasses.id, videos.liveClassId))
        .where(where);
      total = Number(counted?.n ?? 0);
    }
    return {
      total,
      rows: rows.map((r) => ({
        ...toVideoFile(r.video),
        liveClassId: r.video.liveClassId!,
        liveClassName: r.title,
        instructorName: r.instructorName,
        classDate: r.classDate.toISOString(),
      })),
    };
  }
}
