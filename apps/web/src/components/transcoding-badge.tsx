import { TRANSCODING_STATUSES, transcodingBadge } from '@lectern/contract';
import { Badge, type BadgeColor } from './badge';
import type { StatusCellConfig } from './data-table';

const BLANK = '\u00a0';

function colourOf(status: string): BadgeColor {
  if (status === 'COMPLETE') return 'success';
  if (status === 'PROGRESSING') return 'warning';
  return 'grey';
}

/**
 * A video's transcoding badge (spec 1 §4, spec 2 §4): 'Transcoded' for COMPLETE, 'TRANSCODING IN
 * PROGRESS' for PROGRESSING, a blank badge for any other status.
 */
export function TranscodingBadge({ status }: { status: string }) {
  const label = transcodingBadge(status);
  return (
    <span data-status={status}>
      <Badge color={colourOf(status)}>{label === '' ? BLANK : label}</Badge>
    </span>
  );
}

/** The same badge in a data table: `elementType: 'statusLabel', elementConfig: TRANSCODING_BADGE_CELL`. */
export const TRANSCODING_BADGE_CELL: StatusCellConfig = {
  labels: Object.fromEntries(TRANSCODING_STATUSES.map((status) => [status, transcodingBadge(status) || BLANK])),
  styles: Object.fromEntries(
    TRANSCODING_STATUSES.filter((status) => transcodingBadge(status) === '').map((status) => [
      status,
      { label: BLANK, colour: '#374151', background: '#F3F4F6' },
    ]),
  ),
};
