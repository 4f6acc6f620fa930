import { liveClassMessage, type LiveClass } from '@lectern/contract';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { recordChange } from '../../lib/aggregate';
import type { Actor } from '../../lib/routing';
import type { LiveClassPlayback } from './live-class-playback';
import { readLiveClass } from './live-class-view';
import { fail, notFoundError } from './live-classes.errors';
import type { LiveClassesRepository } from './live-classes.repository';

/** The recording of a held class: a transcoded video attached to it, or taken off. */
export class RecordingsService {
  constructor(
    private readonly db: Db,
    private readonly repo: LiveClassesRepository,
    private readonly playback: LiveClassPlayback,
  ) {}

  /** The class locked for a change, or 404 when there is none. */
  private async lockClass(tx: Db, liveClassId: string) {
    const row = await this.repo.lock(tx, liveClassId);
    if (!row) throw fail(404, 'notFound', { liveClassId });
    return row;
  }

  private answer(liveClassId: string): Promise<LiveClass> {
    return readLiveClass(this.repo, this.playback, liveClassId, this.db);
  }

  async attachRecording(
    actor: Actor,
    liveClassId: string,
    videoId: string,
  ): Promise<{ liveClass: LiveClass; message: string }> {
    let message = '';
    await recordChange(this.db, actor, {
      apply: async (tx) => {
        const row = await this.lockClass(tx, liveClassId);
        const video = await this.repo.video(tx, videoId);
        if (!video) throw notFoundError('video', videoId);
        if (video.transcodingStatus !== 'COMPLETE')
          throw fail(409, 'recordingNotTranscoded', { videoName: video.name });
        const owner = await this.repo.recordingOwner(tx, videoId);
        if (owner && owner.liveClassId !== liveClassId) {
          throw fail(409, 'recordingTaken', { videoName: video.name, otherTitle: owner.title });
        }
        await this.repo.attachRecording(tx, liveClassId, videoId, actor.name);
        await this.repo.bumpVersion(tx, liveClassId);
        message = liveClassMessage('recordingAttached', { videoName: video.name, title: row.title });
        return {
          activity: {
            action: 'liveClass.recording.attach',
            entityType: 'liveClass',
            entityId: liveClassId,
            after: { videoId, videoName: video.name },
            summary: `${actor.name} attached '${video.name}' to '${row.title}'`,
          },
        };
      },
      onError: (error) =>
        isUniqueViolation(error) ? fail(409, 'recordingTaken', { videoName: videoId, otherTitle: '' }) : undefined,
    });
    return { liveClass: await this.answer(liveClassId), message };
  }

  async removeRecording(actor: Actor, liveClassId: string): Promise<{ liveClass: LiveClass; message: string }> {
    let title = '';
    await recordChange(this.db, actor, {
      apply: async (tx) => {
        const row = await this.lockClass(tx, liveClassId);
        title = row.title;
        if (!(await this.repo.detachRecording(tx, liveClassId))) throw fail(409, 'noRecording', { title: row.title });
        await this.repo.bumpVersion(tx, liveClassId);
        return {
          activity: {
            action: 'liveClass.recording.remove',
            entityType: 'liveClass',
            entityId: liveClassId,
            summary: `${actor.name} removed the recording of '${row.title}'`,
          },
        };
      },
    });
    return { liveClass: await this.answer(liveClassId), message: liveClassMessage('recordingRemoved', { title }) };
  }
}
