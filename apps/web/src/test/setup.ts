import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { resetApiClient } from '../lib/api-client';
import { resetSessionCache } from '../lib/session';

// No test reaches the network: a call still in flight when its test ends fails here instead.
globalThis.fetch = () => Promise.reject(new TypeError('No network in tests'));

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  resetSessionCache();
  resetApiClient();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
