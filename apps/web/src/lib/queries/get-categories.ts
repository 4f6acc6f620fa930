import { queryOptions, useQuery } from '@tanstack/react-query';
import { categoriesContract, type Category } from '@lectern/contract';
import { apiCall } from '../api-client';

/** The categories' queries: the list, which every change refreshes. */
export const categoriesKey = ['categories'] as const;

/** GET /publisher/category/all: every category in the store's order, with its sub-categories in order. */
export function getCategories(signal?: AbortSignal): Promise<Category[]> {
  return apiCall(categoriesContract.list, {}, { signal });
}

export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: categoriesKey,
    queryFn: ({ signal }) => getCategories(signal),
  });

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
