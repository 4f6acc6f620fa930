/**
 * The transcoder interface of DESIGN §7: one source video in, an HLS ladder with thumbnails and a
 * poster out, stored beside the source through the storage interface. Two drivers implement it:
 * ffmpeg (local, the default) and AWS MediaConvert (configuration-tested only).
 */
import type { ObjectRef } from '../storage/storage';

export interface TranscodeProgress {
  /** 0-100 */
  percent: number;
  /** times realtime, when known */
  speed: number | null;
}

export interface TranscodeInput {
  jobId: string;
  videoId: string;
  source: ObjectRef;
  /** the queue the job came from (MediaConvert runs it on that queue's ARN) */
  queue?: 'default' | 'reserved';
  /** key prefix of the outputs, ending in '/' (in the source's bucket) */
  outputPrefix: string;
  /** aborting stops the transcode and removes its partial outputs */
  signal: AbortSignal;
  onProgress(progress: TranscodeProgress): void;
  /** the operating-system process doing the work, when there is one (tests watch it) */
  onProcess?(pid: number): void;
}

export interface TranscodeOutput {
  durationSeconds: number;
  /** storage keys: the master playlist, the poster, the thumbnails in time order */
  master: string;
  poster: string;
  thumbnails: string[];
  /** heights of the renditions made */
  renditions: number[];
  /** times realtime over the whole run, when known */
  speed?: number | null;
}

export interface Transcoder {
  readonly kind: 'ffmpeg' | 'mediaconvert';
  transcode(input: TranscodeInput): Promise<TranscodeOutput>;
}

/**
 * What staff read on a job that failed: sentences they can act on. What the transcoder itself said
 * (ffmpeg's last line, MediaConvert's error, a path) goes to the log as the error's `detail`.
 */
export const TRANSCODE_FAILURES = {
  sourceMissing: 'The uploaded file is no longer in storage. Upload it again.',
  notAVideo: 'The uploaded file could not be read as a video. Upload it again.',
  failed: 'The video could not be transcoded. Submit it again; if it fails again, upload the file again.',
  noFrames: 'The uploaded video has no frames to make thumbnails from. Upload it again.',
  serverRetrying: 'Transcoding stopped because of a problem on the server; it will be retried.',
  serverGaveUp: 'Transcoding stopped because of a problem on the server. Submit it again.',
  notQueued: 'The job could not be queued. Submit it again.',
} as const;

/** A source that cannot be transcoded; `message` says why in words staff can act on, `detail` is for the log. */
export class TranscodeError extends Error {
  readonly detail: string | undefined;
  constructor(message: string, options: { detail?: string; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'TranscodeError';
    this.detail = options.detail;
  }
}

/** The transcode was stopped on request. */
export class TranscodeCanceled extends Error {
  constructor() {
    super('The transcode was cancelled');
    this.name = 'TranscodeCanceled';
  }
}

/** The endpoints recorded on a video: master playlist first, then the poster, then the thumbnails. */
export function endpointsOf(output: TranscodeOutput): string[] {
  return [output.master, output.poster, ...output.thumbnails];
}

/** Reads the endpoints back: which key is the playlist, the poster and the thumbnails. */
export function readEndpoints(endpoints: readonly string[]): {
  master: string | null;
  poster: string | null;
  thumbnails: string[];
} {
  return {
    master: endpoints.find((key) => key.endsWith('.m3u8')) ?? null,
    poster: endpoints.find((key) => /\/poster\.jpg$/.test(key)) ?? null,
    thumbnails: endpoints.filter((key) => /\/thumb-\d+\.jpg$/.test(key)),
  };
}

/** Where a job's outputs go: beside the source, in a folder per video and job. */
export function outputPrefixFor(sourceKey: string, videoId: string, jobId: string): string {
  const slash = sourceKey.lastIndexOf('/');
  const dir = slash >= 0 ? sourceKey.slice(0, slash + 1) : '';
  return `${dir}transcoded/${videoId}/${jobId}/`;
}
