import { useCallback, useMemo } from 'react';

import {
  DELIVERY_MODES,
  DELIVERY_STATUSES,
  indianDate,
  type DeliveryListQuery,
  type DeliveryMode,
  type DeliveryStatus,
} from '@lectern/contract';
import { tableParamNames } from '../../../components/data-table';
import { useUrlSearchParams } from '../../../hooks/use-url-search-params';

/** The table's URL prefix: ?delivery.q=ananya&delivery.mode=COURIER&delivery.from=2026-11-01. */
export const DELIVERY_URL_KEY = 'delivery';

/** The list's status, search and filters, each kept in the URL so a filtered list can be linked. */
export interface DeliveryFilters {
  status: DeliveryStatus;
  search: string;
  catalogueId: string | null;
  deliveryMode: DeliveryMode | null;
  /** YYYY-MM-DD, the order's day; both or neither */
  from: string | null;
  to: string | null;
  /** YYYY-MM-DD: only packages processed on that India day (narrowed here; the overview's 'processed today') */
  processedOn: string | null;
}

const PARAMS = {
  status: 'tab',
  search: `${DELIVERY_URL_KEY}.search`,
  catalogueId: `${DELIVERY_URL_KEY}.catalogue`,
  deliveryMode: `${DELIVERY_URL_KEY}.mode`,
  from: `${DELIVERY_URL_KEY}.from`,
  to: `${DELIVERY_URL_KEY}.to`,
  processedOn: `${DELIVERY_URL_KEY}.processedOn`,
} as const satisfies Record<keyof DeliveryFilters, string>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (text: string | null) => (text && DAY.test(text) ? text : null);

/** The rows shown of the server's: those processed on `processedOn` (India day) when it is set. */
export function narrowPackages<T extends { processedAt: string | null }>(
  rows: readonly T[],
  processedOn: string | null,
): T[] {
  if (!processedOn) return [...rows];
  return rows.filter((row) => row.processedAt !== null && indianDate(new Date(row.processedAt)) === processedOn);
}

/** The server's query for the chosen filters (the status goes in the path). */
export function deliveryListQuery(filters: DeliveryFilters): DeliveryListQuery {
  const query: DeliveryListQuery = {};
  if (filters.search) query.search = filters.search;
  if (filters.catalogueId) query.catalogueId = filters.catalogueId;
  if (filters.deliveryMode) query.deliveryMode = filters.deliveryMode;
  if (filters.from && filters.to) {
    query.from = filters.from;
    query.to = filters.to;
  }
  return query;
}

export function useDeliveryFilters(): [DeliveryFilters, (change: Partial<DeliveryFilters>) => void] {
  const [params, setParams] = useUrlSearchParams();
  const status = params.get(PARAMS.status)?.toUpperCase() ?? null;
  const search = params.get(PARAMS.search) ?? '';
  const catalogueId = params.get(PARAMS.catalogueId);
  const mode = params.get(PARAMS.deliveryMode);
  const from = day(params.get(PARAMS.from));
  const to = day(params.get(PARAMS.to));
  const processedOn = day(params.get(PARAMS.processedOn));
  const filters = useMemo<DeliveryFilters>(
    () => ({
      status: DELIVERY_STATUSES.find((s) => s === status) ?? 'PENDING',
      search,
      catalogueId: catalogueId || null,
      deliveryMode: DELIVERY_MODES.find((m) => m === mode) ?? null,
      from: from && to ? from : null,
      to: from && to ? to : null,
      processedOn,
    }),
    [status, search, catalogueId, mode, from, to, processedOn],
  );
  const change = useCallback(
    (next: Partial<DeliveryFilters>) =>
      setParams(
        (previous) => {
          const updated = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(next) as [keyof DeliveryFilters, string | null][]) {
            const text = key === 'status' && value ? value.toLowerCase() : value;
            if (text) updated.set(PARAMS[key], text);
            else updated.delete(PARAMS[key]);
          }
          // another list starts at its first page
          updated.delete(tableParamNames(DELIVERY_URL_KEY).page);
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [filters, change];
}
