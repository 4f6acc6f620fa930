import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { reloadOnPreloadError } from './lib/new-version';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// a chunk that cannot be fetched after a deploy: reload once for the new version (lib/new-version.ts)
reloadOnPreloadError();

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
