import { useCallback, useMemo, useState } from 'react';

import { CONSTANTS } from '@lectern/contract';
import type { SortState } from './types';
import { useUrlSearchParams } from '../../hooks/use-url-search-params';

export interface TableUrlStateOptions {
  /** Prefix of the parameter names ('users' -> users.page, users.q ...), for two tables on one page. */
  urlKey?: string;
  /** Default true. False keeps the same state in the component instead of the URL. */
  enabled?: boolean;
  defaultRowsPerPage?: number;
  /** Rows-per-page values accepted from the URL; others fall back to the default. */
  rowsPerPageOptions?: readonly number[];
}

export interface TableUrlState {
  /** 0-based page (the URL holds it 1-based: ?page=2 is the second page). */
  page: number;
  rowsPerPage: number;
  search: string;
  sort: SortState | null;
  setPage: (page: number) => void;
  /** Also returns to the first page. */
  setRowsPerPage: (rowsPerPage: number) => void;
  /** Also returns to the first page; replaces the history entry so typing does not flood Back. */
  setSearch: (search: string) => void;
  /** Also returns to the first page. */
  setSort: (sort: SortState | null) => void;
}

/** The query-parameter names of a table: page, size, q, sort, order, each prefixed with `urlKey.` when given. */
export function tableParamNames(urlKey?: string) {
  const prefix = urlKey ? `${urlKey}.` : '';
  return {
    page: `${prefix}page`,
    size: `${prefix}size`,
    search: `${prefix}q`,
    sort: `${prefix}sort`,
    order: `${prefix}order`,
  } as const;
}

function positiveInt(text: string | null): number | null {
  if (text === null || !/^\d+$/.test(text)) return null;
  const n = Number(text);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/**
 * Page, rows per page, search and sort of a list, kept in the query string (react-router) so a list
 * can be linked and survives a reload. Defaults are left out of the URL. Needs a router.
 */
export function useTableUrlState(options: TableUrlStateOptions = {}): TableUrlState {
  const {
    urlKey,
    enabled = true,
    defaultRowsPerPage = CONSTANTS.tableDefaultPageSize,
    rowsPerPageOptions = CONSTANTS.tableRowsPerPageOptions,
  } = options;
  const [urlParams, setUrlParams] = useUrlSearchParams();
  const [localParams, setLocalParams] = useState(() => new URLSearchParams());
  const params = enabled ? urlParams : localParams;
  const names = tableParamNames(urlKey);

  const page = (positiveInt(params.get(names.page)) ?? 1) - 1;
  const requestedSize = positiveInt(params.get(names.size));
  const rowsPerPage =
    requestedSize !== null && rowsPerPageOptions.includes(requestedSize) ? requestedSize : defaultRowsPerPage;
  const search = params.get(names.search) ?? '';
  const sortId = params.get(names.sort);
  const desc = params.get(names.order) === 'desc';
  const sort = useMemo<SortState | null>(() => (sortId ? { id: sortId, desc } : null), [sortId, desc]);

  const write = useCallback(
    (change: (next: URLSearchParams) => void, replace: boolean) => {
      const apply = (previous: URLSearchParams) => {
        const next = new URLSearchParams(previous);
        change(next);
        return next;
      };
      if (enabled) setUrlParams(apply, { replace, preventScrollReset: true });
      else setLocalParams(apply);
    },
    [enabled, setUrlParams],
  );

  const setPage = useCallback(
    (nextPage: number) =>
      write((next) => {
        if (nextPage > 0) next.set(names.page, String(nextPage + 1));
        else next.delete(names.page);
      }, false),
    [write, names.page],
  );

  const setRowsPerPage = useCallback(
    (size: number) =>
      write((next) => {
        if (size === defaultRowsPerPage) next.delete(names.size);
        else next.set(names.size, String(size));
        next.delete(names.page);
      }, false),
    [write, names.size, names.page, defaultRowsPerPage],
  );

  const setSearch = useCallback(
    (text: string) =>
      write((next) => {
        if (text.trim() === '') next.delete(names.search);
        else next.set(names.search, text);
        next.delete(names.page);
      }, true),
    [write, names.search, names.page],
  );

  const setSort = useCallback(
    (nextSort: SortState | null) =>
      write((next) => {
        if (nextSort) {
          next.set(names.sort, nextSort.id);
          if (nextSort.desc) next.set(names.order, 'desc');
          else next.delete(names.order);
        } else {
          next.delete(names.sort);
          next.delete(names.order);
        }
        next.delete(names.page);
      }, false),
    [write, names.sort, names.order, names.page],
  );

  return { page, rowsPerPage, search, sort, setPage, setRowsPerPage, setSearch, setSort };
}
