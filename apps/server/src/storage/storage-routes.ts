import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { MESSAGES, UPLOAD_MESSAGES, fillMessage, formatBytes } from '@lectern/contract';
import { AppError } from '../lib/app-error';
import type { Storage } from './index';
import { LocalStorageDriver } from './local-driver';
import type { ServedRead } from './range-read';
import { StorageError } from './storage';

/** The local driver's failures as HTTP answers (S3 answers 403 for an expired or bad signature too). */
function toHttp(error: unknown, use: 'upload' | 'read' | 'public'): unknown {
  if (!(error instanceof StorageError)) return error;
  switch (error.code) {
    case 'Expired':
      return new AppError(403, use === 'upload' ? UPLOAD_MESSAGES.linkExpired : UPLOAD_MESSAGES.readLinkExpired);
    case 'InvalidToken':
      return new AppError(403, UPLOAD_MESSAGES.linkInvalid);
    case 'InvalidKey':
      return use === 'public' ? new AppError(404, MESSAGES.generic) : new AppError(403, UPLOAD_MESSAGES.linkInvalid);
    case 'NotFound':
    case 'NoSuchUpload':
      return new AppError(404, use === 'upload' ? UPLOAD_MESSAGES.uploadNotFound : MESSAGES.generic);
    case 'Unavailable':
      // e.g. a part write cancelled by a newer upload of the same part: worth trying again
      return new AppError(503, UPLOAD_MESSAGES.storageUnavailable);
    default:
      return error;
  }
}

async function send(reply: FastifyReply, served: ServedRead, head: boolean): Promise<FastifyReply> {
  void reply.status(served.status).headers(served.headers);
  if (head || !served.open) return reply.send();
  return reply.send(served.open());
}

/**
 * Storage addresses under /files (not API routes: no x-signature, no session):
 * - local driver: `PUT /files/upload?token=` (a whole object or one part, streamed to disk) and
 *   `GET /files/object?token=` (a signed read, with HTTP ranges), authorised by the token alone;
 * - any driver: `GET /files/{key}` for resource-type files (public, as their public URL template
 *   promises): served from disk, or redirected to a short-lived signed S3 URL. Videos are never public.
 * The upload route reads the raw request stream: its body parser is registered only inside this
 * encapsulated plugin, so the API keeps its JSON parser and body limit.
 */
export async function storageRoutes(app: FastifyInstance, storage: Storage): Promise<void> {
  await app.register(async (files) => {
    files.removeAllContentTypeParsers();
    files.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

    const driver = storage.driver;
    if (driver instanceof LocalStorageDriver) {
      files.put('/files/upload', async (request, reply) => {
        const query = request.query as Record<string, unknown>;
        const length = request.headers['content-length'];
        const contentLength = length === undefined ? undefined : Number(length);
        try {
          const body = (request.body as Readable | undefined) ?? request.raw;
          const { etag } = await driver.acceptUpload(
            query.token,
            body,
            Number.isFinite(contentLength) ? contentLength : undefined,
          );
          return reply.status(200).header('etag', etag).send();
        } catch (error) {
          if (error instanceof StorageError && error.code === 'TooLarge') {
            // Do not read the rest of a body that is refused.
            void reply.header('connection', 'close');
            const payload = (() => {
              try {
                return driver.verifyToken(query.token, ['put', 'part']);
              } catch {
                return undefined;
              }
            })();
            throw new AppError(
              413,
              fillMessage(UPLOAD_MESSAGES.bodyTooLarge, { limit: formatBytes(payload?.max ?? 0) }),
            );
          }
          throw toHttp(error, 'upload');
        }
      });

      files.route({
        method: ['GET', 'HEAD'],
        url: '/files/object',
        exposeHeadRoute: false,
        handler: async (request, reply) => {
          const query = request.query as Record<string, unknown>;
          try {
            return await send(
              reply,
              await driver.serveRead(query.token, request.headers.range),
              request.method === 'HEAD',
            );
          } catch (error) {
            throw toHttp(error, 'read');
          }
        },
      });
    }

    files.route({
      method: ['GET', 'HEAD'],
      url: '/files/*',
      exposeHeadRoute: false,
      handler: async (request, reply) => {
        const key = (request.params as Record<string, string>)['*'] ?? '';
        const type = storage.resourceTypeOfKey(key);
        if (!type) throw new AppError(404, MESSAGES.generic);
        const ref = { bucket: storage.bucketOf(type), key };
        try {
          if (driver instanceof LocalStorageDriver) {
            const served = await driver.serveObject(ref, request.headers.range, { cache: 'public, max-age=300' });
            return await send(reply, served, request.method === 'HEAD');
          }
          const signed = await driver.presignGet(ref, { expiresIn: storage.config.urlTtlSeconds });
          return await reply.header('cache-control', 'private, max-age=60').redirect(signed.url, 302);
        } catch (error) {
          throw toHttp(error, 'public');
        }
      },
    });
  });
}
