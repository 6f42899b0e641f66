import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { HealthReading } from '@vitalia/api/records.contract';
import type { MeasureId } from '@vitalia/health/measure.catalog';
import { sugarContextKey } from '@vitalia/health/sugar.measure';
import { chartBands, sugarContextOf } from '../../../readings/chart/chart-bands';
import { ChartLegend } from '../../../readings/chart/chart-legend';
import { HistoryChart } from '../../../readings/chart/history-chart';
import { readingContext } from '../../../readings/format/reading-format';

/** What the shading stands for where a link cannot know it: the link carries no age or sex. */
function legendNote(measure: MeasureId): string | undefined {
  if (measure === 'pulse') return 'Adult ranges: a link does not say the person’s age or sex.';
  if (measure === 'bloodPressure') {
    return 'Each number is shaded against its own ranges; a reading takes the colour of the worse one.';
  }
  return undefined;
}

interface SharedMeasureChartProps {
  measure: MeasureId;
  /** Newest first, at least one. */
  readings: readonly HealthReading[];
}

/**
 * A measure's shared readings over time against its reference ranges, as My Health draws them.
 * Blood sugar is drawn against the ranges of the newest reading's circumstances, with the readings
 * taken in them; the others stand in the table, rated by the ranges of their own.
 */
export function SharedMeasureChart({ measure, readings }: SharedMeasureChartProps) {
  const newest = readings[0];
  const sugarContext = sugarContextOf(newest);
  const bands = chartBands(measure, { unit: null, sugarContext, profile: null });
  const oldestFirst = [...readings].reverse();
  const drawn =
    measure === 'sugar'
      ? oldestFirst.filter(
          (reading) => sugarContextKey(sugarContextOf(reading)) === sugarContextKey(sugarContext),
        )
      : oldestFirst;
  const left = readings.length - drawn.length;
  return (
    <Stack spacing={1} data-print="chart">
      <HistoryChart measure={measure} readings={drawn} unit={null} bands={bands} still />
      {measure === 'sugar' && newest && (
        <Typography variant="body2" color="text.secondary">
          Drawn: readings taken {readingContext('sugar', newest.narration)?.toLowerCase()}, as the
          newest was.
          {left > 0 &&
            ` ${left === 1 ? '1 reading' : `${left} readings`} taken otherwise ${left === 1 ? 'is' : 'are'} in the table only.`}
        </Typography>
      )}
      <ChartLegend bands={bands} note={legendNote(measure)} />
    </Stack>
  );
}
