import crypto from 'node:crypto';
import {
  CONSTANTS,
  LOCKED_STATES,
  UPLOAD_MESSAGES,
  contentTypeOf,
  fileTypeOf,
  fillMessage,
  hasPermission,
  resourceType,
  type ExplorerVideo,
  type ObjectListing,
  type PreviewFolder,
  type Recording,
  type ResourceTypeKey,
  type UploadMessageKey,
  type VideoUrl,
} from '@lectern/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from '../../db/client';
import { recordActivity } from '../../lib/activity';
import { AppError, forbidden, notFound } from '../../lib/app-error';
import type { Storage } from '../../storage';
import { baseName, isDirectChild, keyIn, nameAfterId, previewFolder, subjectFolder } from '../../storage/object-keys';
import { StorageError } from '../../storage/storage';
import { deletePrefix } from '../../transcoder/media-store';
import { readEndpoints } from '../../transcoder/transcoder';
import { signMediaUrl } from '../transcoding/media-routes';
import type { UploadsRepository } from '../uploads/uploads.repository';
import {
  isPreviewVideo,
  isUniqueViolation,
  toExplorerVideo,
  type Caller,
  type ExplorerSubjectRow,
  type FilesRepository,
  type PlacedVideo,
  type VideoRow,
} from './files.repository';
import { uploads, videos } from '../../db/schema';
import { eq, inArray } from 'drizzle-orm';

/**
 * Called after videos are registered, copied, or moved to another subject: the place where the
 * transcoding issue enqueues jobs (DESIGN §7). Until then videos stay NOT_STARTED.
 */
export type VideosRegisteredHook = (videoIds: string[], reason: 'registered' | 'copied' | 'moved') => Promise<void>;

const fail = (status: number, key: UploadMessageKey, values: Record<string, string | number> = {}) =>
  new AppError(status, fillMessage(UPLOAD_MESSAGES[key], values));

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;

/** A video's display name from the browser: controls removed, trimmed, at most 255 characters. */
function videoName(given: string, key: string): string {
  const clean = given.replace(CONTROL, '').trim().slice(0, 255);
  return clean || nameAfterId(baseName(key));
}

/** The storage keys a video's endpoints hold (written by the transcoder). */
function storedEndpoints(video: VideoRow): string[] {
  return Array.isArray(video.endpoints) ? video.endpoints.filter((e): e is string => typeof e === 'string') : [];
}

/** The folder of `key` ('a/b/' of 'a/b/c'), unless it is the bucket's root or also holds the video's source. */
function outputsFolderOf(key: string, sourceKey: string): string | null {
  const slash = key.lastIndexOf('/');
  if (slash <= 0) return null;
  const folder = key.slice(0, slash + 1);
  return sourceKey.startsWith(folder) ? null : folder;
}

/**
 * The prefixes holding a video's transcode outputs: the transcoder's folder for the video
 * (`{source folder}transcoded/{videoId}/`: every job's outputs, partial ones too, as
 * outputPrefixFor lays them out) and, when elsewhere, the folder of the outputs its endpoints name,
 * if that is a folder of this video's own (`.../transcoded/{videoId}/...`): never a folder that
 * holds the source, nor one another video's endpoints could share.
 */
function outputPrefixes(video: VideoRow): string[] {
  const slash = video.storageKey.lastIndexOf('/');
  const root = `${slash >= 0 ? video.storageKey.slice(0, slash + 1) : ''}transcoded/${video.id}/`;
  const { master, poster, thumbnails } = readEndpoints(storedEndpoints(video));
  const named = master ?? poster ?? thumbnails[0];
  const folder = named ? outputsFolderOf(named, video.storageKey) : null;
  const own = `transcoded/${video.id}/`;
  const ours = folder !== null && (folder.startsWith(own) || folder.includes(`/${own}`));
  return folder && ours && !folder.startsWith(root) ? [root, folder] : [root];
}

interface Destination {
  subjectId: string;
  subjectName: string;
  unitId: string | null;
  topicId: string | null;
}

/**
 * The file explorer's video service: registration of finished uploads, listing, copy, move and
 * delete (storage and database together), the picker's object listing, and preview videos.
 */
export class FilesService {
  constructor(
    private readonly database: Database,
    private readonly storage: Storage,
    private readonly repo: FilesRepository,
    private readonly uploadsRepo: UploadsRepository,
    private readonly log: FastifyBaseLogger,
    private readonly onVideos: VideosRegisteredHook,
    /** signs HLS playback addresses (the media routes' secret); without it `hlsUrl` is null */
    private readonly mediaUrlSecret: Buffer | null = null,
  ) {}

  private get db(): Db {
    return this.database.db;
  }

  private async notify(ids: string[], reason: 'registered' | 'copied' | 'moved'): Promise<void> {
    if (ids.length === 0) return;
    try {
      await this.onVideos(ids, reason);
    } catch (error) {
      // The videos are stored and registered; a job that failed to enqueue can be submitted again.
      this.log.error({ err: error, videoIds: ids }, 'transcoding hook failed');
    }
  }

  /** A subject the caller may attach to, and the unit/topic inside it (404 when they do not belong). */
  private async destination(
    caller: Caller,
    target: { subjectId: string; unitId?: string; topicId?: string },
  ): Promise<Destination> {
    const { subject, access } = await this.repo.subjectAccess(caller, target.subjectId);
    if (!access.attach) throw forbidden();
    let unitId = target.unitId ?? null;
    if (unitId && !(await this.repo.unit(subject.id, unitId))) throw fail(404, 'unitNotInSubject');
    const topicId = target.topicId ?? null;
    if (topicId) {
      const topic = await this.repo.topic(subject.id, topicId);
      if (!topic || (unitId && topic.unitId !== unitId)) throw fail(404, 'topicNotInUnit');
      unitId = topic.unitId;
    }
    return { subjectId: subject.id, subjectName: subject.name, unitId, topicId };
  }

  // ---- registration

  /**
   * PUT uploadfiles: registers finished uploads under subjects/{subjectId}/ as videos of a topic
   * (NOT_STARTED until transcoded). Registering the same key again answers the video already made,
   * so 'FIX FAILURES' can retry safely.
   */
  async registerSubjectVideos(
    caller: Caller,
    input: {
      subjectId: string;
      unitId: string;
      topicId: string;
      uploadFilesDtoList: { file: string; size: number; awsKey: string; videoDurationInSecond: number }[];
    },
  ): Promise<ExplorerVideo[]> {
    const dest = await this.destination(caller, input);
    const folder = subjectFolder(dest.subjectId);
    return this.register(caller, input.uploadFilesDtoList, {
      folder,
      targetType: 'subject',
      matches: (u) => u.subjectId === dest.subjectId,
      label: `'${dest.subjectName}'`,
      subjectId: dest.subjectId,
      catalogueId: null,
      placement: { unitId: dest.unitId, topicId: dest.topicId },
    });
  }

  /** POST preview-videos/create: registers finished uploads under preview-videos/{catalogueId}/. */
  async registerPreviewVideos(
    caller: Caller,
    input: {
      catalogueId: string;
      fileList: { file: string; size: number; awsKey: string; videoDurationInSecond: number; catalogueId?: string }[];
    },
  ) {
    if (!hasPermission(caller.roles, 'publisher')) throw forbidden();
    if (!(await this.repo.catalogue(input.catalogueId))) throw notFound('that catalogue');
    const label = `the preview videos of catalogue ${input.catalogueId}`;
    for (const item of input.fileList) {
      if (item.catalogueId !== undefined && item.catalogueId !== input.catalogueId) {
        throw fail(400, 'keyOutsideFolder', { key: item.awsKey.slice(0, 200), target: label });
      }
    }
    await this.register(caller, input.fileList, {
      folder: previewFolder(input.catalogueId),
      targetType: 'preview-video',
      matches: (u) => u.catalogueId === input.catalogueId,
      label,
      subjectId: null,
      catalogueId: input.catalogueId,
      placement: null,
    });
    return this.previewVideos(input.catalogueId);
  }

  private async register(
    caller: Caller,
    list: { file: string; awsKey: string; videoDurationInSecond: number }[],
    where: {
      folder: string;
      targetType: string;
      matches: (upload: typeof uploads.$inferSelect) => boolean;
      label: string;
      subjectId: string | null;
      catalogueId: string | null;
      placement: { unitId: string | null; topicId: string | null } | null;
    },
  ): Promise<ExplorerVideo[]> {
    const bucket = this.storage.videosBucket;
    const unique = [...new Map(list.map((item) => [item.awsKey, item])).values()];
    // Every key must be a direct child of the folder and a finished upload of this place.
    const checked: { item: (typeof list)[number]; upload: typeof uploads.$inferSelect }[] = [];
    for (const item of unique) {
      const key = item.awsKey;
      if (!isDirectChild(where.folder, key))
        throw fail(400, 'keyOutsideFolder', { key: key.slice(0, 200), target: where.label });
      const upload = await this.uploadsRepo.latestForKey(bucket, key);
      if (!upload || upload.targetType !== where.targetType || !where.matches(upload)) {
        throw fail(409, 'keyNotUploaded', { key: key.slice(0, 200), target: where.label });
      }
      if (upload.status !== 'COMPLETED' && upload.status !== 'REGISTERED') {
        throw fail(409, 'keyNotUploaded', { key: key.slice(0, 200), target: where.label });
      }
      checked.push({ item, upload });
    }
    const actorName = await this.repo.actorName(caller.userId);
    const created: string[] = [];
    const ids: string[] = [];
    try {
      await this.db.transaction(async (tx) => {
        for (const { item, upload } of checked) {
          const existing = await this.repo.videoByKey(upload.storageKey, tx);
          if (existing) {
            ids.push(existing.video.id);
            continue;
          }
          const id = crypto.randomUUID();
          const name = videoName(item.file, upload.storageKey);
          await this.repo.insertVideo(
            tx,
            {
              id,
              subjectId: where.subjectId,
              catalogueId: where.catalogueId,
              name,
              storageKey: upload.storageKey,
              size: upload.size,
              durationSeconds: item.videoDurationInSecond,
              transcodingStatus: 'NOT_STARTED',
              uploadedBy: actorName,
            },
            where.placement,
          );
          await tx
            .update(uploads)
            .set({ status: 'REGISTERED', videoId: id, updatedAt: new Date() })
            .where(eq(uploads.id, upload.id));
          await recordActivity(tx, {
            actorId: caller.userId,
            action: 'video.register',
            entityType: 'video',
            entityId: id,
            after: { name, storageKey: upload.storageKey, ...where.placement },
            summary: `${actorName} uploaded '${name}'`,
            subjectId: where.subjectId ?? undefined,
          });
          created.push(id);
          ids.push(id);
        }
      });
    } catch (error) {
      // Two registrations of one key raced: the other one made the video.
      if (!isUniqueViolation(error)) throw error;
      return this.register(caller, list, where);
    }
    await this.notify(created, 'registered');
    return (await this.repo.videosByIds(ids)).map(toExplorerVideo);
  }

  // ---- listing

  async getVideos(
    caller: Caller,
    input: { subjectId: string; unitId?: string; topicId?: string },
  ): Promise<ExplorerVideo[]> {
    const { access } = await this.repo.subjectAccess(caller, input.subjectId);
    if (!access.attach) throw forbidden();
    return (await this.repo.subjectVideos(input.subjectId, input)).map(toExplorerVideo);
  }

  async previewVideos(catalogueId: string) {
    const rows = await this.repo.catalogueVideos(catalogueId);
    return {
      catalogueId,
      fileList: rows.map((r) => {
        const { unitId: _u, topicId: _t, ...file } = toExplorerVideo(r);
        return file;
      }),
    };
  }

  /**
   * Signed, expiring read addresses of a video, for the caller allowed on its subject: the stored
   * original; once transcoded (COMPLETE, with a master playlist) the HLS master playlist; and the
   * poster and thumbnails the transcode made, when there are some.
   */
  async videoUrl(caller: Caller, videoId: string): Promise<VideoUrl> {
    const [row] = await this.selection(caller, { videoIds: [videoId] });
    const video = row!.video;
    const bucket = this.storage.videosBucket;
    const expiresIn = this.storage.config.urlTtlSeconds;
    const type = fileTypeOf(video.storageKey);
    const signed = await this.storage.driver.presignGet(
      { bucket, key: video.storageKey },
      { expiresIn, contentType: type ? contentTypeOf(type) : undefined },
    );
    const { master, poster, thumbnails } = readEndpoints(storedEndpoints(video));
    const hlsFolder = master ? outputsFolderOf(master, video.storageKey) : null;
    const hlsUrl =
      this.mediaUrlSecret && video.transcodingStatus === 'COMPLETE' && master && hlsFolder
        ? signMediaUrl(this.mediaUrlSecret, bucket, hlsFolder, master.slice(hlsFolder.length))
        : null;
    const image = async (key: string) =>
      (await this.storage.driver.presignGet({ bucket, key }, { expiresIn, contentType: 'image/jpeg' })).url;
    return {
      url: signed.url,
      expiresAt: signed.expiresAt.toISOString(),
      hlsUrl,
      posterUrl: poster ? await image(poster) : null,
      thumbnailUrls: await Promise.all(thumbnails.map(image)),
    };
  }

  // ---- the demo-video browser's folders, preview video changes

  /** GET preview-videos/all: every catalogue with its number of preview videos, by name. */
  async previewFolders(): Promise<PreviewFolder[]> {
    return this.repo.previewFolders();
  }

  /**
   * PUT preview-videos/update: renames a preview video (its name only: the stored key stays) and/or
   * moves it to another catalogue's list; answers the list it is in now.
   */
  async updatePreviewVideo(caller: Caller, input: { videoId: string; file?: string; catalogueId?: string }) {
    if (!hasPermission(caller.roles, 'publisher')) throw forbidden();
    if (input.file === undefined && input.catalogueId === undefined) {
      throw AppError.of(400, 'validation', { details: 'give a new name (file), a catalogue (catalogueId), or both' });
    }
    const [row] = await this.repo.videosByIds([input.videoId]);
    if (!row || !isPreviewVideo(row.video)) throw fail(404, 'videoNotFound', { count: 1 });
    const video = row.video;
    const from = video.catalogueId!;
    const to = input.catalogueId ?? from;
    const destination = to === from ? null : await this.repo.catalogue(to);
    if (to !== from && !destination) throw notFound('that catalogue');
    const name = input.file === undefined ? video.name : videoName(input.file, video.storageKey);
    if (name !== video.name || to !== from) {
      const actorName = await this.repo.actorName(caller.userId);
      await this.db.transaction(async (tx) => {
        await tx.update(videos).set({ name, catalogueId: to }).where(eq(videos.id, video.id));
        if (name !== video.name) {
          await recordActivity(tx, {
            actorId: caller.userId,
            action: 'video.rename',
            entityType: 'video',
            entityId: video.id,
            before: { name: video.name },
            after: { name },
            summary: `${actorName} renamed '${video.name}' to '${name}'`,
          });
        }
        if (destination) {
          await recordActivity(tx, {
            actorId: caller.userId,
            action: 'video.move',
            entityType: 'video',
            entityId: video.id,
            before: { catalogueId: from },
            after: { catalogueId: to },
            summary: `${actorName} moved '${name}' to the preview videos of '${destination.name}'`,
          });
        }
      });
    }
    return this.previewVideos(to);
  }

  /** DELETE preview-videos/delete: the records, then the stored files and their transcodes. */
  async deletePreviewVideos(caller: Caller, input: { videoIds: string[] }): Promise<string[]> {
    if (!hasPermission(caller.roles, 'publisher')) throw forbidden();
    const ids = [...new Set(input.videoIds)];
    const rows = (await this.repo.videosByIds(ids)).filter((r) => isPreviewVideo(r.video));
    if (rows.length < ids.length) throw fail(404, 'videoNotFound', { count: ids.length - rows.length });
    return this.remove(caller, rows);
  }

  // ---- the explorer's subjects, live-class recordings

  /** GET getsubjects: the subjects the caller may open in the file explorer, by name. */
  async subjects(caller: Caller): Promise<ExplorerSubjectRow[]> {
    return this.repo.explorerSubjects(caller);
  }

  /**
   * GET live-class-recording: one page of recordings by class date (then name, then id). Admins see
   * every class's; an INSTRUCTOR sees the classes given under their name.
   */
  async recordings(
    caller: Caller,
    query: { page: number; size: number; sort: 'ASC' | 'DESC' },
  ): Promise<{ content: Recording[]; page: number; size: number; totalElements: number; totalPages: number }> {
    if (!hasPermission(caller.roles, 'liveClasses')) throw forbidden();
    const all = caller.roles.includes('SUPER_ADMIN') || caller.roles.includes('CONTENT_ADMIN');
    const instructorName = all ? undefined : await this.repo.actorName(caller.userId);
    const { rows, total } = await this.repo.recordings({ ...query, instructorName });
    return {
      content: rows,
      page: query.page,
      size: query.size,
      totalElements: total,
      totalPages: Math.ceil(total / query.size),
    };
  }

  /** The picker's page: a resource type's folder, at most 50 keys, keys containing .mp4 hidden. */
  async objects(input: {
    resourceType: ResourceTypeKey;
    prefix?: string;
    maxKeys?: number;
    continuationToken?: string;
  }): Promise<ObjectListing> {
    const folder = resourceType(input.resourceType).folder;
    const prefix = `${folder}${input.prefix ?? ''}`;
    const maxKeys = Math.min(input.maxKeys ?? CONSTANTS.storageListingMaxKeys, CONSTANTS.storageListingMaxKeys);
    let page;
    try {
      page = await this.storage.driver.list({
        bucket: this.storage.bucketOf(input.resourceType),
        prefix,
        maxKeys,
        continuationToken: input.continuationToken,
      });
    } catch (error) {
      if (error instanceof StorageError && error.code === 'InvalidArgument') throw fail(400, 'continuationInvalid');
      throw error;
    }
    const hidden = CONSTANTS.pickerHiddenKeyPart.toLowerCase();
    const contents = page.contents
      .filter((o) => o.key.startsWith(folder) && !o.key.toLowerCase().includes(hidden))
      .map((o) => ({
        Key: o.key,
        Size: o.size,
        LastModified: o.lastModified.toISOString(),
        name: o.key.slice(folder.length),
        url: this.storage.publicUrl(o.key),
      }));
    return {
      Contents: contents,
      IsTruncated: page.isTruncated,
      NextContinuationToken: page.nextContinuationToken ?? null,
      KeyCount: contents.length,
      MaxKeys: maxKeys,
      Prefix: prefix,
    };
  }

  // ---- copy, move, delete

  /** The chosen videos, all of them, with the caller allowed on each one's subject or catalogue. */
  private async selection(caller: Caller, input: { videoIds?: string[]; awsKeys?: string[] }): Promise<PlacedVideo[]> {
    const ids = [...new Set(input.videoIds ?? [])];
    const keys = [...new Set(input.awsKeys ?? [])];
    if (ids.length + keys.length === 0) throw fail(400, 'nothingSelected');
    const found = new Map<string, PlacedVideo>();
    for (const row of await this.repo.videosByIds(ids)) found.set(row.video.id, row);
    for (const row of await this.repo.videosByKeys(keys)) found.set(row.video.id, row);
    const missing =
      ids.filter((id) => ![...found.values()].some((r) => r.video.id === id)).length +
      keys.filter((k) => ![...found.values()].some((r) => r.video.storageKey === k)).length;
    if (missing > 0) throw fail(404, 'videoNotFound', { count: missing });
    const checked = new Map<string, boolean>();
    for (const row of found.values()) {
      const { subjectId, catalogueId } = row.video;
      const scope = subjectId ?? `catalogue:${catalogueId ?? ''}`;
      if (!checked.has(scope)) {
        const allowed = subjectId
          ? (await this.repo.subjectAccess(caller, subjectId)).access.attach
          : hasPermission(caller.roles, 'publisher');
        checked.set(scope, allowed);
      }
      if (!checked.get(scope)) throw forbidden();
    }
    return [...found.values()];
  }

  /** Refuses to detach videos from subtopics of a subject under review. */
  private async assertNotLocked(tx: Db, rows: PlacedVideo[]): Promise<void> {
    const attached = await this.repo.attachments(
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
  async copy(
    caller: Caller,
    input: {
      videoIds?: string[];
      awsKeys?: string[];
      destination: { subjectId: string; unitId?: string; topicId?: string };
    },
  ): Promise<ExplorerVideo[]> {
    const rows = await this.selection(caller, input);
    const dest = await this.destination(caller, input.destination);
    const bucket = this.storage.videosBucket;
    const copies: { row: PlacedVideo; id: string; key: string }[] = [];
    try {
      for (const row of rows) {
        const key = this.newKeyFor(dest.subjectId, row.video.storageKey);
        await this.storage.driver.copy({ bucket, key: row.video.storageKey }, { bucket, key });
        copies.push({ row, id: crypto.randomUUID(), key });
      }
      const actorName = await this.repo.actorName(caller.userId);
      await this.db.transaction(async (tx) => {
        for (const { row, id, key } of copies) {
          await this.repo.insertVideo(
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
              uploadedBy: actorName,
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
            summary: `${actorName} copied '${row.video.name}' to '${dest.subjectName}'`,
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
    return (await this.repo.videosByIds(ids)).map(toExplorerVideo);
  }

  /**
   * PUT movefiles: within a subject only the unit/topic changes; to another subject the file moves
   * under its folder, the video is detached from the old subject's subtopics and transcoded again.
   */
  async move(
    caller: Caller,
    input: {
      videoIds?: string[];
      awsKeys?: string[];
      destination: { subjectId: string; unitId?: string; topicId?: string };
    },
  ): Promise<ExplorerVideo[]> {
    const rows = await this.selection(caller, input);
    const dest = await this.destination(caller, input.destination);
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
      const actorName = await this.repo.actorName(caller.userId);
      await this.db.transaction(async (tx) => {
        await this.assertNotLocked(tx, across);
        await this.repo.detach(
          tx,
          across.map((r) => r.video.id),
        );
        for (const row of rows) {
          const moved = copied.find((c) => c.row.video.id === row.video.id);
          if (moved) {
            await tx
              .update(videos)
              .set({
                subjectId: dest.subjectId,
                catalogueId: null,
                storageKey: moved.key,
                transcodingStatus: 'NOT_STARTED',
                jobId: null,
                endpoints: [],
              })
              .where(eq(videos.id, row.video.id));
          }
          await this.repo.place(tx, row.video.id, { unitId: dest.unitId, topicId: dest.topicId });
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
            summary: `${actorName} moved '${row.video.name}' to '${dest.subjectName}'`,
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
    return (await this.repo.videosByIds(rows.map((r) => r.video.id))).map(toExplorerVideo);
  }

  /** DELETE deletefiles: the records go (subtopics lose the video), then the stored files and transcodes. */
  async delete(caller: Caller, input: { videoIds?: string[]; awsKeys?: string[] }): Promise<string[]> {
    return this.remove(caller, await this.selection(caller, input));
  }

  private async remove(caller: Caller, rows: PlacedVideo[]): Promise<string[]> {
    const ids = rows.map((r) => r.video.id);
    const actorName = await this.repo.actorName(caller.userId);
    await this.db.transaction(async (tx) => {
      await this.assertNotLocked(tx, rows);
      await this.repo.detach(tx, ids);
      await tx.delete(videos).where(inArray(videos.id, ids));
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
          summary: `${actorName} deleted '${row.video.name}'`,
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
