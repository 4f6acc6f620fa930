import {
  CancelJobCommand,
  CreateJobCommand,
  GetJobCommand,
  GetJobTemplateCommand,
  ListJobTemplatesCommand,
  ListJobsCommand,
  MediaConvertClient,
  type CreateJobCommandInput,
  type Job,
  type JobTemplate,
  type OutputGroup,
} from '@aws-sdk/client-mediaconvert';
import { describe, expect, it } from 'vitest';
import type { MediaConvertConfig } from '../config';
import type { Storage } from '../storage';
import type { ListInput, ObjectRef, StorageDriver } from '../storage/storage';
import {
  FRAME_CAPTURE_INTERVAL_SECONDS,
  MediaConvertTranscoder,
  POLL_FAILURE_LIMIT,
  spreadPick,
} from './mediaconvert-transcoder';
import {
  TRANSCODE_FAILURES,
  TranscodeCanceled,
  TranscodeError,
  endpointsOf,
  readEndpoints,
  type TranscodeInput,
  type TranscodeProgress,
} from './transcoder';

const BUCKET = 'lectern-videos';
const PREFIX = 'subjects/s1/transcoded/v1/j1/';
const ROLE = 'arn:aws:iam::111122223333:role/MediaConvertRole';
const DEFAULT_QUEUE = 'arn:aws:mediaconvert:ap-south-1:111122223333:queues/Default';
const RESERVED_QUEUE = 'arn:aws:mediaconvert:ap-south-1:111122223333:queues/Reserved';
const MC_ID = '1700000000000-abc123';

function configOf(overrides: Partial<MediaConvertConfig> = {}): MediaConvertConfig {
  return {
    endpoint: undefined,
    region: 'ap-south-1',
    roleArn: ROLE,
    jobTemplate: undefined,
    queueArns: { default: DEFAULT_QUEUE, reserved: RESERVED_QUEUE },
    pollSeconds: 10,
    ...overrides,
  };
}

/** An in-memory bucket standing in for S3: records copies and deletes, lists by prefix in pages. */
class FakeDriver {
  readonly kind = 's3' as const;
  readonly keys = new Set<string>();
  readonly copies: [string, string][] = [];
  readonly deleted: string[] = [];
  readonly listed: ListInput[] = [];

  async list(input: ListInput) {
    this.listed.push(input);
    const all = [...this.keys].filter((key) => key.startsWith(input.prefix)).sort();
    const start = input.continuationToken ? Number(input.continuationToken) : 0;
    const page = all.slice(start, start + input.maxKeys);
    const end = start + page.length;
    return {
      contents: page.map((key) => ({ key, size: 1, lastModified: new Date(0) })),
      isTruncated: end < all.length,
      nextContinuationToken: end < all.length ? String(end) : undefined,
    };
  }
  async head(ref: ObjectRef) {
    return this.keys.has(ref.key) ? { key: ref.key, size: 1, lastModified: new Date(0) } : null;
  }
  async copy(from: ObjectRef, to: ObjectRef) {
    expect(from.bucket).toBe(BUCKET);
    expect(to.bucket).toBe(BUCKET);
    if (!this.keys.has(from.key)) throw new Error(`no such key ${from.key}`);
    this.copies.push([from.key, to.key]);
    this.keys.add(to.key);
  }
  async delete(ref: ObjectRef) {
    this.deleted.push(ref.key);
    this.keys.delete(ref.key);
  }
}

function storageOf(driver: FakeDriver | { kind: 'local' }): Storage {
  return { driver: driver as unknown as StorageDriver, videosBucket: BUCKET } as unknown as Storage;
}

type Answer = Job | Error;

/** A MediaConvert client that records every command and answers GetJob from a script (the last answer repeats). */
class FakeClient {
  readonly sent: object[] = [];
  template: JobTemplate | undefined;
  constructor(private readonly script: Answer[] = []) {}

  send = async (command: object): Promise<unknown> => {
    this.sent.push(command);
    if (command instanceof CreateJobCommand) return { Job: { Id: MC_ID, Status: 'SUBMITTED' } };
    if (command instanceof GetJobCommand) {
      expect(command.input.Id).toBe(MC_ID);
      const next = this.script.length > 1 ? this.script.shift()! : this.script[0]!;
      if (next instanceof Error) throw next;
      return { Job: next };
    }
    if (command instanceof CancelJobCommand) return {};
    if (command instanceof GetJobTemplateCommand) return { JobTemplate: this.template };
    if (command instanceof ListJobsCommand) return { Jobs: [{ Id: 'a' }, { Id: 'b' }], NextToken: 'next-page' };
    if (command instanceof ListJobTemplatesCommand) return { JobTemplates: [{ Name: 'hls-ladder' }] };
    throw new Error(`unexpected command ${command.constructor.name}`);
  };

  of<T extends object>(type: new (...args: never[]) => T): T[] {
    return this.sent.filter((command): command is T => command instanceof type);
  }
  get createInput(): CreateJobCommandInput {
    const [create] = this.of(CreateJobCommand);
    expect(create).toBeDefined();
    return create!.input;
  }
}

function setup(
  script: Answer[],
  options: { config?: Partial<MediaConvertConfig>; onSleep?: (calls: number) => void } = {},
) {
  const client = new FakeClient(script);
  const driver = new FakeDriver();
  const sleeps: number[] = [];
  const transcoder = new MediaConvertTranscoder(
    configOf(options.config),
    storageOf(driver),
    client as unknown as MediaConvertClient,
    {
      sleep: async (ms) => {
        sleeps.push(ms);
        options.onSleep?.(sleeps.length);
      },
    },
  );
  return { client, driver, transcoder, sleeps };
}

function inputOf(overrides: Partial<TranscodeInput> = {}) {
  const progress: TranscodeProgress[] = [];
  const controller = new AbortController();
  const input: TranscodeInput = {
    jobId: 'j1',
    videoId: 'v1',
    source: { bucket: BUCKET, key: 'subjects/s1/abc-lecture.mp4' },
    outputPrefix: PREFIX,
    signal: controller.signal,
    onProgress: (p) => progress.push(p),
    ...overrides,
  };
  return { input, progress, controller };
}

/** What a finished job leaves under the prefix: the playlists, segments and `count` frame captures. */
function writeOutputs(driver: FakeDriver, captures: number) {
  driver.keys.add(`${PREFIX}master.m3u8`);
  for (const height of [720, 480, 360]) {
    driver.keys.add(`${PREFIX}master_${height}p.m3u8`);
    driver.keys.add(`${PREFIX}master_${height}p_00001.ts`);
  }
  for (let i = 0; i < captures; i++) driver.keys.add(`${PREFIX}thumb-.${String(i).padStart(7, '0')}.jpg`);
}

const capture = (i: number) => `${PREFIX}thumb-.${String(i).padStart(7, '0')}.jpg`;

/** A COMPLETE job for a 720p source: the 1080 rung came out at the source's size (FIT_NO_UPSCALE). */
const complete: Job = {
  Id: MC_ID,
  Role: ROLE,
  Settings: undefined,
  Status: 'COMPLETE',
  JobPercentComplete: 100,
  OutputGroupDetails: [
    {
      OutputDetails: [720, 720, 480, 360].map((height) => ({
        DurationInMs: 61_440,
        VideoDetails: { HeightInPx: height, WidthInPx: Math.round((height * 16) / 9) },
      })),
    },
    { OutputDetails: [{ DurationInMs: 60_000, VideoDetails: { HeightInPx: 360, WidthInPx: 640 } }] },
  ],
};
const progressing = (percent?: number): Job => ({
  Id: MC_ID,
  Role: ROLE,
  Settings: undefined,
  Status: 'PROGRESSING',
  JobPercentComplete: percent,
});
const submitted: Job = { Id: MC_ID, Role: ROLE, Settings: undefined, Status: 'SUBMITTED' };

const hlsGroup = (input: CreateJobCommandInput) =>
  input.Settings!.OutputGroups!.find((g) => g.OutputGroupSettings?.Type === 'HLS_GROUP_SETTINGS')!;
const captureGroup = (input: CreateJobCommandInput) =>
  input.Settings!.OutputGroups!.find(
    (g) => g.Outputs?.[0]?.VideoDescription?.CodecSettings?.Codec === 'FRAME_CAPTURE',
  )!;

describe('MediaConvert transcoder: the job it creates', () => {
  it('builds the full settings in code: the source, the HLS ladder under the output prefix, the frame captures', async () => {
    const { client, driver, transcoder } = setup([complete]);
    writeOutputs(driver, 20);
    await transcoder.transcode(inputOf().input);

    const input = client.createInput;
    expect(input.Role).toBe(ROLE);
    expect(input.Queue).toBe(DEFAULT_QUEUE);
    expect(input.JobTemplate).toBeUndefined();
    expect(input.UserMetadata).toEqual({ jobId: 'j1', videoId: 'v1' });
    expect(input.StatusUpdateInterval).toBe('SECONDS_10');
    expect(input.Settings!.Inputs).toHaveLength(1);
    expect(input.Settings!.Inputs![0]!.FileInput).toBe(`s3://${BUCKET}/subjects/s1/abc-lecture.mp4`);
    expect(Object.keys(input.Settings!.Inputs![0]!.AudioSelectors!)).toEqual(['Audio Selector 1']);

    const hls = hlsGroup(input).OutputGroupSettings!.HlsGroupSettings!;
    expect(hls.Destination).toBe(`s3://${BUCKET}/${PREFIX}master`);
    expect(hls.SegmentLength).toBe(6);
    expect(hls.MinSegmentLength).toBe(0);

    const renditions = hlsGroup(input).Outputs!;
    expect(renditions.map((o) => o.VideoDescription!.Height)).toEqual([1080, 720, 480, 360]);
    expect(renditions.map((o) => o.NameModifier)).toEqual(['_1080p', '_720p', '_480p', '_360p']);
    for (const output of renditions) {
      expect(output.ContainerSettings!.Container).toBe('M3U8');
      expect(output.VideoDescription!.ScalingBehavior).toBe('FIT_NO_UPSCALE');
      const codec = output.VideoDescription!.CodecSettings!;
      expect(codec.Codec).toBe('H_264');
      expect(codec.H264Settings!.GopSize).toBe(2);
      expect(codec.H264Settings!.GopSizeUnits).toBe('SECONDS');
      expect(codec.H264Settings!.SceneChangeDetect).toBe('DISABLED');
      expect(codec.H264Settings!.RateControlMode).toBe('QVBR');
      expect(output.AudioDescriptions![0]!.CodecSettings!.Codec).toBe('AAC');
    }
    // ffmpeg-command's LADDER: 5000/2800/1400/800 kb/s video (capped at 1.07x), 128/128/96/96 kb/s audio
    expect(renditions.map((o) => o.VideoDescription!.CodecSettings!.H264Settings!.MaxBitrate)).toEqual([
      5_350_000, 2_996_000, 1_498_000, 856_000,
    ]);
    expect(renditions.map((o) => o.AudioDescriptions![0]!.CodecSettings!.AacSettings!.Bitrate)).toEqual([
      128_000, 128_000, 96_000, 96_000,
    ]);

    const frames = captureGroup(input);
    expect(frames.OutputGroupSettings!.Type).toBe('FILE_GROUP_SETTINGS');
    expect(frames.OutputGroupSettings!.FileGroupSettings!.Destination).toBe(`s3://${BUCKET}/${PREFIX}thumb-`);
    const still = frames.Outputs![0]!;
    expect(still.Extension).toBe('jpg');
    expect(still.ContainerSettings!.Container).toBe('RAW');
    expect(still.VideoDescription!.Height).toBe(360);
    expect(still.VideoDescription!.CodecSettings!.FrameCaptureSettings).toMatchObject({
      FramerateNumerator: 1,
      FramerateDenominator: FRAME_CAPTURE_INTERVAL_SECONDS,
    });

    // every destination is under the job's output prefix
    const destinations = input.Settings!.OutputGroups!.map(
      (g) =>
        g.OutputGroupSettings!.HlsGroupSettings?.Destination ?? g.OutputGroupSettings!.FileGroupSettings?.Destination,
    );
    for (const destination of destinations) expect(destination!.startsWith(`s3://${BUCKET}/${PREFIX}`)).toBe(true);
  });

  it('runs a job on the ARN of the queue it came from; reserved falls back to the default ARN when it has none', async () => {
    const run = async (queue: 'default' | 'reserved' | undefined, config: Partial<MediaConvertConfig> = {}) => {
      const { client, driver, transcoder } = setup([complete], { config });
      writeOutputs(driver, 5);
      await transcoder.transcode(inputOf({ queue }).input);
      return client.createInput.Queue;
    };
    expect(await run('reserved')).toBe(RESERVED_QUEUE);
    expect(await run('default')).toBe(DEFAULT_QUEUE);
    expect(await run(undefined)).toBe(DEFAULT_QUEUE);
    expect(await run('reserved', { queueArns: { default: DEFAULT_QUEUE, reserved: undefined } })).toBe(DEFAULT_QUEUE);
    // no ARN at all: MediaConvert's own Default queue of the account
    expect(await run('default', { queueArns: { default: undefined, reserved: undefined } })).toBeUndefined();
  });

  it('names a configured job template and gives its output groups this job destinations', async () => {
    const { client, driver, transcoder } = setup([complete], { config: { jobTemplate: 'lectern-hls' } });
    const mp4Group: OutputGroup = {
      Name: 'File Group',
      OutputGroupSettings: { Type: 'FILE_GROUP_SETTINGS', FileGroupSettings: { Destination: 's3://elsewhere/' } },
      Outputs: [{ ContainerSettings: { Container: 'MP4' } }],
    };
    client.template = {
      Name: 'lectern-hls',
      Settings: {
        Inputs: [{ AudioSelectors: { 'Audio Selector 1': { DefaultSelection: 'DEFAULT' } }, DeblockFilter: 'ENABLED' }],
        OutputGroups: [
          {
            Name: 'Apple HLS',
            OutputGroupSettings: {
              Type: 'HLS_GROUP_SETTINGS',
              HlsGroupSettings: { Destination: 's3://elsewhere/hls/', SegmentLength: 4, MinSegmentLength: 0 },
            },
            Outputs: [{ NameModifier: '_hd', VideoDescription: { Height: 720 } }],
          },
          mp4Group,
        ],
      },
    };
    writeOutputs(driver, 5);
    await transcoder.transcode(inputOf().input);

    expect(client.of(GetJobTemplateCommand)[0]!.input).toEqual({ Name: 'lectern-hls' });
    const input = client.createInput;
    expect(input.JobTemplate).toBe('lectern-hls');
    expect(input.Role).toBe(ROLE);
    const [hls, file, frames] = input.Settings!.OutputGroups!;
    // the template's own settings stay; only the destinations are this job's
    expect(hls!.OutputGroupSettings!.HlsGroupSettings).toMatchObject({
      Destination: `s3://${BUCKET}/${PREFIX}master`,
      SegmentLength: 4,
    });
    expect(hls!.Outputs).toEqual(client.template.Settings!.OutputGroups![0]!.Outputs);
    expect(file!.OutputGroupSettings!.FileGroupSettings!.Destination).toBe(`s3://${BUCKET}/${PREFIX}`);
    // the template has no frame capture: Lectern's is added
    expect(frames!.OutputGroupSettings!.FileGroupSettings!.Destination).toBe(`s3://${BUCKET}/${PREFIX}thumb-`);
    expect(input.Settings!.Inputs).toEqual([
      {
        AudioSelectors: { 'Audio Selector 1': { DefaultSelection: 'DEFAULT' } },
        DeblockFilter: 'ENABLED',
        FileInput: `s3://${BUCKET}/subjects/s1/abc-lecture.mp4`,
      },
    ]);
    // the template itself is left as it was
    expect(mp4Group.OutputGroupSettings!.FileGroupSettings!.Destination).toBe('s3://elsewhere/');
  });

  it('refuses a job template without an HLS output group before creating a job', async () => {
    const { client, transcoder } = setup([complete], { config: { jobTemplate: 'mp4-only' } });
    client.template = {
      Name: 'mp4-only',
      Settings: {
        OutputGroups: [{ OutputGroupSettings: { Type: 'FILE_GROUP_SETTINGS', FileGroupSettings: {} }, Outputs: [{}] }],
      },
    };
    await expect(transcoder.transcode(inputOf().input)).rejects.toThrow(/mp4-only.*no Apple HLS output group/);
    expect(client.of(CreateJobCommand)).toHaveLength(0);
  });

  it('asks MediaConvert for status updates about as often as it polls', async () => {
    const interval = async (pollSeconds: number) => {
      const { client, driver, transcoder } = setup([complete], { config: { pollSeconds } });
      writeOutputs(driver, 5);
      await transcoder.transcode(inputOf().input);
      return client.createInput.StatusUpdateInterval;
    };
    expect(await interval(1)).toBe('SECONDS_10');
    expect(await interval(25)).toBe('SECONDS_30');
    expect(await interval(3600)).toBe('SECONDS_600');
  });
});

describe('MediaConvert transcoder: following the job', () => {
  it('polls every pollSeconds and reports JobPercentComplete, never backwards, 100 at the end', async () => {
    const { client, driver, transcoder, sleeps } = setup([
      submitted,
      progressing(),
      progressing(10),
      progressing(55),
      progressing(40),
      complete,
    ]);
    writeOutputs(driver, 5);
    const { input, progress } = inputOf();
    await transcoder.transcode(input);
    expect(progress.map((p) => p.percent)).toEqual([0, 0, 10, 55, 55, 100]);
    expect(progress.every((p) => p.speed === null)).toBe(true);
    expect(sleeps).toEqual(Array(6).fill(10_000));
    expect(client.of(GetJobCommand)).toHaveLength(6);
    expect(client.of(CancelJobCommand)).toHaveLength(0);
  });

  it('on COMPLETE returns the master playlist, five thumbnails spread over the video, the poster, duration and renditions', async () => {
    const { driver, transcoder } = setup([progressing(50), complete]);
    writeOutputs(driver, 13); // a 61-second video: a capture every 5 seconds
    const output = await transcoder.transcode(inputOf().input);

    const picked = [1, 3, 6, 9, 11].map(capture); // 10 %, 30 %, 50 %, 70 %, 90 % of 13 captures
    const thumbnails = [1, 2, 3, 4, 5].map((n) => `${PREFIX}thumb-0${n}.jpg`);
    expect(output).toEqual({
      durationSeconds: 61.44,
      master: `${PREFIX}master.m3u8`,
      poster: `${PREFIX}poster.jpg`,
      thumbnails,
      renditions: [720, 480, 360],
    });
    expect(driver.copies).toEqual([
      ...picked.map((from, i) => [from, thumbnails[i]]),
      [thumbnails[2], `${PREFIX}poster.jpg`],
    ]);
    // the raw captures are gone; the folder holds what the ffmpeg driver would leave
    expect([...driver.keys].filter((key) => key.includes('thumb-.'))).toEqual([]);
    expect(driver.deleted).toHaveLength(13);
    expect(driver.keys.has(`${PREFIX}master_720p_00001.ts`)).toBe(true);
    // the endpoints read back as the files service reads them
    expect(readEndpoints(endpointsOf(output))).toEqual({
      master: output.master,
      poster: output.poster,
      thumbnails: output.thumbnails,
    });
  });

  it('follows the listing across pages for a long video and takes fewer thumbnails from a very short one', async () => {
    const long = setup([complete]);
    writeOutputs(long.driver, 2300); // over three hours
    const output = await long.transcoder.transcode(inputOf().input);
    expect(long.driver.listed.filter((l) => l.prefix === `${PREFIX}thumb-`)).toHaveLength(3);
    expect(long.driver.copies.slice(0, 5).map(([from]) => from)).toEqual([230, 690, 1150, 1610, 2070].map(capture));
    expect(output.thumbnails).toHaveLength(5);

    const short = setup([complete]);
    writeOutputs(short.driver, 2); // under 10 seconds
    const few = await short.transcoder.transcode(inputOf().input);
    expect(few.thumbnails).toEqual([`${PREFIX}thumb-01.jpg`, `${PREFIX}thumb-02.jpg`]);
    expect(short.driver.copies.at(-1)).toEqual([`${PREFIX}thumb-02.jpg`, `${PREFIX}poster.jpg`]);
  });

  it('reports the ladder heights and the longest output when the job carries no details', async () => {
    const { driver, transcoder } = setup([{ Id: MC_ID, Role: ROLE, Settings: undefined, Status: 'COMPLETE' }]);
    writeOutputs(driver, 5);
    const output = await transcoder.transcode(inputOf().input);
    expect(output.renditions).toEqual([1080, 720, 480, 360]);
    expect(output.durationSeconds).toBe(0);
  });

  it('turns a job ERROR into a TranscodeError with a sentence (MediaConvert’s message as its detail) and removes partial outputs', async () => {
    const { driver, transcoder, client } = setup([
      progressing(5),
      {
        Id: MC_ID,
        Role: ROLE,
        Settings: undefined,
        Status: 'ERROR',
        ErrorCode: 1010,
        ErrorMessage: 'Unable to open input file [s3://lectern-videos/subjects/s1/abc-lecture.mp4]',
      },
    ]);
    driver.keys.add(`${PREFIX}master_720p_00001.ts`);
    const error = await transcoder.transcode(inputOf().input).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TranscodeError);
    // staff read a sentence; MediaConvert's words (with the bucket path) are the detail, for the log
    expect((error as Error).message).toBe(
      'The video could not be transcoded. Submit it again; if it fails again, upload the file again.',
    );
    expect((error as TranscodeError).detail).toBe(
      'MediaConvert error 1010: Unable to open input file [s3://lectern-videos/subjects/s1/abc-lecture.mp4]',
    );
    expect(driver.deleted).toEqual([`${PREFIX}master_720p_00001.ts`]);
    expect(client.of(CancelJobCommand)).toHaveLength(0);
  });

  it('fails with a TranscodeError when a completed job wrote no master playlist or no frames', async () => {
    const noMaster = setup([complete]);
    const missing = await noMaster.transcoder.transcode(inputOf().input).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(TranscodeError);
    expect(missing).toMatchObject({
      message: TRANSCODE_FAILURES.failed,
      detail: 'MediaConvert finished without writing master.m3u8',
    });

    const noFrames = setup([complete]);
    noFrames.driver.keys.add(`${PREFIX}master.m3u8`);
    await expect(noFrames.transcoder.transcode(inputOf().input)).rejects.toThrow(TRANSCODE_FAILURES.noFrames);
    expect(noFrames.driver.keys.size).toBe(0);
  });

  it('cancels the MediaConvert job when the signal aborts, removes partial outputs and throws TranscodeCanceled', async () => {
    const { input, controller } = inputOf();
    const { client, driver, transcoder } = setup([submitted, progressing(20)], {
      onSleep: (calls) => {
        if (calls === 3) controller.abort();
      },
    });
    driver.keys.add(`${PREFIX}master_720p_00001.ts`);
    await expect(transcoder.transcode(input)).rejects.toBeInstanceOf(TranscodeCanceled);
    expect(client.of(CancelJobCommand).map((c) => c.input)).toEqual([{ Id: MC_ID }]);
    expect(client.of(GetJobCommand)).toHaveLength(2); // no poll after the abort
    expect(driver.keys.size).toBe(0);
  });

  it('still throws TranscodeCanceled when CancelJob fails (the job had just ended)', async () => {
    const { input, controller } = inputOf();
    const { client, transcoder } = setup([submitted], { onSleep: () => controller.abort() });
    client.send = ((send) => async (command: object) => {
      if (command instanceof CancelJobCommand) {
        client.sent.push(command);
        throw Object.assign(new Error('The job is already complete'), { name: 'ConflictException' });
      }
      return send(command);
    })(client.send);
    await expect(transcoder.transcode(input)).rejects.toBeInstanceOf(TranscodeCanceled);
    expect(client.of(CancelJobCommand)).toHaveLength(1);
  });

  it('creates no job when the signal aborted before the start', async () => {
    const { client, transcoder } = setup([complete]);
    const { input, controller } = inputOf();
    controller.abort();
    await expect(transcoder.transcode(input)).rejects.toBeInstanceOf(TranscodeCanceled);
    expect(client.sent).toHaveLength(0);
  });

  it('treats a job cancelled outside the run (console, cancel()) as cancelled', async () => {
    const { client, transcoder } = setup([
      progressing(30),
      { Id: MC_ID, Role: ROLE, Settings: undefined, Status: 'CANCELED' },
    ]);
    await expect(transcoder.transcode(inputOf().input)).rejects.toBeInstanceOf(TranscodeCanceled);
    expect(client.of(CancelJobCommand)).toHaveLength(0);
  });

  it('rides out a few failed polls, and gives up (cancelling the job) after POLL_FAILURE_LIMIT in a row', async () => {
    const blip = setup([new Error('socket hang up'), new Error('throttled'), progressing(50), complete]);
    writeOutputs(blip.driver, 5);
    const { input, progress } = inputOf();
    await blip.transcoder.transcode(input);
    expect(progress.map((p) => p.percent)).toEqual([50, 100]);

    const down = setup([...Array(POLL_FAILURE_LIMIT).fill(new Error('getaddrinfo ENOTFOUND')), complete]);
    await expect(down.transcoder.transcode(inputOf().input)).rejects.toThrow('getaddrinfo ENOTFOUND');
    expect(down.client.of(GetJobCommand)).toHaveLength(POLL_FAILURE_LIMIT);
    expect(down.client.of(CancelJobCommand).map((c) => c.input)).toEqual([{ Id: MC_ID }]);
  });
});

describe('MediaConvert transcoder: the wrappers and the set-up', () => {
  it('lists a queue’s jobs, cancels a job and lists the job templates', async () => {
    const { client, transcoder } = setup([]);
    expect(await transcoder.listJobs('reserved', 'token-1', { status: 'PROGRESSING' })).toEqual({
      jobs: [{ Id: 'a' }, { Id: 'b' }],
      nextToken: 'next-page',
    });
    await transcoder.listJobs();
    await transcoder.cancel('mc-42');
    expect(await transcoder.listTemplates()).toEqual({ templates: [{ Name: 'hls-ladder' }], nextToken: undefined });

    expect(client.of(ListJobsCommand).map((c) => c.input)).toEqual([
      {
        Queue: RESERVED_QUEUE,
        NextToken: 'token-1',
        Status: 'PROGRESSING',
        MaxResults: undefined,
        Order: 'DESCENDING',
      },
      { Queue: DEFAULT_QUEUE, NextToken: undefined, Status: undefined, MaxResults: undefined, Order: 'DESCENDING' },
    ]);
    expect(client.of(CancelJobCommand).map((c) => c.input)).toEqual([{ Id: 'mc-42' }]);
    expect(client.of(ListJobTemplatesCommand).map((c) => c.input)).toEqual([
      { ListBy: 'NAME', Order: 'ASCENDING', NextToken: undefined },
    ]);
  });

  it('makes its own client for the configured region and endpoint when none is given', async () => {
    const transcoder = new MediaConvertTranscoder(
      configOf({ region: 'eu-west-1', endpoint: 'https://abcd1234.mediaconvert.eu-west-1.amazonaws.com' }),
      storageOf(new FakeDriver()),
    );
    const client = Reflect.get(transcoder, 'client') as MediaConvertClient;
    expect(client).toBeInstanceOf(MediaConvertClient);
    expect(await client.config.region()).toBe('eu-west-1');
    const endpoint = await client.config.endpoint?.();
    expect(endpoint?.hostname).toBe('abcd1234.mediaconvert.eu-west-1.amazonaws.com');
    expect(transcoder.kind).toBe('mediaconvert');
  });

  it('refuses to start without a role or on local storage', () => {
    expect(() => new MediaConvertTranscoder(configOf({ roleArn: undefined }), storageOf(new FakeDriver()))).toThrow(
      /MEDIACONVERT_ROLE_ARN/,
    );
    expect(() => new MediaConvertTranscoder(configOf(), storageOf({ kind: 'local' }))).toThrow(/STORAGE_DRIVER=s3/);
  });

  it('spreads the kept thumbnails at 10, 30, 50, 70 and 90 % of the captures', () => {
    const items = Array.from({ length: 100 }, (_, i) => i);
    expect(spreadPick(items)).toEqual([10, 30, 50, 70, 90]);
    expect(spreadPick(items.slice(0, 6))).toEqual([0, 1, 3, 4, 5]);
    expect(spreadPick(items.slice(0, 5))).toEqual([0, 1, 2, 3, 4]);
    expect(spreadPick(items, 1)).toEqual([50]);
    expect(spreadPick([])).toEqual([]);
  });
});
