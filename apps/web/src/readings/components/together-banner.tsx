// The banner for readings read together (docs/clinical-reference.md, 'Readings read together'):
// the readings it combined, each reason in plain words, and the emergency number, above the
// banners of single readings when it is at least as urgent.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { AnalysisResponse, HealthReading } from '@vitalia/api/records.contract';
import { MEASURES, type MeasureId } from '@vitalia/health/measure.catalog';
import type { TogetherCode } from '@vitalia/health/together.rules';
import type { UrgentTogether } from '../format/urgent-shown';
import { useDisplayUnit } from '../format/display-unit.hook';
import { readingText } from '../format/reading-format';
import { formatTakenAgo, formatTakenAt } from '../format/reading-time';
import { UrgentAlert } from './urgent-alert';

const reasonTitles: Record<TogetherCode, (score: number | null) => string> = {
  EARLY_WARNING: (score) => `Early-warning score ${score ?? ''}`.trim(),
  POSSIBLE_SERIOUS_INFECTION: () => 'Possible serious infection',
  POSSIBLE_SHOCK: () => 'Possible shock',
};

function CombinedReading({ measure, reading }: { measure: MeasureId; reading: HealthReading }) {
  const [unit] = useDisplayUnit(measure);
  return (
    <li>
      {MEASURES[measure].displayName}: {readingText(measure, reading, unit)}, taken{' '}
      <time dateTime={reading.takenAt} title={formatTakenAt(reading.takenAt)}>
        {formatTakenAgo(reading.takenAt)}
      </time>
    </li>
  );
}

interface TogetherBannerProps {
  together: UrgentTogether;
  readings: AnalysisResponse['readings'];
  emergency: AnalysisResponse['emergency'];
}

export function TogetherBanner({ together, readings, emergency }: TogetherBannerProps) {
  const combined = Object.keys(MEASURES).filter((measure) =>
    together.reasons.some((reason) => reason.measures.includes(measure as MeasureId)),
  ) as MeasureId[];
  return (
    <UrgentAlert
      urgency={together.urgency}
      label={`Urgent: ${combined.length} readings together`}
      emergencyNumber={emergency.number}
      together
    >
      <Typography sx={{ fontWeight: 500 }}>Together, these readings need care:</Typography>
      <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5, overflowWrap: 'anywhere' }}>
        {combined.flatMap((measure) => {
          const reading = readings[measure];
          return reading
            ? [<CombinedReading key={measure} measure={measure} reading={reading} />]
            : [];
        })}
      </Box>
      {together.reasons.map((reason) => (
        <Typography key={reason.code} sx={{ mt: 1 }}>
          <strong>{reasonTitles[reason.code](together.score)}:</strong> {reason.message}
        </Typography>
      ))}
    </UrgentAlert>
  );
}
