import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { toFastifyPath } from './routing';

/** A webhook body is small; anything longer is cut here (and fails its signature). */
const RAW_BODY_LIMIT = 1024 * 1024;

/**
 * Keeps the bytes of one route's request body as they arrived, before JSON parsing: a webhook's
 * signature is over those bytes (Zoom, Razorpay). Returns the reader of a request's raw body.
 */
export function keepRawBody(app: FastifyInstance, contractPath: string): (request: FastifyRequest) => Buffer {
  const url = toFastifyPath(contractPath);
  const bodies = new WeakMap<FastifyRequest, Buffer>();
  app.addHook('preParsing', async (request, _reply, payload) => {
    if (request.routeOptions.url !== url) return payload;
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of payload) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
      size += buffer.length;
      if (size > RAW_BODY_LIMIT) break;
      chunks.push(buffer);
    }
    const raw = Buffer.concat(chunks);
    bodies.set(request, raw);
    return Readable.from([raw]);
  });
  return (request) => bodies.get(request) ?? Buffer.alloc(0);
}
