import { useCallback, useMemo, useState } from 'react';
import type { z } from 'zod';

import { tableParamNames, useTableUrlState, type RowId, type TableUrlState } from '../data-table';
import { useUrlSearchParams } from '../../hooks/use-url-search-params';
import {
  paramNamesOf,
  parseFilters,
  writeFilters,
  type FilterChange,
  type FilterSchema,
  type ListFilters,
} from './list-params';

export interface ListControllerOptions<S extends FilterSchema, C extends keyof z.output<S> & string = never> {
  /**
   * The filters: a route's query schema from the contract (`couponsContract.list.query`), picked or
   * extended with fields the page narrows by itself. Each field parses its URL text (`z.coerce` for
   * numbers); a `.default()` is what a missing or bad value reads as.
   */
  schema: S;
  /** The list's URL prefix ('coupons' -> coupons.status, coupons.page ...); also the data table's `urlKey`. */
  urlKey?: string;
  /** URL names that are not `<urlKey>.<field>`, given whole: `{ catalogueId: 'delivery.catalogue', tab: 'tab' }`. */
  paramNames?: Partial<Record<keyof z.output<S> & string, string>>;
  /** Fields the page narrows by itself: kept in the URL, left out of `query`. */
  clientOnly?: readonly C[];
  /** Fields 'Clear filters' leaves alone and that do not count as filtering (a tab). */
  keep?: readonly (keyof z.output<S> & string)[];
  /** Keep the selection here (cleared when a filter changes) instead of in the table. */
  selection?: boolean;
}

export interface ListController<S extends FilterSchema, C extends string> {
  /** The filters read from the URL (a bad value reads as its field's default). */
  filters: ListFilters<S>;
  /** Changes some filters; the list goes back to its first page. */
  setFilters: (change: FilterChange<S>) => void;
  /** Writes one field as the URL text a select chose (null clears it); a text its schema refuses reads as the default. */
  setFilter: (key: keyof z.input<S> & string, text: string | null) => void;
  /** Clears every filter but the `keep` ones. */
  clear: () => void;
  /** Whether any filter (but `keep`) differs from its default: shows 'Clear filters'. */
  filtered: boolean;
  /** The server's part of the filters: set fields only, without the client-only ones. */
  query: Omit<Partial<ListFilters<S>>, C>;
  /** Page, size, search and sort of the data table (for server-side paging). */
  paging: TableUrlState;
  /** Spread on the DataTable: the URL prefix, and the selection when the controller keeps it. */
  table: {
    urlKey?: string;
    selectedIds?: readonly RowId[];
    onSelectionChange?: (ids: RowId[]) => void;
  };
  selection: { ids: readonly RowId[]; clear: () => void };
}

/**
 * A list screen's state, kept in the URL so a filtered list can be linked and survives a reload:
 * filters typed by a zod schema, the data table's paging and sorting under the same prefix, and
 * (optionally) the selection. Writing a filter replaces the history entry and returns to page one.
 */
export function useListController<S extends FilterSchema, C extends keyof z.output<S> & string = never>(
  options: ListControllerOptions<S, C>,
): ListController<S, C> {
  const { schema, urlKey, paramNames, clientOnly, keep, selection: keepSelection = false } = options;
  const [params, setParams] = useUrlSearchParams();
  const paging = useTableUrlState({ urlKey });
  const [selectedIds, setSelectedIds] = useState<readonly RowId[]>([]);

  const names = useMemo(() => paramNamesOf(schema, urlKey, paramNames), [schema, urlKey, paramNames]);
  // only this list's parameters decide the filters: another list's writes keep them (and their memo)
  const own = Object.values(names)
    .map((name) => `${name}=${params.get(name) ?? ''}`)
    .join('&');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `own` stands for `params` here
  const filters = useMemo(() => parseFilters(schema, params, names), [schema, names, own]);
  const defaults = useMemo(() => parseFilters(schema, new URLSearchParams(), names), [schema, names]);

  const setFilters = useCallback(
    (change: FilterChange<S>) => {
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          if (writeFilters(schema, next, names, change)) next.delete(tableParamNames(urlKey).page);
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
      setSelectedIds([]);
    },
    [schema, names, urlKey, setParams],
  );

  const setFilter = useCallback(
    (key: keyof z.input<S> & string, text: string | null) => setFilters({ [key]: text } as FilterChange<S>),
    [setFilters],
  );

  const cleared = useMemo(
    () =>
      Object.fromEntries(
        Object.keys(schema.shape)
          .filter((key) => !keep?.includes(key))
          .map((key) => [key, null]),
      ) as FilterChange<S>,
    [schema, keep],
  );
  const clear = useCallback(() => setFilters(cleared), [setFilters, cleared]);

  const record = filters as Record<string, unknown>;
  const filtered = Object.keys(cleared).some(
    (key) => record[key] !== undefined && String(record[key]) !== String((defaults as Record<string, unknown>)[key]),
  );
  const query = useMemo(
    () =>
      Object.fromEntries(
        Object.entries(filters as Record<string, unknown>).filter(
          ([key, value]) => value !== undefined && value !== null && !clientOnly?.includes(key as C),
        ),
      ) as Omit<Partial<ListFilters<S>>, C>,
    [filters, clientOnly],
  );

  const clearSelection = useCallback(() => setSelectedIds([]), []);
  const table = useMemo(
    () => (keepSelection ? { urlKey, selectedIds, onSelectionChange: setSelectedIds } : { urlKey }),
    [keepSelection, urlKey, selectedIds],
  );

  return {
    filters,
    setFilters,
    setFilter,
    clear,
    filtered,
    query,
    paging,
    table,
    selection: { ids: selectedIds, clear: clearSelection },
  };
}
