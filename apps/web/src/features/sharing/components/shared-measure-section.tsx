import { useId } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { BloodPressureWeek } from '@vitalia/api/records.contract';
import type { SharedMeasureView } from '@vitalia/api/sharing.contract';
import { MEASURES } from '@vitalia/health/measure.catalog';
import { BloodPressureWeekAverage } from '../../../readings/components/blood-pressure-week';
import { ReadingChip } from '../../../readings/components/reading-chip';
import { ReadingValue } from '../../../readings/components/reading-value';
import { formatTakenAt } from '../../../readings/format/reading-time';
import { SharedMeasureChart } from './shared-measure-chart';
import { SharedReadingsTable } from './shared-readings-table';

interface SharedMeasureSectionProps {
  view: SharedMeasureView;
  /** The last 7 days of blood pressure; shown in that measure's section. */
  week: BloodPressureWeek | null;
}

/** One measure of a link: its newest reading rated, the readings drawn, and the same as text. */
export function SharedMeasureSection({ view, week }: SharedMeasureSectionProps) {
  const id = useId();
  const { measure, analysis, readings } = view;
  const newest = readings[0];
  return (
    <Box
      component="section"
      aria-labelledby={id}
      data-print="measure"
      sx={{ display: 'grid', gap: 2, py: 3, borderTop: 1, borderColor: 'divider' }}
    >
      <Typography id={id} variant="h5" component="h2" sx={{ fontWeight: 500 }}>
        {MEASURES[measure].displayName}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <ReadingChip colour={analysis.colour} label={analysis.result} />
        {newest && <ReadingValue measure={measure} reading={newest} size="medium" />}
        {newest && (
          <Typography variant="body2" color="text.secondary">
            Newest reading, taken{' '}
            <time dateTime={newest.takenAt}>{formatTakenAt(newest.takenAt)}</time>
          </Typography>
        )}
      </Box>
      {measure === 'bloodPressure' && <BloodPressureWeekAverage week={week} />}
      {newest ? (
        <>
          <SharedMeasureChart measure={measure} readings={readings} />
          <SharedReadingsTable measure={measure} readings={readings} labelledBy={id} />
        </>
      ) : (
        <Typography color="text.secondary">
          No readings of this measure in what was shared.
        </Typography>
      )}
    </Box>
  );
}
