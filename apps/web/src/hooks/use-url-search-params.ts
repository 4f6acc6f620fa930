import { useCallback, useLayoutEffect } from 'react';
import { createSearchParams, useSearchParams, type NavigateOptions, type URLSearchParamsInit } from 'react-router';

type Update = URLSearchParamsInit | ((previous: URLSearchParams) => URLSearchParamsInit);

/**
 * This tab's writes not yet rendered, oldest first, and the query string last rendered. The next
 * write starts from the newest write in flight, else from what rendered. React Router hands a
 * functional update the params of the render its setter came from, and a navigation renders in a
 * transition: a second write made before that render (typing in a list's search right after 'Clear
 * filters') would start from the old params and bring the cleared filters back. A render of one of
 * the writes is the router catching up: the writes after it are still on their way. Had the base
 * been reset to whatever renders, an older write rendering late would put back the search text typed
 * since (the keyboard journey lost characters); a render that is none of the writes is a navigation
 * of the user's (Back, a link) and clears them.
 */
let pending: string[] = [];
let rendered: string | null = null;

/**
 * `useSearchParams` whose functional updates start from the latest write, even one the router has not
 * rendered yet. Every hook that writes the query string goes through it, so filters, search and paging
 * never undo each other.
 */
export function useUrlSearchParams(): [URLSearchParams, (update: Update, options?: NavigateOptions) => void] {
  const [params, setParams] = useSearchParams();
  const current = params.toString();
  useLayoutEffect(() => {
    // every hook of the page sees the same render: the first to see it says what it means
    if (current === rendered) return;
    rendered = current;
    const landed = pending.indexOf(current);
    pending = landed >= 0 ? pending.slice(landed + 1) : [];
  }, [current]);
  const update = useCallback(
    (next: Update, options?: NavigateOptions) => {
      const base = new URLSearchParams(pending.at(-1) ?? rendered ?? current);
      const written = createSearchParams(typeof next === 'function' ? next(base) : next);
      pending.push(written.toString());
      setParams(written, options);
    },
    [current, setParams],
  );
  return [params, update];
}

/** Forgets the writes in flight and the last render: each test starts at its own address. */
export function resetUrlWrites(): void {
  pending = [];
  rendered = null;
}
