import { useEffect, useState, type ReactNode } from 'react';
import { IsRestoringProvider, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import CssBaseline from '@mui/material/CssBaseline';
// MUI's own ThemeProvider picks, at run time, between this provider and the one for themes of CSS
// variables, so it ships both; Vitalia's theme has no CSS variables and no colour schemes
// (app/theme.ts), the case in which MUI's provider hands the theme to this one. Imported
// directly, the first screen's script is 2.7 KB lighter (docs/performance.md).
import { ThemeProvider } from '@mui/system';
import { createQueryClient } from '../lib/query-client';
import { sessionStored } from '../lib/storage-keys';
import { subscribe as subscribeToTokens } from '../lib/token-store';
import { theme } from './theme';

interface ProvidersProps {
  children: ReactNode;
  /** Tests pass their own so cached data never leaks from one test into the next. */
  queryClient?: QueryClient;
}

export function Providers({ children, queryClient }: ProvidersProps) {
  const content = (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
  // Tests bring their own client and keep nothing on the device.
  if (queryClient) return <QueryClientProvider client={queryClient}>{content}</QueryClientProvider>;
  return <KeptReadingsProvider>{content}</KeptReadingsProvider>;
}

/**
 * The app's client with the readings kept on the device (docs/decisions/0035-offline-readings.md):
 * restored before any query runs (queries wait while restoring), saved as they change, and the
 * readings waiting to send are sent. All of it is loaded once a session is stored, at once for a
 * returning person (src/boot.ts asks for it beside the app's code) and at sign-in otherwise:
 * nothing is kept for someone signed out, and the sign-in page's first script stays without it.
 */
function KeptReadingsProvider({ children }: { children: ReactNode }) {
  const [client] = useState(createQueryClient);
  // Only a stored session has readings to restore; the queries of a signed-out page never wait.
  const [restoring, setRestoring] = useState(sessionStored);
  useEffect(() => {
    let stop: (() => void) | null = null;
    let cancelled = false;
    let started = false;
    const start = () => {
      if (started || cancelled || !sessionStored()) return;
      started = true;
      import('../lib/offline/kept-readings')
        .then(({ keepReadings }) => keepReadings(client))
        .then((stopSaving) => {
          if (cancelled) stopSaving();
          else stop = stopSaving;
        })
        // Not loaded (offline, and not in the service worker's cache): the next change of
        // session tries again; the screens work meanwhile from what the network gives them.
        .catch(() => {
          started = false;
        })
        .finally(() => {
          if (!cancelled) setRestoring(false);
        });
    };
    start();
    const unsubscribe = subscribeToTokens(start);
    return () => {
      cancelled = true;
      unsubscribe();
      stop?.();
    };
  }, [client]);
  return (
    <QueryClientProvider client={client}>
      <IsRestoringProvider value={restoring}>{children}</IsRestoringProvider>
    </QueryClientProvider>
  );
}
