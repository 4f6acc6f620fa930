import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

// Log lines are read by more people than the API is: no credential may reach them. Signed storage
// URLs carry their token in the query (`/files/object?token=v1...`), HLS addresses in the path
// (`/media/hls/{token}/...`), S3 presigned URLs in X-Amz-* parameters, and every API call carries
// its session token and signature in headers.

const REDACTED = '[redacted]';
const SECRET_QUERY_KEYS = new Set([
  'token',
  'x-amz-signature',
  'x-amz-credential',
  'x-amz-security-token',
  'signature',
]);
const SECRET_HEADERS = ['authorization', 'x-signature', 'cookie', 'set-cookie', 'x-amz-security-token'];

/** The URL with every credential replaced by '[redacted]': token query values and the HLS path token. */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  let path = queryAt === -1 ? url : url.slice(0, queryAt);
  path = path.replace(/^(\/media\/hls\/)[^/?#]+/, `$1${REDACTED}`);
  if (queryAt === -1) return path;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const key = equals === -1 ? pair : pair.slice(0, equals);
      let name = key;
      try {
        name = decodeURIComponent(key);
      } catch {
        /* a malformed escape: compare the raw key */
      }
      return SECRET_QUERY_KEYS.has(name.toLowerCase()) && equals !== -1 ? `${key}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

/** Replaces every secret header's value. */
export function redactHeaders(headers: Record<string, unknown>): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...headers };
  for (const name of SECRET_HEADERS) if (name in copy) copy[name] = REDACTED;
  return copy;
}

/**
 * Fastify logger options: the request serializer writes the redacted URL (never headers), and pino
 * redacts the secret headers wherever a log call passes request or headers objects explicitly.
 */
export function loggerOptions(level: string): Record<string, unknown> {
  return {
    level,
    redact: {
      paths: SECRET_HEADERS.flatMap((name) => [
        `req.headers["${name}"]`,
        `headers["${name}"]`,
        `request.headers["${name}"]`,
      ]),
      censor: REDACTED,
    },
    serializers: {
      req(request: FastifyRequest) {
        return {
          method: request.method,
          url: redactUrl(request.url),
          host: request.host,
          remoteAddress: request.ip,
        };
      },
      res(reply: FastifyReply) {
        return { statusCode: reply.statusCode };
      },
    },
  };
}

/** What the request log keeps: every failure and slow answer, and a sample of the rest. */
export interface RequestLogPolicy {
  /** answers slower than this are always logged (warn) */
  slowMs: number;
  /** the share (0 to 1) of ordinary answers logged (info) */
  sampleRate: number;
}

/**
 * One line per logged request, written after the answer is sent: failures (4xx at info, 5xx at
 * error) and slow answers always, the rest sampled. Two lines for every request halved throughput on
 * one core; an access log of every answer is `LOG_REQUEST_SAMPLE=1`.
 */
export function registerRequestLog(app: FastifyInstance, policy: RequestLogPolicy): void {
  app.addHook('onResponse', async (request, reply) => {
    const status = reply.statusCode;
    const ms = Math.round(reply.elapsedTime);
    const line = { req: request, res: reply, responseTime: ms };
    if (status >= 500) request.log.error(line, 'request failed');
    else if (ms >= policy.slowMs) request.log.warn(line, 'slow request');
    else if (status >= 400) request.log.info(line, 'request refused');
    else if (policy.sampleRate > 0 && Math.random() < policy.sampleRate) request.log.info(line, 'request');
  });
}
