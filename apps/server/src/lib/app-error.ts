import { MESSAGES, fillMessage, type MessageKey } from '@lectern/contract';

/** A failure the caller should see: HTTP status, catalogue message, optional error code. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: { errorCode?: number; tokenInvalid?: boolean; headers?: Record<string, string> } = {},
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
    return failWith(MESSAGES)(statusCode, key, values, extra);
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
