import { LISTING_GROUP_LABELS, type SubjectState } from '@lectern/contract';
import { Badge, type BadgeColor } from '../../../components/badge';

/**
 * A state's name is the listing group's (spec 1 §3-4: 'finished' is a subject sent for review), so the
 * tabs, the overview, a subject's page and Subject Review all say the same word.
 */
export const SUBJECT_STATE_LABELS: Record<SubjectState, string> = {
  IN_PROGRESS: LISTING_GROUP_LABELS.IN_PROGRESS,
  FINISHED: LISTING_GROUP_LABELS.FINISHED,
  READY_TO_BE_PUBLISHED: LISTING_GROUP_LABELS.READY_TO_BE_PUBLISHED,
  PUBLISHED: LISTING_GROUP_LABELS.PUBLISHED,
};

const COLORS: Record<SubjectState, BadgeColor> = {
  IN_PROGRESS: 'primary',
  FINISHED: 'warning',
  READY_TO_BE_PUBLISHED: 'secondary',
  PUBLISHED: 'success',
};

/** A subject's state as a small badge. */
export function SubjectStateBadge({ state }: { state: SubjectState }) {
  return <Badge color={COLORS[state]}>{SUBJECT_STATE_LABELS[state]}</Badge>;
}
