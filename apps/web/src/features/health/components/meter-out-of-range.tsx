import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { METER_OUT_OF_RANGE } from '@vitalia/health/sugar.measure';
import { useEmergencyNumber } from '../../../readings/api/analysis.query';
import { CallButton } from '../../../readings/components/urgent-alert';

/**
 * Under the sugar field: what to do when the meter shows HI or LO, which cannot be typed in as a
 * number (docs/clinical-reference.md, 'A meter that shows HI or LO'). Folded away, so it costs
 * one line until someone needs it.
 */
export function MeterOutOfRange() {
  const emergencyNumber = useEmergencyNumber();
  return (
    <Box
      component="details"
      sx={{
        '& > summary': {
          cursor: 'pointer',
          color: 'primary.main',
          fontWeight: 500,
          py: 0.5,
          borderRadius: 1,
          '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
        },
      }}
    >
      <Typography component="summary" variant="body2">
        {METER_OUT_OF_RANGE.question.en}
      </Typography>
      <Box sx={{ display: 'grid', gap: 1, mt: 1 }}>
        <Typography variant="body2">{METER_OUT_OF_RANGE.high.en}</Typography>
        <Typography variant="body2">{METER_OUT_OF_RANGE.low.en}</Typography>
        <Box>
          <CallButton number={emergencyNumber} tone="first">
            Call {emergencyNumber}
          </CallButton>
        </Box>
      </Box>
    </Box>
  );
}
