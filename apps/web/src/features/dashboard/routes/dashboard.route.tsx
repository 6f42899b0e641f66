import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { MEASURE_IDS } from '@vitalia/health/measure.catalog';
import { ResultsNotes } from '../../../components/ui/results-notes';
import { apiErrorMessage } from '../../../lib/api-client';
import { useAnalysis } from '../../../api/analysis.query';
import { useAssessment } from '../../../lib/assessment.query';
import { DashboardSkeleton } from '../components/dashboard-skeleton';
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
      {apiErrorMessage(error)}
    </Alert>
  );
}

export function DashboardRoute() {
  const analysis = useAnalysis();
  const assessment = useAssessment();

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      {/* The layout's header names the page (its h1); this bar holds the quick action. */}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <QuickAddReading />
      </Box>

      {analysis.isPending ? (
        <DashboardSkeleton />
      ) : analysis.isError ? (
        <LoadError
          what="Your readings"
          error={analysis.error}
          onRetry={() => void analysis.refetch()}
        />
      ) : (
        <>
          <ScoreCard analysis={analysis.data} />
          <Box component="section" aria-labelledby="dashboard-measures-heading">
            <Typography id="dashboard-measures-heading" variant="h5" component="h2" sx={{ mb: 2 }}>
              Your measures
            </Typography>
            <Box sx={tileGridSx}>
              {MEASURE_IDS.map((measure) => (
                <MeasureTile
                  key={measure}
                  measure={measure}
                  rated={analysis.data.measures[measure]}
                  reading={analysis.data.readings[measure]}
                />
              ))}
            </Box>
          </Box>
          <ResultsNotes notes={analysis.data.notes} />
        </>
      )}

      {assessment.isPending ? (
        <Box role="status" aria-busy="true" aria-label="Loading your risk factors">
          <Skeleton variant="rounded" height={120} />
        </Box>
      ) : assessment.isError ? (
        <LoadError
          what="Your risk factors"
          error={assessment.error}
          onRetry={() => void assessment.refetch()}
        />
      ) : (
        <RiskFactors assessment={assessment.data} />
      )}
    </Box>
  );
}
