import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { Storage } from '../storage';
import { FfmpegTranscoder, resolveFfmpegPath } from '../transcoder/ffmpeg-transcoder';
import { mediaStoreFor } from '../transcoder/media-store';
import { endpointsOf, outputPrefixFor } from '../transcoder/transcoder';

const SOURCES_SEEDED = 'demo_seed_media_sources';

/**
 * Demo mode's playable videos: the demo data has videos without files behind them. This makes one
 * short clip with ffmpeg (colour bars and a tone) and gives every demo video not yet transcoded a copy
 * of it as its source, so submitting one transcodes it (once: remembered in settings; not the large
 * seed's 'bench-' recordings). It transcodes the clip once and gives every video marked COMPLETE a
 * copy of the clip and of its outputs, so previews, thumbnails and the demo-video browser work out of
 * the box. Runs in the background after start-up; a second start finds nothing to do. Returns how
 * many videos it gave files.
 */
export async function seedDemoMedia(options: {
  database: Database;
  storage: Storage;
  config: Config;
  log: FastifyBaseLogger;
}): Promise<number> {
  const { database, storage, config, log } = options;
  if (config.transcoding.driver !== 'ffmpeg') return 0;
  const waiting = await database.query<{ id: string; storage_key: string; job_id: string | null }>(
    `SELECT id, storage_key, job_id FROM videos
     WHERE transcoding_status = 'COMPLETE' AND endpoints = '[]'::jsonb ORDER BY id LIMIT 500`,
  );
  const sourcesDone = await database.query('SELECT 1 FROM settings WHERE key = $1', [SOURCES_SEEDED]);
  const untranscoded =
    sourcesDone.length > 0
      ? []
      : await database.query<{ storage_key: string }>(
          `SELECT storage_key FROM videos WHERE transcoding_status <> 'COMPLETE' AND id NOT LIKE 'bench-%'
           ORDER BY id LIMIT 500`,
        );
  const remember = async () => {
    if (sourcesDone.length > 0) return;
    await database.query('INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [
      SOURCES_SEEDED,
      new Date().toISOString(),
    ]);
  };
  if (waiting.length === 0 && untranscoded.length === 0) {
    await remember();
    return 0;
  }
  const ffmpeg = resolveFfmpegPath(config.transcoding.ffmpegPath);
  const work = path.join(config.transcoding.workDir, `demo-media-${process.pid}`);
  fs.mkdirSync(work, { recursive: true });
  try {
    const clip = path.join(work, 'demo-clip.mp4');
    await run(ffmpeg, [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=640x360:rate=25',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=330:sample_rate=48000',
      '-t',
      '12',
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-shortest',
      clip,
    ]);
    const bucket = storage.videosBucket;
    const sampleKey = 'demo/sample/demo-clip.mp4';
    await storage.driver.putFile({ bucket, key: sampleKey }, clip, 'video/mp4');
    let sources = 0;
    for (const video of untranscoded) {
      if (await storage.driver.head({ bucket, key: video.storage_key })) continue;
      await storage.driver.copy({ bucket, key: sampleKey }, { bucket, key: video.storage_key });
      sources++;
    }
    await remember();
    if (sources > 0) log.info({ videos: sources }, 'demo videos given a source to transcode');
    if (waiting.length === 0) return sources;
    const transcoder = new FfmpegTranscoder({
      ffmpegPath: ffmpeg,
      preset: 'veryfast',
      store: mediaStoreFor(storage.driver),
      workDir: work,
    });
    const samplePrefix = 'demo/sample/transcoded/';
    const output = await transcoder.transcode({
      jobId: 'demo',
      videoId: 'demo',
      source: { bucket, key: sampleKey },
      outputPrefix: samplePrefix,
      signal: new AbortController().signal,
      onProgress: () => undefined,
    });
    const sampleObjects = (await storage.driver.list({ bucket, prefix: samplePrefix, maxKeys: 1000 })).contents;
    for (const video of waiting) {
      const jobId = video.job_id ?? `demo-${video.id}`;
      const prefix = outputPrefixFor(video.storage_key, video.id, jobId);
      if (!(await storage.driver.head({ bucket, key: video.storage_key }))) {
        await storage.driver.copy({ bucket, key: sampleKey }, { bucket, key: video.storage_key });
      }
      for (const object of sampleObjects) {
        await storage.driver.copy(
          { bucket, key: object.key },
          { bucket, key: `${prefix}${object.key.slice(samplePrefix.length)}` },
        );
      }
      const moved = (key: string) => `${prefix}${key.slice(samplePrefix.length)}`;
      const endpoints = endpointsOf({
        ...output,
        master: moved(output.master),
        poster: moved(output.poster),
        thumbnails: output.thumbnails.map(moved),
      });
      await database.query(
        `UPDATE videos SET endpoints = $2::jsonb, duration_seconds = CASE WHEN duration_seconds > 0 THEN duration_seconds ELSE $3 END
         WHERE id = $1 AND endpoints = '[]'::jsonb`,
        [video.id, JSON.stringify(endpoints), output.durationSeconds],
      );
    }
    log.info({ videos: waiting.length }, 'demo videos made playable');
    return sources + waiting.length;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg failed: ${stderr.trim()}`))));
  });
}
