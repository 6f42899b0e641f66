import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type {
  AnalysisResponse,
  HealthReading,
  MeasureAnalysis,
} from '@vitalia/api/records.contract';
import { MEASURE_IDS, MEASURES, type MeasureId } from '@vitalia/health/measure.catalog';
import { urgencyRank } from '@vitalia/health/analysis.model';
import { beyondOwnRatings, readTogether } from '@vitalia/health/together.rules';
import { useDisplayUnit } from '../format/display-unit.hook';
import { measureInSentence, readingText } from '../format/reading-format';
import { formatTakenAgo, formatTakenAt } from '../format/reading-time';
import { freshFor } from '../format/score-text';
import { paths } from '../../lib/paths';
import { TogetherBanner } from './together-banner';
import { CallButton, UrgentAlert } from './urgent-alert';

type Urgent = MeasureAnalysis & { urgency: 'now' | 'today' };

interface UrgentReadingProps {
  measure: MeasureId;
  rated: Urgent;
  reading: HealthReading | null;
  emergency: AnalysisResponse['emergency'];
  offerNewReading: boolean;
}

function UrgentReading({
  measure,
  rated,
  reading,
  emergency,
  offerNewReading,
}: UrgentReadingProps) {
  const [unit] = useDisplayUnit(measure);
  const value = reading
    ? readingText(measure, reading, unit)
    : [rated.value, rated.unit].filter(Boolean).join(' ');
  const crisisLine = measure === 'mood' ? emergency.crisisLine : null;

  return (
    <UrgentAlert
      urgency={rated.urgency}
      label={`Urgent: ${measureInSentence(measure)} ${value}`}
      emergencyNumber={emergency.number}
      actions={
        <>
          {crisisLine && (
            <CallButton number={crisisLine} urgency={rated.urgency}>
              Crisis line {crisisLine}
            </CallButton>
          )}
          {offerNewReading && (
            <Button
              component={RouterLink}
              to={paths.addReading(MEASURES[measure].slug)}
              variant="outlined"
              color="inherit"
            >
              Record a new reading
            </Button>
          )}
        </>
      }
    >
      <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
        {MEASURES[measure].displayName}: {value}
        {reading && (
          <>
            , taken{' '}
            <time dateTime={reading.takenAt} title={formatTakenAt(reading.takenAt)}>
              {formatTakenAgo(reading.takenAt)}
            </time>{' '}
            ({formatTakenAt(reading.takenAt)})
          </>
        )}
      </Typography>
      {rated.old && (
        <Typography sx={{ mt: 0.5 }}>
          This reading is more than {freshFor(measure)} old. If you have not measured since, measure
          again now.
        </Typography>
      )}
      {rated.firstAction && (
        <Typography sx={{ mt: 1 }}>
          <strong>What to do first:</strong> {rated.firstAction}
        </Typography>
      )}
      {rated.emergencySigns && (
        <Typography sx={{ mt: 1 }}>
          <strong>Signs of an emergency:</strong> {rated.emergencySigns}
        </Typography>
      )}
    </UrgentAlert>
  );
}

/**
 * A banner for each measure whose newest reading is urgent, 'now' before 'today' (decision 0019).
 * It leaves when a newer reading of that measure is not urgent, because it reads the analysis.
 */
interface UrgentReadingsProps {
  /** The analysis, or the same three parts with the readings waiting to send counted in. */
  analysis: Pick<AnalysisResponse, 'measures' | 'readings' | 'emergency'>;
  /** The measure whose page this is: its own Add reading button is at hand, so no link to it. */
  onPageOf?: MeasureId;
}

export function UrgentReadings({ analysis, onPageOf }: UrgentReadingsProps) {
  const urgent = MEASURE_IDS.flatMap((measure) => {
    const rated = analysis.measures[measure];
    return rated.urgency === null ? [] : [{ measure, rated: rated as Urgent }];
  }).sort((a, b) => Number(a.rated.urgency === 'today') - Number(b.rated.urgency === 'today'));
  // Read from the newest readings by the same rules as the server's answer, so an analysis kept
  // on the phone by an older version, or readings waiting to send, are read together too.
  // Only what the readings together add to each one's own banner is shown.
  const together = beyondOwnRatings(readTogether(analysis.readings), analysis.measures);
  const togetherFirst =
    together.urgency !== null &&
    urgencyRank(together.urgency) >= urgencyRank(urgent[0]?.rated.urgency);
  if (urgent.length === 0 && together.urgency === null) return null;
  const togetherBanner = together.urgency !== null && (
    <TogetherBanner
      together={{ ...together, urgency: together.urgency }}
      readings={analysis.readings}
      emergency={analysis.emergency}
    />
  );
  return (
    <Stack spacing={2}>
      {togetherFirst && togetherBanner}
      {urgent.map(({ measure, rated }) => (
        <UrgentReading
          key={measure}
          measure={measure}
          rated={rated}
          reading={analysis.readings[measure]}
          emergency={analysis.emergency}
          offerNewReading={measure !== onPageOf}
        />
      ))}
      {!togetherFirst && togetherBanner}
    </Stack>
  );
}
