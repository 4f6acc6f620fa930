import type { FastifyInstance } from 'fastify';
import { MESSAGES, UPLOAD_MESSAGES } from '@lectern/contract';
import { AppError } from '../../lib/app-error';
import type { Storage } from '../../storage';
import { StorageError, assertSafeKey } from '../../storage/storage';
import { signStorageToken, verifyStorageToken } from '../../storage/url-token';

/** How long a playback address lasts: long enough to watch a long lecture. */
export const MEDIA_URL_TTL_SECONDS = 6 * 3600;
const PLAYLIST_MAX_BYTES = 1024 * 1024;

/**
 * A playback address for a transcode's HLS outputs: `/media/hls/{token}/master.m3u8`, the token
 * authorising reads under one prefix until it expires. Relative playlist entries resolve under the
 * same token, so the player needs no headers and the outputs no rewriting.
 */
export function signMediaUrl(secret: Buffer, bucket: string, prefix: string, file: string, now = Date.now()): string {
  const token = signStorageToken(secret, { op: 'hls', b: bucket, k: prefix, exp: now + MEDIA_URL_TTL_SECONDS * 1000 });
  return `/media/hls/${token}/${file}`;
}

/**
 * GET /media/hls/{token}/{path}: playlists are read from storage and served; segments and images are
 * redirected to a signed read of the object (served by the local driver, or S3 itself).
 */
export function mediaRoutes(app: FastifyInstance, storage: Storage, secret: Buffer): void {
  app.get<{ Params: { token: string; '*': string } }>('/media/hls/:token/*', async (request, reply) => {
    const check = verifyStorageToken(secret, request.params.token);
    if (!check.ok) {
      throw new AppError(
        403,
        check.reason === 'expired' ? UPLOAD_MESSAGES.readLinkExpired : UPLOAD_MESSAGES.linkInvalid,
      );
    }
    const { payload } = check;
    if (payload.op !== 'hls') throw new AppError(403, UPLOAD_MESSAGES.linkInvalid);
    const key = `${payload.k}${request.params['*']}`;
    try {
      assertSafeKey(key);
    } catch {
      throw new AppError(404, MESSAGES.generic);
    }
    const ref = { bucket: payload.b, key };
    try {
      if (key.endsWith('.m3u8')) {
        const bytes = await storage.driver.readFirstBytes(ref, PLAYLIST_MAX_BYTES);
        return reply
          .header('content-type', 'application/vnd.apple.mpegurl')
          .header('cache-control', 'private, max-age=60')
          .send(Buffer.from(bytes));
      }
      const contentType = key.endsWith('.ts') ? 'video/mp2t' : key.endsWith('.jpg') ? 'image/jpeg' : undefined;
      const signed = await storage.driver.presignGet(ref, { expiresIn: 3600, contentType });
      return reply.header('cache-control', 'private, max-age=300').redirect(signed.url, 302);
    } catch (error) {
      if (error instanceof StorageError && error.code === 'NotFound') throw new AppError(404, MESSAGES.generic);
      throw error;
    }
  });
}
