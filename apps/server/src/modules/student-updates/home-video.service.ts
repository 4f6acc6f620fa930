import { STUDENT_UPDATE_MESSAGES, fillMessage, type HomeVideo, type HomeVideoBodySchema } from '@lectern/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { changeAggregate, type Aggregate } from '../../lib/aggregate';
import { AppError, failWith } from '../../lib/app-error';
import type { Actor } from '../../lib/routing';
import type { PageContentRow, StudentUpdatesRepository, VideoRead } from './student-updates.repository';
import type { UpdatePlayback } from './update-playback';

type HomeVideoBody = z.output<typeof HomeVideoBodySchema>;

const fail = failWith(STUDENT_UPDATE_MESSAGES);
const HOME_VIDEO = 'home-video';

/** A video an update or the home page may show: one students may see, transcoded. */
export async function playableVideo(repo: StudentUpdatesRepository, videoId: string): Promise<VideoRead> {
  const [video] = await repo.videos([videoId]);
  if (!video || !video.offered) throw AppError.of(404, 'notFound', { what: 'that video' });
  if (video.transcodingStatus !== 'COMPLETE') throw fail(400, 'videoNotReady', { videoName: video.name });
  return video;
}

/** The video of the students' home page (spec 2 §7): one transcoded video, or none, changed at its version. */
export class HomeVideoService {
  private readonly homeVideoRow: Aggregate<PageContentRow>;

  constructor(
    private readonly db: Db,
    private readonly repo: StudentUpdatesRepository,
    private readonly playback: UpdatePlayback,
  ) {
    this.homeVideoRow = {
      entity: "home page's video",
      lock: (tx) => repo.lockPageContent(tx, HOME_VIDEO),
      bumpVersion: (tx) => repo.bumpPageContentVersion(tx, HOME_VIDEO),
      missing: () => AppError.of(404, 'notFound', { what: "the home page's video" }),
    };
  }

  private async homeVideoOf(row: PageContentRow | null): Promise<HomeVideo> {
    const [video] = row?.videoId ? await this.repo.videos([row.videoId]) : [];
    return {
      video: video ? this.playback.playable(video) : null,
      updatedBy: row?.updatedByName ?? null,
      updatedAt: row?.updatedAt?.toISOString() ?? null,
      version: row?.version ?? 0,
    };
  }

  async homeVideo(): Promise<HomeVideo> {
    return this.homeVideoOf(await this.repo.pageContent(HOME_VIDEO));
  }

  /** PUT videourl: a transcoded video for the students' home page, or none; 409 when it changed meanwhile. */
  async setHomeVideo(actor: Actor, input: HomeVideoBody): Promise<{ homeVideo: HomeVideo; message: string }> {
    const video = input.videoId ? await playableVideo(this.repo, input.videoId) : null;
    await changeAggregate(
      this.db,
      this.homeVideoRow,
      { actor, id: HOME_VIDEO, version: input.version },
      {
        apply: async ({ tx, row }) => {
          await this.repo.setPageContent(tx, HOME_VIDEO, {
            videoId: video?.id ?? null,
            updatedBy: actor.userId,
            updatedByName: actor.name,
            updatedAt: new Date(),
          });
          return {
            activity: {
              action: 'page-content.home-video',
              entityType: 'page-content',
              entityId: HOME_VIDEO,
              before: { videoId: row.videoId },
              after: { videoId: video?.id ?? null },
              summary: video
                ? `${actor.name} chose '${video.name}' for the students' home page`
                : `${actor.name} took the video off the students' home page`,
            },
          };
        },
      },
    );
    return {
      homeVideo: await this.homeVideo(),
      message: video
        ? fillMessage(STUDENT_UPDATE_MESSAGES.homeVideoSaved, { videoName: video.name })
        : STUDENT_UPDATE_MESSAGES.homeVideoCleared,
    };
  }
}
