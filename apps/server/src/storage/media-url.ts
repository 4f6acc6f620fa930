import { signStorageToken } from './url-token';

/** How long a playback address lasts: long enough to watch a long lecture. */
export const MEDIA_URL_TTL_SECONDS = 6 * 3600;

/**
 * A playback address for a transcode's HLS outputs: `/media/hls/{token}/master.m3u8`, the token
 * authorising reads under one prefix until it expires. Relative playlist entries resolve under the
 * same token, so the player needs no headers and the outputs no rewriting. The media routes serve it.
 */
export function signMediaUrl(
  secret: Buffer,
  bucket: string,
  prefix: string,
  file: string,
  now = Date.now(),
  /** a live class's recording: the media route checks on every read that it still plays there */
  liveClass?: { liveClassId: string; videoId: string },
): string {
  const token = signStorageToken(secret, {
    op: 'hls',
    b: bucket,
    k: prefix,
    exp: now + MEDIA_URL_TTL_SECONDS * 1000,
    ...(liveClass ? { lc: liveClass.liveClassId, v: liveClass.videoId } : {}),
  });
  return `/media/hls/${token}/${file}`;
}
