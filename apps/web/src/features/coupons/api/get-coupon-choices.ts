import { queryOptions, useQuery } from '@tanstack/react-query';
import { cataloguesContract, type CatalogueListItem } from '@lectern/contract';
import { apiCall } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** A store listing a coupon may name. */
export interface ListingChoice {
  storeListingId: string;
  storeListingName: string;
  catalogueName: string;
}

/** A subject a coupon may name (its listings are those whose catalogue holds it). */
export interface SubjectChoice {
  subjectId: string;
  subjectName: string;
}

/**
 * GET /publisher/cataloguemanager/all: the catalogues that are not archived, each with its store
 * listing. FINANCE may read it (the store manager's own list is the publisher area's, which FINANCE
 * has none of), so the coupon form picks listings from here.
 */
function getActiveCatalogues(signal?: AbortSignal): Promise<CatalogueListItem[]> {
  return apiCall(cataloguesContract.list, { query: { archived: 'false' } }, { signal });
}

const listingChoicesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.catalogueList('false'),
    queryFn: ({ signal }) => getActiveCatalogues(signal),
  });

const byName = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' });

/** The store listings a coupon may name, by name; loaded while `enabled`. */
export function useListingChoices(enabled = true) {
  return useQuery({
    ...listingChoicesQueryOptions(),
    enabled,
    select: (catalogues): ListingChoice[] =>
      catalogues
        .flatMap((catalogue) =>
          catalogue.storeListingId
            ? [
                {
                  storeListingId: catalogue.storeListingId,
                  storeListingName: catalogue.storeListingName ?? catalogue.catalogueName,
                  catalogueName: catalogue.catalogueName,
                },
              ]
            : [],
        )
        .sort((a, b) => byName(a.storeListingName, b.storeListingName)),
  });
}

/** GET /publisher/publisher/subject/all: the published subjects, the ones catalogues (and so coupons) can hold. */
function getPublishedSubjects(signal?: AbortSignal) {
  return apiCall(cataloguesContract.publishableSubjects, {}, { signal });
}

export function useSubjectChoices(enabled = true) {
  return useQuery({
    queryKey: ['coupons', 'subject-choices'] as const,
    queryFn: ({ signal }) => getPublishedSubjects(signal),
    enabled,
    select: (subjects): SubjectChoice[] =>
      subjects
        .map(({ subjectId, subjectName }) => ({ subjectId, subjectName }))
        .sort((a, b) => byName(a.subjectName, b.subjectName)),
  });
}
