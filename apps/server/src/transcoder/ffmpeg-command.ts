/**
 * The ffmpeg command of the local transcoder, built as data so the benchmark can run exactly the same
 * command directly: an HLS ladder (1080p, 720p, 480p, 360p, never above the source), H.264 with
 * 2-second keyframes, 6-second segments, AAC audio, a master playlist, and evenly spread thumbnails.
 */

export interface SourceProbe {
  durationSeconds: number;
  width: number;
  height: number;
  hasAudio: boolean;
}

export interface Rendition {
  height: number;
  videoKbps: number;
  audioKbps: number;
}

export const LADDER: readonly Rendition[] = [
  { height: 1080, videoKbps: 5000, audioKbps: 128 },
  { height: 720, videoKbps: 2800, audioKbps: 128 },
  { height: 480, videoKbps: 1400, audioKbps: 96 },
  { height: 360, videoKbps: 800, audioKbps: 96 },
];

export const HLS_SEGMENT_SECONDS = 6;
export const KEYFRAME_SECONDS = 2;
export const THUMBNAIL_COUNT = 5;
export const THUMBNAIL_HEIGHT = 360;

/** The renditions for a source: every rung not above its height; a source under 360p gets one at its own. */
export function ladderFor(sourceHeight: number): Rendition[] {
  const rungs = LADDER.filter((rung) => rung.height <= sourceHeight);
  if (rungs.length > 0) return rungs;
  const even = Math.max(2, sourceHeight - (sourceHeight % 2));
  return [{ ...LADDER[LADDER.length - 1]!, height: even }];
}

export interface CommandOptions {
  input: string;
  /** folder the outputs are written to */
  outDir: string;
  probe: SourceProbe;
  /** x264 preset (speed against size) */
  preset: string;
  /** write progress lines to stdout */
  progress?: boolean;
}

/**
 * The arguments: one decode, split to each rendition and to the thumbnail branch. Outputs:
 * `v{n}/index.m3u8` with `v{n}/seg_000.ts`..., `thumb-01.jpg`...; the master playlist is written by
 * `masterPlaylist` (this ffmpeg's own master playlist writer crashes with a split filter graph).
 */
export function ffmpegArgs(options: CommandOptions): string[] {
  const { probe, outDir } = options;
  const rungs = ladderFor(probe.height);
  const branches = rungs.length + 1;
  const labels = Array.from({ length: branches }, (_, i) => `[s${i}]`);
  const duration = Math.max(probe.durationSeconds, 0.1);
  const thumbStart = (duration * 0.1).toFixed(3);
  const thumbRate = (THUMBNAIL_COUNT / duration).toFixed(6);
  const filters = [
    `[0:v]split=${branches}${labels.join('')}`,
    ...rungs.map((rung, i) => `[s${i}]scale=-2:${rung.height}[v${i}]`),
    `[s${rungs.length}]fps=fps=${thumbRate}:start_time=${thumbStart},scale=-2:${THUMBNAIL_HEIGHT}[th]`,
  ];
  const args = ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error'];
  if (options.progress) args.push('-progress', 'pipe:1', '-nostats');
  args.push('-i', options.input, '-filter_complex', filters.join(';'));
  rungs.forEach((rung, i) => {
    args.push('-map', `[v${i}]`);
    if (probe.hasAudio) args.push('-map', '0:a:0');
    args.push(
      `-b:v:${i}`,
      `${rung.videoKbps}k`,
      `-maxrate:v:${i}`,
      `${Math.round(rung.videoKbps * 1.07)}k`,
      `-bufsize:v:${i}`,
      `${rung.videoKbps * 2}k`,
    );
    if (probe.hasAudio) args.push(`-b:a:${i}`, `${rung.audioKbps}k`);
  });
  args.push(
    '-c:v',
    'libx264',
    '-preset',
    options.preset,
    '-profile:v',
    'main',
    '-pix_fmt',
    'yuv420p',
    '-force_key_frames',
    `expr:gte(t,n_forced*${KEYFRAME_SECONDS})`,
    '-sc_threshold',
    '0',
  );
  if (probe.hasAudio) args.push('-c:a', 'aac', '-ac', '2', '-ar', '48000');
  args.push(
    '-f',
    'hls',
    '-hls_time',
    String(HLS_SEGMENT_SECONDS),
    '-hls_playlist_type',
    'vod',
    '-hls_flags',
    'independent_segments',
    '-hls_segment_filename',
    `${outDir}/v%v/seg_%03d.ts`,
    '-var_stream_map',
    rungs.map((_, i) => (probe.hasAudio ? `v:${i},a:${i}` : `v:${i}`)).join(' '),
    `${outDir}/v%v/index.m3u8`,
  );
  args.push('-map', '[th]', '-frames:v', String(THUMBNAIL_COUNT), '-q:v', '4', `${outDir}/thumb-%02d.jpg`);
  return args;
}

/** Reads what `ffmpeg -i` prints about a source; null when it holds no video stream. */
export function parseProbe(stderr: string): SourceProbe | null {
  const video = /Stream #\d+:\d+.*?: Video: .*?, (\d{2,5})x(\d{2,5})/.exec(stderr);
  if (!video) return null;
  const duration = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(stderr);
  const durationSeconds = duration ? Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3]) : 0;
  return {
    durationSeconds,
    width: Number(video[1]),
    height: Number(video[2]),
    hasAudio: /Stream #\d+:\d+.*?: Audio: /.test(stderr),
  };
}

/** The last meaningful line ffmpeg printed: the reason shown on the errored tab. */
export function ffmpegReason(stderr: string): string {
  const lines = stderr
    .split('\n')
    .map((line) => line.trim())
    .filter(
      (line) =>
        line && !/^(ffmpeg version|built with|configuration:|lib\w+ +\d|Input #|Metadata:|Duration:)/.test(line),
    );
  return lines.at(-1) ?? 'ffmpeg stopped without saying why';
}

/** The master playlist: one variant per rendition, highest first, with bandwidth and resolution. */
export function masterPlaylist(probe: SourceProbe): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:6', '#EXT-X-INDEPENDENT-SEGMENTS'];
  ladderFor(probe.height).forEach((rung, i) => {
    const width = Math.round((probe.width * rung.height) / probe.height / 2) * 2;
    const bandwidth = Math.round(rung.videoKbps * 1.07 + (probe.hasAudio ? rung.audioKbps : 0)) * 1000;
    lines.push(`#EXT-X-STREAM-INF:BANDWIDTH=${bandwidth},RESOLUTION=${width}x${rung.height}`, `v${i}/index.m3u8`);
  });
  return `${lines.join('\n')}\n`;
}
