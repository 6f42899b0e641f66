import { useEffect, useState, type ReactNode } from 'react';
import { IsRestoringProvider, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { startOfflineSync } from '../lib/offline/outbox-sync';
import { restoreKeptQueries, saveKeptQueriesOnChange } from '../lib/offline/query-persistence';
import { SignOutGuard } from '../lib/offline/sign-out-guard';
import { createQueryClient } from '../lib/query-client';
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
      <SignOutGuard />
    </ThemeProvider>
  );
  // Tests bring their own client and keep nothing on the device.
  if (queryClient) return <QueryClientProvider client={queryClient}>{content}</QueryClientProvider>;
  return <KeptReadingsProvider>{content}</KeptReadingsProvider>;
}

/**
 * The app's client with the readings kept on the device (docs/decisions/0035-offline-readings.md):
 * restored before any query runs (queries wait while restoring), saved as they change, and the
 * readings waiting to send are sent.
 */
function KeptReadingsProvider({ children }: { children: ReactNode }) {
  const [client] = useState(createQueryClient);
  const [restoring, setRestoring] = useState(true);
  useEffect(() => {
    startOfflineSync(client);
    let stop: (() => void) | null = null;
    let cancelled = false;
    void restoreKeptQueries(client)
      .catch(() => undefined)
      .finally(() => {
        if (cancelled) return;
        stop = saveKeptQueriesOnChange(client);
        setRestoring(false);
      });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [client]);
  return (
    <QueryClientProvider client={client}>
      <IsRestoringProvider value={restoring}>{children}</IsRestoringProvider>
    </QueryClientProvider>
  );
}
