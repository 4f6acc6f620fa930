import { hasPermission, type PreviewFolder } from '@lectern/contract';
import type { Db } from '../../db/client';
import { recordActivity } from '../../lib/activity.repository';
import { AppError } from '../../lib/app-error';
import { previewFolder } from '../../storage/object-keys';
import { isPreviewVideo, toExplorerVideo, type VideosStore } from '../videos';
import type { Caller, FilesRepository } from './files.repository';
import { fail, videoName } from './video-files';
import type { VideoRegistrationService } from './video-registration.service';
import type { VideoTransfersService } from './video-transfers.service';

/**
 * A catalogue's preview videos (the publisher's demo-video browser): register, list, folders, rename
 * or move to another catalogue, delete. They belong with catalogues: this service moves with them.
 */
export class PreviewVideosService {
  constructor(
    /** transactions: a change and its activity rows are written together */
    private readonly db: Db,
    private readonly files: FilesRepository,
    private readonly videos: VideosStore,
    private readonly registration: VideoRegistrationService,
    private readonly transfers: VideoTransfersService,
  ) {}

  /** POST preview-videos/create: registers finished uploads under preview-videos/{catalogueId}/. */
  async register(
    caller: Caller,
    input: {
      catalogueId: string;
      fileList: { file: string; size: number; awsKey: string; videoDurationInSecond: number; catalogueId?: string }[];
    },
  ) {
    if (!hasPermission(caller.roles, 'publisher')) throw AppError.of(403, 'unauthorized');
    if (!(await this.files.catalogue(input.catalogueId)))
      throw AppError.of(404, 'notFound', { what: 'that catalogue' });
    const label = `the preview videos of catalogue ${input.catalogueId}`;
    for (const item of input.fileList) {
      if (item.catalogueId !== undefined && item.catalogueId !== input.catalogueId) {
        throw fail(400, 'keyOutsideFolder', { key: item.awsKey.slice(0, 200), target: label });
      }
    }
    await this.registration.register(caller, input.fileList, {
      folder: previewFolder(input.catalogueId),
      targetType: 'preview-video',
      matches: (u) => u.catalogueId === input.catalogueId,
      label,
      subjectId: null,
      catalogueId: input.catalogueId,
      placement: null,
    });
    return this.list(input.catalogueId);
  }

  /** A catalogue's preview videos, oldest upload first. */
  async list(catalogueId: string) {
    const rows = await this.videos.ofCatalogue(catalogueId);
    return {
      catalogueId,
      fileList: rows.map((r) => {
        const { unitId: _u, topicId: _t, ...file } = toExplorerVideo(r);
        return file;
      }),
    };
  }

  /** GET preview-videos/all: every catalogue not archived, with its number of preview videos, by name. */
  async folders(): Promise<PreviewFolder[]> {
    return this.files.previewFolders();
  }

  /**
   * PUT preview-videos/update: renames a preview video (its name only: the stored key stays) and/or
   * moves it to another catalogue's list; answers the list it is in now.
   */
  async update(caller: Caller, input: { videoId: string; file?: string; catalogueId?: string }) {
    if (!hasPermission(caller.roles, 'publisher')) throw AppError.of(403, 'unauthorized');
    if (input.file === undefined && input.catalogueId === undefined) {
      throw AppError.of(400, 'validation', { details: 'give a new name (file), a catalogue (catalogueId), or both' });
    }
    const [row] = await this.videos.byIds([input.videoId]);
    if (!row || !isPreviewVideo(row.video)) throw fail(404, 'videoNotFound', { count: 1 });
    const video = row.video;
    const from = video.catalogueId!;
    const to = input.catalogueId ?? from;
    const destination = to === from ? null : await this.files.catalogue(to);
    if (to !== from && !destination) throw AppError.of(404, 'notFound', { what: 'that catalogue' });
    const name = input.file === undefined ? video.name : videoName(input.file, video.storageKey);
    if (name !== video.name || to !== from) {
      await this.db.transaction(async (tx) => {
        await this.videos.updatePreview(tx, video.id, { name, catalogueId: to });
        if (name !== video.name) {
          await recordActivity(tx, {
            actorId: caller.userId,
            action: 'video.rename',
            entityType: 'video',
            entityId: video.id,
            before: { name: video.name },
            after: { name },
            summary: `${caller.name} renamed '${video.name}' to '${name}'`,
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
            summary: `${caller.name} moved '${name}' to the preview videos of '${destination.name}'`,
          });
        }
      });
    }
    return this.list(to);
  }

  /** DELETE preview-videos/delete: the records, then the stored files and their transcodes. */
  async delete(caller: Caller, input: { videoIds: string[] }): Promise<string[]> {
    if (!hasPermission(caller.roles, 'publisher')) throw AppError.of(403, 'unauthorized');
    const ids = [...new Set(input.videoIds)];
    const rows = (await this.videos.byIds(ids)).filter((r) => isPreviewVideo(r.video));
    if (rows.length < ids.length) throw fail(404, 'videoNotFound', { count: ids.length - rows.length });
    return this.transfers.remove(caller, rows);
  }
}
