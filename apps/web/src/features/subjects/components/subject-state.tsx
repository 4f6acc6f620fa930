import type { SubjectState } from '@lectern/contract';
import { Badge, type BadgeColor } from '../../../components/badge';

export const SUBJECT_STATE_LABELS: Record<SubjectState, string> = {
  IN_PROGRESS: 'In progress',
  FINISHED: 'Awaiting review',
  READY_TO_BE_PUBLISHED: 'Ready to be published',
  PUBLISHED: 'Published',
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
