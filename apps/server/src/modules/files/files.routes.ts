import type { FastifyInstance } from 'fastify';
import { MESSAGES, UPLOAD_MESSAGES, contract, fillMessage } from '@lectern/contract';
import type { AppDeps } from '../../lib/deps';
import { registerDomain } from '../../lib/routing';
import type { Storage } from '../../storage';
import { UploadsRepository } from '../uploads/uploads.repository';
import { FilesRepository } from './files.repository';
import { FilesService, type VideosRegisteredHook } from './files.service';

export interface FilesRoutesOptions {
  /** where registered, copied and moved videos go next: the transcoding queue (issue of its own) */
  onVideosRegistered: VideosRegisteredHook;
  /**
   * The secret of the media routes (/media/hls/{token}/...), to sign HLS playback addresses: the
   * same Buffer given to mediaRoutes. Without it videoUrl answers hlsUrl null.
   */
  mediaUrlSecret?: Buffer;
}

/** The file explorer's video service and the picker's listing. */
export function filesRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  storage: Storage,
  options: FilesRoutesOptions,
): FilesService {
  const service = new FilesService(
    deps.database,
    storage,
    new FilesRepository(deps.db),
    new UploadsRepository(deps.db),
    app.log,
    options.onVideosRegistered,
    options.mediaUrlSecret ?? null,
  );
  const count = (key: 'videosRegistered' | 'videosCopied' | 'videosMoved' | 'videosDeleted', n: number) =>
    fillMessage(UPLOAD_MESSAGES[key], { count: n });
  registerDomain(app, deps, contract.files, {
    registerSubjectVideos: async ({ auth, body }) => {
      const registered = await service.registerSubjectVideos(auth, body);
      return { data: { videos: registered }, message: count('videosRegistered', registered.length) };
    },
    getVideos: async ({ auth, body }) => ({ data: await service.getVideos(auth, body) }),
    copyFiles: async ({ auth, body }) => {
      const copied = await service.copy(auth, body);
      return { data: { videos: copied }, message: count('videosCopied', copied.length) };
    },
    moveFiles: async ({ auth, body }) => {
      const moved = await service.move(auth, body);
      return { data: { videos: moved }, message: count('videosMoved', moved.length) };
    },
    deleteFiles: async ({ auth, body }) => {
      const deleted = await service.delete(auth, body);
      return { data: { deleted }, message: count('videosDeleted', deleted.length) };
    },
    videoUrl: async ({ auth, params }) => ({ data: await service.videoUrl(auth, params.videoId) }),
    objects: async ({ query }) => ({ data: await service.objects(query) }),
    registerPreviewVideos: async ({ auth, body }) => {
      const result = await service.registerPreviewVideos(auth, body);
      return { data: result, message: count('videosRegistered', body.fileList.length) };
    },
    previewVideos: async ({ params }) => ({ data: await service.previewVideos(params.id) }),
    previewFolders: async () => ({ data: await service.previewFolders() }),
    updatePreviewVideo: async ({ auth, body }) => ({
      data: await service.updatePreviewVideo(auth, body),
      message: MESSAGES.defaultSuccess,
    }),
    deletePreviewVideos: async ({ auth, body }) => {
      const deleted = await service.deletePreviewVideos(auth, body);
      return { data: { deleted }, message: count('videosDeleted', deleted.length) };
    },
    subjects: async ({ auth }) => ({ data: await service.subjects(auth) }),
    recordings: async ({ auth, query }) => ({ data: await service.recordings(auth, query) }),
  });
  return service;
}
