import { queryOptions, useQuery } from '@tanstack/react-query';
import { filesContract, type RouteOutput } from '@lectern/contract';
import { apiCall } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type PreviewVideos = RouteOutput<typeof filesContract.previewVideos>;

/** GET /file-explorer-service/cloud/preview-videos/{id}: a catalogue's preview videos (fileList). */
export function getPreviewVideos(catalogueId: string, signal?: AbortSignal): Promise<PreviewVideos> {
  return apiCall(filesContract.previewVideos, { params: { id: catalogueId } }, { signal });
}

export const previewVideosQueryOptions = (catalogueId: string) =>
  queryOptions({
    queryKey: queryKeys.previewFiles(catalogueId),
    queryFn: ({ signal }) => getPreviewVideos(catalogueId, signal),
  });

export function usePreviewVideos(catalogueId: string | null) {
  return useQuery({ ...previewVideosQueryOptions(catalogueId ?? ''), enabled: Boolean(catalogueId) });
}
