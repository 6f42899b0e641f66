import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { HealthReading } from '@vitalia/api/records.contract';
import type { MeasureId } from '@vitalia/health/measure.catalog';
import type { DisplayUnit } from '../format/display-units';
import { showReading } from '../format/reading-format';

interface ReadingValueProps {
  measure: MeasureId;
  reading: Pick<HealthReading, 'tagValue' | 'minTagValue'>;
  unit?: DisplayUnit | null;
  size?: 'large' | 'medium';
}

/** The value large, its unit small beside it, and for two numbers what each one is. */
export function ReadingValue({ measure, reading, unit = null, size = 'large' }: ReadingValueProps) {
  const shown = showReading(measure, reading, unit);
  return (
    <Box>
      <Typography
        component="p"
        variant={size === 'large' ? 'h4' : 'h5'}
        sx={{ fontWeight: 500, lineHeight: 1.2, overflowWrap: 'anywhere' }}
      >
        {shown.value}
        {shown.unit && (
          <Typography
            component="span"
            variant="body1"
            color="text.secondary"
            sx={{ ml: 0.75, fontWeight: 400 }}
          >
            {shown.unit}
          </Typography>
        )}
      </Typography>
      {shown.parts && (
        <Typography variant="caption" color="text.secondary">
          {shown.parts}
        </Typography>
      )}
    </Box>
  );
}
