import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { JobRegistry } from '../../jobs';
import type { Storage } from '../../storage';
import { FfmpegTranscoder, resolveFfmpegPath } from '../../transcoder/ffmpeg-transcoder';
import { mediaStoreFor } from '../../transcoder/media-store';
import type { Transcoder } from '../../transcoder/transcoder';
import { videosStore, type VideosStore } from '../videos';
import { transcodeJob, transcodePolicy } from './transcode-job';
import { TranscodingRepository } from './transcoding.repository';
import { TranscodingService } from './transcoding.service';
import { TranscodeWorker } from './worker';

export { TranscodingService, TranscodeWorker };
export { transcodeJob } from './transcode-job';
export type { RecordingPlayable } from './media-routes';

/** The configured transcoder, or none when TRANSCODER=off (the AWS SDK loads only when it is used). */
export async function createTranscoder(config: Config, storage: Storage): Promise<Transcoder | null> {
  const t = config.transcoding;
  if (t.driver === 'off') return null;
  if (t.driver === 'mediaconvert') {
    const { MediaConvertTranscoder } = await import('../../transcoder/mediaconvert-transcoder');
    return new MediaConvertTranscoder(t.mediaConvert, storage);
  }
  return new FfmpegTranscoder({
    ffmpegPath: resolveFfmpegPath(t.ffmpegPath),
    preset: t.preset,
    store: mediaStoreFor(storage.driver),
    workDir: t.workDir,
  });
}

/**
 * Registers the transcode job type and makes the service over it (every process); the worker is made
 * by `createWorker`. `videos`: the app's shared video records (a worker process builds its own).
 */
export function createTranscoding(
  database: Database,
  config: Config,
  jobs: JobRegistry,
  log: FastifyBaseLogger,
  videos: VideosStore = videosStore(database.db),
): TranscodingService {
  jobs.register(transcodeJob, transcodePolicy(config.transcoding));
  return new TranscodingService(
    database.db,
    new TranscodingRepository(database),
    videos,
    jobs,
    config.transcoding.environment,
    log,
  );
}

/**
 * The transcoding worker of a process that works jobs: the handler of transcode jobs. Without a
 * transcoder (TRANSCODER=off) there is none: transcode jobs wait for a worker process that has one.
 */
export async function createWorker(
  service: TranscodingService,
  jobs: JobRegistry,
  config: Config,
  storage: Storage,
  log: FastifyBaseLogger,
): Promise<TranscodeWorker | null> {
  const transcoder = await createTranscoder(config, storage);
  if (!transcoder) {
    jobs.handledElsewhere(transcodeJob, 'TRANSCODER=off: a worker process with a transcoder runs them');
    return null;
  }
  const worker = new TranscodeWorker({ service, jobs, transcoder, storage, config: config.transcoding, log });
  worker.register();
  return worker;
}
