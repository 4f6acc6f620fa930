import type { FastifyInstance } from 'fastify';
import { MESSAGES, UPLOAD_MESSAGES } from '@lectern/contract';
import { AppError } from '../../lib/app-error';
import type { Storage } from '../../storage';
import { StorageError, assertSafeKey } from '../../storage/storage';
import { verifyStorageToken } from '../../storage/url-token';

const PLAYLIST_MAX_BYTES = 1024 * 1024;

/**
 * GET /media/hls/{token}/{path}: playlists are read from storage and served; segments and images are
 * redirected to a signed read of the object (served by the local driver, or S3 itself). The
 * addresses are signed by `signMediaUrl` (storage/media-url.ts).
 */
/** Whether a live class's recording still plays (shown, and the recording still attached). */
export type RecordingPlayable = (liveClassId: string, videoId: string) => Promise<boolean>;

export function mediaRoutes(
  app: FastifyInstance,
  storage: Storage,
  secret: Buffer,
  /** asked on every read of an address bound to a live class; without it such addresses are refused */
  recordingPlayable: () => RecordingPlayable | undefined = () => undefined,
): void {
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
    // a class's recording stops playing the moment the class is hidden or the recording taken off it
    if (payload.lc !== undefined || payload.v !== undefined) {
      const playable = recordingPlayable();
      if (!playable || !payload.lc || !payload.v || !(await playable(payload.lc, payload.v))) {
        throw new AppError(403, UPLOAD_MESSAGES.linkInvalid);
      }
    }
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
