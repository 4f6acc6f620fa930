import { queryOptions, useQuery } from '@tanstack/react-query';
import { filesContract, type VideoFile } from '@lectern/contract';
import { apiCall } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /file-explorer-service/cloud/preview-videos/{id}: the videos uploaded to this catalogue's own folder. */
export async function getCataloguePreviewVideos(catalogueId: string, signal?: AbortSignal): Promise<VideoFile[]> {
  const answer = await apiCall(filesContract.previewVideos, { params: { id: catalogueId } }, { signal });
  return answer.fileList;
}

export const cataloguePreviewVideosQueryOptions = (catalogueId: string) =>
  queryOptions({
    queryKey: queryKeys.cataloguePreviewVideos(catalogueId),
    queryFn: ({ signal }) => getCataloguePreviewVideos(catalogueId, signal),
  });

/** The catalogue's own preview videos; idle until the catalogue exists (and while `enabled` is false). */
export function useCataloguePreviewVideos(catalogueId: string | null, enabled = true) {
  return useQuery({
    ...cataloguePreviewVideosQueryOptions(catalogueId ?? ''),
    enabled: enabled && catalogueId !== null,
  });
}
