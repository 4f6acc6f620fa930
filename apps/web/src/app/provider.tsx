import { useEffect, useState, type ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { NotifySnackbarHost, notify } from '../components/feedback/notify';
import { createQueryClient } from '../lib/query-client';
import { getSession, subscribeSession } from '../lib/session';
import { theme } from './theme';

export function createAppQueryClient(): QueryClient {
  return createQueryClient({
    error: (message) => notify('error', message),
    success: (message) => notify('success', message),
  });
}

/** Theme, baseline styles, server state and snackbars (at most 4 at once, hidden after 4000 ms; loaded with the first). */
export function AppProvider({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createAppQueryClient());
  useClearCacheWhenUserChanges(client);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={client}>
        {children}
        <NotifySnackbarHost />
      </QueryClientProvider>
    </ThemeProvider>
  );
}

/** One user's cached data must never show to the next one signing in on the same tab. */
function useClearCacheWhenUserChanges(client: QueryClient): void {
  useEffect(() => {
    let token = getSession()?.token ?? null;
    return subscribeSession(() => {
      const next = getSession()?.token ?? null;
      if (next !== token) {
        token = next;
        client.removeQueries({ predicate: (query) => query.queryKey[0] !== 'config' });
      }
    });
  }, [client]);
}
