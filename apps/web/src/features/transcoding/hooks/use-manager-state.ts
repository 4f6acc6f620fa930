import { useCallback, useMemo, useState } from 'react';

import dayjs from 'dayjs';
import {
  TranscodingEnvironmentSchema,
  TranscodingQueueSchema,
  defaultDateRange,
  type JobListQuery,
  type TranscodingEnvironment,
  type TranscodingQueue,
} from '@lectern/contract';
import { useConfig } from '../../../lib/config-query';
import { useUrlSearchParams } from '../../../hooks/use-url-search-params';

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

const isQueryDate = (text: string | null): text is string =>
  text !== null && /^\d{4}-\d{2}-\d{2}$/.test(text) && dayjs(text).isValid();

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
  const [params, setParams] = useUrlSearchParams();
  const config = useConfig();
  const [fallbackRange] = useState(() => defaultDateRange());

  const update = useCallback(
    (changes: Record<string, string | undefined>) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(changes)) {
            if (value === undefined || value === '') next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  const envParam = TranscodingEnvironmentSchema.safeParse(params.get('env'));
  const environment = envParam.success
    ? envParam.data
    : config.isPending
      ? undefined
      : defaultEnvironment(config.data?.transcodingEnvironment ?? config.data?.environment);

  const fromParam = params.get('from');
  const toParam = params.get('to');
  const from = isQueryDate(fromParam) ? fromParam : toQueryDate(fallbackRange.start);
  const to = isQueryDate(toParam) ? toParam : toQueryDate(fallbackRange.end);
  const range = useMemo(() => ({ start: dayjs(from).toDate(), end: dayjs(to).endOf('day').toDate() }), [from, to]);

  const search = params.get('q') ?? '';
  const queueParam = TranscodingQueueSchema.safeParse(params.get('queue'));
  const queue = queueParam.success ? queueParam.data : undefined;

  const query = useMemo<JobListQuery>(
    () => ({ environment, from, to, ...(search ? { search } : {}), ...(queue ? { queue } : {}) }),
    [environment, from, to, search, queue],
  );

  return {
    tab: params.get('tab'),
    setTab: (tab) => update({ tab }),
    environment,
    setEnvironment: (next) => update({ env: next }),
    range,
    setRange: ({ start, end }) => update({ from: toQueryDate(start), to: toQueryDate(end) }),
    search,
    setSearch: (text) => update({ q: text.trim() }),
    queue,
    setQueue: (next) => update({ queue: next }),
    query,
  };
}
