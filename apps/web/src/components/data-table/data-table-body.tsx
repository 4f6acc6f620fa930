import type { ReactNode } from 'react';
import Checkbox from '@mui/material/Checkbox';
import Radio from '@mui/material/Radio';
import Skeleton from '@mui/material/Skeleton';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { DragIconCell } from './cells/drag-icon-cell';
import { renderCell } from './cells/render-cell';
import { PlainRow, SortableRow, SpacerRow, type RowMeasure } from './data-table-row';
import { stickyActionSx } from './sticky-actions';
import { columnAlign, columnMinWidth } from './table-logic';
import type { ColumnConfig, RowId } from './types';
import type { DataTableController } from './use-data-table';

interface DataTableBodyProps<Row> {
  table: DataTableController<Row>;
  columns: readonly ColumnConfig<Row>[];
  columnCount: number;
  loading: boolean;
  error: ReactNode;
  /** How many trailing columns are row actions that stick to the right edge. */
  stickyActions: number;
}

/** The body: the error, skeleton rows while loading, the empty message, or the rows (virtualised when long). */
export function DataTableBody<Row>({
  table,
  columns,
  columnCount,
  loading,
  error,
  stickyActions,
}: DataTableBodyProps<Row>) {
  const { rows, getId, selection, sortable, virtual } = table;

  const renderRow = (row: Row, measure?: RowMeasure) => {
    const id = getId(row);
    const key = String(id);
    const selected = selection.isSelected(id);
    const height = measure ? virtual.rowHeight : undefined;
    const cells = <RowCells row={row} id={id} table={table} columns={columns} stickyActions={stickyActions} />;
    return sortable.enabled ? (
      <SortableRow
        key={key}
        id={key}
        selected={selected}
        disabled={sortable.disabled}
        disabledReason={sortable.disabledReason}
        measure={measure}
        height={height}
      >
        {cells}
      </SortableRow>
    ) : (
      <PlainRow key={key} selected={selected} measure={measure} height={height}>
        {cells}
      </PlainRow>
    );
  };

  let body: ReactNode;
  if (error) {
    body = (
      <TableRow>
        <TableCell colSpan={columnCount}>{error}</TableCell>
      </TableRow>
    );
  } else if (loading) {
    const count = table.paging.enabled ? Math.min(table.paging.rowsPerPage, 10) : 5;
    body = Array.from({ length: count }, (_, index) => (
      <TableRow key={`skeleton-${index}`} data-testid="skeleton-row">
        {Array.from({ length: columnCount }, (_unused, cell) => (
          <TableCell key={cell}>
            <Skeleton variant="text" />
          </TableCell>
        ))}
      </TableRow>
    ));
  } else if (rows.length === 0) {
    body = (
      <TableRow>
        <TableCell colSpan={columnCount} align="center" sx={{ py: 6, color: 'text.secondary' }}>
          {table.emptyMessage}
        </TableCell>
      </TableRow>
    );
  } else if (virtual.enabled) {
    body = (
      <>
        {virtual.paddingTop > 0 && <SpacerRow height={virtual.paddingTop} columns={columnCount} />}
        {virtual.items.map((item) => {
          const row = rows[item.index];
          return row === undefined ? null : renderRow(row, { index: item.index, ref: virtual.measureElement });
        })}
        {virtual.paddingBottom > 0 && <SpacerRow height={virtual.paddingBottom} columns={columnCount} />}
      </>
    );
  } else {
    body = rows.map((row) => renderRow(row));
  }
  return <TableBody>{body}</TableBody>;
}

/** One row's cells: its selection control, the added drag handle, then a cell per column. */
function RowCells<Row>({
  row,
  id,
  table,
  columns,
  stickyActions,
}: {
  row: Row;
  id: RowId;
  table: DataTableController<Row>;
  columns: readonly ColumnConfig<Row>[];
  stickyActions: number;
}) {
  const { selection, sortable } = table;
  const checked = selection.isSelected(id);
  const disabled = !selection.canSelect(row);
  const inputProps = { input: { 'aria-label': 'Select row' } };
  return (
    <>
      {selection.enabled && (
        <TableCell padding="checkbox">
          {selection.radio ? (
            <Radio
              checked={checked}
              disabled={disabled}
              onChange={() => selection.toggleRow(id)}
              name={selection.radioName}
              value={String(id)}
              slotProps={inputProps}
            />
          ) : (
            <Checkbox
              checked={checked}
              disabled={disabled}
              onChange={() => selection.toggleRow(id)}
              slotProps={inputProps}
            />
          )}
        </TableCell>
      )}
      {sortable.handleColumn && (
        <TableCell padding="checkbox" align="center">
          <DragIconCell />
        </TableCell>
      )}
      {columns.map((column, index) => {
        const fromRight = columns.length - 1 - index;
        const sticky = fromRight < stickyActions;
        return (
          <TableCell
            key={column.id}
            align={columnAlign(column)}
            data-sticky-action={sticky ? fromRight : undefined}
            sx={[
              { minWidth: columnMinWidth(column), verticalAlign: 'middle' },
              sticky && stickyActionSx(fromRight, stickyActions, false),
            ]}
          >
            {renderCell(column, row)}
          </TableCell>
        );
      })}
    </>
  );
}
