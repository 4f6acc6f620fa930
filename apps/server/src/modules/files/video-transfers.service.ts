import crypto from 'node:crypto';
import { LOCKED_STATES, type ExplorerVideo } from '@lectern/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { recordActivity } from '../../lib/activity.repository';
import type { Storage } from '../../storage';
import { baseName, keyIn, nameAfterId, subjectFolder } from '../../storage/object-keys';
import { StorageError } from '../../storage/storage';
import { deletePrefix } from '../../transcoder/media-store';
import { toExplorerVideo, type PlacedVideo, type VideoRow, type VideosStore } from '../videos';
import type { Caller, FilesRepository } from './files.repository';
import type { VideoAccess } from './video-access';
import { fail, outputPrefixes, type VideosRegisteredHook } from './video-files';

type Selection = { videoIds?: string[]; awsKeys?: string[] };
type Target = { subjectId: string; unitId?: string; topicId?: string };

/** Copy, move and delete of videos: storage and database together, the stored files cleaned up after. */
export class VideoTransfersService {
  constructor(
    /** transactions: the videos, their subtopics and the activity rows change together */
    private readonly db: Db,
    private readonly storage: Storage,
    private readonly files: FilesRepository,
    private readonly videos: VideosStore,
    private readonly access: VideoAccess,
    private readonly notify: VideosRegisteredHook,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Refuses to detach videos from subtopics of a subject under review. */
  private async assertNotLocked(tx: Db, rows: PlacedVideo[]): Promise<void> {
    const attached = await this.files.attachments(
      tx,
      rows.map((r) => r.video.id),
    );
    const locked = attached.find((a) => (LOCKED_STATES as readonly string[]).includes(a.subjectState));
    if (locked) {
      const name = rows.find((r) => r.video.id === locked.videoId)?.video.name ?? '';
      throw fail(409, 'videoAttachedLocked', { videoName: name, subjectName: locked.subjectName });
    }
  }

  private newKeyFor(subjectId: string, oldKey: string): string {
    return keyIn(subjectFolder(subjectId), `${crypto.randomUUID()}-${nameAfterId(baseName(oldKey))}`);
  }

  /** PUT copyfiles: each video's file is copied under the destination subject and a new video made. */
  async copy(caller: Caller, input: Selection & { destination: Target }): Promise<ExplorerVideo[]> {
    const rows = await this.access.selection(caller, input);
    const dest = await this.access.destination(caller, input.destination);
    const bucket = this.storage.videosBucket;
    const copies: { row: PlacedVideo; id: string; key: string }[] = [];
    try {
      for (const row of rows) {
        const key = this.newKeyFor(dest.subjectId, row.video.storageKey);
        await this.storage.driver.copy({ bucket, key: row.video.storageKey }, { bucket, key });
        copies.push({ row, id: crypto.randomUUID(), key });
      }
      await this.db.transaction(async (tx) => {
        for (const { row, id, key } of copies) {
          await this.videos.insert(
            tx,
            {
              id,
              subjectId: dest.subjectId,
              catalogueId: null,
              name: row.video.name,
              storageKey: key,
              size: row.video.size,
              durationSeconds: row.video.durationSeconds,
              transcodingStatus: 'NOT_STARTED',
              uploadedBy: caller.name,
            },
            { unitId: dest.unitId, topicId: dest.topicId },
          );
          await recordActivity(tx, {
            actorId: caller.userId,
            action: 'video.copy',
            entityType: 'video',
            entityId: id,
            before: { videoId: row.video.id, storageKey: row.video.storageKey },
            after: { storageKey: key, subjectId: dest.subjectId, unitId: dest.unitId, topicId: dest.topicId },
            summary: `${caller.name} copied '${row.video.name}' to '${dest.subjectName}'`,
            subjectId: dest.subjectId,
          });
        }
      });
    } catch (error) {
      await this.dropObjects(copies.map((c) => c.key));
      throw this.storageFailure(error);
    }
    const ids = copies.map((c) => c.id);
    await this.notify(ids, 'copied');
    return (await this.videos.byIds(ids)).map(toExplorerVideo);
  }

  /**
   * PUT movefiles: within a subject only the unit/topic changes; to another subject the file moves
   * under its folder, the video is detached from the old subject's subtopics and transcoded again.
   */
  async move(caller: Caller, input: Selection & { destination: Target }): Promise<ExplorerVideo[]> {
    const rows = await this.access.selection(caller, input);
    const dest = await this.access.destination(caller, input.destination);
    const bucket = this.storage.videosBucket;
    const across = rows.filter((r) => r.video.subjectId !== dest.subjectId);
    await this.assertNotLocked(this.db, across);
    const copied: { row: PlacedVideo; key: string }[] = [];
    try {
      for (const row of across) {
        const key = this.newKeyFor(dest.subjectId, row.video.storageKey);
        await this.storage.driver.copy({ bucket, key: row.video.storageKey }, { bucket, key });
        copied.push({ row, key });
      }
      await this.db.transaction(async (tx) => {
        await this.assertNotLocked(tx, across);
        await this.files.detach(
          tx,
          across.map((r) => r.video.id),
        );
        for (const row of rows) {
          const moved = copied.find((c) => c.row.video.id === row.video.id);
          if (moved)
            await this.videos.moveToSubject(tx, row.video.id, { subjectId: dest.subjectId, storageKey: moved.key });
          await this.videos.place(tx, row.video.id, { unitId: dest.unitId, topicId: dest.topicId });
          await recordActivity(tx, {
            actorId: caller.userId,
            action: 'video.move',
            entityType: 'video',
            entityId: row.video.id,
            before: {
              subjectId: row.video.subjectId,
              unitId: row.unitId,
              topicId: row.topicId,
              storageKey: row.video.storageKey,
            },
            after: {
              subjectId: dest.subjectId,
              unitId: dest.unitId,
              topicId: dest.topicId,
              storageKey: moved?.key ?? row.video.storageKey,
            },
            summary: `${caller.name} moved '${row.video.name}' to '${dest.subjectName}'`,
            subjectId: dest.subjectId,
          });
        }
      });
    } catch (error) {
      await this.dropObjects(copied.map((c) => c.key));
      throw this.storageFailure(error);
    }
    // The database now points at the copies: the originals go, and their transcodes (made again).
    await this.dropObjects(copied.map((c) => c.row.video.storageKey));
    await this.dropOutputs(copied.map((c) => c.row.video));
    await this.notify(
      copied.map((c) => c.row.video.id),
      'moved',
    );
    return (await this.videos.byIds(rows.map((r) => r.video.id))).map(toExplorerVideo);
  }

  /** DELETE deletefiles: the records go (subtopics lose the video), then the stored files and transcodes. */
  async delete(caller: Caller, input: Selection): Promise<string[]> {
    return this.remove(caller, await this.access.selection(caller, input));
  }

  /** Deletes videos the caller was checked for: records first, then stored files and transcodes. */
  async remove(caller: Caller, rows: PlacedVideo[]): Promise<string[]> {
    const ids = rows.map((r) => r.video.id);
    await this.db.transaction(async (tx) => {
      await this.assertNotLocked(tx, rows);
      await this.files.detach(tx, ids);
      await this.videos.delete(tx, ids);
      for (const row of rows) {
        await recordActivity(tx, {
          actorId: caller.userId,
          action: 'video.delete',
          entityType: 'video',
          entityId: row.video.id,
          before: {
            name: row.video.name,
            storageKey: row.video.storageKey,
            subjectId: row.video.subjectId,
            catalogueId: row.video.catalogueId,
            liveClassId: row.video.liveClassId,
          },
          summary: `${caller.name} deleted '${row.video.name}'`,
          subjectId: row.video.subjectId ?? undefined,
        });
      }
    });
    await this.dropObjects(rows.map((r) => r.video.storageKey));
    await this.dropOutputs(rows.map((r) => r.video));
    return ids;
  }

  /** Best-effort removal of stored files the database no longer points at. */
  private async dropObjects(keys: string[]): Promise<void> {
    for (const key of keys) {
      await this.storage.driver.delete({ bucket: this.storage.videosBucket, key }).catch((error: unknown) => {
        this.log.warn({ err: error, key }, 'could not delete a stored file; it is orphaned');
      });
    }
  }

  /** Best-effort removal of the transcode outputs of videos that are gone or moved. */
  private async dropOutputs(list: VideoRow[]): Promise<void> {
    const bucket = this.storage.videosBucket;
    for (const video of list) {
      for (const prefix of outputPrefixes(video)) {
        await deletePrefix(this.storage.driver, bucket, prefix).catch((error: unknown) => {
          this.log.warn({ err: error, prefix }, 'could not delete transcode outputs; they are orphaned');
        });
      }
    }
  }

  private storageFailure(error: unknown): unknown {
    if (error instanceof StorageError && error.code === 'NotFound') {
      return fail(409, 'storedFileMissing');
    }
    return error;
  }
}
