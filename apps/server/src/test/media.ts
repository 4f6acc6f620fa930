import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { resolveFfmpegPath } from '../transcoder/ffmpeg-transcoder';
import type { TestContext } from './test-app';

/** Generates a test clip with ffmpeg itself: colour bars with a counter (testsrc) and a tone (sine). */
export function generateClip(
  options: { seconds?: number; width?: number; height?: number; audio?: boolean; dir?: string } = {},
): string {
  const { seconds = 5, width = 1280, height = 720, audio = true } = options;
  const dir = options.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-clip-'));
  const file = path.join(dir, `clip-${seconds}s-${height}p.mp4`);
  const args = [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc=size=${width}x${height}:rate=25`,
  ];
  if (audio) args.push('-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000');
  args.push('-t', String(seconds), '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p');
  if (audio) args.push('-c:a', 'aac');
  args.push(file);
  const result = spawnSync(resolveFfmpegPath(process.env.FFMPEG_PATH), args);
  if (result.status !== 0) throw new Error(`ffmpeg could not make a test clip: ${result.stderr.toString()}`);
  return file;
}

/** A long clip made quickly: `clip` repeated `times` over, without re-encoding. */
export function loopClip(clip: string, times: number): string {
  const file = clip.replace(/\.mp4$/, `-x${times}.mp4`);
  const args = [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-stream_loop',
    String(times - 1),
    '-i',
    clip,
    '-c',
    'copy',
    file,
  ];
  const result = spawnSync(resolveFfmpegPath(process.env.FFMPEG_PATH), args);
  if (result.status !== 0) throw new Error(`ffmpeg could not loop the test clip: ${result.stderr.toString()}`);
  return file;
}

/**
 * Stores a local file as a video of a subject and registers its record directly (the upload path
 * has tests of its own); returns the video id and key.
 */
export async function storeVideo(
  ctx: TestContext,
  file: string,
  options: { subjectId?: string; name?: string } = {},
): Promise<{ videoId: string; key: string }> {
  const subjectId = options.subjectId ?? 'subj-organic-chemistry';
  const name = options.name ?? path.basename(file);
  const videoId = crypto.randomUUID();
  const key = `subjects/${subjectId}/${crypto.randomUUID()}-${name}`;
  await ctx.app.storage.driver.putFile({ bucket: ctx.app.storage.videosBucket, key }, file, 'video/mp4');
  await ctx.database.query(
    `INSERT INTO videos (id, subject_id, name, storage_key, size, uploaded_by) VALUES ($1, $2, $3, $4, $5, 'Test Uploader')`,
    [videoId, subjectId, name, key, fs.statSync(file).size],
  );
  return { videoId, key };
}

/** Polls until `check` gives a value, or fails with the last value seen. */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined | null | false>,
  timeoutMs = 60_000,
  everyMs = 200,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
