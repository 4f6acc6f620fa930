import { and, asc, eq, max } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { subtopics, topics, units, videos } from '../../db/schema';

export type TreeLevel = 'unit' | 'topic' | 'subtopic';

const TREE_TABLES = { unit: units, topic: topics, subtopic: subtopics } as const;
const PARENT_COLUMN = { unit: units.subjectId, topic: topics.unitId, subtopic: subtopics.topicId } as const;

/** A new unit, topic or subtopic: `parentId` is the subject, unit or topic it goes under. */
export interface NewNode {
  id: string;
  subjectId: string;
  parentId: string;
  /** the unit of a subtopic's topic */
  unitId: string | null;
  name: string;
  description: string;
  position: number;
  active: boolean;
  trial: boolean;
}

/**
 * Units, topics and subtopics of a subject, inside a change's transaction. The three levels share
 * their columns (name, active, trial, position), so one set of operations serves them all.
 */
export class SubjectTreeRepository {
  /** A unit or topic of this subject, by id; null when it is not one. */
  async parent(tx: Db, level: 'unit' | 'topic', subjectId: string, id: string) {
    const table = TREE_TABLES[level];
    const [row] = await tx
      .select({ id: table.id, name: table.name })
      .from(table)
      .where(and(eq(table.id, id), eq(table.subjectId, subjectId)));
    return row ?? null;
  }

  async unitOfTopic(tx: Db, topicId: string): Promise<string | null> {
    const [row] = await tx.select({ unitId: topics.unitId }).from(topics).where(eq(topics.id, topicId));
    return row?.unitId ?? null;
  }

  /** A node of this subject, by id; null when it is not one. */
  async node(tx: Db, level: TreeLevel, subjectId: string, id: string) {
    const table = TREE_TABLES[level];
    const [row] = await tx
      .select({ id: table.id, name: table.name, active: table.active, trial: table.trial, position: table.position })
      .from(table)
      .where(and(eq(table.id, id), eq(table.subjectId, subjectId)));
    return row ?? null;
  }

  /** The highest position among a parent's children; null when it has none. */
  async lastPosition(tx: Db, level: TreeLevel, parentId: string): Promise<number | null> {
    const table = TREE_TABLES[level];
    const [last] = await tx
      .select({ n: max(table.position) })
      .from(table)
      .where(eq(PARENT_COLUMN[level], parentId));
    return last?.n ?? null;
  }

  async insert(tx: Db, level: TreeLevel, node: NewNode): Promise<void> {
    const { parentId, unitId, description, ...row } = node;
    if (level === 'unit') await tx.insert(units).values(row);
    else if (level === 'topic') await tx.insert(topics).values({ ...row, unitId: parentId });
    else await tx.insert(subtopics).values({ ...row, topicId: parentId, unitId: unitId ?? '', description });
  }

  async update(
    tx: Db,
    level: TreeLevel,
    id: string,
    changes: { name?: string; active?: boolean; trial?: boolean },
  ): Promise<void> {
    if (Object.keys(changes).length === 0) return;
    // units, topics and subtopics share these columns
    await tx
      .update(TREE_TABLES[level] as typeof units)
      .set(changes)
      .where(eq(TREE_TABLES[level].id, id));
  }

  async setDescription(tx: Db, subtopicId: string, description: string): Promise<void> {
    await tx.update(subtopics).set({ description }).where(eq(subtopics.id, subtopicId));
  }

  /** Deletes a node with everything under it (the database cascades). */
  async delete(tx: Db, level: TreeLevel, id: string): Promise<void> {
    await tx.delete(TREE_TABLES[level]).where(eq(TREE_TABLES[level].id, id));
  }

  /** The ids of a parent's children, in their order. */
  async childIds(tx: Db, level: TreeLevel, parentId: string): Promise<string[]> {
    const table = TREE_TABLES[level];
    const rows = await tx
      .select({ id: table.id })
      .from(table)
      .where(eq(PARENT_COLUMN[level], parentId))
      .orderBy(asc(table.position));
    return rows.map((r) => r.id);
  }

  async setPosition(tx: Db, level: TreeLevel, id: string, position: number): Promise<void> {
    const table = TREE_TABLES[level];
    await tx
      .update(table as typeof units)
      .set({ position })
      .where(eq(table.id, id));
  }

  /** A subtopic at exactly this place of this subject; null when it is not there. */
  async subtopicAt(tx: Db, at: { subjectId: string; unitId: string; topicId: string; subtopicId: string }) {
    const [row] = await tx
      .select()
      .from(subtopics)
      .where(
        and(
          eq(subtopics.id, at.subtopicId),
          eq(subtopics.subjectId, at.subjectId),
          eq(subtopics.topicId, at.topicId),
          eq(subtopics.unitId, at.unitId),
        ),
      );
    return row ?? null;
  }

  /** A video file, to check before attaching it. */
  async video(tx: Db, videoId: string) {
    const [row] = await tx
      .select({
        name: videos.name,
        subjectId: videos.subjectId,
        transcodingStatus: videos.transcodingStatus,
      })
      .from(videos)
      .where(eq(videos.id, videoId));
    return row ?? null;
  }

  async setVideo(tx: Db, subtopicId: string, videoId: string | null): Promise<void> {
    await tx.update(subtopics).set({ videoId }).where(eq(subtopics.id, subtopicId));
  }
}
