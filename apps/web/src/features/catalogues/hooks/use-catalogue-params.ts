import { useSearchParams } from 'react-router';
import { z } from 'zod';
import type { ArchivedQuery } from '../api/get-catalogues';

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

export const ARCHIVED_FILTERS = ['active', 'archived', 'all'] as const;
export type ArchivedFilter = (typeof ARCHIVED_FILTERS)[number];

export const ARCHIVED_FILTER_LABELS: Record<ArchivedFilter, string> = {
  active: 'Active',
  archived: 'Archived',
  all: 'All',
};

/** What the server's `archived` query asks for each choice. */
export const ARCHIVED_QUERY: Record<ArchivedFilter, ArchivedQuery> = { active: 'false', archived: 'true', all: 'all' };

/** The list's filter, ?catalogues.show=archived (active by default), read and written by the list controller. */
export const CATALOGUE_FILTERS = z.object({ show: z.enum(ARCHIVED_FILTERS).default('active') });
