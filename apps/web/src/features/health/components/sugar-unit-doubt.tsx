import type { Ref } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { formatNumber } from '@vitalia/health/reading.parse';
import type { SugarUnit, SugarUnitDoubt } from '@vitalia/health/sugar.units';

interface SugarUnitDoubtProps {
  doubt: SugarUnitDoubt;
  /** The unit the number was typed in, which 'keep' saves it in. */
  typedUnit: SugarUnit;
  onSwitch: () => void;
  onKeep: () => void;
  ref?: Ref<HTMLDivElement>;
}

/**
 * Asked before a blood sugar is saved when its number reads as the other unit: 15 typed as mg/dL
 * is far more likely 15 mmol/L than a sugar low enough to need help now. Switching keeps the
 * number and changes only the unit, so the person sees the new rating before saving.
 */
export function SugarUnitDoubtQuestion({
  doubt,
  typedUnit,
  onSwitch,
  onKeep,
  ref,
}: SugarUnitDoubtProps) {
  return (
    <Alert
      ref={ref}
      tabIndex={-1}
      severity="warning"
      aria-label="Check the unit"
      sx={{ '&:focus-visible': { outline: 2, outlineColor: 'warning.dark' } }}
    >
      <AlertTitle>Check the unit</AlertTitle>
      {doubt.question}
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', mt: 1.5 }}>
        <Button variant="contained" color="warning" size="small" onClick={onSwitch}>
          Switch to {doubt.unit}
        </Button>
        <Button variant="outlined" color="inherit" size="small" onClick={onKeep}>
          Keep {formatNumber(doubt.value)} {typedUnit} and save
        </Button>
      </Stack>
    </Alert>
  );
}
