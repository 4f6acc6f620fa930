import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { Storage } from '../../storage';
import { FfmpegTranscoder, resolveFfmpegPath } from '../../transcoder/ffmpeg-transcoder';
import { mediaStoreFor } from '../../transcoder/media-store';
import type { Transcoder } from '../../transcoder/transcoder';
import { TranscodeQueue } from './queue';
import { TranscodingService } from './transcoding.service';
import { TranscodeWorker } from './worker';

export { TranscodeQueue, TranscodingService, TranscodeWorker };

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

/** The queue and the service over it (every process); the worker is made by `createWorker`. */
export function createTranscoding(database: Database, config: Config, log: FastifyBaseLogger) {
  const queue = new TranscodeQueue(database, config.transcoding, log);
  const service = new TranscodingService(database, queue, config.transcoding.environment, log);
  return { queue, service };
}

export async function createWorker(
  parts: { queue: TranscodeQueue; service: TranscodingService },
  config: Config,
  storage: Storage,
  log: FastifyBaseLogger,
): Promise<TranscodeWorker | null> {
  const transcoder = await createTranscoder(config, storage);
  if (!transcoder) return null;
  return new TranscodeWorker({ ...parts, transcoder, storage, config: config.transcoding, log });
}
