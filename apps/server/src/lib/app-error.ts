import { APP_ERROR_CODES, MESSAGES, fillMessage, type AppErrorCode, type MessageKey } from '@lectern/contract';

const APP_ERROR_KEYS = new Map<MessageKey, AppErrorCode>(
  Object.entries(APP_ERROR_CODES).map(([code, key]) => [key, code as AppErrorCode]),
);

/** A failure the caller should see: HTTP status, catalogue message, optional error code. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: { errorCode?: number | string; tokenInvalid?: boolean; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'AppError';
  }

  /**
   * The one way to fail with a catalogue message: `AppError.of(409, 'staleVersion', { entity: 'user' })`.
   * The status decides how the client reacts; the key decides what the person reads.
   */
  static of(
    statusCode: number,
    key: MessageKey,
    values?: Record<string, string | number>,
    extra?: AppError['extra'],
  ): AppError {
    // a message with a machine-readable code of Lectern's own (a stale version) carries it
    const code = APP_ERROR_KEYS.get(key);
    return failWith(MESSAGES)(statusCode, key, values, code ? { errorCode: code, ...extra } : extra);
  }
}

/**
 * The same for a domain with a message catalogue of its own (uploads, transcoding):
 * `const fail = failWith(UPLOAD_MESSAGES)`, then `throw fail(404, 'videoNotFound', { name })`.
 */
export function failWith<Catalogue extends Record<string, string>>(catalogue: Catalogue) {
  return (
    statusCode: number,
    key: keyof Catalogue & string,
    values?: Record<string, string | number>,
    extra?: AppError['extra'],
  ): AppError => new AppError(statusCode, fillMessage(catalogue[key] as string, values), extra);
}
