import { useParams } from 'react-router';
import Box from '@mui/material/Box';
import { measureIdFromSlug } from '@vitalia/health/measure.catalog';
import { raisesBanner, urgentShown } from '../../readings/format/urgent-shown';
import { useAnalysis } from '../../readings/api/analysis.query';
import { useRatingProfile } from '../../readings/rating-profile';
import { UrgentReadings } from '../../readings/components/urgent-readings';
import { useOutbox } from '../../lib/offline/outbox';
import { withWaitingReadings } from '../../lib/offline/waiting-readings';
import { useRouteHandle } from '../route-handle';

/**
 * The person's urgent readings, first on the screens of readings: above the layout's own notices
 * (a pending email confirmation can wait; a saturation of 90 % cannot). On a measure's own page
 * the banner does not offer to open that page again. Readings waiting to send count as if sent,
 * so a dangerous one raises the banner offline too (docs/decisions/0035-offline-readings.md).
 */
/**
 * True while any reading, alone or read together with others, needs care now or today (the
 * readings waiting to send counted in), and while the analysis that would say so is still on its
 * way: no dialog opens by itself over an urgent banner, nor just before one appears.
 */
export function useUrgentOrUnknown(): boolean {
  const analysis = useAnalysis();
  const profile = useRatingProfile();
  const waiting = useOutbox();
  if (analysis.isPending && analysis.fetchStatus === 'fetching') return true;
  const source = withWaitingReadings(analysis.data, waiting, profile);
  return source !== null && raisesBanner(urgentShown(source));
}

export function UrgentReadingsSlot() {
  const { urgentReadings } = useRouteHandle();
  const { id } = useParams();
  const analysis = useAnalysis();
  const profile = useRatingProfile();
  const waiting = useOutbox();
  if (!urgentReadings) return null;
  const source = withWaitingReadings(analysis.data, waiting, profile);
  if (!source) return null;
  const banner = <UrgentReadings analysis={source} onPageOf={measureIdFromSlug(id)} />;
  return <Box sx={{ mb: 3, '&:empty': { display: 'none' } }}>{banner}</Box>;
}
