import { useLayoutEffect } from 'react';
import { useIsRestoring } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { AnalysisResponse } from '@vitalia/api/records.contract';
import { MEASURE_IDS, type MeasureId } from '@vitalia/health/measure.catalog';
import { ResultsNotes } from '../../../readings/components/results-notes';
import { loadErrorMessage } from '../../../components/ui/load-error';
import { useAnalysis } from '../../../readings/api/analysis.query';
import { useAssessment } from '../../../api/assessment.query';
import { useProfile } from '../../../api/profile.query';
import { useRatingProfile } from '../../../readings/rating-profile';
import { useOffline } from '../../../lib/offline/network';
import { NotAvailableOffline } from '../../../lib/offline/not-available-offline';
import { OfflineBanner } from '../../../lib/offline/offline-banner';
import { useOutbox } from '../../../lib/offline/outbox';
import { PendingReadings } from '../../../lib/offline/pending-readings';
import { useKeepScreen } from '../../../lib/offline/screen-capture';
import { dropScreenSnapshot } from '../../../lib/offline/screen-snapshot';
import { analysisWithWaiting } from '../../../lib/offline/waiting-readings';
import { useDisplayUnit } from '../../../readings/format/display-unit.hook';
import { bloodPressureWeekText, sugarWeekText } from '../../../readings/format/week-average';
import { AddMeasureList } from '../components/add-measure-list';
import { DashboardSkeleton } from '../components/dashboard-skeleton';
import { FirstSteps, firstStartMeasures } from '../components/first-steps';
import { MeasureTile } from '../components/measure-tile';
import { QuickAddReading } from '../components/quick-add-reading';
import { RiskFactors } from '../components/risk-factors';
import { ScoreCard } from '../components/score-card';
import { tileGridSx } from '../components/tile-grid';

interface LoadErrorProps {
  what: string;
  error: unknown;
  onRetry: () => void;
}

function LoadError({ what, error, onRetry }: LoadErrorProps) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Retry
        </Button>
      }
    >
      <AlertTitle>{what} could not be loaded</AlertTitle>
      {loadErrorMessage(error)}
    </Alert>
  );
}

/**
 * The browser's Element Timing names the moment this heading is painted (by the app, or by the
 * copy of the screen painted at start): the bench's time until a returning person sees the
 * dashboard (scripts/bench/bench.mjs). Spread, as React's types do not list the attribute.
 */
const measuresHeadingTiming = { elementtiming: 'dashboard-measures' };

/**
 * Now and change: a score and a card for each measure recorded (its direction since the reading
 * before, a line of the last readings, the week's average where one helps), and a compact list
 * for the rest. Nothing recorded yet: a welcome with the usual first measures instead.
 */
function DashboardBody({ analysis }: { analysis: AnalysisResponse }) {
  const [sugarUnit] = useDisplayUnit('sugar');
  const recorded = MEASURE_IDS.filter((measure) => analysis.readings[measure] !== null);
  const missing = MEASURE_IDS.filter((measure) => analysis.readings[measure] === null);
  if (recorded.length === 0) {
    return (
      <>
        <FirstSteps profileComplete={analysis.profileOk === 1} />
        <AddMeasureList
          heading="Or another measure"
          measures={missing.filter((measure) => !firstStartMeasures.includes(measure))}
        />
      </>
    );
  }
  const weeks: Partial<Record<MeasureId, { figure: string; count: string } | null>> = {
    bloodPressure: analysis.bloodPressureWeek && bloodPressureWeekText(analysis.bloodPressureWeek),
    sugar: analysis.sugarWeek && sugarWeekText(analysis.sugarWeek, sugarUnit),
  };
  return (
    <>
      <ScoreCard analysis={analysis} />
      <Box component="section" aria-labelledby="dashboard-measures-heading">
        <Typography
          id="dashboard-measures-heading"
          variant="h5"
          component="h2"
          sx={{ mb: 2 }}
          {...measuresHeadingTiming}
        >
          Your measures
        </Typography>
        <Box sx={tileGridSx}>
          {recorded.map((measure) => (
            <MeasureTile
              key={measure}
              measure={measure}
              rated={analysis.measures[measure]}
              reading={analysis.readings[measure]}
              recent={analysis.recent[measure]}
              week={weeks[measure] ?? null}
            />
          ))}
        </Box>
      </Box>
      <AddMeasureList heading="Not recorded yet" measures={missing} />
      <ResultsNotes notes={analysis.notes} />
    </>
  );
}

export function DashboardRoute() {
  const analysis = useAnalysis();
  const assessment = useAssessment();
  const profile = useProfile();
  const rating = useRatingProfile();
  const waiting = useOutbox();
  const offline = useOffline();
  // Offline, a part never kept on this device says so: its request is paused until the network
  // returns, and a skeleton would wait for it forever.
  const unavailable = (query: { data: unknown; fetchStatus: string }) =>
    query.data === undefined && (offline || query.fetchStatus === 'paused');
  // The copy of this screen painted at start (src/boot.ts) gives way once the screen shows the
  // readings, or says why it cannot; never to the skeleton, which would blank them for a moment.
  // Not while the readings kept on the device are still being restored: offline, the screen
  // said "not available offline" for that moment.
  const restoring = useIsRestoring();
  const settled = !restoring && (!analysis.isPending || unavailable(analysis));
  useLayoutEffect(() => {
    if (settled) dropScreenSnapshot();
  }, [settled]);
  // And a new copy is kept as what the screen shows changes
  // (docs/decisions/0042-returning-dashboard-painted-from-the-device.md).
  useKeepScreen(
    analysis.data !== undefined,
    [
      analysis.dataUpdatedAt,
      assessment.dataUpdatedAt,
      profile.dataUpdatedAt,
      waiting.map((item) => `${item.key}:${item.refusal ?? ''}`).join(),
    ].join(' '),
  );

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <OfflineBanner updatedAt={analysis.dataUpdatedAt || assessment.dataUpdatedAt} />
      {/* The layout's header names the page (its h1); this bar holds the quick action. */}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <QuickAddReading />
      </Box>

      <PendingReadings items={waiting} profile={rating} showMeasure />

      {/* Readings already shown (kept on the device, or fetched before the network went) stay
          on screen when a refresh fails. */}
      {analysis.data ? (
        // A reading waiting to send counts as the measure's newest, as it will once sent.
        <DashboardBody analysis={analysisWithWaiting(analysis.data, waiting, rating)} />
      ) : unavailable(analysis) ? (
        <NotAvailableOffline what="Your readings" />
      ) : analysis.isPending ? (
        <DashboardSkeleton />
      ) : (
        <LoadError
          what="Your readings"
          error={analysis.error}
          onRetry={() => void analysis.refetch()}
        />
      )}

      {assessment.data !== undefined ? (
        <RiskFactors assessment={assessment.data} />
      ) : unavailable(assessment) ? (
        <NotAvailableOffline what="Your risk factors" />
      ) : assessment.isPending ? (
        <Box role="status" aria-busy="true" aria-label="Loading your risk factors">
          <Skeleton variant="rounded" height={120} />
        </Box>
      ) : (
        <LoadError
          what="Your risk factors"
          error={assessment.error}
          onRetry={() => void assessment.refetch()}
        />
      )}
    </Box>
  );
}
