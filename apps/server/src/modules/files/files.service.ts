import {
  CONSTANTS,
  hasPermission,
  resourceType,
  type ExplorerVideo,
  type ObjectListing,
  type Recording,
  type ResourceTypeKey,
} from '@lectern/contract';
import { AppError } from '../../lib/app-error';
import type { Storage } from '../../storage';
import { StorageError } from '../../storage/storage';
import { toExplorerVideo, type VideosStore } from '../videos';
import type { Caller, ExplorerSubjectRow, FilesRepository } from './files.repository';
import { fail } from './video-files';

/**
 * What the file explorer lists: a subject's videos, the subjects it may open, live-class recordings,
 * and the picker's object listing. Registration, copy/move/delete, playback and preview videos have
 * services of their own beside this one.
 */
export class FilesService {
  constructor(
    private readonly storage: Storage,
    private readonly files: FilesRepository,
    private readonly videos: VideosStore,
  ) {}

  /** POST getvideos: a subject's videos, narrowed to a unit or topic, by name. */
  async getVideos(
    caller: Caller,
    input: { subjectId: string; unitId?: string; topicId?: string },
  ): Promise<ExplorerVideo[]> {
    const { access } = await this.files.subjectAccess(caller, input.subjectId);
    if (!access.attach) throw AppError.of(403, 'unauthorized');
    return (await this.videos.ofSubject(input.subjectId, input)).map(toExplorerVideo);
  }

  /** GET getsubjects: the subjects the caller may open in the file explorer, by name. */
  async subjects(caller: Caller): Promise<ExplorerSubjectRow[]> {
    return this.files.explorerSubjects(caller);
  }

  /**
   * GET live-class-recording: one page of recordings by class date (then name, then id). Admins see
   * every class's; an INSTRUCTOR sees the classes given under their name.
   */
  async recordings(
    caller: Caller,
    query: { page: number; size: number; sort: 'ASC' | 'DESC' },
  ): Promise<{ content: Recording[]; page: number; size: number; totalElements: number; totalPages: number }> {
    if (!hasPermission(caller.roles, 'liveClasses')) throw AppError.of(403, 'unauthorized');
    const all = caller.roles.includes('SUPER_ADMIN') || caller.roles.includes('CONTENT_ADMIN');
    const instructorName = all ? undefined : caller.name;
    const { rows, total } = await this.files.recordings({ ...query, instructorName });
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
}
