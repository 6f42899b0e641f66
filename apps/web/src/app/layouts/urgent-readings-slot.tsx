import { useParams } from 'react-router';
import Box from '@mui/material/Box';
import { measureIdFromSlug } from '@vitalia/health/measure.catalog';
import { useAnalysis } from '../../api/analysis.query';
import { UrgentReadings } from '../../components/ui/urgent-readings';
import { useRouteHandle } from '../route-handle';

/**
 * The person's urgent readings, first on the screens of readings: above the layout's own notices
 * (a pending email confirmation can wait; a saturation of 90 % cannot). On a measure's own page
 * the banner does not offer to open that page again.
 */
export function UrgentReadingsSlot() {
  const { urgentReadings } = useRouteHandle();
  const { id } = useParams();
  const analysis = useAnalysis();
  if (!urgentReadings || !analysis.data) return null;
  const banner = <UrgentReadings analysis={analysis.data} onPageOf={measureIdFromSlug(id)} />;
  return <Box sx={{ mb: 3, '&:empty': { display: 'none' } }}>{banner}</Box>;
}
