import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { videoPlacements, videos } from '../../db/schema';

export type VideoRow = typeof videos.$inferSelect;
export type NewVideo = typeof videos.$inferInsert;

/** The unit and topic a video was uploaded, copied or moved into. */
export interface Placement {
  unitId: string | null;
  topicId: string | null;
}

export interface PlacedVideo extends Placement {
  video: VideoRow;
}

// Where a video sits: the unit and topic it was uploaded, copied or moved into; a video without that
// record (older data) sits where the first subtopic it is attached to is.
const attachedTo = (column: 'unit_id' | 'topic_id') =>
  sql.raw(`(SELECT s.${column} FROM subtopics s WHERE s.video_id = "videos"."id" ORDER BY s.position, s.id LIMIT 1)`);
const placedUnit = sql<string | null>`coalesce(${videoPlacements.unitId}, ${attachedTo('unit_id')})`;
const placedTopic = sql<string | null>`coalesce(${videoPlacements.topicId}, ${attachedTo('topic_id')})`;

/**
 * The videos table and where each video sits. The only code that inserts, updates or deletes videos:
 * the file explorer (register, copy, move, delete, preview changes) and transcoding (a video's status
 * follows its newest job) call these. Writes take the transaction they belong to.
 */
export class VideosRepository {
  constructor(private readonly db: Db) {}

  // ---- reads

  private placedQuery(db: Db) {
    return db
      .select({ video: videos, unitId: placedUnit, topicId: placedTopic })
      .from(videos)
      .leftJoin(videoPlacements, eq(videoPlacements.videoId, videos.id));
  }

  /** A subject's videos, narrowed to a unit or topic, by name. */
  async ofSubject(subjectId: string, filter: { unitId?: string; topicId?: string }): Promise<PlacedVideo[]> {
    return this.placedQuery(this.db)
      .where(
        and(
          eq(videos.subjectId, subjectId),
          filter.unitId ? eq(placedUnit, filter.unitId) : undefined,
          filter.topicId ? eq(placedTopic, filter.topicId) : undefined,
        ),
      )
      .orderBy(asc(videos.name), asc(videos.uploadedAt));
  }

  /** A catalogue's videos, oldest upload first. */
  async ofCatalogue(catalogueId: string): Promise<PlacedVideo[]> {
    return this.placedQuery(this.db)
      .where(eq(videos.catalogueId, catalogueId))
      .orderBy(asc(videos.uploadedAt), asc(videos.name));
  }

  async byIds(ids: string[], db: Db = this.db): Promise<PlacedVideo[]> {
    if (ids.length === 0) return [];
    return this.placedQuery(db).where(inArray(videos.id, ids));
  }

  async byKeys(keys: string[], db: Db = this.db): Promise<PlacedVideo[]> {
    if (keys.length === 0) return [];
    return this.placedQuery(db).where(inArray(videos.storageKey, keys));
  }

  async byKey(key: string, db: Db = this.db): Promise<PlacedVideo | null> {
    const [row] = await this.placedQuery(db).where(eq(videos.storageKey, key));
    return row ?? null;
  }

  // ---- the file explorer's changes

  async insert(db: Db, values: NewVideo, placement: Placement | null): Promise<void> {
    await db.insert(videos).values(values);
    if (placement) await db.insert(videoPlacements).values({ videoId: values.id, ...placement });
  }

  async place(db: Db, videoId: string, placement: Placement): Promise<void> {
    await db
      .insert(videoPlacements)
      .values({ videoId, ...placement })
      .onConflictDoUpdate({ target: videoPlacements.videoId, set: placement });
  }

  /** A video whose file moved to another subject: it is transcoded again from scratch. */
  async moveToSubject(db: Db, videoId: string, to: { subjectId: string; storageKey: string }): Promise<void> {
    await db
      .update(videos)
      .set({
        subjectId: to.subjectId,
        catalogueId: null,
        storageKey: to.storageKey,
        transcodingStatus: 'NOT_STARTED',
        jobId: null,
        endpoints: [],
      })
      .where(eq(videos.id, videoId));
  }

  /** A preview video's name and catalogue (its stored file stays). */
  async updatePreview(db: Db, videoId: string, changes: { name: string; catalogueId: string }): Promise<void> {
    await db.update(videos).set(changes).where(eq(videos.id, videoId));
  }

  async delete(db: Db, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await db.delete(videos).where(inArray(videos.id, ids));
  }

  // ---- transcoding: a video's status and job follow its newest job

  /** Of these videos, those not waiting for or running a transcode. */
  async notTranscoding(ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .select({ id: videos.id })
      .from(videos)
      .where(and(inArray(videos.id, ids), notInArray(videos.transcodingStatus, ['SUBMITTED', 'PROGRESSING'])));
    return rows.map((row) => row.id);
  }

  /** The videos to submit, locked until the transaction ends, by id. */
  async lockForSubmit(db: Db, ids: string[]): Promise<{ id: string; name: string; transcodingStatus: string }[]> {
    if (ids.length === 0) return [];
    return db
      .select({ id: videos.id, name: videos.name, transcodingStatus: videos.transcodingStatus })
      .from(videos)
      .where(inArray(videos.id, ids))
      .orderBy(asc(videos.id))
      .for('update');
  }

  async markSubmitted(db: Db, videoId: string, jobId: string): Promise<void> {
    await db.update(videos).set({ transcodingStatus: 'SUBMITTED', jobId }).where(eq(videos.id, videoId));
  }

  async markCancelled(db: Db, jobIds: string[]): Promise<void> {
    if (jobIds.length === 0) return;
    await db.update(videos).set({ transcodingStatus: 'CANCELED' }).where(inArray(videos.jobId, jobIds));
  }

  /** A job's run started: PROGRESSING if it is still the video's newest job. The video's stored file, or null. */
  async markProgressing(db: Db, videoId: string, jobId: string): Promise<string | null> {
    const [row] = await db
      .update(videos)
      .set({
        transcodingStatus: sql`CASE WHEN ${videos.jobId} = ${jobId} THEN 'PROGRESSING' ELSE ${videos.transcodingStatus} END`,
      })
      .where(eq(videos.id, videoId))
      .returning({ storageKey: videos.storageKey });
    return row?.storageKey ?? null;
  }

  /** The video's newest job and its current outputs, locked until the transaction ends. */
  async lockForFinish(db: Db, videoId: string): Promise<{ jobId: string | null; endpoints: unknown } | null> {
    const [row] = await db
      .select({ jobId: videos.jobId, endpoints: videos.endpoints })
      .from(videos)
      .where(eq(videos.id, videoId))
      .for('update');
    return row ?? null;
  }

  /** COMPLETE with the transcode's outputs, and its duration when the transcoder measured one. */
  async markTranscoded(db: Db, videoId: string, endpoints: string[], durationSeconds: number): Promise<void> {
    await db
      .update(videos)
      .set({
        transcodingStatus: 'COMPLETE',
        endpoints,
        durationSeconds: sql`CASE WHEN ${durationSeconds}::double precision > 0 THEN ${durationSeconds}::double precision ELSE ${videos.durationSeconds} END`,
      })
      .where(eq(videos.id, videoId));
  }

  /** Sets the status, if this job is still the video's newest. */
  async setStatusOfJob(db: Db, videoId: string, jobId: string, status: 'SUBMITTED' | 'ERROR'): Promise<void> {
    await db
      .update(videos)
      .set({ transcodingStatus: status })
      .where(and(eq(videos.id, videoId), eq(videos.jobId, jobId)));
  }
}
