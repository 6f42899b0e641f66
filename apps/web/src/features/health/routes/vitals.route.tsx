import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ChecklistIcon from '@mui/icons-material/Checklist';
import { useQueryClient } from '@tanstack/react-query';
import type { AnalysisResponse, HealthReading } from '@vitalia/api/records.contract';
import { analyseReading } from '@vitalia/health/analysis';
import { MEASURE_IDS, MEASURES, type MeasureId } from '@vitalia/health/measure.catalog';
import { useAnalysis } from '../../../readings/api/analysis.query';
import { useProfile } from '../../../api/profile.query';
import { useRatingProfile } from '../../../readings/rating-profile';
import { LoadError } from '../../../components/ui/load-error';
import { ResultsNotes } from '../../../readings/components/results-notes';
import { OfflineBanner } from '../../../lib/offline/offline-banner';
import { useOutbox } from '../../../lib/offline/outbox';
import { isPendingReading } from '../../../lib/offline/pending-reading';
import { PendingReadings } from '../../../lib/offline/pending-readings';
import { analysisWithWaiting, raisesTogether } from '../../../lib/offline/waiting-readings';
import { analysisQueryKey } from '../../../readings/api/records-query-keys';
import { ImportCard } from '../components/import-card';
import { MeasureCard } from '../components/measure-card';
import { NoticeSnackbar, useNotice } from '../components/notice-snackbar';
import { RemindersCard } from '../components/reminders-card';
import { ScoreSummary } from '../components/score-summary';
import { ShareCard } from '../components/share-card';
import { paths } from '../../../lib/paths';

/**
 * The tools beside the readings: reminders with the weekly summary, sharing and importing. In one
 * strip above the measures, so they are seen without scrolling past ten cards; on a phone the
 * reminders take the row and sharing and importing share the next
 * (docs/decisions/0052-dense-phone-layouts.md).
 */
function ToolStrip() {
  return (
    <Box
      data-testid="health-tools"
      sx={{
        display: 'grid',
        gap: { xs: 1.5, sm: 2 },
        gridTemplateColumns: {
          xs: 'repeat(2, minmax(0, 1fr))',
          md: 'minmax(0, 2fr) repeat(2, minmax(0, 1fr))',
        },
      }}
    >
      {/* Empty while the reminders load or when they cannot be: then it takes no row. */}
      <Box sx={{ gridColumn: { xs: '1 / -1', md: 'auto' }, '&:empty': { display: 'none' } }}>
        <RemindersCard />
      </Box>
      <ShareCard />
      <ImportCard />
    </Box>
  );
}

/**
 * My Health - Vitals: any urgent reading first, then the score, the tools, a card per measure and
 * the notes said under every set of results.
 */
export function VitalsRoute() {
  const analysisQuery = useAnalysis();
  const profileQuery = useProfile();
  const rating = useRatingProfile();
  const queryClient = useQueryClient();
  const notice = useNotice();
  const waiting = useOutbox();

  // Readings already shown (kept on the device, or fetched before the network went) stay on
  // screen when a refresh fails.
  if (analysisQuery.isPending && !analysisQuery.data) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
        <CircularProgress aria-label="Loading your readings" />
      </Box>
    );
  }
  if (!analysisQuery.data) {
    return (
      <LoadError
        what="Your readings"
        error={analysisQuery.error}
        onRetry={() => void analysisQuery.refetch()}
      />
    );
  }

  const profile = profileQuery.data;
  // A reading waiting to send counts as the measure's newest, as it will once sent.
  const analysis = analysisWithWaiting(analysisQuery.data, waiting, rating);

  const announce = (measure: MeasureId, reading: HealthReading) => {
    const rated = analyseReading(measure, reading, rating);
    const where = isPendingReading(reading) ? ' It will be sent when you are online.' : '';
    const shown = queryClient.getQueryData<AnalysisResponse>(analysisQueryKey);
    const together = raisesTogether(shown, reading, rating);
    const warning = together
      ? ' Read with your other readings, this needs emergency care now: see the banner at the top.'
      : '';
    notice.show(
      `${MEASURES[measure].displayName} reading saved: ${rated.result}.${warning}${where}`,
    );
    // The banner is at the top of the page, out of sight under the card that was used.
    if (together) window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  return (
    <Stack spacing={4} sx={{ maxWidth: 1400 }}>
      <OfflineBanner updatedAt={analysisQuery.dataUpdatedAt} />
      <PendingReadings items={waiting} profile={rating} showMeasure />
      <ScoreSummary analysis={analysis} />
      <ToolStrip />
      <Box component="section" aria-labelledby="measures-heading">
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            flexWrap: 'wrap',
            gap: 1,
            mb: 2,
          }}
        >
          <Typography id="measures-heading" variant="h5" component="h2" sx={{ fontWeight: 500 }}>
            Your measures
          </Typography>
          {/* Several readings on one form (docs/decisions/0055-morning-check.md). */}
          <Button
            component={RouterLink}
            to={paths.morningCheck}
            variant="outlined"
            startIcon={<ChecklistIcon />}
            sx={{ minHeight: 44 }}
          >
            Morning check
          </Button>
        </Box>
        <Box
          sx={{
            display: 'grid',
            gap: { xs: 2, sm: 3 },
            gridTemplateColumns: {
              xs: '1fr',
              md: 'repeat(2, minmax(0, 1fr))',
              lg: 'repeat(3, minmax(0, 1fr))',
            },
          }}
        >
          {MEASURE_IDS.map((measure) => (
            <MeasureCard
              key={measure}
              measure={measure}
              analysis={analysis.measures[measure]}
              reading={analysis.readings[measure]}
              profile={profile}
              onSaved={announce}
              onNotice={(message) => notice.show(message, 'info')}
              week={analysis.bloodPressureWeek}
            />
          ))}
        </Box>
      </Box>
      <ResultsNotes notes={analysis.notes} />
      <NoticeSnackbar {...notice.props} />
    </Stack>
  );
}
