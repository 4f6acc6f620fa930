import { MutationCache, QueryClient } from '@tanstack/react-query';
import { MESSAGES, fillMessage } from '@lectern/contract';
import { isApiError } from './api-error';

/** Per-mutation feedback switches, read by the mutation cache below and by the spinner overlay. */
export interface MutationFeedbackMeta extends Record<string, unknown> {
  /** show this success message as a snackbar */
  successMessage?: string;
  /** no error snackbar (the screen shows the error itself or it does not matter) */
  silentError?: boolean;
  /** no full-screen spinner (background actions such as marking notifications read) */
  noSpinner?: boolean;
  /** show the envelope's own message on success (the mutation returns `{ message }`) */
  serverMessage?: boolean;
  /** spec §8 custom message map: the message to show for an HTTP status, `[placeholders]` filled from `messageValues` */
  errorMessages?: Partial<Record<number, string>>;
  messageValues?: Record<string, string | number>;
}

/** Per-query switches. */
export interface QueryFeedbackMeta extends Record<string, unknown> {
  /** polling in the background: no progress bar at the top */
  background?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: MutationFeedbackMeta;
    queryMeta: QueryFeedbackMeta;
  }
}

export interface FeedbackSink {
  error: (message: string) => void;
  success: (message: string) => void;
}

/** The message to show for any thrown value. */
export function errorMessage(error: unknown): string {
  return isApiError(error) ? error.message : MESSAGES.generic;
}

function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.isClientError) return false;
  return failureCount < 2;
}

/**
 * The query client. Queries retry twice, never on 4xx; mutations never retry. Mutation errors
 * go to `feedback.error` (unless silenced, or the session ended: the sign-in redirect says enough).
 */
export function createQueryClient(feedback?: FeedbackSink): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        staleTime: 30_000,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (mutation.meta?.silentError) return;
        if (isApiError(error) && error.sessionEnded) return;
        const custom =
          isApiError(error) && error.status !== undefined ? mutation.meta?.errorMessages?.[error.status] : undefined;
        feedback?.error(custom ? fillMessage(custom, mutation.meta?.messageValues) : errorMessage(error));
      },
      onSuccess: (data, _variables, _context, mutation) => {
        const fromServer =
          mutation.meta?.serverMessage && typeof data === 'object' && data !== null
            ? (data as { message?: unknown }).message
            : undefined;
        const message = mutation.meta?.successMessage ?? (typeof fromServer === 'string' ? fromServer : undefined);
        if (message) feedback?.success(message);
      },
    }),
  });
}
