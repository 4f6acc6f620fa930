import { useCallback, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import Checkbox from '@mui/material/Checkbox';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type Modifier,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import {
  getCoreRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { CONSTANTS, formatIndianNumber } from '@lectern/contract';
import { VisuallyHidden } from '../visually-hidden';
import { DragIconCell } from './cells/drag-icon-cell';
import { renderCell } from './cells/render-cell';
import { SelectionBar } from './selection-bar';
import { DragHandleContext, type DragHandleBinding } from './sortable-context';
import { TableToolbar } from './table-toolbar';
import {
  compareSortValues,
  filterRows,
  pageCount,
  readMapping,
  readRowId,
  reorderRows,
  toSortValue,
} from './table-logic';
import type { ColumnConfig, DataTableProps, RowId, SortState, SortValue } from './types';
import { useTableUrlState } from './use-table-url-state';

export const DEFAULT_EMPTY_MESSAGE = 'No records yet.';
export const DEFAULT_EMPTY_SEARCH_MESSAGE = 'No records match your search.';
const DEFAULT_VIRTUAL_THRESHOLD = 100;
const DEFAULT_VIRTUAL_HEIGHT = 560;
const DRAG_BLOCKED_REASON = 'Clear the search and sorting to reorder';

const restrictToVerticalAxis: Modifier = ({ transform }) => ({ ...transform, x: 0 });

function sortValueOf<Row>(column: ColumnConfig<Row>, row: Row): SortValue {
  if (column.sortValue) return column.sortValue(row);
  if (!column.dataMapping) return undefined;
  const value = toSortValue(readMapping(row, column.dataMapping));
  // TanStack keeps undefined last in both directions; blanks belong there too.
  return value === null || value === '' ? undefined : value;
}

function defaultAlign<Row>(column: ColumnConfig<Row>): 'left' | 'center' | 'right' {
  if (column.align) return column.align;
  switch (column.elementType) {
    case 'amount':
    case 'duration':
      return 'right';
    case 'switch':
    case 'approveDecline':
    case 'dragIcon':
      return 'center';
    default:
      return 'left';
  }
}

// Text-heavy kinds get a minimum width so an auto-laid-out table cannot squash them to a letter a line.
function minWidthOf<Row>(column: ColumnConfig<Row>): number | undefined {
  if (column.extraWidth !== undefined) return column.extraWidth;
  switch (column.elementType) {
    case 'editableText':
      return 200;
    case 'infoText':
    case 'multiAction':
      return 160;
    default:
      return undefined;
  }
}

/**
 * The product's one data table (spec 1 §2 'Generic data table'): a typed config of columns and cell
 * kinds; search, sort and paging kept in the URL; checkbox or radio selection with a bulk-action bar;
 * drag-and-drop reordering by pointer or keyboard; server-side paging; a virtualised body for long lists.
 */
export function DataTable<Row>({
  config,
  rows,
  loading = false,
  error,
  urlKey,
  syncUrl = true,
  selectedIds,
  defaultSelectedIds,
  onSelectionChange,
  onDelete,
  selectionActions,
  onReorder,
  server,
}: DataTableProps<Row>) {
  const usePaging = config.pagination?.usePagination !== false;
  const rowsPerPageOptions = config.pagination?.rowsPerPageOptions ?? CONSTANTS.tableRowsPerPageOptions;
  const url = useTableUrlState({
    urlKey,
    enabled: syncUrl,
    defaultRowsPerPage: config.pagination?.defaultRowsPerPage ?? CONSTANTS.tableDefaultPageSize,
    rowsPerPageOptions,
  });
  const { checkboxKeyMap } = config;
  const getId = useCallback((row: Row) => readRowId(row, checkboxKeyMap), [checkboxKeyMap]);
  const searchActive = url.search.trim() !== '';
  const dense = config.rowOptions?.dense === true;

  // search (client mode): the searchTextMap fields only
  const searchFields = config.searchTextMap;
  const filtered = useMemo(
    () => (server ? [...rows] : filterRows(rows, searchFields ?? [], url.search)),
    [server, rows, searchFields, url.search],
  );

  // sorting and paging through TanStack Table; the server sorts and pages for itself
  const columnDefs = useMemo<ColumnDef<Row>[]>(
    () =>
      config.columns.map((column) => ({
        id: column.id,
        accessorFn: (row: Row) => sortValueOf(column, row),
        enableSorting: column.sortable === true,
        sortUndefined: 'last',
        sortingFn: (a, b, id) => compareSortValues(toSortValue(a.getValue(id)), toSortValue(b.getValue(id))),
      })),
    [config.columns],
  );
  const knownSort = url.sort && config.columns.some((c) => c.id === url.sort?.id && c.sortable) ? url.sort : null;
  const rowsPerPage = server ? server.rowsPerPage : url.rowsPerPage;
  const total = server ? server.totalCount : filtered.length;
  const pages = usePaging ? pageCount(total, rowsPerPage) : 1;
  const pageIndex = server ? server.page : usePaging ? Math.min(url.page, pages - 1) : 0;
  const sorting = useMemo(() => (knownSort ? [{ id: knownSort.id, desc: knownSort.desc }] : []), [knownSort]);
  const table = useReactTable<Row>({
    data: filtered,
    columns: columnDefs,
    state: {
      sorting,
      pagination: { pageIndex, pageSize: usePaging ? rowsPerPage : Math.max(1, filtered.length) },
    },
    getRowId: (row) => String(getId(row)),
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
    manualSorting: server !== undefined,
    manualPagination: server !== undefined || !usePaging,
    autoResetPageIndex: false,
  });
  const pageRows = table.getRowModel().rows.map((row) => row.original);

  // selection: controlled or kept here; in client mode only ids of rows that still exist count
  const radio = config.checkBoxAsRadio === true;
  const selectable = radio || config.rowOptions?.selectable === true;
  const isRowSelectable = config.rowOptions?.isRowSelectable;
  const [ownSelection, setOwnSelection] = useState<readonly RowId[]>(defaultSelectedIds ?? []);
  const rawSelection = selectedIds ?? ownSelection;
  const rowsById = useMemo(() => new Map(rows.map((row) => [getId(row), row])), [rows, getId]);
  const selection = useMemo(
    () => (server ? [...rawSelection] : rawSelection.filter((id) => rowsById.has(id))),
    [server, rawSelection, rowsById],
  );
  const selectedSet = new Set(selection);
  const setSelection = (ids: RowId[]) => {
    if (selectedIds === undefined) setOwnSelection(ids);
    onSelectionChange?.(
      ids,
      ids.flatMap((id) => rowsById.get(id) ?? []),
    );
  };
  const canSelect = (row: Row) => !isRowSelectable || isRowSelectable(row);
  const pageSelectableIds = selectable ? pageRows.filter(canSelect).map(getId) : [];
  const pageSelectedCount = pageSelectableIds.filter((id) => selectedSet.has(id)).length;
  const allOnPage = pageSelectableIds.length > 0 && pageSelectedCount === pageSelectableIds.length;
  const toggleAll = () => {
    if (allOnPage) {
      const onPage = new Set(pageSelectableIds);
      setSelection(selection.filter((id) => !onPage.has(id)));
    } else {
      setSelection([...selection, ...pageSelectableIds.filter((id) => !selectedSet.has(id))]);
    }
  };
  const toggleRow = (id: RowId) => {
    if (radio) setSelection([id]);
    else if (selectedSet.has(id)) setSelection(selection.filter((other) => other !== id));
    else setSelection([...selection, id]);
  };
  const clearSelection = () => setSelection([]);
  const radioName = useId();

  // drag and drop: over the caller's full order, so it is off while a search or sort reorders the view
  const dndEnabled = config.dragAndDrop?.enabled === true;
  const dndBlocked = searchActive || knownSort !== null;
  const dndDisabled = config.dragAndDrop?.disabled === true || dndBlocked || loading;
  const extraHandleColumn = dndEnabled && !config.columns.some((column) => column.elementType === 'dragIcon');
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const sortableIds = useMemo(() => pageRows.map((row) => String(getId(row))), [pageRows, getId]);
  const position = (id: UniqueIdentifier) => sortableIds.indexOf(String(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up row ${position(active.id)} of ${sortableIds.length}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `Row ${position(active.id)} is over position ${position(over.id)} of ${sortableIds.length}.`
        : `Row ${position(active.id)} is not over a position.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `Row ${position(active.id)} was dropped at position ${position(over.id)} of ${sortableIds.length}.`
        : `Row ${position(active.id)} was dropped.`,
    onDragCancel: ({ active }) => `Reordering cancelled. Row ${position(active.id)} is back in place.`,
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const result = reorderRows(rows, getId, active.id, over.id);
    if (result) onReorder?.(result);
  };

  // virtualised body for long pages
  const threshold = config.virtualization?.threshold ?? DEFAULT_VIRTUAL_THRESHOLD;
  const bodyHeight = config.virtualization?.height ?? DEFAULT_VIRTUAL_HEIGHT;
  const estimate = config.virtualization?.rowHeight ?? (dense ? 33 : 53);
  const virtual = !loading && !error && pageRows.length > threshold;
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: virtual ? pageRows.length : 0,
    enabled: virtual,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimate,
    overscan: 8,
    initialRect: { width: 0, height: bodyHeight },
    // A row that measures 0 (not laid out yet) keeps its estimate instead of collapsing the list. Whole
    // pixels: a row that measures its estimate (virtual rows are given it as their height) changes
    // nothing, where a fraction of a pixel would make the virtualiser re-measure all 10,000 rows.
    measureElement: (element) => Math.round(element.getBoundingClientRect().height) || estimate,
    getItemKey: (index) => {
      const row = pageRows[index];
      return row === undefined ? index : String(getId(row));
    },
    useFlushSync: false,
  });

  const columnCount = config.columns.length + (selectable ? 1 : 0) + (extraHandleColumn ? 1 : 0);
  const emptyMessage = searchActive
    ? (config.emptyMessages?.emptySearch ?? DEFAULT_EMPTY_SEARCH_MESSAGE)
    : (config.emptyMessages?.empty ?? DEFAULT_EMPTY_MESSAGE);

  const changeSort = (id: string) => {
    const current = knownSort;
    const next: SortState | null = current?.id !== id ? { id, desc: false } : current.desc ? null : { id, desc: true };
    url.setSort(next);
    server?.onSortChange?.(next);
  };
  const changeSearch = (text: string) => {
    url.setSearch(text);
    server?.onSearchChange?.(text);
  };

  const renderRowCells = (row: Row, id: RowId) => {
    const checked = selectedSet.has(id);
    const enabled = canSelect(row);
    return (
      <>
        {selectable && (
          <TableCell padding="checkbox">
            {radio ? (
              <Radio
                checked={checked}
                disabled={!enabled}
                onChange={() => toggleRow(id)}
                name={radioName}
                value={String(id)}
                slotProps={{ input: { 'aria-label': 'Select row' } }}
              />
            ) : (
              <Checkbox
                checked={checked}
                disabled={!enabled}
                onChange={() => toggleRow(id)}
                slotProps={{ input: { 'aria-label': 'Select row' } }}
              />
            )}
          </TableCell>
        )}
        {extraHandleColumn && (
          <TableCell padding="checkbox" align="center">
            <DragIconCell />
          </TableCell>
        )}
        {config.columns.map((column) => (
          <TableCell
            key={column.id}
            align={defaultAlign(column)}
            sx={{ minWidth: minWidthOf(column), verticalAlign: 'middle' }}
          >
            {renderCell(column, row)}
          </TableCell>
        ))}
      </>
    );
  };

  const renderRow = (row: Row, measure?: { index: number; ref: (node: Element | null) => void }) => {
    const id = getId(row);
    const key = String(id);
    const selected = selectedSet.has(id);
    const cells = renderRowCells(row, id);
    if (dndEnabled) {
      return (
        <SortableRow
          key={key}
          id={key}
          selected={selected}
          disabled={dndDisabled}
          disabledReason={dndBlocked ? DRAG_BLOCKED_REASON : undefined}
          measure={measure}
          height={measure ? estimate : undefined}
        >
          {cells}
        </SortableRow>
      );
    }
    return (
      <TableRow
        key={key}
        hover
        selected={selected}
        data-index={measure?.index}
        aria-rowindex={measure ? measure.index + 2 : undefined}
        ref={measure?.ref}
        // a virtual row is at least its estimated height, so rows measure what was estimated
        style={measure ? { height: estimate } : undefined}
      >
        {cells}
      </TableRow>
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
    const count = usePaging ? Math.min(rowsPerPage, 10) : 5;
    body = Array.from({ length: count }, (_, index) => (
      <TableRow key={`skeleton-${index}`} data-testid="skeleton-row">
        {Array.from({ length: columnCount }, (_unused, cell) => (
          <TableCell key={cell}>
            <Skeleton variant="text" />
          </TableCell>
        ))}
      </TableRow>
    ));
  } else if (pageRows.length === 0) {
    body = (
      <TableRow>
        <TableCell colSpan={columnCount} align="center" sx={{ py: 6, color: 'text.secondary' }}>
          {emptyMessage}
        </TableCell>
      </TableRow>
    );
  } else if (virtual) {
    const items = virtualizer.getVirtualItems();
    const first = items[0];
    const last = items[items.length - 1];
    const paddingTop = first ? first.start : 0;
    const paddingBottom = last ? virtualizer.getTotalSize() - last.end : 0;
    body = (
      <>
        {paddingTop > 0 && <SpacerRow height={paddingTop} columns={columnCount} />}
        {items.map((item) => {
          const row = pageRows[item.index];
          return row === undefined ? null : renderRow(row, { index: item.index, ref: virtualizer.measureElement });
        })}
        {paddingBottom > 0 && <SpacerRow height={paddingBottom} columns={columnCount} />}
      </>
    );
  } else {
    body = pageRows.map((row) => renderRow(row));
  }

  const titleId = useId();
  const tableElement = (
    <Table
      stickyHeader
      size={dense ? 'small' : 'medium'}
      aria-labelledby={config.title ? titleId : undefined}
      aria-busy={loading || undefined}
      aria-rowcount={virtual ? pageRows.length + 1 : undefined}
      sx={{ minWidth: config.minWidth ?? 640 }}
    >
      <TableHead>
        <TableRow>
          {selectable && (
            <TableCell padding="checkbox">
              {radio ? (
                <VisuallyHidden>Select</VisuallyHidden>
              ) : (
                <Checkbox
                  checked={allOnPage}
                  indeterminate={pageSelectedCount > 0 && !allOnPage}
                  disabled={pageSelectableIds.length === 0 || loading}
                  onChange={toggleAll}
                  slotProps={{ input: { 'aria-label': 'Select all rows' } }}
                />
              )}
            </TableCell>
          )}
          {extraHandleColumn && (
            <TableCell padding="checkbox">
              <VisuallyHidden>Reorder</VisuallyHidden>
            </TableCell>
          )}
          {config.columns.map((column) => {
            const active = knownSort?.id === column.id;
            const direction = active && knownSort?.desc ? 'desc' : 'asc';
            const title = column.hideTitle ? <VisuallyHidden>{column.title}</VisuallyHidden> : column.title;
            return (
              <TableCell
                key={column.id}
                align={defaultAlign(column)}
                sortDirection={active ? direction : false}
                sx={{ minWidth: minWidthOf(column), whiteSpace: 'nowrap', fontWeight: 600 }}
              >
                {column.sortable ? (
                  <TableSortLabel active={active} direction={direction} onClick={() => changeSort(column.id)}>
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
      <TableBody>{body}</TableBody>
    </Table>
  );

  const showBar = selection.length > 0 && (!radio || onDelete !== undefined || selectionActions !== undefined);
  const selectionContext = {
    ids: selection,
    rows: selection.flatMap((id) => rowsById.get(id) ?? []),
    clear: clearSelection,
  };

  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <TableToolbar
        title={config.title}
        titleId={titleId}
        titleButton={config.titleButton}
        searchable={(searchFields?.length ?? 0) > 0}
        search={url.search}
        onSearchChange={changeSearch}
        countLine={
          loading || error
            ? null
            : { records: `${formatIndianNumber(total)} records found`, page: `page ${pageIndex + 1} of ${pages}` }
        }
      />
      {showBar && (
        <SelectionBar
          count={selection.length}
          onClear={clearSelection}
          onDelete={onDelete ? () => onDelete(selectionContext.ids, selectionContext.rows) : undefined}
          actions={selectionActions?.(selectionContext)}
        />
      )}
      <TableContainer
        ref={scrollRef}
        data-testid="data-table-scroll"
        // relative: screen-reader-only text (absolutely placed) is clipped here instead of widening the page
        sx={{ position: 'relative', overflowX: 'auto', ...(virtual && { maxHeight: bodyHeight, overflowY: 'auto' }) }}
      >
        {dndEnabled ? (
          <DndContext
            sensors={sensors}
            collisionDetection={closestCenter}
            modifiers={[restrictToVerticalAxis]}
            onDragEnd={onDragEnd}
            accessibility={{
              announcements,
              screenReaderInstructions: {
                draggable:
                  'To reorder, press Space or Enter to lift the row, use the arrow keys to move it, press Space or Enter again to drop it, or Escape to cancel.',
              },
            }}
          >
            <SortableContext items={sortableIds} strategy={verticalListSortingStrategy}>
              {tableElement}
            </SortableContext>
          </DndContext>
        ) : (
          tableElement
        )}
      </TableContainer>
      {usePaging && (
        <TablePagination
          component="div"
          count={total}
          page={pageIndex}
          rowsPerPage={rowsPerPage}
          rowsPerPageOptions={[...rowsPerPageOptions]}
          onPageChange={(_event, page) => (server ? server.onPageChange(page) : url.setPage(page))}
          onRowsPerPageChange={(event) => {
            const next = Number(event.target.value);
            if (server) server.onRowsPerPageChange(next);
            else url.setRowsPerPage(next);
          }}
          // on a phone the default margins push the next-page arrow out of the card: tighten, then wrap
          sx={{
            '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end', pl: { xs: 1, sm: 2 } },
            '& .MuiTablePagination-spacer': { display: { xs: 'none', sm: 'block' } },
            '& .MuiTablePagination-input': { mr: { xs: 1.5, sm: 4 } },
            '& .MuiTablePagination-actions': { ml: { xs: 0.5, sm: 2.5 } },
          }}
        />
      )}
    </Paper>
  );
}

function SpacerRow({ height, columns }: { height: number; columns: number }) {
  return (
    <tr aria-hidden="true" style={{ height }}>
      <td colSpan={columns} style={{ padding: 0, border: 0 }} />
    </tr>
  );
}

function SortableRow({
  id,
  selected,
  disabled,
  disabledReason,
  measure,
  height,
  children,
}: {
  id: string;
  selected: boolean;
  disabled: boolean;
  disabledReason?: string;
  measure?: { index: number; ref: (node: Element | null) => void };
  height?: number;
  children: ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
    disabled,
  });
  const binding = useMemo<DragHandleBinding>(
    () => ({ attributes, listeners, setActivatorNodeRef, disabled, disabledReason }),
    [attributes, listeners, setActivatorNodeRef, disabled, disabledReason],
  );
  const measureRef = measure?.ref;
  const ref = useCallback(
    (node: HTMLTableRowElement | null) => {
      setNodeRef(node);
      measureRef?.(node);
    },
    [setNodeRef, measureRef],
  );
  return (
    <DragHandleContext.Provider value={binding}>
      <TableRow
        ref={ref}
        hover
        selected={selected}
        data-index={measure?.index}
        aria-rowindex={measure ? measure.index + 2 : undefined}
        style={{
          height,
          transform: CSS.Translate.toString(transform),
          transition,
          position: 'relative',
          zIndex: isDragging ? 2 : undefined,
        }}
        sx={isDragging ? { bgcolor: 'background.paper', boxShadow: 3 } : undefined}
      >
        {children}
      </TableRow>
    </DragHandleContext.Provider>
  );
}
