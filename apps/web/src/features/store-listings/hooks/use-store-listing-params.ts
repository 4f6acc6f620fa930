import { useSearchParams } from 'react-router';

export const STORE_LISTINGS_PATH = '/publisher/storeManager/storelistings';
export const STORE_DETAILS_LIST_PATH = '/publisher/storeManager/storeDetailsList';
export const STORE_EDITOR_PATH = '/publisher/storeManager/store';

/** The editor of one listing: ?storeId=... (without it, a new listing); `preview` opens its preview. */
export function storeEditorLink(storeId: string, preview = false): string {
  const params = new URLSearchParams({ storeId });
  if (preview) params.set('preview', 'phone');
  return `${STORE_EDITOR_PATH}?${params.toString()}`;
}

/** The listing the editor shows, from ?storeId=; null for a new one. */
export function useStoreIdParam(): string | null {
  const [params] = useSearchParams();
  const id = params.get('storeId')?.trim();
  return id ? id : null;
}
