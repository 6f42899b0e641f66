import type { MouseEvent } from 'react';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { CHART_PERIODS, type ChartPeriod } from '../api/reading-chart.query';

interface ChartPeriodToggleProps {
  period: ChartPeriod;
  onChange: (period: ChartPeriod) => void;
}

/**
 * How far back the history chart reaches: a week, a month, a year or everything. Each button is
 * named by the word it shows, so a person who says "Week" to voice control reaches it; what it
 * draws is its title (docs/decisions/0052-dense-phone-layouts.md).
 */
export function ChartPeriodToggle({ period, onChange }: ChartPeriodToggleProps) {
  return (
    <ToggleButtonGroup
      value={period}
      exclusive
      size="small"
      onChange={(_event: MouseEvent<HTMLElement>, next: ChartPeriod | null) => {
        if (next) onChange(next);
      }}
      aria-label="Period drawn"
      sx={{ '& .MuiToggleButton-root': { textTransform: 'none', px: 1.5 } }}
    >
      {(Object.keys(CHART_PERIODS) as ChartPeriod[]).map((key) => (
        <ToggleButton key={key} value={key} title={`Draw ${CHART_PERIODS[key].name}`}>
          {CHART_PERIODS[key].label}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
