import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AnalysisResponse, HealthReading } from '@vitalia/api/records.contract';
import { MEASURES, type MeasureId } from '@vitalia/health/measure.catalog';
import { urgencyRank } from '@vitalia/health/analysis.model';
import { useDisplayUnit } from '../format/display-unit.hook';
import { measureInSentence, readingText } from '../format/reading-format';
import { daysOld, formatTakenAgo, formatTakenAt } from '../format/reading-time';
import { urgentShown, type Urgent } from '../format/urgent-shown';
import { freshFor } from '../format/score-text';
import { paths } from '../../lib/paths';
import { TogetherBanner } from './together-banner';
import { bannerCallTone, CallButton, UrgentAlert } from './urgent-alert';

interface UrgentReadingProps {
  measure: MeasureId;
  rated: Urgent;
  reading: HealthReading | null;
  emergency: AnalysisResponse['emergency'];
  offerNewReading: boolean;
  /**
   * Set when this reading is part of a more urgent reading-together above: this banner says so
   * first, and leaves the call to that one, so the screen never gives two answers.
   */
  outrankedBy?: 'now' | null;
}

function UrgentReading({
  measure,
  rated,
  reading,
  emergency,
  offerNewReading,
  outrankedBy = null,
}: UrgentReadingProps) {
  const [unit] = useDisplayUnit(measure);
  const value = reading
    ? readingText(measure, reading, unit)
    : [rated.value, rated.unit].filter(Boolean).join(' ');
  const crisisLine = measure === 'mood' ? emergency.crisisLine : null;
  const label = `Urgent: ${measureInSentence(measure)} ${value}`;

  if (outrankedBy) {
    // Part of a reading-together that asks for more: one line that points to it, so the screen
    // gives one answer and one number to press, not a second heading that asks for less.
    return (
      <Alert role="alert" aria-label={label} severity="error" variant="outlined">
        <Typography sx={{ overflowWrap: 'anywhere' }}>
          <strong>
            {MEASURES[measure].displayName}: {value}
          </strong>
          {reading && `, taken ${formatTakenAgo(reading.takenAt)}`}. Read with your other readings,
          this needs emergency care now: follow the banner above first.
        </Typography>
      </Alert>
    );
  }

  return (
    <UrgentAlert
      urgency={rated.urgency}
      label={label}
      emergencyNumber={emergency.number}
      actions={
        <>
          {crisisLine && (
            <CallButton number={crisisLine} tone={bannerCallTone(rated.urgency)}>
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
      {measure === 'mood' && !crisisLine && (
        // Where the operator has set no crisis line (CRISIS_LINE), a person is the first help.
        <Typography sx={{ mt: 1 }}>
          Reach someone you trust now and tell them how you feel, and call {emergency.number} if you
          might act on thoughts of harming yourself.
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
  const shown = urgentShown(analysis);
  const { current, stale, together, staleTogether } = shown;
  if (current.length === 0 && stale.length === 0 && !together && !staleTogether) return null;
  const togetherFirst =
    together !== null && urgencyRank(together.urgency) >= urgencyRank(current[0]?.rated.urgency);
  const togetherBanner = together && (
    <TogetherBanner
      together={together}
      readings={analysis.readings}
      emergency={analysis.emergency}
    />
  );
  return (
    <Stack spacing={2}>
      {togetherFirst && togetherBanner}
      {current.map(({ measure, rated }) => (
        <UrgentReading
          key={measure}
          measure={measure}
          rated={rated}
          reading={analysis.readings[measure]}
          emergency={analysis.emergency}
          offerNewReading={measure !== onPageOf}
          outrankedBy={outranking(together, measure, rated.urgency)}
        />
      ))}
      {!togetherFirst && togetherBanner}
      {stale.map(({ measure, rated, takenAt }) => (
        <StaleUrgentNote
          key={measure}
          measures={[measure]}
          takenAt={takenAt}
          value={[rated.value, rated.unit].filter(Boolean).join(' ') || null}
          offerNewReading={measure !== onPageOf}
        />
      ))}
      {staleTogether && (
        <StaleUrgentNote
          measures={[
            ...new Set(staleTogether.together.reasons.flatMap((reason) => reason.measures)),
          ]}
          takenAt={staleTogether.takenAt}
          value={null}
          offerNewReading={false}
        />
      )}
    </Stack>
  );
}

/** The urgency of a reading-together that holds this reading and asks for more than it alone. */
function outranking(
  together: ReturnType<typeof urgentShown>['together'],
  measure: MeasureId,
  urgency: 'now' | 'today',
): 'now' | null {
  // Only 'now' can ask for more than an urgent reading alone.
  if (together?.urgency !== 'now' || urgency === 'now') return null;
  return together.reasons.some((reason) => reason.measures.includes(measure)) ? 'now' : null;
}

function joinedWithAnd(words: readonly string[]): string {
  return words.length <= 1
    ? (words[0] ?? '')
    : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

interface StaleUrgentNoteProps {
  measures: MeasureId[];
  takenAt: string;
  /** The reading as rated, for a single measure. */
  value: string | null;
  offerNewReading: boolean;
}

/**
 * An urgent reading more than a day old: no emergency banner, which would cry wolf about a
 * reading that may be long past, but a note that says how old it is and asks for a new one.
 */
function StaleUrgentNote({ measures, takenAt, value, offerNewReading }: StaleUrgentNoteProps) {
  const days = daysOld(takenAt);
  const first = measures[0];
  const what =
    measures.length === 1 && first
      ? `Your ${measureInSentence(first)} reading${value ? ` of ${value}` : ''}`
      : `Your ${joinedWithAnd(measures.map(measureInSentence))} readings, read together,`;
  return (
    <Alert
      severity="warning"
      variant="outlined"
      data-stale-urgent
      action={
        offerNewReading && first ? (
          <Button
            component={RouterLink}
            to={paths.addReading(MEASURES[first].slug)}
            color="inherit"
          >
            Measure again
          </Button>
        ) : undefined
      }
    >
      {what} needed care when taken, {days} {days === 1 ? 'day' : 'days'} ago (
      <time dateTime={takenAt}>{formatTakenAt(takenAt)}</time>). This reading is {days}{' '}
      {days === 1 ? 'day' : 'days'} old: if you still feel unwell, measure again now.
    </Alert>
  );
}
