/** A failed API call: the HTTP status (undefined for a network failure), the parsed body and the mapped message. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number | undefined;
  readonly body: unknown;
  readonly errorCode: number | string | undefined;
  /** the error mapper flagged the token invalid (spec 1 §8): also true for a 401 with no token held */
  readonly tokenInvalid: boolean;
  /** a held session was ended by this failure: the user is being signed out */
  readonly sessionEnded: boolean;

  constructor(init: {
    message: string;
    status?: number;
    body?: unknown;
    tokenInvalid?: boolean;
    sessionEnded?: boolean;
  }) {
    super(init.message);
    this.status = init.status;
    this.body = init.body;
    this.tokenInvalid = init.tokenInvalid ?? false;
    this.sessionEnded = init.sessionEnded ?? false;
    const code =
      typeof init.body === 'object' && init.body !== null
        ? (init.body as { errorCode?: unknown }).errorCode
        : undefined;
    this.errorCode = typeof code === 'number' || typeof code === 'string' ? code : undefined;
  }

  /** 4xx: retrying the same request will not help. */
  get isClientError(): boolean {
    return this.status !== undefined && this.status >= 400 && this.status < 500;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
