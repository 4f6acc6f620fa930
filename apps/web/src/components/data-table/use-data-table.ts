import { useCallback, useMemo } from 'react';
import {
  getCoreRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
} from '@tanstack/react-table';
import { CONSTANTS } from '@lectern/contract';
import { compareSortValues, filterRows, pageCount, readRowId, sortValueOf, toSortValue } from './table-logic';
import type { DataTableProps, RowId, SortState } from './types';
import { useRowSelection, type RowSelection } from './use-row-selection';
import { useSortableRows, type SortableRows } from './use-sortable-rows';
import { useTableUrlState } from './use-table-url-state';
import { useVirtualRows, type VirtualRows } from './use-virtual-rows';

export const DEFAULT_EMPTY_MESSAGE = 'No records yet.';
export const DEFAULT_EMPTY_SEARCH_MESSAGE = 'No records match your search.';

export interface DataTablePaging {
  /** False: every row on one page and no pager. */
  enabled: boolean;
  /** 0-based. */
  page: number;
  /** At least 1. */
  pages: number;
  rowsPerPage: number;
  rowsPerPageOptions: readonly number[];
  /** Records in all pages (after the search, in client mode). */
  total: number;
  onPageChange: (page: number) => void;
  onRowsPerPageChange: (rowsPerPage: number) => void;
}

/** Everything the DataTable view renders; no JSX here (react-admin's controller and view split). */
export interface DataTableController<Row> {
  /** The rows of the current page, searched and sorted, in the order shown. */
  rows: readonly Row[];
  getId: (row: Row) => RowId;
  search: string;
  /** The table has a search box. */
  searchable: boolean;
  onSearchChange: (text: string) => void;
  /** The sort in force (a sort in the URL naming no sortable column is ignored). */
  sort: SortState | null;
  /** A header click: ascending, then descending, then unsorted. */
  onSortClick: (columnId: string) => void;
  paging: DataTablePaging;
  emptyMessage: string;
  dense: boolean;
  selection: RowSelection<Row>;
  sortable: SortableRows;
  virtual: VirtualRows;
}

/**
 * The DataTable's controller: search (client mode, over the `searchTextMap` fields), sorting and paging
 * through TanStack Table or by the server, page/search/sort kept in the URL, and the selection,
 * reordering and virtualisation hooks over the rows shown.
 */
export function useDataTable<Row>({
  config,
  rows,
  loading = false,
  error,
  urlKey,
  syncUrl = true,
  selectedIds,
  defaultSelectedIds,
  onSelectionChange,
  onReorder,
  server,
}: DataTableProps<Row>): DataTableController<Row> {
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

  const searchFields = config.searchTextMap;
  const filtered = useMemo(
    () => (server ? [...rows] : filterRows(rows, searchFields ?? [], url.search)),
    [server, rows, searchFields, url.search],
  );

  // TanStack Table sorts and pages in client mode; the server sorts and pages for itself.
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
  const pageSize = usePaging ? rowsPerPage : Math.max(1, filtered.length);
  // TanStack memoises its row models on the state objects' identity: a new pagination object each
  // render would give new page rows each render, and with them new row keys for the virtualiser.
  const pagination = useMemo(() => ({ pageIndex, pageSize }), [pageIndex, pageSize]);
  const table = useReactTable<Row>({
    data: filtered,
    columns: columnDefs,
    state: { sorting, pagination },
    getRowId: (row) => String(getId(row)),
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
    manualSorting: server !== undefined,
    manualPagination: server !== undefined || !usePaging,
    autoResetPageIndex: false,
  });
  const modelRows = table.getRowModel().rows;
  const pageRows = useMemo(() => modelRows.map((row) => row.original), [modelRows]);

  const selection = useRowSelection({
    config,
    rows,
    pageRows,
    getId,
    server: server !== undefined,
    selectedIds,
    defaultSelectedIds,
    onSelectionChange,
  });
  const sortable = useSortableRows({
    config,
    rows,
    pageRows,
    getId,
    blocked: searchActive || knownSort !== null,
    loading,
    onReorder,
  });
  const virtual = useVirtualRows({
    config: config.virtualization,
    pageRows,
    getId,
    dense,
    showingRows: !loading && !error,
  });

  return {
    rows: pageRows,
    getId,
    search: url.search,
    searchable: (searchFields?.length ?? 0) > 0,
    onSearchChange: (text) => {
      url.setSearch(text);
      server?.onSearchChange?.(text);
    },
    sort: knownSort,
    onSortClick: (id) => {
      const next: SortState | null =
        knownSort?.id !== id ? { id, desc: false } : knownSort.desc ? null : { id, desc: true };
      url.setSort(next);
      server?.onSortChange?.(next);
    },
    paging: {
      enabled: usePaging,
      page: pageIndex,
      pages,
      rowsPerPage,
      rowsPerPageOptions,
      total,
      onPageChange: (page) => (server ? server.onPageChange(page) : url.setPage(page)),
      onRowsPerPageChange: (next) => (server ? server.onRowsPerPageChange(next) : url.setRowsPerPage(next)),
    },
    emptyMessage: searchActive
      ? (config.emptyMessages?.emptySearch ?? DEFAULT_EMPTY_SEARCH_MESSAGE)
      : (config.emptyMessages?.empty ?? DEFAULT_EMPTY_MESSAGE),
    dense,
    selection,
    sortable,
    virtual,
  };
}
