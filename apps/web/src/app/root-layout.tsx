import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { MESSAGES } from '@lectern/contract';
import { FetchingBar } from '../components/feedback/fetching-bar';
import { MutationSpinner } from '../components/feedback/mutation-spinner';
import { notify } from '../components/feedback/notify';
import { PageLoading } from '../components/page-loading';
import { onSessionInvalid } from '../lib/api-client';
import { EnvironmentRibbon } from './layout/environment-ribbon';

/** Above every route: the environment ribbon, call-status indicators and the reaction to an ended session. */
export function RootLayout() {
  useSignOutWhenSessionEnds();
  return (
    <>
      <EnvironmentRibbon />
      <FetchingBar />
      <MutationSpinner />
      <Suspense fallback={<PageLoading fullScreen />}>
        <Outlet />
      </Suspense>
    </>
  );
}

/**
 * The API client has already cleared the session; the app tells the user and goes to sign-in,
 * remembering the page so signing in again returns there (spec 1 §4).
 */
function useSignOutWhenSessionEnds(): void {
  const navigate = useNavigate();
  const location = useLocation();
  const current = useRef(location);
  useEffect(() => {
    current.current = location;
  }, [location]);
  useEffect(
    () =>
      onSessionInvalid(({ hadToken }) => {
        if (!hadToken) return;
        notify('warning', MESSAGES.signedOut);
        const { pathname, search, hash } = current.current;
        void navigate('/auth/login', { replace: true, state: { from: { pathname, search, hash } } });
      }),
    [navigate],
  );
}
