import { PAGES, type PageDef } from '@lectern/contract';

/**
 * The page entry guarding a path: the longest PAGES path equal to it or a parent of it, so
 * /publisher/* falls under /publisher and /student-updates/* under /student-updates.
 * Paths with no entry (/notifications) are open to every signed-in user.
 */
export function pageForPath(pathname: string): PageDef | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  let best: PageDef | undefined;
  for (const page of PAGES) {
    if (path === page.path || path.startsWith(`${page.path}/`)) {
      if (!best || page.path.length > best.path.length) best = page;
    }
  }
  return best;
}
