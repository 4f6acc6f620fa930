import crypto from 'node:crypto';
import type { ExplorerVideo } from '@lectern/contract';
import type { Db } from '../../db/client';
import { recordActivity } from '../../lib/activity.repository';
import type { Storage } from '../../storage';
import { isDirectChild, subjectFolder } from '../../storage/object-keys';
import type { UploadRow, UploadsLedger } from '../uploads';
import { toExplorerVideo, type Placement, type VideosStore } from '../videos';
import { isUniqueViolation } from '../../db/errors';
import type { Caller, FilesRepository } from './files.repository';
import type { VideoAccess } from './video-access';
import { fail, videoName, type VideosRegisteredHook } from './video-files';

/** Where finished uploads are registered: a folder, the uploads that may land there, the videos' owner. */
export interface RegistrationPlace {
  folder: string;
  targetType: string;
  matches: (upload: UploadRow) => boolean;
  /** the place in messages: `'Organic Chemistry'` */
  label: string;
  subjectId: string | null;
  catalogueId: string | null;
  placement: Placement | null;
}

/** Registration of finished uploads as videos (NOT_STARTED until transcoded). */
export class VideoRegistrationService {
  constructor(
    /** transactions: a video, its upload and its activity row are written together */
    private readonly db: Db,
    private readonly storage: Storage,
    private readonly files: FilesRepository,
    private readonly videos: VideosStore,
    private readonly uploads: UploadsLedger,
    private readonly access: VideoAccess,
    private readonly notify: VideosRegisteredHook,
  ) {}

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
    const dest = await this.access.destination(caller, input);
    return this.register(caller, input.uploadFilesDtoList, {
      folder: subjectFolder(dest.subjectId),
      targetType: 'subject',
      matches: (u) => u.subjectId === dest.subjectId,
      label: `'${dest.subjectName}'`,
      subjectId: dest.subjectId,
      catalogueId: null,
      placement: { unitId: dest.unitId, topicId: dest.topicId },
    });
  }

  /** Registers finished uploads of a place: every key a direct child of its folder and a finished upload there. */
  async register(
    caller: Caller,
    list: { file: string; awsKey: string; videoDurationInSecond: number }[],
    where: RegistrationPlace,
  ): Promise<ExplorerVideo[]> {
    const bucket = this.storage.videosBucket;
    const unique = [...new Map(list.map((item) => [item.awsKey, item])).values()];
    const checked: { item: (typeof list)[number]; upload: UploadRow }[] = [];
    for (const item of unique) {
      const key = item.awsKey;
      if (!isDirectChild(where.folder, key))
        throw fail(400, 'keyOutsideFolder', { key: key.slice(0, 200), target: where.label });
      const upload = await this.uploads.latestForKey(bucket, key);
      if (!upload || upload.targetType !== where.targetType || !where.matches(upload)) {
        throw fail(409, 'keyNotUploaded', { key: key.slice(0, 200), target: where.label });
      }
      if (upload.status !== 'COMPLETED' && upload.status !== 'REGISTERED') {
        throw fail(409, 'keyNotUploaded', { key: key.slice(0, 200), target: where.label });
      }
      checked.push({ item, upload });
    }
    const created: string[] = [];
    const ids: string[] = [];
    try {
      await this.db.transaction(async (tx) => {
        for (const { item, upload } of checked) {
          const existing = await this.videos.byKey(upload.storageKey, tx);
          if (existing) {
            ids.push(existing.video.id);
            continue;
          }
          const id = crypto.randomUUID();
          const name = videoName(item.file, upload.storageKey);
          await this.videos.insert(
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
              uploadedBy: caller.name,
            },
            where.placement,
          );
          await this.uploads.markRegistered(tx, upload.id, id);
          await recordActivity(tx, {
            actorId: caller.userId,
            action: 'video.register',
            entityType: 'video',
            entityId: id,
            after: { name, storageKey: upload.storageKey, ...where.placement },
            summary: `${caller.name} uploaded '${name}'`,
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
    return (await this.videos.byIds(ids)).map(toExplorerVideo);
  }
}
