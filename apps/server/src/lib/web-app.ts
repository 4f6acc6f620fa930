import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';

/** Hashed build output never changes under its name: browsers keep it for a year without asking. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The page that names the current chunks is checked on every load, so a deploy is seen at once. */
const REVALIDATE = 'no-cache';
const OTHER_FILES = 'public, max-age=3600';

interface IndexPage {
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  etag: string;
}

function readIndexPage(webDist: string): IndexPage {
  const file = path.join(webDist, 'index.html');
  const identity = fs.readFileSync(file);
  const optional = (suffix: string) => (fs.existsSync(file + suffix) ? fs.readFileSync(file + suffix) : undefined);
  return {
    identity,
    br: optional('.br'),
    gzip: optional('.gz'),
    etag: `"${crypto.createHash('sha256').update(identity).digest('base64url').slice(0, 22)}"`,
  };
}

/** The encoding to send: brotli, then gzip, when the browser accepts it and the build made it. */
function encodingFor(request: FastifyRequest, page: IndexPage): 'br' | 'gzip' | undefined {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (page.br && /\bbr\b/.test(accepted)) return 'br';
  if (page.gzip && /\bgzip\b/.test(accepted)) return 'gzip';
  return undefined;
}

/**
 * Serves the built SPA: hashed assets with their pre-compressed brotli or gzip twin and a year's
 * cache; `index.html` (the history fallback of every console path) from memory, `no-cache`, with an
 * ETag; HEAD answers like GET. Returns the handler for paths no route knows.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDist: string,
): Promise<(request: FastifyRequest, reply: FastifyReply) => FastifyReply> {
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (response, file) => {
      const relative = path.relative(webDist, file).split(path.sep).join('/');
      response.setHeader(
        'cache-control',
        relative.startsWith('assets/') ? IMMUTABLE : relative === 'index.html' ? REVALIDATE : OTHER_FILES,
      );
    },
  });
  const page = readIndexPage(webDist);
  return (request, reply) => {
    void reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', REVALIDATE)
      .header('etag', page.etag)
      .header('vary', 'accept-encoding');
    if (request.headers['if-none-match'] === page.etag) return reply.status(304).send();
    const encoding = encodingFor(request, page);
    if (encoding) void reply.header('content-encoding', encoding);
    return reply.send(encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.identity);
  };
}
