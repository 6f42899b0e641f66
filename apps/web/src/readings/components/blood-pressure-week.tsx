import Typography from '@mui/material/Typography';
import type { BloodPressureWeek } from '@vitalia/api/records.contract';
import { bloodPressureWeekText } from '../format/week-average';

/**
 * The average of the last 7 days' readings beside the newest one: home blood pressure is judged on
 * an average of several readings rather than on one (2017 ACC/AHA guideline, section 4.2).
 */
export function BloodPressureWeekAverage({ week }: { week: BloodPressureWeek | null }) {
  if (week === null) return null;
  const text = bloodPressureWeekText(week);
  return (
    <Typography variant="body2" data-testid="blood-pressure-week">
      <strong>{text.figure}</strong> {text.count}
    </Typography>
  );
}
