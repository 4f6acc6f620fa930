import type { StudentUpdateAudienceKind, StudentUpdateState, StudentUpdateType } from '@lectern/contract';
import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  batchStudents,
  batches,
  catalogues,
  groupBatches,
  pageContent,
  studentGroups,
  studentSubscriptions,
  studentUpdateBatches,
  studentUpdateCatalogues,
  studentUpdateGroups,
  studentUpdates,
  students,
  subjects,
  videos,
} from '../../db/schema';

export type StudentUpdateRow = typeof studentUpdates.$inferSelect;
export type StudentUpdateValues = Omit<typeof studentUpdates.$inferInsert, 'id' | 'version' | 'createdAt'>;
export type PageContentRow = typeof pageContent.$inferSelect;

/** A video as updates and the home page show it, with the subject it belongs to. */
export interface VideoRead {
  id: string;
  name: string;
  storageKey: string;
  transcodingStatus: string;
  endpoints: unknown;
  durationSeconds: number;
  subjectName: string | null;
  /** a preview video or a subject's video: the ones students may be shown (not a class's recording) */
  offered: boolean;
}

const videoColumns = {
  id: videos.id,
  name: videos.name,
  storageKey: videos.storageKey,
  transcodingStatus: videos.transcodingStatus,
  endpoints: videos.endpoints,
  durationSeconds: videos.durationSeconds,
  subjectName: subjects.name,
  offered: sql<boolean>`(${videos.subjectId} IS NOT NULL OR ${videos.catalogueId} IS NOT NULL)`,
};

const num = (value: unknown) => Number(value ?? 0);

/** A batch as audiences name it: several branches have a 'NEET 2027 Morning', so with its code. */
const batchName = sql<string>`${batches.name} || ' (' || ${batches.code} || ')'`;

/** Student updates, their audiences, the home-page video, and what the drawer picks from. */
export class StudentUpdatesRepository {
  constructor(private readonly db: Db) {}

  /** Updates newest first, of one type and/or state when given. */
  async list(filter: { type?: StudentUpdateType; state?: StudentUpdateState }): Promise<StudentUpdateRow[]> {
    const where: SQL[] = [];
    if (filter.type) where.push(eq(studentUpdates.updateType, filter.type));
    if (filter.state) where.push(eq(studentUpdates.state, filter.state));
    return this.db
      .select()
      .from(studentUpdates)
      .where(where.length > 0 ? and(...where) : undefined)
      .orderBy(desc(studentUpdates.createdAt), desc(studentUpdates.id));
  }

  async byId(id: string, db: Db = this.db): Promise<StudentUpdateRow | null> {
    const [row] = await db.select().from(studentUpdates).where(eq(studentUpdates.id, id));
    return row ?? null;
  }

  /** The update, locked until the transaction ends (null when there is none). */
  async lock(tx: Db, id: string): Promise<StudentUpdateRow | null> {
    const [row] = await tx.select().from(studentUpdates).where(eq(studentUpdates.id, id)).for('update');
    return row ?? null;
  }

  async bumpVersion(tx: Db, id: string, at: Date): Promise<void> {
    await tx
      .update(studentUpdates)
      .set({ version: sql`${studentUpdates.version} + 1`, updatedAt: at })
      .where(eq(studentUpdates.id, id));
  }

  async insert(tx: Db, values: StudentUpdateValues & { id: string; createdAt: Date }): Promise<void> {
    await tx.insert(studentUpdates).values(values);
  }

  async update(tx: Db, id: string, values: Partial<StudentUpdateValues>): Promise<void> {
    await tx.update(studentUpdates).set(values).where(eq(studentUpdates.id, id));
  }

  async delete(tx: Db, id: string): Promise<void> {
    await tx.delete(studentUpdates).where(eq(studentUpdates.id, id));
  }

  /** Replaces the update's audience: the ids of its kind (none for EVERYONE). */
  async setAudience(tx: Db, updateId: string, kind: StudentUpdateAudienceKind, ids: string[]): Promise<void> {
    await tx.delete(studentUpdateCatalogues).where(eq(studentUpdateCatalogues.updateId, updateId));
    await tx.delete(studentUpdateBatches).where(eq(studentUpdateBatches.updateId, updateId));
    await tx.delete(studentUpdateGroups).where(eq(studentUpdateGroups.updateId, updateId));
    if (ids.length === 0) return;
    if (kind === 'CATALOGUES') {
      await tx.insert(studentUpdateCatalogues).values(ids.map((catalogueId) => ({ updateId, catalogueId })));
    } else if (kind === 'BATCHES') {
      await tx.insert(studentUpdateBatches).values(ids.map((batchId) => ({ updateId, batchId })));
    } else if (kind === 'GROUPS') {
      await tx.insert(studentUpdateGroups).values(ids.map((groupId) => ({ updateId, groupId })));
    }
  }

  /** The named targets of each update's audience, by update id (by name). */
  async targets(updateIds: string[]): Promise<Map<string, { id: string; name: string }[]>> {
    const byUpdate = new Map<string, { id: string; name: string }[]>();
    if (updateIds.length === 0) return byUpdate;
    const [cats, bats, grps] = await Promise.all([
      this.db
        .select({ updateId: studentUpdateCatalogues.updateId, id: catalogues.id, name: catalogues.name })
        .from(studentUpdateCatalogues)
        .innerJoin(catalogues, eq(catalogues.id, studentUpdateCatalogues.catalogueId))
        .where(inArray(studentUpdateCatalogues.updateId, updateIds))
        .orderBy(asc(catalogues.name)),
      this.db
        .select({ updateId: studentUpdateBatches.updateId, id: batches.id, name: batchName })
        .from(studentUpdateBatches)
        .innerJoin(batches, eq(batches.id, studentUpdateBatches.batchId))
        .where(inArray(studentUpdateBatches.updateId, updateIds))
        .orderBy(asc(batches.name)),
      this.db
        .select({ updateId: studentUpdateGroups.updateId, id: studentGroups.id, name: studentGroups.name })
        .from(studentUpdateGroups)
        .innerJoin(studentGroups, eq(studentGroups.id, studentUpdateGroups.groupId))
        .where(inArray(studentUpdateGroups.updateId, updateIds))
        .orderBy(asc(studentGroups.name)),
    ]);
    for (const { updateId, id, name } of [...cats, ...bats, ...grps]) {
      const list = byUpdate.get(updateId) ?? [];
      list.push({ id, name });
      byUpdate.set(updateId, list);
    }
    return byUpdate;
  }

  /**
   * The students each update reaches now, by update id: of catalogues, those with a subscription
   * neither cancelled nor ended (`today`, the Indian date); of batches, their students; of groups, the
   * students of the groups' batches; each student once. EVERYONE is every student (`everyone`).
   */
  async studentCounts(
    updateIds: string[],
    today: string,
  ): Promise<{ byUpdate: Map<string, number>; everyone: number }> {
    const byUpdate = new Map<string, number>();
    const [all] = await this.db.select({ n: sql<number>`count(*)::int` }).from(students);
    if (updateIds.length === 0) return { byUpdate, everyone: num(all?.n) };
    const [cats, bats, grps] = await Promise.all([
      this.db
        .select({
          updateId: studentUpdateCatalogues.updateId,
          n: sql<number>`count(DISTINCT ${studentSubscriptions.studentId})::int`,
        })
        .from(studentUpdateCatalogues)
        .innerJoin(
          studentSubscriptions,
          and(
            eq(studentSubscriptions.catalogueId, studentUpdateCatalogues.catalogueId),
            eq(studentSubscriptions.cancelled, false),
            sql`${studentSubscriptions.endDate} >= ${today}`,
          ),
        )
        .where(inArray(studentUpdateCatalogues.updateId, updateIds))
        .groupBy(studentUpdateCatalogues.updateId),
      this.db
        .select({
          updateId: studentUpdateBatches.updateId,
          n: sql<number>`count(DISTINCT ${batchStudents.studentId})::int`,
        })
        .from(studentUpdateBatches)
        .innerJoin(batchStudents, eq(batchStudents.batchId, studentUpdateBatches.batchId))
        .where(inArray(studentUpdateBatches.updateId, updateIds))
        .groupBy(studentUpdateBatches.updateId),
      this.db
        .select({
          updateId: studentUpdateGroups.updateId,
          n: sql<number>`count(DISTINCT ${batchStudents.studentId})::int`,
        })
        .from(studentUpdateGroups)
        .innerJoin(groupBatches, eq(groupBatches.groupId, studentUpdateGroups.groupId))
        .innerJoin(batchStudents, eq(batchStudents.batchId, groupBatches.batchId))
        .where(inArray(studentUpdateGroups.updateId, updateIds))
        .groupBy(studentUpdateGroups.updateId),
    ]);
    for (const { updateId, n } of [...cats, ...bats, ...grps]) byUpdate.set(updateId, num(n));
    return { byUpdate, everyone: num(all?.n) };
  }

  /** Which of these ids name a catalogue, batch or group (by the audience's kind). */
  async existingTargets(kind: Exclude<StudentUpdateAudienceKind, 'EVERYONE'>, ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const table = { CATALOGUES: catalogues, BATCHES: batches, GROUPS: studentGroups }[kind];
    const rows = await this.db.select({ id: table.id }).from(table).where(inArray(table.id, ids));
    return rows.map((r) => r.id);
  }

  /** What an update may be sent to: catalogues not archived, active batches, and groups, each by name. */
  async audienceChoices() {
    const [cats, bats, grps] = await Promise.all([
      this.db
        .select({ id: catalogues.id, name: catalogues.name })
        .from(catalogues)
        .where(eq(catalogues.archived, false))
        .orderBy(asc(catalogues.name)),
      this.db
        .select({ id: batches.id, name: batchName })
        .from(batches)
        .where(eq(batches.status, 'ACTIVE'))
        .orderBy(asc(batches.name)),
      this.db
        .select({ id: studentGroups.id, name: studentGroups.name })
        .from(studentGroups)
        .orderBy(asc(studentGroups.name)),
    ]);
    return { catalogues: cats, batches: bats, groups: grps };
  }

  /** Videos by id (any state), with their subject's name. */
  async videos(ids: string[]): Promise<VideoRead[]> {
    if (ids.length === 0) return [];
    return this.db
      .select(videoColumns)
      .from(videos)
      .leftJoin(subjects, eq(subjects.id, videos.subjectId))
      .where(inArray(videos.id, ids));
  }

  /**
   * Transcoded videos students may be shown (a subject's or a catalogue's preview video, not a class's
   * recording), by name, up to `limit`; `q` matches the video's or its subject's name.
   */
  async playableVideos(q: string | undefined, limit: number): Promise<VideoRead[]> {
    const where: SQL[] = [
      eq(videos.transcodingStatus, 'COMPLETE'),
      or(isNotNull(videos.subjectId), isNotNull(videos.catalogueId))!,
    ];
    if (q) {
      const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      where.push(or(sql`${videos.name} ILIKE ${pattern}`, sql`${subjects.name} ILIKE ${pattern}`)!);
    }
    return this.db
      .select(videoColumns)
      .from(videos)
      .leftJoin(subjects, eq(subjects.id, videos.subjectId))
      .where(and(...where))
      .orderBy(asc(videos.name), asc(videos.id))
      .limit(limit);
  }

  /** Scheduled updates whose time has come (`now`) and whose job is missing or late by `grace` ms. */
  async overdue(now: Date, graceMs: number): Promise<{ id: string; publishAt: Date }[]> {
    const rows = await this.db
      .select({ id: studentUpdates.id, publishAt: studentUpdates.publishAt })
      .from(studentUpdates)
      .where(
        and(
          eq(studentUpdates.state, 'SCHEDULED'),
          lte(studentUpdates.publishAt, now),
          or(isNull(studentUpdates.publishJobId), lte(studentUpdates.publishAt, new Date(now.getTime() - graceMs))),
        ),
      )
      .orderBy(asc(studentUpdates.publishAt));
    return rows.map((r) => ({ id: r.id, publishAt: r.publishAt! }));
  }

  async pageContent(key: string, db: Db = this.db): Promise<PageContentRow | null> {
    const [row] = await db.select().from(pageContent).where(eq(pageContent.key, key));
    return row ?? null;
  }

  async lockPageContent(tx: Db, key: string): Promise<PageContentRow | null> {
    const [row] = await tx.select().from(pageContent).where(eq(pageContent.key, key)).for('update');
    return row ?? null;
  }

  async setPageContent(tx: Db, key: string, values: Partial<Omit<PageContentRow, 'key' | 'version'>>): Promise<void> {
    await tx.update(pageContent).set(values).where(eq(pageContent.key, key));
  }

  async bumpPageContentVersion(tx: Db, key: string): Promise<void> {
    await tx
      .update(pageContent)
      .set({ version: sql`${pageContent.version} + 1` })
      .where(eq(pageContent.key, key));
  }
}
