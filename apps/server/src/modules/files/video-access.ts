import { hasPermission } from '@lectern/contract';
import { AppError } from '../../lib/app-error';
import type { PlacedVideo, VideosStore } from '../videos';
import type { Caller, FilesRepository } from './files.repository';
import { fail } from './video-files';

/** Where videos go: a subject the caller may attach to, and a unit and topic inside it. */
export interface Destination {
  subjectId: string;
  subjectName: string;
  unitId: string | null;
  topicId: string | null;
}

/** Who may put videos where, and which chosen videos a caller may act on: the file explorer's checks. */
export class VideoAccess {
  constructor(
    private readonly files: FilesRepository,
    private readonly videos: VideosStore,
  ) {}

  /** A subject the caller may attach to, and the unit/topic inside it (404 when they do not belong). */
  async destination(
    caller: Caller,
    target: { subjectId: string; unitId?: string; topicId?: string },
  ): Promise<Destination> {
    const { subject, access } = await this.files.subjectAccess(caller, target.subjectId);
    if (!access.attach) throw AppError.of(403, 'unauthorized');
    let unitId = target.unitId ?? null;
    if (unitId && !(await this.files.unit(subject.id, unitId))) throw fail(404, 'unitNotInSubject');
    const topicId = target.topicId ?? null;
    if (topicId) {
      const topic = await this.files.topic(subject.id, topicId);
      if (!topic || (unitId && topic.unitId !== unitId)) throw fail(404, 'topicNotInUnit');
      unitId = topic.unitId;
    }
    return { subjectId: subject.id, subjectName: subject.name, unitId, topicId };
  }

  /** The chosen videos, all of them, with the caller allowed on each one's subject or catalogue. */
  async selection(caller: Caller, input: { videoIds?: string[]; awsKeys?: string[] }): Promise<PlacedVideo[]> {
    const ids = [...new Set(input.videoIds ?? [])];
    const keys = [...new Set(input.awsKeys ?? [])];
    if (ids.length + keys.length === 0) throw fail(400, 'nothingSelected');
    const found = new Map<string, PlacedVideo>();
    for (const row of await this.videos.byIds(ids)) found.set(row.video.id, row);
    for (const row of await this.videos.byKeys(keys)) found.set(row.video.id, row);
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
          ? (await this.files.subjectAccess(caller, subjectId)).access.attach
          : hasPermission(caller.roles, 'publisher');
        checked.set(scope, allowed);
      }
      if (!checked.get(scope)) throw AppError.of(403, 'unauthorized');
    }
    return [...found.values()];
  }
}
