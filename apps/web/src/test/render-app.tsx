import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import type { Role } from '@lectern/contract';
import { AppProvider, createAppQueryClient } from '../app/provider';
import { routes } from '../app/router';
import { setSession } from '../lib/session';
import { setSessionUser, testUser } from './mock-api';

/** Renders the whole app at `path`, optionally signed in with `roles`. */
export function renderApp(path: string, options: { roles?: Role[]; userName?: string } = {}) {
  if (options.roles) {
    const user = testUser(options.roles, options.userName);
    setSessionUser(user);
    setSession('test-token', user);
  }
  const queryClient = createAppQueryClient();
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({
    ...defaults,
    queries: { ...defaults.queries, retry: false, refetchInterval: false },
  });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup();
  const view = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router, queryClient, user };
}
