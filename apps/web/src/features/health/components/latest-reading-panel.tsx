import { useId } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { RatingProfile } from '../../../readings/rating-profile';
import type { MeasureId } from '@vitalia/health/measure.catalog';
import { OldReadingNote } from '../../../readings/components/old-reading-note';
import { ReadingChip } from '../../../readings/components/reading-chip';
import type { DisplayUnit } from '../../../readings/format/display-units';
import type { OutboxItem } from '../../../lib/offline/outbox';
import { isPendingReading } from '../../../lib/offline/pending-reading';
import { WaitingToSendChip } from '../../../lib/offline/pending-readings';
import { analysisWithWaiting } from '../../../lib/offline/waiting-readings';
import { readingContext } from '../../../readings/format/reading-format';
import type { MeasurePageData } from '../hooks/measure-page.hook';
import { BloodPressureWeekAverage } from '../../../readings/components/blood-pressure-week';
import { MeasureSection, SectionWaiting } from './measure-section';
import { ReadingValue } from '../../../readings/components/reading-value';
import { TakenAt } from './taken-at';

interface LatestReadingPanelProps {
  measure: MeasureId;
  analysis: MeasurePageData['analysis'];
  unit: DisplayUnit | null;
  /** This measure's readings waiting to send: the newest of them is the latest reading. */
  waiting: readonly OutboxItem[];
  profile: RatingProfile | null;
}

/** The measure's rating from its newest reading, with the reading and the advice that goes with it. */
export function LatestReadingPanel(props: LatestReadingPanelProps) {
  const id = useId();
  return (
    <MeasureSection id={id} title="Latest reading">
      <LatestReading {...props} />
    </MeasureSection>
  );
}

function LatestReading({ measure, analysis, unit, waiting, profile }: LatestReadingPanelProps) {
  if (!analysis.data) {
    return (
      <SectionWaiting
        query={analysis}
        what="Your latest reading"
        loadingLabel="Loading your latest reading"
      />
    );
  }
  // A reading waiting to send is rated and shown as the latest, never the calmer one before it.
  const shown = analysisWithWaiting(analysis.data, waiting, profile);
  const rated = shown.measures[measure];
  const latest = shown.readings[measure] ?? null;
  const context = latest && readingContext(measure, latest.narration);
  return (
    <Stack spacing={1.5}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <ReadingChip colour={rated.colour} label={rated.result} />
        {latest && isPendingReading(latest) && <WaitingToSendChip />}
        {rated.detail && (
          <Typography variant="body2" color="text.secondary">
            {rated.detail}
          </Typography>
        )}
      </Box>
      {latest && <ReadingValue measure={measure} reading={latest} unit={unit} />}
      {measure === 'bloodPressure' && <BloodPressureWeekAverage week={shown.bloodPressureWeek} />}
      {rated.old && <OldReadingNote measure={measure} invite />}
      {context && (
        <Typography variant="body2" color="text.secondary">
          {context}
        </Typography>
      )}
      <Typography variant="body2" color="text.secondary">
        {rated.advice}
      </Typography>
      {latest && <TakenAt iso={latest.takenAt} />}
    </Stack>
  );
}
