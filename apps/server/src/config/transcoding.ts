import path from 'node:path';
import { TRANSCODING_ENVIRONMENTS } from '@lectern/contract';
import { z } from 'zod';
import { flag, oneOf, optionalText, text, wholeNumber } from './env';

const X264_PRESETS = [
  'ultrafast',
  'superfast',
  'veryfast',
  'faster',
  'fast',
  'medium',
  'slow',
  'slower',
  'veryslow',
  'placebo',
] as const;

/** How videos are transcoded: the driver, the worker and its timings (README "Transcoding"). */
export const transcodingSchema = (dataDir: string, nodeEnv: string) =>
  z
    .object({
      TRANSCODER: oneOf(['ffmpeg', 'mediaconvert', 'off']),
      TRANSCODING_ENVIRONMENT: oneOf(TRANSCODING_ENVIRONMENTS),
      TRANSCODE_INLINE_WORKER: flag(true),
      TRANSCODE_CONCURRENCY: wholeNumber(1, { min: 1, max: 16 }),
      TRANSCODE_ON_REGISTER: flag(true),
      FFMPEG_PATH: optionalText(),
      TRANSCODE_PRESET: oneOf(X264_PRESETS),
      TRANSCODE_HEARTBEAT_SECONDS: wholeNumber(2, { min: 1 }),
      TRANSCODE_STALE_SECONDS: wholeNumber(30),
      TRANSCODE_POLL_SECONDS: wholeNumber(1),
      TRANSCODE_RETRY_LIMIT: wholeNumber(3),
      TRANSCODE_RETRY_DELAY_SECONDS: wholeNumber(5),
      MEDIACONVERT_ENDPOINT: optionalText(),
      MEDIACONVERT_REGION: optionalText(),
      S3_REGION: text('ap-south-1'),
      MEDIACONVERT_ROLE_ARN: optionalText(),
      MEDIACONVERT_JOB_TEMPLATE: optionalText(),
      MEDIACONVERT_QUEUE_ARN_DEFAULT: optionalText(),
      MEDIACONVERT_QUEUE_ARN_RESERVED: optionalText(),
      MEDIACONVERT_POLL_SECONDS: wholeNumber(10),
    })
    .superRefine((env, ctx) => {
      if (env.TRANSCODE_STALE_SECONDS < env.TRANSCODE_HEARTBEAT_SECONDS * 2) {
        ctx.addIssue({
          code: 'custom',
          path: ['TRANSCODE_STALE_SECONDS'],
          message: 'must be at least twice TRANSCODE_HEARTBEAT_SECONDS (at least 1)',
        });
      }
      if (env.TRANSCODER === 'mediaconvert' && (!env.MEDIACONVERT_ROLE_ARN || !env.MEDIACONVERT_QUEUE_ARN_DEFAULT)) {
        ctx.addIssue({
          code: 'custom',
          message: 'TRANSCODER=mediaconvert needs MEDIACONVERT_ROLE_ARN and MEDIACONVERT_QUEUE_ARN_DEFAULT',
        });
      }
    })
    .transform((env) => ({
      /** ffmpeg on this machine, AWS MediaConvert, or off (jobs wait in the queue) */
      driver: env.TRANSCODER ?? 'ffmpeg',
      /** run a worker inside the server process (the default); `npm run worker` runs one on its own */
      inlineWorker: env.TRANSCODE_INLINE_WORKER,
      /** transcodes one worker runs at a time */
      concurrency: env.TRANSCODE_CONCURRENCY,
      /** submit a job for every registered video */
      submitOnRegister: env.TRANSCODE_ON_REGISTER,
      /** the environment jobs are recorded under (spec 2 §9) */
      environment:
        env.TRANSCODING_ENVIRONMENT ??
        (nodeEnv === 'production' ? 'production' : nodeEnv === 'test' ? 'test' : 'development'),
      ffmpegPath: env.FFMPEG_PATH,
      /** x264 preset: ultrafast ... veryslow */
      preset: env.TRANSCODE_PRESET ?? 'veryfast',
      /** scratch space for outputs before they are stored */
      workDir: path.join(dataDir, 'transcode-work'),
      /** how often a running job reports progress and checks for cancellation */
      heartbeatSeconds: env.TRANSCODE_HEARTBEAT_SECONDS,
      /** a running job without a heartbeat for this long is taken back and retried */
      staleSeconds: env.TRANSCODE_STALE_SECONDS,
      /** how often an idle worker looks for a job */
      pollSeconds: Math.max(1, env.TRANSCODE_POLL_SECONDS),
      /** runs of a job after the first when its worker stops */
      retryLimit: env.TRANSCODE_RETRY_LIMIT,
      /** first wait before a retry, doubled each time */
      retryDelaySeconds: env.TRANSCODE_RETRY_DELAY_SECONDS,
      mediaConvert: {
        endpoint: env.MEDIACONVERT_ENDPOINT,
        region: env.MEDIACONVERT_REGION ?? env.S3_REGION,
        roleArn: env.MEDIACONVERT_ROLE_ARN,
        jobTemplate: env.MEDIACONVERT_JOB_TEMPLATE,
        queueArns: { default: env.MEDIACONVERT_QUEUE_ARN_DEFAULT, reserved: env.MEDIACONVERT_QUEUE_ARN_RESERVED },
        pollSeconds: Math.max(1, env.MEDIACONVERT_POLL_SECONDS),
      },
    }));

export type TranscodingConfig = z.output<ReturnType<typeof transcodingSchema>>;
export type MediaConvertConfig = TranscodingConfig['mediaConvert'];
