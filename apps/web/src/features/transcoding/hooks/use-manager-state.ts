import { useMemo, useState } from 'react';

import dayjs from 'dayjs';
import { z } from 'zod';
import {
  TranscodingEnvironmentSchema,
  TranscodingQueueSchema,
  defaultDateRange,
  type JobListQuery,
  type TranscodingEnvironment,
  type TranscodingQueue,
} from '@lectern/contract';
import { useConfig } from '../../../lib/config-query';
import { useListController } from '../../../components/list';

/** The query's date format (the contract's YYYY-MM-DD). */
const QUERY_DATE = 'YYYY-MM-DD';

// The runtime config names the server's environment with its own words (dev, local, pre-production).
const ENVIRONMENT_ALIASES: Readonly<Record<string, TranscodingEnvironment>> = {
  dev: 'development',
  local: 'development',
  'pre-production': 'staging',
};

/** The transcoding environment to start with: the server's own when it names one, else 'development'. */
export function defaultEnvironment(configEnvironment: string | undefined): TranscodingEnvironment {
  if (!configEnvironment) return 'development';
  const parsed = TranscodingEnvironmentSchema.safeParse(configEnvironment);
  return parsed.success ? parsed.data : (ENVIRONMENT_ALIASES[configEnvironment] ?? 'development');
}

/** The manager's URL state: ?tab=running&env=staging&from=2026-01-01&to=2026-01-31&q=intro&queue=reserved. */
const MANAGER_FILTERS = z.object({
  tab: z.string().optional(),
  env: TranscodingEnvironmentSchema.optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  q: z.string().optional(),
  queue: TranscodingQueueSchema.optional(),
});

export const toQueryDate = (date: Date) => dayjs(date).format(QUERY_DATE);

export interface ManagerState {
  tab: string | null;
  setTab: (tab: string) => void;
  /** undefined until the runtime config is known */
  environment: TranscodingEnvironment | undefined;
  setEnvironment: (environment: TranscodingEnvironment) => void;
  /** the date range as the toolbar shows it */
  range: { start: Date; end: Date };
  setRange: (range: { start: Date; end: Date }) => void;
  search: string;
  setSearch: (search: string) => void;
  queue: TranscodingQueue | undefined;
  setQueue: (queue: TranscodingQueue | undefined) => void;
  /** the list query: environment, from, to (YYYY-MM-DD), search, queue */
  query: JobListQuery;
}

/**
 * The manager's state, kept in the URL so a view can be linked and survives a reload:
 * ?tab=running&env=staging&from=2026-01-01&to=2026-01-31&q=intro&queue=reserved.
 */
export function useManagerState(): ManagerState {
  const { filters, setFilters } = useListController({ schema: MANAGER_FILTERS });
  const config = useConfig();
  const [fallbackRange] = useState(() => defaultDateRange());

  const environment =
    filters.env ??
    (config.isPending
      ? undefined
      : defaultEnvironment(config.data?.transcodingEnvironment ?? config.data?.environment));

  const from = filters.from ?? toQueryDate(fallbackRange.start);
  const to = filters.to ?? toQueryDate(fallbackRange.end);
  const range = useMemo(() => ({ start: dayjs(from).toDate(), end: dayjs(to).endOf('day').toDate() }), [from, to]);

  const search = filters.q ?? '';
  const queue = filters.queue;

  const query = useMemo<JobListQuery>(
    () => ({ environment, from, to, ...(search ? { search } : {}), ...(queue ? { queue } : {}) }),
    [environment, from, to, search, queue],
  );

  return {
    tab: filters.tab ?? null,
    setTab: (tab) => setFilters({ tab }),
    environment,
    setEnvironment: (env) => setFilters({ env }),
    range,
    setRange: ({ start, end }) => setFilters({ from: toQueryDate(start), to: toQueryDate(end) }),
    search,
    setSearch: (text) => setFilters({ q: text.trim() }),
    queue,
    setQueue: (next) => setFilters({ queue: next ?? null }),
    query,
  };
}
