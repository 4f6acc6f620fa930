import { reloadPage } from './reload-page';

/**
 * A screen's code is a chunk named by its hash: after a deploy the old names are gone, and a tab opened
 * before it fails to load the screens it has not loaded yet. Such a failure is told apart from other
 * errors, and the tab reloads by itself once when a new version is out (its index page names another
 * entry script); a second failure for the same version shows the reload offer instead of looping.
 */

/** What browsers (and Vite's preloading) say when a lazily imported chunk cannot be fetched. */
const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS|Loading (CSS )?chunk [\w-]+ failed/i;

/** Whether `error` is a failed dynamic import (a chunk that could not be fetched). */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || CHUNK_ERROR.test(error.message);
}

/** The entry script an index page names, e.g. '/assets/index-C-yXG73q.js', or null. */
export function entryScriptOf(html: string): string | null {
  for (const tag of html.match(/<script\b[^>]*>/gi) ?? []) {
    if (!/\btype=["']?module\b/i.test(tag)) continue;
    const src = /\bsrc=["']?([^"'\s>]+)/i.exec(tag)?.[1];
    if (src) return src;
  }
  return null;
}

/** The entry script this tab runs. */
function currentEntryScript(): string | null {
  return document.querySelector('script[type="module"][src]')?.getAttribute('src') ?? null;
}

/** The entry script the server names now (its index page, asked past every cache), or null if unknown. */
async function latestEntryScript(): Promise<string | null> {
  try {
    const response = await fetch('/', { cache: 'no-store', headers: { accept: 'text/html' } });
    return response.ok ? entryScriptOf(await response.text()) : null;
  } catch {
    return null;
  }
}

/** The key under which the tab remembers the version it reloaded for (once per version, per tab). */
export const RELOADED_FOR_KEY = 'lectern.reloaded-for-version';

type NewVersionOutcome = 'reloading' | 'same-version' | 'already-reloaded' | 'unknown';

/**
 * Reloads the tab when the server names another entry script than the one running, unless this tab
 * already reloaded for that version (the loop guard, in sessionStorage).
 */
export async function reloadIfNewVersion(): Promise<NewVersionOutcome> {
  const latest = await latestEntryScript();
  const current = currentEntryScript();
  if (latest === null || current === null) return 'unknown';
  if (latest === current) return 'same-version';
  try {
    if (sessionStorage.getItem(RELOADED_FOR_KEY) === latest) return 'already-reloaded';
    sessionStorage.setItem(RELOADED_FOR_KEY, latest);
  } catch {
    return 'unknown'; // no storage, no guard: never reload by itself
  }
  reloadPage();
  return 'reloading';
}

/**
 * A chunk preloaded by Vite that fails outside a screen (a dialog, a notification host) raises
 * `vite:preloadError`: the same check runs, and the error goes on to whoever imported it.
 */
export function reloadOnPreloadError(): () => void {
  const listener = () => void reloadIfNewVersion();
  window.addEventListener('vite:preloadError', listener);
  return () => window.removeEventListener('vite:preloadError', listener);
}
