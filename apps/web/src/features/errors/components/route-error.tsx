import { useEffect, useState } from 'react';
import { useRouteError } from 'react-router';
import Button from '@mui/material/Button';
import { isChunkLoadError, reloadIfNewVersion } from '../../../lib/new-version';
import { reloadPage } from '../../../lib/reload-page';
import { ErrorPage } from './error-page';

/**
 * The route-level error boundary (`errorElement`) of the console: a screen that threw, or whose code
 * could not be fetched, shows the console's own error page (inside the signed-in layout when `framed`)
 * with 'Reload' and the ways back, never React Router's developer page. A screen whose code is gone
 * because a new version is out reloads the tab by itself, once per version.
 */
export function RouteError({ framed = false }: { framed?: boolean }) {
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  const [reloading, setReloading] = useState(false);
  useEffect(() => {
    if (!chunk) return;
    let live = true;
    void reloadIfNewVersion().then((outcome) => {
      if (live && outcome === 'reloading') setReloading(true);
    });
    return () => {
      live = false;
    };
  }, [chunk]);
  return (
    <ErrorPage
      framed={framed}
      title={chunk ? 'This screen could not be loaded' : 'Something went wrong'}
      text={
        reloading
          ? 'A new version of the console is out: loading it.'
          : chunk
            ? 'The console may have been updated since this tab was opened, or the connection dropped. Reload to get the latest version.'
            : 'This screen stopped with an error. Reload to try again. If it keeps happening, tell the Lectern administrators.'
      }
      actions={
        <Button variant="contained" onClick={reloadPage} disabled={reloading}>
          Reload
        </Button>
      }
    />
  );
}
