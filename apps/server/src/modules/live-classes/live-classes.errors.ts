import { LIVE_CLASS_MESSAGES } from '@lectern/contract';
import { AppError, failWith } from '../../lib/app-error';

export const fail = failWith(LIVE_CLASS_MESSAGES);

/** 404 for a teacher, subject, chapter, batch, group, account or video that is not there. */
export function notFoundError(what: string, id: string): AppError {
  return AppError.of(404, 'notFound', { what: `the ${what} ${id.slice(0, 64)}` });
}
