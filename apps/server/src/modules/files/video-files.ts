import { UPLOAD_MESSAGES } from '@lectern/contract';
import type { FastifyBaseLogger } from 'fastify';
import { failWith } from '../../lib/app-error';
import { baseName, nameAfterId } from '../../storage/object-keys';
import { readEndpoints } from '../../transcoder/transcoder';
import type { VideoRow } from '../videos';

/** A refusal of the file explorer, in the upload messages' words. */
export const fail = failWith(UPLOAD_MESSAGES);

/**
 * Called after videos are registered, copied, or moved to another subject: app.ts submits them for
 * transcoding (DESIGN §7) unless TRANSCODE_ON_REGISTER is off; until then videos stay NOT_STARTED.
 */
export type VideosRegisteredHook = (videoIds: string[], reason: 'registered' | 'copied' | 'moved') => Promise<void>;

/** The hook as the explorer calls it: never for no videos, and a failure is logged, not thrown. */
export function notifyingHook(hook: VideosRegisteredHook, log: FastifyBaseLogger): VideosRegisteredHook {
  return async (ids, reason) => {
    if (ids.length === 0) return;
    try {
      await hook(ids, reason);
    } catch (error) {
      // The videos are stored and registered; a job that failed to enqueue can be submitted again.
      log.error({ err: error, videoIds: ids }, 'transcoding hook failed');
    }
  };
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;

/** A video's display name from the browser: controls removed, trimmed, at most 255 characters. */
export function videoName(given: string, key: string): string {
  const clean = given.replace(CONTROL, '').trim().slice(0, 255);
  return clean || nameAfterId(baseName(key));
}

/** The storage keys a video's endpoints hold (written by the transcoder). */
export function storedEndpoints(video: VideoRow): string[] {
  return Array.isArray(video.endpoints) ? video.endpoints.filter((e): e is string => typeof e === 'string') : [];
}

/** The folder of `key` ('a/b/' of 'a/b/c'), unless it is the bucket's root or also holds the video's source. */
export function outputsFolderOf(key: string, sourceKey: string): string | null {
  const slash = key.lastIndexOf('/');
  if (slash <= 0) return null;
  const folder = key.slice(0, slash + 1);
  return sourceKey.startsWith(folder) ? null : folder;
}

/**
 * The prefixes holding a video's transcode outputs: the transcoder's folder for the video
 * (`{source folder}transcoded/{videoId}/`: every job's outputs, partial ones too, as
 * outputPrefixFor lays them out) and, when elsewhere, the folder of the outputs its endpoints name,
 * if that is a folder of this video's own (`.../transcoded/{videoId}/...`): never a folder that
 * holds the source, nor one another video's endpoints could share.
 */
export function outputPrefixes(video: VideoRow): string[] {
  const slash = video.storageKey.lastIndexOf('/');
  const root = `${slash >= 0 ? video.storageKey.slice(0, slash + 1) : ''}transcoded/${video.id}/`;
  const { master, poster, thumbnails } = readEndpoints(storedEndpoints(video));
  const named = master ?? poster ?? thumbnails[0];
  const folder = named ? outputsFolderOf(named, video.storageKey) : null;
  const own = `transcoded/${video.id}/`;
  const ours = folder !== null && (folder.startsWith(own) || folder.includes(`/${own}`));
  return folder && ours && !folder.startsWith(root) ? [root, folder] : [root];
}
