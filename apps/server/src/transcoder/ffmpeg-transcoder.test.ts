import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateClip } from '../test/media';
import { FfmpegTranscoder, resolveFfmpegPath, type MediaStore } from './ffmpeg-transcoder';
import { TRANSCODE_FAILURES, TranscodeError } from './transcoder';

/** A store that reads sources from a folder and keeps nothing. */
function folderStore(dir: string): MediaStore {
  return {
    inputFor: async (ref) => path.join(dir, ref.key),
    putFile: async () => undefined,
    deletePrefix: async () => undefined,
  };
}

describe('the ffmpeg transcoder on a source it cannot use', () => {
  let dir: string;
  let transcoder: FfmpegTranscoder;
  const transcode = (key: string) =>
    transcoder
      .transcode({
        jobId: 'job-1',
        videoId: 'video-1',
        source: { bucket: 'videos', key },
        outputPrefix: 'subjects/s1/transcoded/video-1/job-1/',
        signal: new AbortController().signal,
        onProgress: () => undefined,
      })
      .then(
        () => null,
        (error: unknown) => error,
      );

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-ffmpeg-'));
    fs.mkdirSync(path.join(dir, 'subjects/s1'), { recursive: true });
    transcoder = new FfmpegTranscoder({
      ffmpegPath: resolveFfmpegPath(process.env.FFMPEG_PATH),
      preset: 'ultrafast',
      store: folderStore(dir),
      workDir: path.join(dir, 'work'),
    });
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('says in a sentence that a missing file is gone; the path and ffmpeg’s words go to the detail only', async () => {
    const key = 'subjects/s1/0b8c6d2e-0000-4000-8000-000000000000-chapter-summary.mp4';
    const error = await transcode(key);
    expect(error).toBeInstanceOf(TranscodeError);
    expect((error as TranscodeError).message).toBe(TRANSCODE_FAILURES.sourceMissing);
    expect((error as TranscodeError).message).toBe('The uploaded file is no longer in storage. Upload it again.');
    expect((error as TranscodeError).detail).toMatch(/chapter-summary\.mp4: No such file or directory/);
    expect((error as TranscodeError).detail).not.toContain(dir);
  });

  it('says in a sentence that a file that is no video cannot be read as one', async () => {
    const key = 'subjects/s1/notes.mp4';
    fs.writeFileSync(path.join(dir, key), 'These are lecture notes, not a video.\n'.repeat(200));
    const error = await transcode(key);
    expect(error).toBeInstanceOf(TranscodeError);
    expect((error as TranscodeError).message).toBe('The uploaded file could not be read as a video. Upload it again.');
    expect((error as TranscodeError).message).not.toMatch(/ffmpeg|notes\.mp4|Invalid data/);
    expect((error as TranscodeError).detail).toMatch(/notes\.mp4: Invalid data/);
  });

  it('probes a real clip', async () => {
    const clip = generateClip({ seconds: 1, width: 320, height: 180, dir });
    await expect(transcoder.probe(clip)).resolves.toMatchObject({ width: 320, height: 180, hasAudio: true });
  });
});
