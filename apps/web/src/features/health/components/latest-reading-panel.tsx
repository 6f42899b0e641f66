import { useId } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { MeasureId } from '@vitalia/health/measure.catalog';
import { OldReadingNote } from '../../../components/ui/old-reading-note';
import { ReadingChip } from '../../../components/ui/reading-chip';
import type { DisplayUnit } from '../../../lib/display-units';
import { readingContext } from '../../../lib/reading-format';
import type { MeasurePageData } from '../hooks/measure-page.hook';
import { BloodPressureWeekAverage } from '../../../components/ui/blood-pressure-week';
import { MeasureSection, SectionWaiting } from './measure-section';
import { ReadingValue } from '../../../components/ui/reading-value';
import { TakenAt } from './taken-at';

interface LatestReadingPanelProps {
  measure: MeasureId;
  analysis: MeasurePageData['analysis'];
  unit: DisplayUnit | null;
}

/** The measure's rating from its newest reading, with the reading and the advice that goes with it. */
export function LatestReadingPanel({ measure, analysis, unit }: LatestReadingPanelProps) {
  const id = useId();
  return (
    <MeasureSection id={id} title="Latest reading">
      <LatestReading measure={measure} analysis={analysis} unit={unit} />
    </MeasureSection>
  );
}

function LatestReading({ measure, analysis, unit }: LatestReadingPanelProps) {
  if (!analysis.data) {
    return (
      <SectionWaiting
        query={analysis}
        what="Your latest reading"
        loadingLabel="Loading your latest reading"
      />
    );
  }
  const rated = analysis.data.measures[measure];
  const latest = analysis.data.readings[measure] ?? null;
  const context = latest && readingContext(measure, latest.narration);
  return (
    <Stack spacing={1.5}>
      <Box>
        <ReadingChip colour={rated.colour} label={rated.result} />
      </Box>
      {latest && <ReadingValue measure={measure} reading={latest} unit={unit} />}
      {measure === 'bloodPressure' && (
        <BloodPressureWeekAverage week={analysis.data.bloodPressureWeek} />
      )}
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
