import type { MouseEvent } from 'react';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { MEASURES, type MeasureId } from '@vitalia/health/measure.catalog';
import { unitChoiceOf, type DisplayUnit } from '../../../readings/format/display-units';

interface DisplayUnitToggleProps {
  measure: MeasureId;
  unit: DisplayUnit | null;
  onChange: (unit: DisplayUnit) => void;
}

/** The unit a measure's page shows its readings in; nothing for measures without a choice. */
export function DisplayUnitToggle({ measure, unit, onChange }: DisplayUnitToggleProps) {
  const choice = unitChoiceOf(measure);
  if (!choice) return null;
  return (
    <ToggleButtonGroup
      value={unit ?? choice.canonical}
      exclusive
      size="small"
      onChange={(_event: MouseEvent<HTMLElement>, next: DisplayUnit | null) => {
        if (next) onChange(next);
      }}
      aria-label={`Show ${MEASURES[measure].displayName.toLowerCase()} in`}
      sx={{ '& .MuiToggleButton-root': { textTransform: 'none', px: 1.5 } }}
    >
      <ToggleButton value={choice.canonical}>{choice.canonical}</ToggleButton>
      <ToggleButton value={choice.alternative}>{choice.alternative}</ToggleButton>
    </ToggleButtonGroup>
  );
}
