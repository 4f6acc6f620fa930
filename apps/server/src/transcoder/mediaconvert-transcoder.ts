/**
 * The AWS MediaConvert transcoder (DESIGN §7, spec 2 §7): the same outputs as the ffmpeg driver — an
 * HLS ladder (1080p, 720p, 480p, 360p; H.264, 2-second GOPs, 6-second segments, AAC), thumbnails and a
 * poster — made by a MediaConvert job that reads the source from S3 and writes beside it. Configuration
 * tested only: the tests drive a fake client.
 *
 * Layout written under the output prefix:
 * - `master.m3u8`, `master_{height}p.m3u8`, `master_{height}p_00001.ts`... (MediaConvert names every
 *   file after the destination's base name, `master`, plus the output's name modifier);
 * - frame captures `thumb-.0000000.jpg`, `thumb-.0000001.jpg`... (`{base}.{7-digit counter}.jpg`, one
 *   every FRAME_CAPTURE_INTERVAL_SECONDS), from which THUMBNAIL_COUNT spread over the video are copied
 *   to `thumb-01.jpg`... (the names the ffmpeg driver writes and `readEndpoints` recognises), the
 *   middle one to `poster.jpg`; the other captures are then deleted.
 */
import {
  CancelJobCommand,
  CreateJobCommand,
  GetJobCommand,
  GetJobTemplateCommand,
  ListJobTemplatesCommand,
  ListJobsCommand,
  MediaConvertClient,
  type CreateJobCommandInput,
  type Input,
  type Job,
  type JobSettings,
  type JobStatus,
  type JobTemplate,
  type Output,
  type OutputGroup,
  type StatusUpdateInterval,
} from '@aws-sdk/client-mediaconvert';
import type { MediaConvertConfig } from '../config';
import type { Storage } from '../storage';
import { HLS_SEGMENT_SECONDS, KEYFRAME_SECONDS, LADDER, THUMBNAIL_COUNT, THUMBNAIL_HEIGHT } from './ffmpeg-command';
import { abortableSleep } from '../lib/abortable-sleep';
import { deletePrefix } from './media-store';
import {
  TranscodeCanceled,
  TRANSCODE_FAILURES,
  TranscodeError,
  type TranscodeInput,
  type TranscodeOutput,
  type Transcoder,
} from './transcoder';

/** One frame captured every this many seconds; THUMBNAIL_COUNT of them are kept (the source's length is unknown up front). */
export const FRAME_CAPTURE_INTERVAL_SECONDS = 5;
/** At most this many captures (about 7 hours at one every 5 seconds); later frames are not captured. */
export const FRAME_CAPTURE_MAX = 5000;
/** GetJob failures in a row before the transcode gives up (the SDK already retries each call). */
export const POLL_FAILURE_LIMIT = 5;

const MASTER_NAME = 'master';
const CAPTURE_NAME = 'thumb-';
const AUDIO_SELECTOR = 'Audio Selector 1';
/** 16:9 boxes per rung height: FIT_NO_UPSCALE fits the source inside, keeping its aspect, never enlarging it. */
const BOX_WIDTH: Record<number, number> = { 1080: 1920, 720: 1280, 480: 854, 360: 640 };

export type QueueName = 'default' | 'reserved';

export interface MediaConvertTranscoderOptions {
  /** waits between polls; resolves early when the signal aborts (tests pass one that returns at once) */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

const s3Url = (bucket: string, key: string) => `s3://${bucket}/${key}`;

/** The HLS ladder: one output per rung of LADDER, H.264 QVBR capped at the ffmpeg driver's rates, AAC stereo. */
function hlsOutputs(): Output[] {
  return LADDER.map((rung) => ({
    NameModifier: `_${rung.height}p`,
    ContainerSettings: { Container: 'M3U8', M3u8Settings: {} },
    VideoDescription: {
      // MediaConvert cannot leave out a rung above the source (it does not know the source's height
      // when the job is made, and neither does Lectern: nothing probes the source first). FIT_NO_UPSCALE
      // keeps such a rung at the source's own size instead of enlarging it; see docs/operations.md.
      Width: BOX_WIDTH[rung.height],
      Height: rung.height,
      ScalingBehavior: 'FIT_NO_UPSCALE',
      CodecSettings: {
        Codec: 'H_264',
        H264Settings: {
          CodecProfile: 'MAIN',
          RateControlMode: 'QVBR',
          // ffmpeg-command's -maxrate and -bufsize for the rung
          MaxBitrate: Math.round(rung.videoKbps * 1.07) * 1000,
          HrdBufferSize: rung.videoKbps * 2 * 1000,
          QualityTuningLevel: 'SINGLE_PASS_HQ',
          GopSize: KEYFRAME_SECONDS,
          GopSizeUnits: 'SECONDS',
          // keyframes only on the 2-second cadence, so every rendition's segments line up (ffmpeg's -sc_threshold 0)
          SceneChangeDetect: 'DISABLED',
          MinIInterval: 0,
          GopClosedCadence: 1,
          FramerateControl: 'INITIALIZE_FROM_SOURCE',
          InterlaceMode: 'PROGRESSIVE',
        },
      },
    },
    AudioDescriptions: [
      {
        AudioSourceName: AUDIO_SELECTOR,
        CodecSettings: {
          Codec: 'AAC',
          AacSettings: {
            Bitrate: rung.audioKbps * 1000,
            CodingMode: 'CODING_MODE_2_0',
            SampleRate: 48000,
            CodecProfile: 'LC',
            RateControlMode: 'CBR',
          },
        },
      },
    ],
  }));
}

/** The frame-capture group: JPGs at 360p, one every FRAME_CAPTURE_INTERVAL_SECONDS. */
function frameCaptureGroup(bucket: string, outputPrefix: string): OutputGroup {
  return {
    Name: 'Thumbnails',
    OutputGroupSettings: {
      Type: 'FILE_GROUP_SETTINGS',
      FileGroupSettings: { Destination: s3Url(bucket, `${outputPrefix}${CAPTURE_NAME}`) },
    },
    Outputs: [
      {
        ContainerSettings: { Container: 'RAW' },
        Extension: 'jpg',
        VideoDescription: {
          Height: THUMBNAIL_HEIGHT,
          CodecSettings: {
            Codec: 'FRAME_CAPTURE',
            FrameCaptureSettings: {
              FramerateNumerator: 1,
              FramerateDenominator: FRAME_CAPTURE_INTERVAL_SECONDS,
              MaxCaptures: FRAME_CAPTURE_MAX,
              Quality: 80,
            },
          },
        },
      },
    ],
  };
}

function sourceInput(bucket: string, key: string): Input {
  return {
    FileInput: s3Url(bucket, key),
    VideoSelector: {},
    AudioSelectors: { [AUDIO_SELECTOR]: { DefaultSelection: 'DEFAULT' } },
    TimecodeSource: 'ZEROBASED',
  };
}

/** The full job settings built in code (no job template): one input, the HLS ladder, the frame captures. */
export function jobSettings(input: Pick<TranscodeInput, 'source' | 'outputPrefix'>): JobSettings {
  const { bucket, key } = input.source;
  return {
    TimecodeConfig: { Source: 'ZEROBASED' },
    Inputs: [sourceInput(bucket, key)],
    OutputGroups: [
      {
        Name: 'Apple HLS',
        OutputGroupSettings: {
          Type: 'HLS_GROUP_SETTINGS',
          HlsGroupSettings: {
            // The manifest takes the destination's base name: `master` gives `master.m3u8`.
            Destination: s3Url(bucket, `${input.outputPrefix}${MASTER_NAME}`),
            SegmentLength: HLS_SEGMENT_SECONDS,
            MinSegmentLength: 0,
            SegmentControl: 'SEGMENTED_FILES',
            OutputSelection: 'MANIFESTS_AND_SEGMENTS',
            DirectoryStructure: 'SINGLE_DIRECTORY',
            ManifestDurationFormat: 'INTEGER',
            CodecSpecification: 'RFC_4281',
            StreamInfResolution: 'INCLUDE',
            ProgramDateTime: 'EXCLUDE',
          },
        },
        Outputs: hlsOutputs(),
      },
      frameCaptureGroup(bucket, input.outputPrefix),
    ],
  };
}

const isFrameCaptureGroup = (group: OutputGroup) =>
  group.OutputGroupSettings?.Type === 'FILE_GROUP_SETTINGS' &&
  (group.Outputs ?? []).length > 0 &&
  (group.Outputs ?? []).every((output) => output.VideoDescription?.CodecSettings?.Codec === 'FRAME_CAPTURE');

/**
 * The job settings when a job template is configured: the template's output groups with this job's
 * destinations (a template's own destination would put every video's outputs in one place), its input
 * settings with this source, and the frame-capture group added when the template has none.
 */
export function templateJobSettings(
  template: JobTemplate,
  input: Pick<TranscodeInput, 'source' | 'outputPrefix'>,
): JobSettings {
  const { bucket, key } = input.source;
  const prefix = input.outputPrefix;
  const groups = structuredClone(template.Settings?.OutputGroups ?? []);
  for (const group of groups) {
    const settings = group.OutputGroupSettings;
    if (!settings) continue;
    if (settings.Type === 'HLS_GROUP_SETTINGS') {
      settings.HlsGroupSettings = {
        ...settings.HlsGroupSettings,
        Destination: s3Url(bucket, `${prefix}${MASTER_NAME}`),
      };
    } else if (settings.Type === 'FILE_GROUP_SETTINGS') {
      const destination = isFrameCaptureGroup(group) ? `${prefix}${CAPTURE_NAME}` : prefix;
      settings.FileGroupSettings = { ...settings.FileGroupSettings, Destination: s3Url(bucket, destination) };
    } else if (settings.Type === 'DASH_ISO_GROUP_SETTINGS') {
      settings.DashIsoGroupSettings = { ...settings.DashIsoGroupSettings, Destination: s3Url(bucket, prefix) };
    } else if (settings.Type === 'CMAF_GROUP_SETTINGS') {
      settings.CmafGroupSettings = { ...settings.CmafGroupSettings, Destination: s3Url(bucket, prefix) };
    } else if (settings.Type === 'MS_SMOOTH_GROUP_SETTINGS') {
      settings.MsSmoothGroupSettings = { ...settings.MsSmoothGroupSettings, Destination: s3Url(bucket, prefix) };
    }
  }
  if (!groups.some((group) => group.OutputGroupSettings?.Type === 'HLS_GROUP_SETTINGS')) {
    throw new Error(`MediaConvert job template '${template.Name ?? '?'}' has no Apple HLS output group`);
  }
  if (!groups.some(isFrameCaptureGroup)) groups.push(frameCaptureGroup(bucket, prefix));
  const inputTemplate = template.Settings?.Inputs?.[0];
  return {
    Inputs: [
      inputTemplate ? { ...structuredClone(inputTemplate), FileInput: s3Url(bucket, key) } : sourceInput(bucket, key),
    ],
    OutputGroups: groups,
  };
}

/** THUMBNAIL_COUNT items spread over the list at 10 %, 30 %, ... 90 % (the ffmpeg driver's times); all when fewer. */
export function spreadPick<T>(items: readonly T[], count = THUMBNAIL_COUNT): T[] {
  if (items.length <= count) return [...items];
  return Array.from({ length: count }, (_, i) => {
    const at = count === 1 ? 0.5 : 0.1 + (0.8 * i) / (count - 1);
    return items[Math.min(items.length - 1, Math.floor(items.length * at))]!;
  });
}

/** The shortest MediaConvert status-update interval not below the poll interval (10 to 600 seconds). */
function statusInterval(pollSeconds: number): StatusUpdateInterval {
  const allowed = [10, 12, 15, 20, 30, 60, 120, 180, 240, 300, 360, 420, 480, 540, 600];
  const seconds = allowed.find((value) => value >= pollSeconds) ?? 600;
  return `SECONDS_${seconds}` as StatusUpdateInterval;
}

async function inPool<T>(items: readonly T[], size: number, work: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  const run = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, run));
}

/**
 * Transcodes with AWS MediaConvert: creates a job on the queue's ARN, polls it every `pollSeconds`,
 * reports its percentage, cancels it when the signal aborts, and on completion picks the thumbnails
 * and the poster and reads the duration and the rendition heights off the job. Also the thin wrappers
 * the transcoding manager needs: list jobs, cancel, list templates.
 */
export class MediaConvertTranscoder implements Transcoder {
  readonly kind = 'mediaconvert' as const;
  private readonly client: MediaConvertClient;
  private readonly sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  private readonly roleArn: string;

  constructor(
    private readonly config: MediaConvertConfig,
    private readonly storage: Storage,
    client?: MediaConvertClient,
    options: MediaConvertTranscoderOptions = {},
  ) {
    if (!config.roleArn) throw new Error('TRANSCODER=mediaconvert needs MEDIACONVERT_ROLE_ARN');
    if (storage.driver.kind !== 's3') {
      throw new Error(
        'TRANSCODER=mediaconvert needs STORAGE_DRIVER=s3: MediaConvert reads the source from S3 and writes its outputs there',
      );
    }
    this.roleArn = config.roleArn;
    this.client = client ?? new MediaConvertClient({ region: config.region, endpoint: config.endpoint });
    this.sleep = options.sleep ?? abortableSleep;
  }

  /** The queue ARN of a Lectern queue; `reserved` falls back to the default ARN when it has none of its own. */
  queueArn(queue: QueueName = 'default'): string | undefined {
    return this.config.queueArns[queue] ?? this.config.queueArns.default;
  }

  async transcode(input: TranscodeInput): Promise<TranscodeOutput> {
    if (input.signal.aborted) throw new TranscodeCanceled();
    const settings = await this.settingsFor(input);
    if (input.signal.aborted) throw new TranscodeCanceled();
    const request: CreateJobCommandInput = {
      Role: this.roleArn,
      Queue: this.queueArn(input.queue),
      JobTemplate: this.config.jobTemplate,
      Settings: settings,
      UserMetadata: { jobId: input.jobId, videoId: input.videoId },
      StatusUpdateInterval: statusInterval(this.config.pollSeconds),
    };
    // Not cancelled through the signal: a CreateJob cut short may still have made the job, which then
    // runs unseen. The signal is checked as soon as the answer (and so the job's id) is in.
    const created = await this.client.send(new CreateJobCommand(request));
    const id = created.Job?.Id;
    if (!id) throw new Error('MediaConvert answered CreateJob without a job id');
    try {
      const job = await this.waitFor(id, input);
      return await this.collect(job, settings, input);
    } catch (error) {
      await deletePrefix(this.storage.driver, input.source.bucket, input.outputPrefix).catch(() => undefined);
      if (input.signal.aborted && !(error instanceof TranscodeCanceled)) throw new TranscodeCanceled();
      throw error;
    }
  }

  /** Lists a queue's jobs, newest first, a page at a time (MediaConvert pages hold up to 20). */
  async listJobs(
    queue: QueueName = 'default',
    nextToken?: string,
    options: { status?: JobStatus; maxResults?: number } = {},
  ): Promise<{ jobs: Job[]; nextToken: string | undefined }> {
    const answer = await this.client.send(
      new ListJobsCommand({
        Queue: this.queueArn(queue),
        NextToken: nextToken,
        Status: options.status,
        MaxResults: options.maxResults,
        Order: 'DESCENDING',
      }),
    );
    return { jobs: answer.Jobs ?? [], nextToken: answer.NextToken };
  }

  /** Cancels a MediaConvert job by its MediaConvert id (a job that already ended answers with an error). */
  async cancel(mediaConvertJobId: string): Promise<void> {
    await this.client.send(new CancelJobCommand({ Id: mediaConvertJobId }));
  }

  /** Lists the account's job templates by name, a page at a time. */
  async listTemplates(nextToken?: string): Promise<{ templates: JobTemplate[]; nextToken: string | undefined }> {
    const answer = await this.client.send(
      new ListJobTemplatesCommand({ ListBy: 'NAME', Order: 'ASCENDING', NextToken: nextToken }),
    );
    return { templates: answer.JobTemplates ?? [], nextToken: answer.NextToken };
  }

  private async settingsFor(input: TranscodeInput): Promise<JobSettings> {
    const name = this.config.jobTemplate;
    if (!name) return jobSettings(input);
    const answer = await this.client.send(new GetJobTemplateCommand({ Name: name }));
    if (!answer.JobTemplate) throw new Error(`MediaConvert job template '${name}' was not found`);
    return templateJobSettings(answer.JobTemplate, input);
  }

  /** Polls until the job ends; cancels it when the signal aborts. */
  private async waitFor(id: string, input: TranscodeInput): Promise<Job> {
    const pollMs = this.config.pollSeconds * 1000;
    let failures = 0;
    let percent = 0;
    for (;;) {
      if (input.signal.aborted) return this.cancelRunning(id);
      await this.sleep(pollMs, input.signal);
      if (input.signal.aborted) return this.cancelRunning(id);
      let job: Job | undefined;
      try {
        job = (await this.client.send(new GetJobCommand({ Id: id }))).Job;
        failures = 0;
      } catch (error) {
        if (++failures < POLL_FAILURE_LIMIT) continue;
        // The job would run on unwatched while the worker retries with a new one.
        await this.client.send(new CancelJobCommand({ Id: id })).catch(() => undefined);
        throw error;
      }
      switch (job?.Status) {
        case 'COMPLETE':
          input.onProgress({ percent: 100, speed: null });
          return job;
        case 'ERROR':
          throw new TranscodeError(TRANSCODE_FAILURES.failed, {
            detail: `MediaConvert${job.ErrorCode ? ` error ${job.ErrorCode}` : ''}: ${job.ErrorMessage || 'no reason given'}`,
          });
        case 'CANCELED':
          // Cancelled outside this run (the console, or `cancel`): the transcode is stopped all the same.
          throw new TranscodeCanceled();
        default:
          // SUBMITTED (waiting in the queue) or PROGRESSING; JobPercentComplete only while progressing.
          percent = Math.max(percent, Math.min(99, job?.JobPercentComplete ?? 0));
          input.onProgress({ percent, speed: null });
      }
    }
  }

  private async cancelRunning(id: string): Promise<never> {
    // An error here is a job that already ended (or AWS unreachable): the transcode is stopped either way.
    await this.client.send(new CancelJobCommand({ Id: id })).catch(() => undefined);
    throw new TranscodeCanceled();
  }

  /** The outputs of a completed job: checks the master playlist, keeps THUMBNAIL_COUNT captures and a poster. */
  private async collect(job: Job, settings: JobSettings, input: TranscodeInput): Promise<TranscodeOutput> {
    const { driver } = this.storage;
    const bucket = input.source.bucket;
    const prefix = input.outputPrefix;
    const master = `${prefix}${MASTER_NAME}.m3u8`;
    if (!(await driver.head({ bucket, key: master }))) {
      throw new TranscodeError(TRANSCODE_FAILURES.failed, {
        detail: `MediaConvert finished without writing ${MASTER_NAME}.m3u8`,
      });
    }
    const captures: string[] = [];
    let continuationToken: string | undefined;
    do {
      const page = await driver.list({ bucket, prefix: `${prefix}${CAPTURE_NAME}`, maxKeys: 1000, continuationToken });
      for (const object of page.contents) {
        if (/\/thumb-[^/]*\.\d+\.jpg$/.test(object.key)) captures.push(object.key);
      }
      continuationToken = page.isTruncated ? page.nextContinuationToken : undefined;
    } while (continuationToken);
    captures.sort();
    if (captures.length === 0) {
      throw new TranscodeError(TRANSCODE_FAILURES.noFrames, { detail: 'MediaConvert made no thumbnails' });
    }
    const picked = spreadPick(captures);
    const thumbnails: string[] = [];
    for (const [i, key] of picked.entries()) {
      if (input.signal.aborted) throw new TranscodeCanceled();
      const thumbnail = `${prefix}thumb-${String(i + 1).padStart(2, '0')}.jpg`;
      await driver.copy({ bucket, key }, { bucket, key: thumbnail });
      thumbnails.push(thumbnail);
    }
    const poster = `${prefix}poster.jpg`;
    await driver.copy({ bucket, key: thumbnails[Math.floor(thumbnails.length / 2)]! }, { bucket, key: poster });
    // The captures not kept (and the kept ones' originals): tidy, so the folder is laid out like ffmpeg's.
    await inPool(captures, 8, (key) => driver.delete({ bucket, key }).catch(() => undefined));
    return {
      durationSeconds: durationOf(job, settings),
      master,
      poster,
      thumbnails,
      renditions: renditionsOf(job, settings),
    };
  }
}

/** The outputs of the job's HLS groups (OutputGroupDetails follow the order of the settings' groups). */
function hlsDetails(job: Job, settings: JobSettings) {
  const groups = job.OutputGroupDetails ?? [];
  return groups
    .filter((_, i) => settings.OutputGroups?.[i]?.OutputGroupSettings?.Type === 'HLS_GROUP_SETTINGS')
    .flatMap((group) => group.OutputDetails ?? []);
}

/** The longest HLS output, in seconds; any output when the HLS ones carry no duration; else 0. */
function durationOf(job: Job, settings: JobSettings): number {
  const longest = (details: { DurationInMs?: number }[]) =>
    Math.max(0, ...details.map((detail) => detail.DurationInMs ?? 0)) / 1000;
  return (
    longest(hlsDetails(job, settings)) ||
    longest((job.OutputGroupDetails ?? []).flatMap((group) => group.OutputDetails ?? []))
  );
}

/** The distinct heights of the HLS renditions, highest first; the ladder's when the job does not say. */
function renditionsOf(job: Job, settings: JobSettings): number[] {
  const heights = hlsDetails(job, settings)
    .map((detail) => detail.VideoDetails?.HeightInPx)
    .filter((height): height is number => typeof height === 'number' && height > 0);
  const distinct = [...new Set(heights)].sort((a, b) => b - a);
  return distinct.length > 0 ? distinct : LADDER.map((rung) => rung.height);
}
