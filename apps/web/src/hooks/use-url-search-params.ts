import { useCallback, useLayoutEffect } from 'react';
import { createSearchParams, useSearchParams, type NavigateOptions, type URLSearchParamsInit } from 'react-router';

type Update = URLSearchParamsInit | ((previous: URLSearchParams) => URLSearchParamsInit);

/**
 * The query string as last written or rendered. React Router hands a functional update the params of the
 * render its setter came from, and a navigation renders in a transition: a second write made before that
 * render (typing in a list's search right after 'Clear filters') would start from the old params and
 * bring the cleared filters back.
 */
let latest: string | null = null;

/**
 * `useSearchParams` whose functional updates start from the latest write, even one the router has not
 * rendered yet. Every hook that writes the query string goes through it, so filters, search and paging
 * never undo each other.
 */
export function useUrlSearchParams(): [URLSearchParams, (update: Update, options?: NavigateOptions) => void] {
  const [params, setParams] = useSearchParams();
  const current = params.toString();
  useLayoutEffect(() => {
    // what the router renders is the truth again (a write landed, or the user went back)
    latest = current;
  }, [current]);
  const update = useCallback(
    (next: Update, options?: NavigateOptions) => {
      const base = new URLSearchParams(latest ?? current);
      const written = createSearchParams(typeof next === 'function' ? next(base) : next);
      latest = written.toString();
      setParams(written, options);
    },
    [current, setParams],
  );
  return [params, update];
}
