import { useEffect } from 'react';

/** The tab's title: the screen's name, then the product's. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · Lectern`;
  }, [title]);
}
