import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ReportProblemOutlinedIcon from '@mui/icons-material/ReportProblemOutlined';
import { urgencyRank, type Analysis, type Urgency } from '@vitalia/health/analysis.model';
import type { Colour } from '@vitalia/health/band.model';
import { MEASURES } from '@vitalia/health/measure.catalog';
import { METER_OUT_OF_RANGE } from '@vitalia/health/sugar.measure';
import { ReadingChip } from '../../../readings/components/reading-chip';
import { CallButton, URGENCY_TITLES } from '../../../readings/components/urgent-alert';
import { readingColours } from '../../../readings/components/reading-colours';
import { sentence } from './measure-fields';

export type PreviewState =
  | { kind: 'empty'; hint: string }
  | { kind: 'problem'; message: string }
  /** A meter's HI or LO typed in place of a number: what to do, which no number can say. */
  | { kind: 'meter'; shows: 'high' | 'low' }
  /**
   * The reading's rating, then any reading stored with it (a pressure's pulse); `problem` is one
   * with a field beside the reading (a pulse out of range), said under the rating.
   */
  | { kind: 'rated'; analyses: readonly Analysis[]; problem?: string | undefined };

/** What a result asks of the person, in words as well as red, before anything is saved. */
function UrgencyWords({ urgency }: { urgency: Urgency }) {
  return (
    <Typography
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 0.75,
        fontWeight: 600,
        // An urgent result is always red.
        color: readingColours.red.text,
        mb: 1,
      }}
    >
      <ReportProblemOutlinedIcon aria-hidden fontSize="small" />
      {URGENCY_TITLES[urgency]}
    </Typography>
  );
}

/** One reading's rating: urgency in words, the coloured label, the value and the advice. */
function Rating({ analysis, titled }: { analysis: Analysis; titled: boolean }) {
  const tokens = readingColours[analysis.colour];
  return (
    <>
      {titled && (
        <Typography component="h3" variant="subtitle2" sx={{ mb: 0.5 }}>
          {MEASURES[analysis.measure].displayName}
        </Typography>
      )}
      {analysis.urgency && <UrgencyWords urgency={analysis.urgency} />}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mb: 1 }}>
        <ReadingChip colour={analysis.colour} label={analysis.result} />
        {analysis.detail && (
          <Typography variant="body2" color="text.secondary">
            {analysis.detail}
          </Typography>
        )}
        {analysis.value && (
          <Typography sx={{ fontWeight: 500, color: tokens.text }}>
            {analysis.value}
            {analysis.unit ? ` ${analysis.unit}` : ''}
          </Typography>
        )}
      </Box>
      <Typography variant="body2" sx={{ color: 'text.primary' }}>
        {analysis.advice}
      </Typography>
    </>
  );
}

/** The frame of a rating: its colour's border and background, or the neutral ones. */
const framed = (colour: Colour | null) => ({
  borderRadius: 2,
  border: 1,
  borderColor: colour ? readingColours[colour].main : 'divider',
  bgcolor: colour ? readingColours[colour].background : 'grey.50',
});

/**
 * What the reading being typed means, rated by packages/health as the person types, before
 * anything is saved. A polite live region, so a screen reader hears the rating change. A
 * pressure typed with its pulse is two readings, each framed in its own colour and named, so a
 * red pulse never sits inside a green pressure's frame.
 */
/**
 * What the reading being typed means. A reading that needs emergency care now carries its own call
 * link here, because the form covers the page's banners on a phone.
 */
export function InterpretationPreview({
  state,
  emergencyNumber,
}: {
  state: PreviewState;
  /** The number an emergency calls (EMERGENCY_NUMBER). */
  emergencyNumber: string;
}) {
  const analyses = state.kind === 'rated' ? state.analyses : [];
  const urgentNow =
    state.kind === 'meter' || analyses.some((analysis) => analysis.urgency === 'now');
  const single = analyses.length === 1 ? analyses[0]! : null;
  return (
    <Box
      role="status"
      aria-live="polite"
      aria-label="What this reading means"
      sx={{ ...framed(single?.colour ?? null), px: 2, py: 1.75, minHeight: 88 }}
    >
      <Typography
        variant="overline"
        component="p"
        color="text.secondary"
        sx={{ lineHeight: 1.5, mb: 0.5 }}
      >
        What this reading means
      </Typography>
      {state.kind === 'empty' && (
        <Typography variant="body2" color="text.secondary">
          {state.hint}
        </Typography>
      )}
      {state.kind === 'meter' && (
        <>
          <UrgencyWords urgency="now" />
          <Typography variant="body2">{METER_OUT_OF_RANGE[state.shows].en}</Typography>
        </>
      )}
      {state.kind === 'problem' && (
        <Typography variant="body2" color="text.secondary">
          {sentence(state.message)}.
        </Typography>
      )}
      {single && <Rating analysis={single} titled={false} />}
      {analyses.length > 1 && (
        <Stack spacing={1.5}>
          {/* Readings that ask for action come first, the most urgent on top. */}
          {[...analyses]
            .sort((a, b) => urgencyRank(b.urgency) - urgencyRank(a.urgency))
            .map((analysis) => (
              <Box
                key={analysis.measure}
                role="group"
                aria-label={MEASURES[analysis.measure].displayName}
                sx={{ ...framed(analysis.colour), px: 1.75, py: 1.25 }}
              >
                <Rating analysis={analysis} titled />
              </Box>
            ))}
        </Stack>
      )}
      {state.kind === 'rated' && state.problem && (
        <Typography variant="body2" sx={{ mt: 1.5, fontWeight: 500 }}>
          {sentence(state.problem)}.
        </Typography>
      )}
      {urgentNow && (
        <Box sx={{ mt: 1.5 }}>
          <CallButton number={emergencyNumber} tone="first">
            Call {emergencyNumber}
          </CallButton>
        </Box>
      )}
    </Box>
  );
}
