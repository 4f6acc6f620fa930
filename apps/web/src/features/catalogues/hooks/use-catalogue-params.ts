import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { tableParamNames } from '../../../components/data-table';
import type { ArchivedQuery } from '../api/get-catalogues';
import { useUrlSearchParams } from '../../../hooks/use-url-search-params';

export const CATALOGUE_LIST_PATH = '/publisher/catalogueManager/catalogueList';
export const CATALOGUE_EDITOR_PATH = '/publisher/catalogueManager/createCatalogue';

/** The editor of one catalogue: ?catalogueId=... (without it, a new catalogue). */
export function editorLink(catalogueId: string): string {
  return `${CATALOGUE_EDITOR_PATH}?${new URLSearchParams({ catalogueId }).toString()}`;
}

/** The catalogue the editor shows, from ?catalogueId=; null for a new one. */
export function useCatalogueIdParam(): string | null {
  const [params] = useSearchParams();
  const id = params.get('catalogueId')?.trim();
  return id ? id : null;
}

/** The list table's URL prefix: ?catalogues.q=neet&catalogues.page=2&catalogues.show=archived. */
export const CATALOGUES_URL_KEY = 'catalogues';
const SHOW_PARAM = `${CATALOGUES_URL_KEY}.show`;

export const ARCHIVED_FILTERS = ['active', 'archived', 'all'] as const;
export type ArchivedFilter = (typeof ARCHIVED_FILTERS)[number];

export const ARCHIVED_FILTER_LABELS: Record<ArchivedFilter, string> = {
  active: 'Active',
  archived: 'Archived',
  all: 'All',
};

/** What the server's `archived` query asks for each choice. */
export const ARCHIVED_QUERY: Record<ArchivedFilter, ArchivedQuery> = { active: 'false', archived: 'true', all: 'all' };

function parseFilter(text: string | null): ArchivedFilter {
  return ARCHIVED_FILTERS.find((filter) => filter === text) ?? 'active';
}

/** The archived filter (active by default), kept in the URL with the table's own state so a filtered list can be linked. */
export function useArchivedFilter(): [ArchivedFilter, (filter: ArchivedFilter) => void] {
  const [params, setParams] = useUrlSearchParams();
  const chosen = parseFilter(params.get(SHOW_PARAM));
  const setChosen = useCallback(
    (filter: ArchivedFilter) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          if (filter === 'active') next.delete(SHOW_PARAM);
          else next.set(SHOW_PARAM, filter);
          // another filter starts at the first page
          next.delete(tableParamNames(CATALOGUES_URL_KEY).page);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [chosen, setChosen];
}
