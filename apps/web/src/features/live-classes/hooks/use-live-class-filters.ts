import { useCallback, useMemo } from 'react';

import { LIVE_CLASS_STATUSES, type LiveClassStatus, type ScheduleQuery } from '@lectern/contract';
import { tableParamNames } from '../../../components/data-table';
import { addDays, indiaDayStart, indiaToday, weekStart } from '../components/class-time';
import { useUrlSearchParams } from '../../../hooks/use-url-search-params';

/** The list's URL prefix (?classes.page=2). */
export const LIVE_CLASSES_URL_KEY = 'classes';

/** The schedule's view, week and filters, each kept in the URL so a view can be linked. */
export interface LiveClassFilters {
  view: 'calendar' | 'list';
  /** the Monday of the week shown (India), YYYY-MM-DD */
  week: string;
  batchId: string | null;
  teacherId: string | null;
  status: LiveClassStatus | null;
}

const PARAMS = {
  view: 'view',
  week: 'week',
  batchId: 'batch',
  teacherId: 'teacher',
  status: 'status',
} as const satisfies Record<keyof LiveClassFilters, string>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The server's query: the filters, and in the calendar the week shown. */
export function scheduleQuery(filters: LiveClassFilters): ScheduleQuery {
  const query: ScheduleQuery = {};
  if (filters.batchId) query.batchId = filters.batchId;
  if (filters.teacherId) query.teacherId = filters.teacherId;
  if (filters.status) query.status = filters.status;
  if (filters.view === 'calendar') {
    query.from = new Date(indiaDayStart(filters.week)).toISOString();
    query.to = new Date(indiaDayStart(addDays(filters.week, 7))).toISOString();
  }
  return query;
}

/** A change of the filters; null clears one (the week: back to this week). */
type FilterChange = { [K in keyof LiveClassFilters]?: LiveClassFilters[K] | null };

export function useLiveClassFilters(): [LiveClassFilters, (change: FilterChange) => void] {
  const [params, setParams] = useUrlSearchParams();
  const view = params.get(PARAMS.view);
  const week = params.get(PARAMS.week);
  const batchId = params.get(PARAMS.batchId);
  const teacherId = params.get(PARAMS.teacherId);
  const status = params.get(PARAMS.status)?.toUpperCase();
  const filters = useMemo<LiveClassFilters>(
    () => ({
      view: view === 'list' ? 'list' : 'calendar',
      week: weekStart(week && DAY.test(week) ? week : indiaToday()),
      batchId: batchId || null,
      teacherId: teacherId || null,
      status: LIVE_CLASS_STATUSES.find((s) => s === status) ?? null,
    }),
    [view, week, batchId, teacherId, status],
  );
  const change = useCallback(
    (next: FilterChange) =>
      setParams(
        (previous) => {
          const updated = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(next) as [keyof LiveClassFilters, string | null][]) {
            const text = key === 'status' && value ? value.toLowerCase() : value;
            if (text) updated.set(PARAMS[key], text);
            else updated.delete(PARAMS[key]);
          }
          updated.delete(tableParamNames(LIVE_CLASSES_URL_KEY).page);
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [filters, change];
}
