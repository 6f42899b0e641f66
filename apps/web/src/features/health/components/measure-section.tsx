import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useIsRestoring } from '@tanstack/react-query';
import { LoadError } from '../../../components/ui/load-error';
import { useOffline } from '../../../lib/offline/network';
import { NotAvailableOffline } from '../../../lib/offline/not-available-offline';

interface MeasureSectionProps {
  /** The heading's id, which names the region. */
  id: string;
  title: string;
  /** Controls beside the heading, such as the chart's period. */
  action?: ReactNode;
  children: ReactNode;
}

/** One card of a measure's page: a region named by its heading. */
export function MeasureSection({ id, title, action, children }: MeasureSectionProps) {
  return (
    <Card
      variant="outlined"
      component="section"
      aria-labelledby={id}
      sx={{ minWidth: 0, height: '100%' }}
    >
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 2,
            flexWrap: 'wrap',
            mb: 2,
          }}
        >
          <Typography id={id} variant="h6" component="h3" sx={{ fontWeight: 500 }}>
            {title}
          </Typography>
          {action}
        </Box>
        {children}
      </CardContent>
    </Card>
  );
}

interface SectionWaitingProps {
  query: { isError: boolean; error: unknown; fetchStatus: string; refetch: () => unknown };
  /** What could not be loaded: 'The chart'. */
  what: string;
  /** The spinner's name for a screen reader: 'Loading the chart'. */
  loadingLabel: string;
}

/**
 * What a section shows until its data is there: a spinner, what went wrong with a Retry, or,
 * offline, that it was never kept on this device: its request is paused until the network
 * returns, and a spinner would turn for ever (docs/decisions/0035-offline-readings.md).
 */
export function SectionWaiting({ query, what, loadingLabel }: SectionWaitingProps) {
  const offline = useOffline();
  // Not while what the device kept is still being restored: it may hold this section's data.
  const restoring = useIsRestoring();
  if (query.isError) {
    return <LoadError what={what} error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (!restoring && (offline || query.fetchStatus === 'paused'))
    return <NotAvailableOffline what={what} />;
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
      <CircularProgress aria-label={loadingLabel} size={32} />
    </Box>
  );
}
