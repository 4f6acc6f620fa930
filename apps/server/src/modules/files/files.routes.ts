import type { FastifyInstance } from 'fastify';
import { MESSAGES, UPLOAD_MESSAGES, contract, fillMessage } from '@lectern/contract';
import type { AppDeps } from '../../lib/deps';
import { registerDomain } from '../../lib/routing';
import type { Storage } from '../../storage';
import type { UploadsLedger } from '../uploads';
import type { VideosStore } from '../videos';
import { FilesRepository } from './files.repository';
import { FilesService } from './files.service';
import { PreviewVideosService } from './preview-videos.service';
import { VideoAccess } from './video-access';
import { notifyingHook, type VideosRegisteredHook } from './video-files';
import { VideoPlaybackService } from './video-playback.service';
import { VideoRegistrationService } from './video-registration.service';
import { VideoTransfersService } from './video-transfers.service';

export interface FilesRoutesOptions {
  /** where registered, copied and moved videos go next: the transcoding queue (issue of its own) */
  onVideosRegistered: VideosRegisteredHook;
  /**
   * The secret of the media routes (/media/hls/{token}/...), to sign HLS playback addresses: the
   * same Buffer given to mediaRoutes. Without it videoUrl answers hlsUrl null.
   */
  mediaUrlSecret?: Buffer;
  /** the video records (the videos module's) */
  videos: VideosStore;
  /** the uploads registered as videos (the uploads module's) */
  uploads: UploadsLedger;
}

/** The file explorer's video services and the picker's listing. */
export function filesRoutes(app: FastifyInstance, deps: AppDeps, storage: Storage, options: FilesRoutesOptions): void {
  const files = new FilesRepository(deps.db);
  const { videos } = options;
  const access = new VideoAccess(files, videos);
  const notify = notifyingHook(options.onVideosRegistered, app.log);
  const listing = new FilesService(storage, files, videos);
  const registration = new VideoRegistrationService(deps.db, storage, files, videos, options.uploads, access, notify);
  const transfers = new VideoTransfersService(deps.db, storage, files, videos, access, notify, app.log);
  const playback = new VideoPlaybackService(storage, access, options.mediaUrlSecret ?? null);
  const previews = new PreviewVideosService(deps.db, files, videos, registration, transfers);

  const count = (key: 'videosRegistered' | 'videosCopied' | 'videosMoved' | 'videosDeleted', n: number) =>
    fillMessage(UPLOAD_MESSAGES[key], { count: n });
  registerDomain(app, deps, contract.files, {
    registerSubjectVideos: async ({ auth, body }) => {
      const registered = await registration.registerSubjectVideos(auth, body);
      return { data: { videos: registered }, message: count('videosRegistered', registered.length) };
    },
    getVideos: async ({ auth, body }) => ({ data: await listing.getVideos(auth, body) }),
    copyFiles: async ({ auth, body }) => {
      const copied = await transfers.copy(auth, body);
      return { data: { videos: copied }, message: count('videosCopied', copied.length) };
    },
    moveFiles: async ({ auth, body }) => {
      const moved = await transfers.move(auth, body);
      return { data: { videos: moved }, message: count('videosMoved', moved.length) };
    },
    deleteFiles: async ({ auth, body }) => {
      const deleted = await transfers.delete(auth, body);
      return { data: { deleted }, message: count('videosDeleted', deleted.length) };
    },
    videoUrl: async ({ auth, params }) => ({ data: await playback.videoUrl(auth, params.videoId) }),
    objects: async ({ query }) => ({ data: await listing.objects(query) }),
    registerPreviewVideos: async ({ auth, body }) => {
      const result = await previews.register(auth, body);
      return { data: result, message: count('videosRegistered', body.fileList.length) };
    },
    previewVideos: async ({ params }) => ({ data: await previews.list(params.id) }),
    previewFolders: async () => ({ data: await previews.folders() }),
    updatePreviewVideo: async ({ auth, body }) => ({
      data: await previews.update(auth, body),
      message: MESSAGES.defaultSuccess,
    }),
    deletePreviewVideos: async ({ auth, body }) => {
      const deleted = await previews.delete(auth, body);
      return { data: { deleted }, message: count('videosDeleted', deleted.length) };
    },
    subjects: async ({ auth }) => ({ data: await listing.subjects(auth) }),
    recordings: async ({ auth, query }) => ({ data: await listing.recordings(auth, query) }),
  });
}
