import { useCallback, useMemo } from 'react';

import { BATCH_STATUSES, type Batch, type BatchStatus } from '@lectern/contract';
import { tableParamNames } from '../../../components/data-table';
import { useUrlSearchParams } from '../../../hooks/use-url-search-params';

/** The table's URL prefix: ?batches.q=kota&batches.branch=…&batches.status=ACTIVE. */
export const BATCHES_URL_KEY = 'batches';

export type BatchTab = 'batches' | 'groups';

/** The screen's tab and the list's filters, each kept in the URL so a filtered list can be linked. */
export interface BatchFilters {
  tab: BatchTab;
  branchId: string | null;
  programId: string | null;
  status: BatchStatus | null;
}

const PARAMS = {
  tab: 'tab',
  branchId: `${BATCHES_URL_KEY}.branch`,
  programId: `${BATCHES_URL_KEY}.program`,
  status: `${BATCHES_URL_KEY}.status`,
} as const satisfies Record<keyof BatchFilters, string>;

/** The batches the filters keep (the server sends every batch at once: spec 2 §9). */
export function filterBatches(batches: readonly Batch[], filters: BatchFilters): Batch[] {
  return batches.filter(
    (batch) =>
      (!filters.branchId || batch.branchId === filters.branchId) &&
      (!filters.programId || batch.programId === filters.programId) &&
      (!filters.status || batch.status === filters.status),
  );
}

export function useBatchFilters(): [BatchFilters, (change: Partial<BatchFilters>) => void, () => void] {
  const [params, setParams] = useUrlSearchParams();
  const tab = params.get(PARAMS.tab);
  const branchId = params.get(PARAMS.branchId);
  const programId = params.get(PARAMS.programId);
  const status = params.get(PARAMS.status);
  const filters = useMemo<BatchFilters>(
    () => ({
      tab: tab === 'groups' ? 'groups' : 'batches',
      branchId: branchId || null,
      programId: programId || null,
      status: BATCH_STATUSES.find((s) => s === status) ?? null,
    }),
    [tab, branchId, programId, status],
  );
  const change = useCallback(
    (next: Partial<BatchFilters>) =>
      setParams(
        (previous) => {
          const updated = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(next) as [keyof BatchFilters, string | null][]) {
            if (value && !(key === 'tab' && value === 'batches')) updated.set(PARAMS[key], value);
            else updated.delete(PARAMS[key]);
          }
          // another filter starts at the first page
          updated.delete(tableParamNames(BATCHES_URL_KEY).page);
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );
  const clear = useCallback(() => change({ branchId: null, programId: null, status: null }), [change]);
  return [filters, change, clear];
}
