import {
  STUDENT_UPDATE_MESSAGES,
  fillMessage,
  formatIndiaDateTime,
  formatIndiaDateWithTime,
  plural,
  type StudentUpdate,
  type StudentUpdateAudienceKind,
} from '@lectern/contract';
import type { StatusStyle } from '../../../components/data-table';

/** The audience kinds as the drawer names them. */
export const AUDIENCE_LABELS: Record<StudentUpdateAudienceKind, string> = {
  EVERYONE: 'Everyone',
  CATALOGUES: 'Catalogues',
  BATCHES: 'Batches',
  GROUPS: 'Groups',
};

/** One of them, for the messages: 'catalogue', 'batch', 'group'. */
export const AUDIENCE_SINGULAR: Record<Exclude<StudentUpdateAudienceKind, 'EVERYONE'>, string> = {
  CATALOGUES: 'catalogue',
  BATCHES: 'batch',
  GROUPS: 'group',
};

/** 'Everyone', 'JEE 2027 Morning', or 'JEE 2027 Morning and 2 more'. */
export function audienceText(audience: StudentUpdate['audience']): string {
  if (audience.kind === 'EVERYONE') return 'Everyone';
  const [first, ...rest] = audience.targets;
  if (!first) return `No ${AUDIENCE_LABELS[audience.kind].toLowerCase()}`;
  return rest.length === 0 ? first.name : `${first.name} and ${rest.length} more`;
}

/** '1 student', '1,250 students'. */
export function studentCountText(count: number): string {
  return plural(count, 'student');
}

/** The audience cell: who, then how many students it reaches now. */
export function audienceLines(update: StudentUpdate): string[] {
  return [audienceText(update.audience), studentCountText(update.audience.studentCount)];
}

/** When students see it (a table date, India time): when it publishes (scheduled), when it was published, or nothing yet. */
export function publishTimeText(update: StudentUpdate): string {
  if (update.state === 'SCHEDULED' && update.publishAt) return formatIndiaDateWithTime(update.publishAt);
  if (update.publishedAt) return formatIndiaDateWithTime(update.publishedAt);
  return '—';
}

/** The instant the table sorts the publish column by. */
export function publishSortValue(update: StudentUpdate): string {
  return (update.state === 'SCHEDULED' ? update.publishAt : update.publishedAt) ?? '';
}

/**
 * The message after a save, filled in, when the server sends none: `before` is the update as it was
 * (null: a new one), `after` as it is now (null: deleted).
 */
export function successMessage(before: StudentUpdate | null, after: StudentUpdate | null): string {
  const title = (after ?? before)?.title ?? '';
  if (!after) return fillMessage(STUDENT_UPDATE_MESSAGES.deleted, { title });
  if (after.state === 'SCHEDULED') {
    return fillMessage(STUDENT_UPDATE_MESSAGES.scheduled, {
      title,
      publishAt: after.publishAt ? formatIndiaDateTime(after.publishAt) : '',
    });
  }
  if (after.state === 'WITHDRAWN') return fillMessage(STUDENT_UPDATE_MESSAGES.withdrawn, { title });
  if (after.state === 'PUBLISHED') {
    return fillMessage(
      before?.state === 'PUBLISHED' ? STUDENT_UPDATE_MESSAGES.saved : STUDENT_UPDATE_MESSAGES.published,
      { title },
    );
  }
  // a draft
  if (!before) return fillMessage(STUDENT_UPDATE_MESSAGES.created, { title });
  if (before.state === 'SCHEDULED') return fillMessage(STUDENT_UPDATE_MESSAGES.unscheduled, { title });
  return fillMessage(STUDENT_UPDATE_MESSAGES.saved, { title });
}

// 'scheduled' is not among the shared table's styles (spec 1 §4 lists draft, published, unpublished):
// the coupons' blue, dark text on a light tint above 7:1 like the shared ones.
export const UPDATE_TAG_STYLES: Readonly<Record<string, StatusStyle>> = {
  scheduled: { label: 'Scheduled', colour: '#1E429F', background: '#E1EFFE' },
};
