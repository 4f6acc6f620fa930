import { asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { batchChapters, batchSubjects } from '../../db/schema';

/** The SQL of batch subjects and their chapters. */
export class SubjectsRepository {
  constructor(private readonly db: Db) {}

  async subjects(): Promise<{ subjectId: string; subjectName: string; chapterCount: number }[]> {
    const rows = await this.db
      .select({ subjectId: batchSubjects.id, subjectName: batchSubjects.name, chapterCount: count(batchChapters.id) })
      .from(batchSubjects)
      .leftJoin(batchChapters, eq(batchChapters.subjectId, batchSubjects.id))
      .groupBy(batchSubjects.id, batchSubjects.name)
      .orderBy(asc(batchSubjects.name));
    return rows.map((r) => ({ ...r, chapterCount: Number(r.chapterCount) }));
  }

  async subject(tx: Db, id: string): Promise<{ id: string; name: string } | null> {
    const rows = await tx
      .select({ id: batchSubjects.id, name: batchSubjects.name })
      .from(batchSubjects)
      .where(eq(batchSubjects.id, id));
    return rows[0] ?? null;
  }

  async insertSubject(tx: Db, values: { id: string; name: string; createdBy: string }): Promise<void> {
    await tx.insert(batchSubjects).values(values);
  }

  async chapters(
    subjectId?: string,
  ): Promise<{ chapterId: string; chapterName: string; subjectId: string; subjectName: string }[]> {
    return this.db
      .select({
        chapterId: batchChapters.id,
        chapterName: batchChapters.name,
        subjectId: batchSubjects.id,
        subjectName: batchSubjects.name,
      })
      .from(batchChapters)
      .innerJoin(batchSubjects, eq(batchSubjects.id, batchChapters.subjectId))
      .where(subjectId ? eq(batchChapters.subjectId, subjectId) : undefined)
      .orderBy(asc(batchSubjects.name), asc(batchChapters.name));
  }

  async chapter(tx: Db, id: string): Promise<{ id: string; subjectId: string; name: string } | null> {
    const rows = await tx
      .select({ id: batchChapters.id, subjectId: batchChapters.subjectId, name: batchChapters.name })
      .from(batchChapters)
      .where(eq(batchChapters.id, id));
    return rows[0] ?? null;
  }

  async insertChapter(
    tx: Db,
    values: { id: string; subjectId: string; name: string; createdBy: string },
  ): Promise<void> {
    await tx.insert(batchChapters).values(values);
  }
}
