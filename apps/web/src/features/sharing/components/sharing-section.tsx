import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { LoadError } from '../../../components/ui/load-error';

interface SharingSectionProps {
  id: string;
  icon: ReactNode;
  title: string;
  /** What the section is for, in a sentence under the heading. */
  intro: ReactNode;
  /** The section's main button, beside the heading where there is room. */
  action?: ReactNode;
  children: ReactNode;
}

/** One part of the sharing page: a card named by its heading, with its main button. */
export function SharingSection({ id, icon, title, intro, action, children }: SharingSectionProps) {
  return (
    <Card variant="outlined" component="section" aria-labelledby={id}>
      <CardContent sx={{ display: 'grid', gap: 2, p: { xs: 2, sm: 3 } }}>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
          <Box sx={{ flex: '1 1 320px', minWidth: 0 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5 }}>
              <Box sx={{ color: 'primary.main', display: 'flex' }} aria-hidden>
                {icon}
              </Box>
              <Typography id={id} variant="h6" component="h2">
                {title}
              </Typography>
            </Box>
            <Typography variant="body2" color="text.secondary">
              {intro}
            </Typography>
          </Box>
          {action && <Box sx={{ flexShrink: 0 }}>{action}</Box>}
        </Box>
        {children}
      </CardContent>
    </Card>
  );
}

/** One row of such a list: what it is, and beside it (under it on a phone) its buttons. */
export const rowSx = {
  display: 'flex',
  gap: 2,
  flexWrap: 'wrap',
  alignItems: 'flex-start',
  py: 2,
} as const;

/** A list of rows with a line between each two. */
export const dividedListSx = {
  listStyle: 'none',
  m: 0,
  p: 0,
  '& > li + li': { borderTop: 1, borderColor: 'divider' },
} as const;

interface SectionWaitingProps {
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  /** What could not be loaded: 'Your doctors'. */
  what: string;
  loadingLabel: string;
}

/** While a section's list loads: a spinner, or what went wrong with a Retry; nothing once loaded. */
export function SectionWaiting({ query, what, loadingLabel }: SectionWaitingProps) {
  if (query.isPending) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 2 }}>
        <CircularProgress size={28} aria-label={loadingLabel} />
      </Box>
    );
  }
  if (query.isError) {
    return <LoadError what={what} error={query.error} onRetry={() => void query.refetch()} />;
  }
  return null;
}
