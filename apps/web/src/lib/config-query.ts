import { queryOptions, useQuery } from '@tanstack/react-query';
import { getConfig } from './api-client';

/** GET /api/config, cached for the life of the page. */
export const configQueryOptions = () =>
  queryOptions({ queryKey: ['config'], queryFn: getConfig, staleTime: Infinity, gcTime: Infinity });

export function useConfig() {
  return useQuery(configQueryOptions());
}
