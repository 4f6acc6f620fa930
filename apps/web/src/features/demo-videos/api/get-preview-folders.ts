import { queryOptions, useQuery } from '@tanstack/react-query';
import { filesContract, type PreviewFolder } from '@lectern/contract';
import { apiCall } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /file-explorer-service/cloud/preview-videos/all: the browser's folders, one per catalogue. */
export function getPreviewFolders(signal?: AbortSignal): Promise<PreviewFolder[]> {
  return apiCall(filesContract.previewFolders, undefined, { signal });
}

export const previewFoldersQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.previewFolders,
    queryFn: ({ signal }) => getPreviewFolders(signal),
  });

export function usePreviewFolders(enabled: boolean) {
  return useQuery({ ...previewFoldersQueryOptions(), enabled });
}
