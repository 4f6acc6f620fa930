import {
  STUDENT_UPDATE_MESSAGES,
  fillMessage,
  formatIndiaDateTime,
  type StudentUpdateAction,
  type StudentUpdateState,
} from '@lectern/contract';
import type { StudentUpdateRow } from './student-updates.repository';

/** What the activity rows keep of an update. */
export function snapshot(
  row: Pick<StudentUpdateRow, 'title' | 'updateType' | 'state' | 'publishAt' | 'imageUrl' | 'videoId' | 'audienceKind'>,
  audienceIds?: string[],
) {
  return {
    title: row.title,
    updateType: row.updateType,
    state: row.state,
    publishAt: row.publishAt?.toISOString() ?? null,
    imageUrl: row.imageUrl,
    videoId: row.videoId,
    audience: { kind: row.audienceKind, ...(audienceIds ? { ids: audienceIds } : {}) },
  };
}

/**
 * The times an update keeps after a step from its row's state to `to`: `publishAt` is the new schedule,
 * kept while it stays published or is withdrawn (when it was meant to publish), else cleared;
 * `publishedAt` is set when it becomes published, kept while published or withdrawn; `withdrawnAt` is
 * set when it is withdrawn.
 */
export function timesAfter(row: StudentUpdateRow, to: StudentUpdateState, publishAt: Date | null, now: Date) {
  const from = row.state as StudentUpdateState;
  const keeps = to === 'WITHDRAWN' || (to === 'PUBLISHED' && from === 'PUBLISHED');
  return {
    publishAt: to === 'SCHEDULED' ? publishAt : keeps ? row.publishAt : null,
    publishedAt: keeps ? row.publishedAt : to === 'PUBLISHED' ? now : null,
    withdrawnAt: to === 'WITHDRAWN' ? now : null,
  };
}

/** The sentence a save answers with, from the step it took. */
export function updateMessage(
  action: StudentUpdateAction,
  from: StudentUpdateState | null,
  to: StudentUpdateState,
  row: { title: string; publishAt: Date | null },
): string {
  const values = { title: row.title, publishAt: row.publishAt ? `${formatIndiaDateTime(row.publishAt)} IST` : '' };
  if (to === 'SCHEDULED') return fillMessage(STUDENT_UPDATE_MESSAGES.scheduled, values);
  if (to === 'PUBLISHED')
    return fillMessage(STUDENT_UPDATE_MESSAGES[from === 'PUBLISHED' ? 'saved' : 'published'], values);
  if (to === 'WITHDRAWN') return fillMessage(STUDENT_UPDATE_MESSAGES.withdrawn, values);
  if (from === 'SCHEDULED') return fillMessage(STUDENT_UPDATE_MESSAGES.unscheduled, values);
  return fillMessage(STUDENT_UPDATE_MESSAGES[from === null ? 'created' : 'saved'], values);
}
