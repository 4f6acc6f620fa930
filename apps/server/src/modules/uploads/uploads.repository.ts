import { and, asc, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { uploadParts, uploads } from '../../db/schema';

export type UploadRow = typeof uploads.$inferSelect;
export type UploadStatus = 'STARTED' | 'COMPLETING' | 'COMPLETED' | 'REGISTERED' | 'ABORTED' | 'REFUSED';

/** Uploads and the parts stored of them. */
export class UploadsRepository {
  constructor(private readonly db: Db) {}

  async get(id: string): Promise<UploadRow | null> {
    const [row] = await this.db.select().from(uploads).where(eq(uploads.id, id));
    return row ?? null;
  }

  /** The caller's unfinished upload of the same file to the same place, started after `since`. */
  async findResumable(match: {
    createdBy: string;
    targetType: string;
    subjectId: string | null;
    catalogueId: string | null;
    originalName: string;
    size: number;
    fingerprint: string;
    since: Date;
  }): Promise<UploadRow | null> {
    const [row] = await this.db
      .select()
      .from(uploads)
      .where(
        and(
          eq(uploads.createdBy, match.createdBy),
          eq(uploads.status, 'STARTED'),
          eq(uploads.targetType, match.targetType),
          match.subjectId === null ? isNull(uploads.subjectId) : eq(uploads.subjectId, match.subjectId),
          match.catalogueId === null ? isNull(uploads.catalogueId) : eq(uploads.catalogueId, match.catalogueId),
          eq(uploads.originalName, match.originalName),
          eq(uploads.size, match.size),
          eq(uploads.fingerprint, match.fingerprint),
          gt(uploads.createdAt, match.since),
        ),
      )
      .orderBy(desc(uploads.createdAt))
      .limit(1);
    return row ?? null;
  }

  /** The upload currently writing a key, if any. */
  async activeForKey(bucket: string, key: string): Promise<UploadRow | null> {
    const [row] = await this.db
      .select()
      .from(uploads)
      .where(
        and(
          eq(uploads.bucket, bucket),
          eq(uploads.storageKey, key),
          inArray(uploads.status, ['STARTED', 'COMPLETING']),
        ),
      );
    return row ?? null;
  }

  /** The newest upload that wrote a key (for registration). */
  async latestForKey(bucket: string, key: string, db: Db = this.db): Promise<UploadRow | null> {
    const [row] = await db
      .select()
      .from(uploads)
      .where(and(eq(uploads.bucket, bucket), eq(uploads.storageKey, key)))
      .orderBy(desc(uploads.createdAt))
      .limit(1);
    return row ?? null;
  }

  async insert(row: typeof uploads.$inferInsert): Promise<void> {
    await this.db.insert(uploads).values(row);
  }

  /** Moves an upload from one status to another; false when it was not in `from` any more. */
  async transition(
    id: string,
    from: UploadStatus[],
    to: UploadStatus,
    extra: Partial<UploadRow> = {},
    db: Db = this.db,
  ) {
    const rows = await db
      .update(uploads)
      .set({ ...extra, status: to, updatedAt: new Date() })
      .where(and(eq(uploads.id, id), inArray(uploads.status, from)))
      .returning({ id: uploads.id });
    return rows.length > 0;
  }

  /** The upload became a video (in the registration's transaction). */
  async markRegistered(db: Db, id: string, videoId: string): Promise<void> {
    await db.update(uploads).set({ status: 'REGISTERED', videoId, updatedAt: new Date() }).where(eq(uploads.id, id));
  }

  async parts(uploadId: string) {
    return this.db
      .select({ partNumber: uploadParts.partNumber, etag: uploadParts.etag, size: uploadParts.size })
      .from(uploadParts)
      .where(eq(uploadParts.uploadId, uploadId))
      .orderBy(asc(uploadParts.partNumber));
  }

  async recordParts(uploadId: string, parts: { partNumber: number; etag: string; size: number }[]): Promise<void> {
    if (parts.length === 0) return;
    await this.db
      .insert(uploadParts)
      .values(parts.map((p) => ({ uploadId, ...p })))
      .onConflictDoUpdate({
        target: [uploadParts.uploadId, uploadParts.partNumber],
        set: { etag: sql`excluded.etag`, size: sql`excluded.size`, createdAt: sql`now()` },
      });
  }

  async dropParts(uploadId: string): Promise<void> {
    await this.db.delete(uploadParts).where(eq(uploadParts.uploadId, uploadId));
  }

  /** Unfinished uploads started before `before`: the sweeper aborts them. */
  async stale(before: Date, limit = 100): Promise<UploadRow[]> {
    return this.db
      .select()
      .from(uploads)
      .where(and(inArray(uploads.status, ['STARTED', 'COMPLETING']), lt(uploads.createdAt, before)))
      .limit(limit);
  }
}
