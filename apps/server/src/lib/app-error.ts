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

  /** Builds an error from a catalogue entry, filling its placeholders. */
  static of(
    statusCode: number,
    key: MessageKey,
    values?: Record<string, string | number>,
    extra?: AppError['extra'],
  ): AppError {
    return new AppError(statusCode, fillMessage(MESSAGES[key], values), extra);
  }
}

export const unauthorized = (tokenInvalid = false) =>
  new AppError(401, MESSAGES.unauthorized, tokenInvalid ? { tokenInvalid } : {});
export const forbidden = () => new AppError(403, MESSAGES.unauthorized);
export const notFound = (what: string) => AppError.of(404, 'notFound', { what });
export const staleVersion = (entity: string) => AppError.of(409, 'staleVersion', { entity });
