import { lazy } from 'react';
import { screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, Outlet } from 'react-router';
import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { RELOADED_FOR_KEY, entryScriptOf, isChunkLoadError } from '../../../lib/new-version';
import { reloadPage } from '../../../lib/reload-page';
import { RouteError } from './route-error';

// The Coupons screen stands in for any lazily loaded screen: it throws what the test sets.
const screenCode = vi.hoisted(() => ({ error: null as Error | null }));
vi.mock('../../coupons/components/coupons-page', () => ({
  default: function CouponsPage() {
    if (screenCode.error) throw screenCode.error;
    return <h1>Coupons</h1>;
  },
}));
vi.mock('../../../lib/reload-page', () => ({ reloadPage: vi.fn() }));

const CHUNK_GONE = new TypeError(
  'Failed to fetch dynamically imported module: http://lectern.test/assets/coupons-page-Dk2x9.js',
);
const RUNNING = '/assets/index-old1.js';
const indexPage = (entry: string) =>
  `<!doctype html><html><head><script type='module' crossorigin src='${entry}'></script></head><body><div id='root'></div></body></html>`;

// the tab's entry script, as its index page named it (parsed in, so it is not run)
beforeEach(() => {
  // React and React Router report each caught error on the console: expected here
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  document.head.insertAdjacentHTML('beforeend', `<script type="module" data-test-entry src="${RUNNING}"></script>`);
  vi.mocked(reloadPage).mockClear();
});
afterEach(() => {
  document.querySelector('script[data-test-entry]')?.remove();
  screenCode.error = null;
  vi.restoreAllMocks();
});

/** The API, and the index page the server names now. */
async function serverWith(latestEntry: string) {
  return mockApi({ 'GET /': { file: indexPage(latestEntry), headers: { 'content-type': 'text/html' } } });
}

describe('a screen whose code cannot be fetched', () => {
  it('shows the console error page inside the product frame with Reload and a way home, and does not reload when the version is the same', async () => {
    screenCode.error = CHUNK_GONE;
    const api = await serverWith(RUNNING);
    const { user } = renderApp('/coupons', { roles: ['SUPER_ADMIN'] });
    // the first test loads the signed-in layout's code cold
    await screen.findByRole('heading', { level: 1, name: 'This screen could not be loaded' }, { timeout: 20_000 });
    expect(screen.queryByText(/Hey developer|Unexpected Application Error/)).toBeNull();
    // the frame stays: the navigation and the account are still there
    expect(screen.getByRole('navigation', { name: /./ })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Your account' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Account Overview' }).getAttribute('href')).toBe('/overview');
    await waitFor(() => expect(api.find('GET /')).toHaveLength(1));
    expect(reloadPage).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('reloads by itself once when a new version is out, and not again for the same version', async () => {
    screenCode.error = CHUNK_GONE;
    await serverWith('/assets/index-new2.js');
    const first = renderApp('/coupons', { roles: ['SUPER_ADMIN'] });
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    expect(sessionStorage.getItem(RELOADED_FOR_KEY)).toBe('/assets/index-new2.js');
    await screen.findByText('A new version of the console is out: loading it.');
    first.unmount();

    // the reloaded tab still cannot load the screen (the new version lacks it too): no loop
    const api = await serverWith('/assets/index-new2.js');
    sessionStorage.setItem(RELOADED_FOR_KEY, '/assets/index-new2.js');
    renderApp('/coupons', { roles: ['SUPER_ADMIN'] });
    await screen.findByRole('heading', { level: 1, name: 'This screen could not be loaded' });
    await waitFor(() => expect(api.find('GET /')).toHaveLength(1));
    await screen.findByRole('button', { name: 'Reload' });
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('a screen that throws another error shows "Something went wrong" with Reload, and never reloads by itself', async () => {
    screenCode.error = new Error('Cannot read properties of undefined');
    const api = await serverWith('/assets/index-new2.js');
    renderApp('/coupons', { roles: ['SUPER_ADMIN'] });
    await screen.findByRole('heading', { level: 1, name: 'Something went wrong' });
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(api.find('GET /')).toHaveLength(0);
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('outside the signed-in layout (a lazy import that rejects) the full-page error shows', async () => {
    await serverWith(RUNNING);
    const Broken = lazy(() => Promise.reject(CHUNK_GONE));
    const router = createMemoryRouter(
      [{ element: <Outlet />, errorElement: <RouteError />, children: [{ path: '/', element: <Broken /> }] }],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    await screen.findByRole('heading', { level: 1, name: 'This screen could not be loaded' });
    expect(screen.getByRole('main')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
  });
});

describe('telling a chunk error and a new version', () => {
  it.each([
    'Failed to fetch dynamically imported module: https://x/assets/a-1.js',
    'Importing a module script failed.',
    'error loading dynamically imported module: https://x/assets/a-1.js',
    'Unable to preload CSS for /assets/a-1.css',
  ])('%s is a chunk error', (message) => {
    expect(isChunkLoadError(new TypeError(message))).toBe(true);
  });

  it('other errors are not', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch'))).toBe(false);
    expect(isChunkLoadError('Importing a module script failed.')).toBe(false);
  });

  it('reads the entry script of an index page', () => {
    expect(
      entryScriptOf(
        '<link rel="modulepreload" href="/assets/react-1.js"><script type="module" crossorigin src="/assets/index-C-yXG73q.js"></script>',
      ),
    ).toBe('/assets/index-C-yXG73q.js');
    expect(entryScriptOf('<script src="/legacy.js"></script>')).toBeNull();
  });
});
