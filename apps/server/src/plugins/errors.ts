import type { FastifyError, FastifyInstance } from 'fastify';
import { MESSAGES, fillMessage, type ErrorEnvelope } from '@lectern/contract';
import { ZodError } from 'zod';
import { AppError } from '../lib/app-error';
import { isOutOfSpace } from '../lib/out-of-space';

/** Turns zod issues into one readable line: "mobileNumber: must be a 10-digit mobile number; ...". */
export function describeIssues(error: ZodError, where: string): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => {
      const at = issue.path.length > 0 ? issue.path.join('.') : where;
      return `${at}: ${issue.message}`;
    })
    .join('; ');
}

/**
 * The one error handler: every failure answers with the envelope and a catalogue message.
 * 5xx detail is logged, never sent.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | ZodError | Error, request, reply) => {
    let status = 500;
    let body: ErrorEnvelope = { error: true, message: MESSAGES.generic };
    if (error instanceof AppError) {
      status = error.statusCode;
      body = { error: true, message: error.message };
      if (error.extra.errorCode !== undefined) body.errorCode = error.extra.errorCode;
      if (error.extra.tokenInvalid) body.tokenInvalid = true;
      if (error.extra.headers) void reply.headers(error.extra.headers);
    } else if (isOutOfSpace(error)) {
      // The database, the storage driver or an upload hit a full disk: say so, never a bare 500.
      status = 507;
      body = { error: true, message: MESSAGES.outOfSpace };
    } else if (error instanceof ZodError) {
      status = 400;
      body = { error: true, message: fillMessage(MESSAGES.validation, { details: describeIssues(error, 'request') }) };
    } else {
      const code = (error as FastifyError).code ?? '';
      const statusCode = (error as FastifyError).statusCode ?? 500;
      if (statusCode === 413 || code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        status = 413;
        body = { error: true, message: fillMessage(MESSAGES.validation, { details: 'the request is too large' }) };
      } else if (statusCode === 415 || code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
        status = 415;
        body = {
          error: true,
          message: fillMessage(MESSAGES.validation, { details: 'send the body as application/json' }),
        };
      } else if (statusCode >= 400 && statusCode < 500) {
        status = statusCode;
        const details =
          code.startsWith('FST_ERR_CTP') || code === 'FST_ERR_VALIDATION'
            ? 'the body is not valid JSON'
            : 'the request is not valid';
        body = {
          error: true,
          message: statusCode === 404 ? MESSAGES.generic : fillMessage(MESSAGES.validation, { details }),
        };
      }
    }
    if (status === 507) request.log.error({ err: error }, 'out of disk space');
    else if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ status, reason: body.message }, 'request refused');
    return reply.status(status).send(body);
  });
}
