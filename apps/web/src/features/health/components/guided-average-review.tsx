import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useRatingProfile } from '../../../readings/rating-profile';
import { analyseReading } from '@vitalia/health/analysis';
import { averagePair, type averageRequest, type TakenPair } from '../utils/guided-blood-pressure';
import { previewReading } from '../utils/reading-form';
import { InterpretationPreview, type PreviewState } from './interpretation-preview';
import { useEmergencyNumber } from '../../../readings/api/analysis.query';

interface GuidedAverageReviewProps {
  first: TakenPair;
  second: TakenPair;
  average: ReturnType<typeof averageRequest>;
  /** Why saving failed, when it did. */
  failure: string | null;
}

function PairLine({
  label,
  pair,
  strong,
}: {
  label: string;
  pair: TakenPair | { systolic: number; diastolic: number };
  strong?: boolean;
}) {
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        justifyContent: 'space-between',
        gap: 2,
        py: 1,
        borderBottom: strong ? 0 : 1,
        borderColor: 'divider',
      }}
    >
      <Typography sx={{ fontWeight: strong ? 500 : 400 }}>{label}</Typography>
      <Typography sx={{ fontWeight: strong ? 600 : 400, fontVariantNumeric: 'tabular-nums' }}>
        {pair.systolic}/{pair.diastolic} mmHg
      </Typography>
    </Box>
  );
}

/** The last step of the guided measurement: both readings, their average and its rating. */
export function GuidedAverageReview({ first, second, average, failure }: GuidedAverageReviewProps) {
  const mean = averagePair(first, second);
  const profile = useRatingProfile();
  const emergencyNumber = useEmergencyNumber();
  const state: PreviewState =
    average.problems.length === 0
      ? {
          kind: 'rated',
          // Rated as it will be stored, before anything is saved.
          analyses: [
            analyseReading('bloodPressure', previewReading(average.request, new Date()), profile),
          ],
        }
      : { kind: 'problem', message: average.problems[0]?.message ?? 'type both readings again' };
  return (
    <>
      <Typography>
        The average of your two readings is saved as one reading, rounded to whole mmHg.
      </Typography>
      <Box component="ul" aria-label="Your readings" sx={{ m: 0, p: 0, listStyle: 'none' }}>
        <PairLine label="First reading" pair={first} />
        <PairLine label="Second reading" pair={second} />
        <PairLine label="Average, to be saved" pair={mean} strong />
      </Box>
      <InterpretationPreview state={state} emergencyNumber={emergencyNumber} />
      {failure && <Alert severity="error">{failure}</Alert>}
    </>
  );
}
