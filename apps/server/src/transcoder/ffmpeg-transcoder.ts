import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { ObjectRef } from '../storage/storage';
import { ffmpegArgs, ffmpegReason, masterPlaylist, parseProbe, type SourceProbe } from './ffmpeg-command';
import {
  TranscodeCanceled,
  TRANSCODE_FAILURES,
  TranscodeError,
  type TranscodeInput,
  type TranscodeOutput,
  type Transcoder,
} from './transcoder';

/** What the transcoder needs of storage: a path or URL ffmpeg can read, and a way to store outputs. */
export interface MediaStore {
  inputFor(ref: ObjectRef): Promise<string>;
  putFile(ref: ObjectRef, file: string, contentType: string): Promise<void>;
  deletePrefix(bucket: string, prefix: string): Promise<void>;
}

/** ffmpeg from FFMPEG_PATH, else from the PATH, else the binary shipped in @ffmpeg-installer/linux-x64. */
export function resolveFfmpegPath(configured?: string): string {
  if (configured) return configured;
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, 'ffmpeg');
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      /* not here */
    }
  }
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('@ffmpeg-installer/linux-x64/package.json')), 'ffmpeg');
}

const CONTENT_TYPES: Record<string, string> = {
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.ts': 'video/mp2t',
  '.jpg': 'image/jpeg',
};

interface RunResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
}

// ffmpeg ignores SIGPIPE, so it would outlive a worker that was killed; on Linux `setpriv` (util-linux)
// starts it with a parent-death signal. setpriv execs ffmpeg, so the pid stays ffmpeg's.
const SETPRIV = ['/usr/bin/setpriv', '/bin/setpriv'].find((file) => {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return process.platform === 'linux';
  } catch {
    return false;
  }
});

/**
 * Runs ffmpeg; progress lines on stdout (when asked for) go to `onLine`. Aborting kills it, and so
 * does the death of this process (where setpriv is available).
 */
export function runFfmpeg(
  ffmpegPath: string,
  args: string[],
  options: { signal?: AbortSignal; onLine?: (line: string) => void; onProcess?: (pid: number) => void } = {},
): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = SETPRIV
      ? spawn(SETPRIV, ['--pdeathsig', 'KILL', '--', ffmpegPath, ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
      : spawn(ffmpegPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    if (child.pid) options.onProcess?.(child.pid);
    let stderr = '';
    let partial = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-64 * 1024);
    });
    child.stdout.on('data', (chunk: Buffer) => {
      const lines = (partial + chunk.toString()).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) options.onLine?.(line.trim());
    });
    const abort = () => child.kill('SIGKILL');
    options.signal?.addEventListener('abort', abort, { once: true });
    child.on('error', (error) => {
      options.signal?.removeEventListener('abort', abort);
      reject(error);
    });
    child.on('close', (code, signal) => {
      options.signal?.removeEventListener('abort', abort);
      resolve({ code, signal, stderr });
    });
  });
}

export interface FfmpegTranscoderOptions {
  ffmpegPath: string;
  /** x264 preset */
  preset: string;
  store: MediaStore;
  /** scratch space for outputs before they are stored */
  workDir: string;
}

/** The local transcoder: ffmpeg to an HLS ladder with thumbnails and a poster (DESIGN §7). */
export class FfmpegTranscoder implements Transcoder {
  readonly kind = 'ffmpeg' as const;

  constructor(private readonly options: FfmpegTranscoderOptions) {}

  /** What ffmpeg reads of a source: duration, size, audio. Throws TranscodeError when it is no video. */
  async probe(input: string, signal?: AbortSignal, name = 'the file'): Promise<SourceProbe> {
    const result = await runFfmpeg(this.options.ffmpegPath, ['-hide_banner', '-nostdin', '-i', input], { signal });
    if (signal?.aborted) throw new TranscodeCanceled();
    const probe = parseProbe(result.stderr);
    if (!probe) {
      const detail = reasonFor(result.stderr, input, name);
      throw new TranscodeError(MISSING.test(detail) ? TRANSCODE_FAILURES.sourceMissing : TRANSCODE_FAILURES.notAVideo, {
        detail,
      });
    }
    return probe;
  }

  async transcode(input: TranscodeInput): Promise<TranscodeOutput> {
    const { store, ffmpegPath } = this.options;
    const outDir = path.join(this.options.workDir, `${input.jobId}-${process.pid}`);
    fs.rmSync(outDir, { recursive: true, force: true });
    fs.mkdirSync(outDir, { recursive: true });
    const stored: string[] = [];
    try {
      const source = await store.inputFor(input.source);
      const name = input.source.key.slice(input.source.key.lastIndexOf('/') + 1);
      const probe = await this.probe(source, input.signal, name);
      const duration = probe.durationSeconds;
      const args = ffmpegArgs({ input: source, outDir, probe, preset: this.options.preset, progress: true });
      let speed: number | null = null;
      const result = await runFfmpeg(ffmpegPath, args, {
        signal: input.signal,
        onProcess: input.onProcess,
        onLine: (line) => {
          const [name, value = ''] = line.split('=');
          if (name === 'speed') {
            const parsed = Number.parseFloat(value);
            if (Number.isFinite(parsed)) speed = parsed;
          } else if (name === 'out_time_ms' && duration > 0) {
            // out_time_ms is in microseconds, whatever its name says.
            const seconds = Number(value) / 1e6;
            if (Number.isFinite(seconds)) {
              input.onProgress({ percent: Math.min(99, Math.max(0, (seconds / duration) * 100)), speed });
            }
          }
        },
      });
      if (input.signal.aborted) throw new TranscodeCanceled();
      if (result.code !== 0) {
        throw new TranscodeError(TRANSCODE_FAILURES.failed, {
          detail: `ffmpeg ${result.signal ? `stopped by ${result.signal}` : `exit code ${result.code}`}: ${reasonFor(result.stderr, source, name)}`,
        });
      }
      fs.writeFileSync(path.join(outDir, 'master.m3u8'), masterPlaylist(probe));
      const thumbnails = fs
        .readdirSync(outDir)
        .filter((name) => /^thumb-\d+\.jpg$/.test(name))
        .sort();
      if (thumbnails.length === 0) {
        throw new TranscodeError(TRANSCODE_FAILURES.noFrames, { detail: 'ffmpeg made no thumbnails' });
      }
      // The poster: the middle thumbnail.
      fs.copyFileSync(
        path.join(outDir, thumbnails[Math.floor(thumbnails.length / 2)]!),
        path.join(outDir, 'poster.jpg'),
      );
      for (const file of listFiles(outDir)) {
        if (input.signal.aborted) throw new TranscodeCanceled();
        const relative = path.relative(outDir, file).split(path.sep).join('/');
        const key = `${input.outputPrefix}${relative}`;
        await store.putFile(
          { bucket: input.source.bucket, key },
          file,
          CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
        );
        stored.push(key);
      }
      input.onProgress({ percent: 100, speed });
      return {
        durationSeconds: duration,
        master: `${input.outputPrefix}master.m3u8`,
        poster: `${input.outputPrefix}poster.jpg`,
        thumbnails: thumbnails.map((name) => `${input.outputPrefix}${name}`),
        renditions: probeHeights(probe),
        speed,
      };
    } catch (error) {
      if (stored.length > 0) await store.deletePrefix(input.source.bucket, input.outputPrefix).catch(() => undefined);
      if (input.signal.aborted) throw new TranscodeCanceled();
      throw error;
    } finally {
      fs.rmSync(outDir, { recursive: true, force: true });
    }
  }
}

/** ffmpeg's words for a source that is not there: a missing local file, or a storage URL answering 404. */
const MISSING = /No such file or directory|404 Not Found/i;

/** ffmpeg's reason, with the server's path or the signed URL of the source replaced by the file's name. */
function reasonFor(stderr: string, source: string, name: string): string {
  return ffmpegReason(stderr).split(source).join(name);
}

function probeHeights(probe: SourceProbe): number[] {
  return masterPlaylist(probe)
    .split('\n')
    .map((line) => /RESOLUTION=\d+x(\d+)/.exec(line)?.[1])
    .filter((value): value is string => Boolean(value))
    .map(Number);
}

function listFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? listFiles(full) : [full];
  });
}
