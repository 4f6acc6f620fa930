import Checkbox from '@mui/material/Checkbox';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import { VisuallyHidden } from '../visually-hidden';
import { stickyActionSx } from './sticky-actions';
import { columnAlign, columnMinWidth } from './table-logic';
import type { ColumnConfig } from './types';
import type { DataTableController } from './use-data-table';

interface DataTableHeadProps<Row> {
  table: DataTableController<Row>;
  columns: readonly ColumnConfig<Row>[];
  loading: boolean;
  /** How many trailing columns are row actions that stick to the right edge. */
  stickyActions: number;
}

/** The header row: select-all, the handle column, and the column titles (sortable ones as buttons). */
export function DataTableHead<Row>({ table, columns, loading, stickyActions }: DataTableHeadProps<Row>) {
  const { selection, sortable, sort } = table;
  return (
    <TableHead>
      <TableRow>
        {selection.enabled && (
          <TableCell padding="checkbox">
            {selection.radio ? (
              <VisuallyHidden>Select</VisuallyHidden>
            ) : (
              <Checkbox
                checked={selection.allOnPage}
                indeterminate={selection.someOnPage}
                disabled={selection.noneSelectable || loading}
                onChange={selection.toggleAll}
                slotProps={{ input: { 'aria-label': 'Select all rows' } }}
              />
            )}
          </TableCell>
        )}
        {sortable.handleColumn && (
          <TableCell padding="checkbox">
            <VisuallyHidden>Reorder</VisuallyHidden>
          </TableCell>
        )}
        {columns.map((column, index) => {
          const fromRight = columns.length - 1 - index;
          const sticky = fromRight < stickyActions;
          const active = sort?.id === column.id;
          const direction = active && sort?.desc ? 'desc' : 'asc';
          const title = column.hideTitle ? <VisuallyHidden>{column.title}</VisuallyHidden> : column.title;
          return (
            <TableCell
              key={column.id}
              align={columnAlign(column)}
              sortDirection={active ? direction : false}
              data-sticky-action={sticky ? fromRight : undefined}
              sx={[
                { minWidth: columnMinWidth(column), whiteSpace: 'nowrap', fontWeight: 600 },
                sticky && stickyActionSx(fromRight, stickyActions, true),
              ]}
            >
              {column.sortable ? (
                <TableSortLabel active={active} direction={direction} onClick={() => table.onSortClick(column.id)}>
                  {title}
                  {active && (
                    <VisuallyHidden>
                      {direction === 'desc' ? ', sorted descending' : ', sorted ascending'}
                    </VisuallyHidden>
                  )}
                </TableSortLabel>
              ) : (
                title
              )}
            </TableCell>
          );
        })}
      </TableRow>
    </TableHead>
  );
}
