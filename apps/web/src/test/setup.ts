import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { resetUrlWrites } from '../hooks/use-url-search-params';
import { resetApiClient } from '../lib/api-client';
import { resetSessionCache } from '../lib/session';

// findBy/waitFor wait up to 5 s (not 1 s): lazy pages load slowly when the server and browser tiers
// run beside these tests on two cores.
configure({ asyncUtilTimeout: 5000 });

// A browser's Element#toString is '[object HTMLDivElement]'; happy-dom's serializes the element's whole
// subtree (its outerHTML). Popper (behind MUI's menus, selects and tooltips) calls it in every position
// update to tell a window from an element, which made serializing a tenth of a page test's time.
Element.prototype.toString = function (this: Element) {
  return `[object ${this.constructor.name}]`;
};

// No test reaches the network: a call still in flight when its test ends fails here instead.
globalThis.fetch = () => Promise.reject(new TypeError('No network in tests'));

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  resetSessionCache();
  resetApiClient();
  resetUrlWrites();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
