import Typography from '@mui/material/Typography';
import type { HealthReading } from '@vitalia/api/records.contract';
import type { MeasureId } from '@vitalia/health/measure.catalog';
import type { DisplayUnit } from '../format/display-units';
import { readingContext, readingText } from '../format/reading-format';

interface ReadingLinesProps {
  measure: MeasureId;
  reading: Pick<
    HealthReading,
    'tagValue' | 'minTagValue' | 'enteredValue' | 'enteredUnit' | 'narration' | 'weight'
  >;
  unit?: DisplayUnit | null;
}

/**
 * A reading in a table's cell: the value, then what it was taken after (blood sugar) and the
 * weight a BMI was worked out from, each on a small line of its own.
 */
export function ReadingLines({ measure, reading, unit = null }: ReadingLinesProps) {
  const context = readingContext(measure, reading.narration);
  return (
    <>
      <Typography variant="body2" sx={{ fontWeight: 500 }}>
        {readingText(measure, reading, unit)}
      </Typography>
      {context && (
        <Typography variant="caption" color="text.secondary" component="p">
          {context}
        </Typography>
      )}
      {reading.weight && (
        <Typography variant="caption" color="text.secondary" component="p">
          From {reading.weight} kg
        </Typography>
      )}
    </>
  );
}
