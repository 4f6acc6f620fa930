import { useEffect, useId, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableContainer from '@mui/material/TableContainer';
import TablePagination from '@mui/material/TablePagination';
import { DndContext } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { plural } from '@lectern/contract';
import { DataTableBody } from './data-table-body';
import { DataTableHead } from './data-table-head';
import { SelectionBar } from './selection-bar';
import { OVERFLOWS_ATTRIBUTE, stickyOffsetProperty, trailingActionColumns } from './sticky-actions';
import { TableToolbar } from './table-toolbar';
import type { DataTableProps } from './types';
import { useDataTable } from './use-data-table';

export { DEFAULT_EMPTY_MESSAGE, DEFAULT_EMPTY_SEARCH_MESSAGE } from './use-data-table';

// on a phone the default margins push the next-page arrow out of the card: tighten, then wrap
const paginationSx = {
  '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end', pl: { xs: 1, sm: 2 } },
  '& .MuiTablePagination-spacer': { display: { xs: 'none', sm: 'block' } },
  '& .MuiTablePagination-input': { mr: { xs: 1.5, sm: 4 } },
  '& .MuiTablePagination-actions': { ml: { xs: 0.5, sm: 2.5 } },
} as const;

/**
 * The product's one data table (spec 1 §2 'Generic data table'): a typed config of columns and cell
 * kinds; search, sort and paging kept in the URL; checkbox or radio selection with a bulk-action bar;
 * drag-and-drop reordering by pointer or keyboard; server-side paging; a virtualised body for long lists.
 * This is the view: the state and behaviour are `useDataTable`'s.
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const { config, loading = false, error, onDelete, selectionActions } = props;
  const table = useDataTable(props);
  const { selection, sortable, virtual, paging } = table;
  const titleId = useId();
  const { scrolls, overflowsX } = useScrolls(virtual.scrollRef);
  const tableRef = useRef<HTMLTableElement>(null);
  const actionColumns = trailingActionColumns(config.columns);
  const stickyActions = useStickyActions(tableRef, virtual.scrollRef, actionColumns) ? actionColumns : 0;
  const columnCount = config.columns.length + (selection.enabled ? 1 : 0) + (sortable.handleColumn ? 1 : 0);
  const showBar =
    selection.current.ids.length > 0 && (!selection.radio || onDelete !== undefined || selectionActions !== undefined);

  const tableElement = (
    <Table
      ref={tableRef}
      stickyHeader
      size={table.dense ? 'small' : 'medium'}
      aria-labelledby={config.title ? titleId : undefined}
      aria-busy={loading || undefined}
      aria-rowcount={virtual.enabled ? table.rows.length + 1 : undefined}
      sx={{ minWidth: config.minWidth ?? 640 }}
    >
      <DataTableHead table={table} columns={config.columns} loading={loading} stickyActions={stickyActions} />
      <DataTableBody
        table={table}
        columns={config.columns}
        columnCount={columnCount}
        loading={loading}
        error={error}
        stickyActions={stickyActions}
      />
    </Table>
  );

  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <TableToolbar
        title={config.title}
        titleId={titleId}
        titleButton={config.titleButton}
        searchable={table.searchable}
        search={table.search}
        onSearchChange={table.onSearchChange}
        countLine={
          loading || error
            ? null
            : {
                records: `${plural(paging.total, 'record')} found`,
                page: `page ${paging.page + 1} of ${paging.pages}`,
              }
        }
      />
      {showBar && (
        <SelectionBar
          count={selection.current.ids.length}
          onClear={selection.current.clear}
          onDelete={onDelete ? () => onDelete(selection.current.ids, selection.current.rows) : undefined}
          actions={selectionActions?.(selection.current)}
        />
      )}
      <TableContainer
        ref={virtual.scrollRef}
        data-testid="data-table-scroll"
        {...{ [OVERFLOWS_ATTRIBUTE]: overflowsX || undefined }}
        // a box that scrolls is a Tab stop, so the keyboard can scroll it too
        {...(scrolls && {
          tabIndex: 0,
          role: 'region',
          ...(config.title ? { 'aria-labelledby': titleId } : { 'aria-label': 'Table' }),
        })}
        // relative: screen-reader-only text (absolutely placed) is clipped here instead of widening the page
        sx={{
          position: 'relative',
          overflowX: 'auto',
          ...(virtual.enabled && { maxHeight: virtual.bodyHeight, overflowY: 'auto' }),
        }}
      >
        {sortable.enabled ? (
          <DndContext {...sortable.context}>
            <SortableContext items={sortable.ids} strategy={verticalListSortingStrategy}>
              {tableElement}
            </SortableContext>
          </DndContext>
        ) : (
          tableElement
        )}
      </TableContainer>
      {paging.enabled && (
        <TablePagination
          component="div"
          count={paging.total}
          page={paging.page}
          rowsPerPage={paging.rowsPerPage}
          rowsPerPageOptions={[...paging.rowsPerPageOptions]}
          onPageChange={(_event, page) => paging.onPageChange(page)}
          onRowsPerPageChange={(event) => paging.onRowsPerPageChange(Number(event.target.value))}
          sx={paginationSx}
        />
      )}
    </Paper>
  );
}

/**
 * Whether the element's content is larger than its box (it scrolls), and sideways, kept up to date as
 * either changes size.
 */
function useScrolls(ref: RefObject<HTMLElement | null>): { scrolls: boolean; overflowsX: boolean } {
  const [scrolls, setScrolls] = useState(false);
  const [overflowsX, setOverflowsX] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const sideways = element.scrollWidth > element.clientWidth + 1;
      setOverflowsX(sideways);
      setScrolls(sideways || element.scrollHeight > element.clientHeight + 1);
    };
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    measure();
    return () => observer.disconnect();
  }, [ref]);
  return { scrolls, overflowsX };
}

/**
 * Whether the `count` trailing action columns stick to the right edge: only while they take at most
 * half the scroll box (on a phone they would hide the row they act on, so they scroll with it). Sets
 * on the table where each sits from the right edge: the summed width of the action columns after it,
 * measured again whenever the box or one of them changes width.
 */
function useStickyActions(
  tableRef: RefObject<HTMLTableElement | null>,
  boxRef: RefObject<HTMLElement | null>,
  count: number,
): boolean {
  const [fits, setFits] = useState(true);
  useLayoutEffect(() => {
    const table = tableRef.current;
    const box = boxRef.current;
    const header = table?.querySelector('thead tr');
    if (!table || !box || !header || count === 0 || typeof ResizeObserver === 'undefined') return;
    const cells = [...header.children].slice(-count);
    const measure = () => {
      let right = 0;
      cells.toReversed().forEach((cell, fromRight) => {
        table.style.setProperty(stickyOffsetProperty(fromRight), `${right}px`);
        right += cell.getBoundingClientRect().width;
      });
      setFits(right <= box.clientWidth / 2);
    };
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    for (const cell of cells) observer.observe(cell);
    measure();
    return () => observer.disconnect();
  }, [tableRef, boxRef, count]);
  return fits;
}
