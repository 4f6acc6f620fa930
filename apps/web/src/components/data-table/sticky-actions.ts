import { alpha, type Theme } from '@mui/material/styles';
import type { ColumnConfig, ElementType } from './types';

// The row actions of a wide table stay in sight: its trailing action columns stick to the right edge
// of the table's scroll box, each at the summed width of those after it (measured by the table into
// the custom properties below), over the columns that scroll beneath them.

/** Cell kinds that act on their row. */
const ROW_ACTION_KINDS: ReadonlySet<ElementType> = new Set(['button', 'approveDecline']);

/** How many columns at the end of the table are row actions (none when every column is one). */
export function trailingActionColumns<Row>(columns: readonly ColumnConfig<Row>[]): number {
  let count = 0;
  while (count < columns.length && ROW_ACTION_KINDS.has(columns[columns.length - 1 - count]?.elementType ?? 'text')) {
    count += 1;
  }
  return count === columns.length ? 0 : count;
}

/** The custom property holding the offset from the right edge of the `fromRight`-th action column (0 = last). */
export const stickyOffsetProperty = (fromRight: number) => `--lectern-table-action-${fromRight}`;

/** Marks the scroll box while its table is wider than it (the actions then float over other columns). */
export const OVERFLOWS_ATTRIBUTE = 'data-overflows-x';

const rowTint = (colour: string) => `linear-gradient(${colour}, ${colour})`;

/**
 * Where the `fromRight`-th of `count` trailing action columns sticks; the first of them draws a line
 * between it and the columns scrolling beneath. Body cells are opaque, with their row's hover or
 * selection tint over the paper.
 */
export function stickyActionSx(fromRight: number, count: number, header: boolean) {
  return (theme: Theme) => ({
    position: 'sticky' as const,
    right: `var(${stickyOffsetProperty(fromRight)}, 0px)`,
    zIndex: header ? 3 : 1,
    ...(!header && {
      backgroundColor: theme.palette.background.paper,
      'tr.MuiTableRow-hover:hover > &': { backgroundImage: rowTint(theme.palette.action.hover) },
      'tr.Mui-selected > &': {
        backgroundImage: rowTint(alpha(theme.palette.primary.main, theme.palette.action.selectedOpacity)),
      },
    }),
    ...(fromRight === count - 1 && {
      [`[${OVERFLOWS_ATTRIBUTE}] &`]: { boxShadow: `inset 1px 0 0 ${theme.palette.divider}` },
    }),
  });
}
