import Typography from '@mui/material/Typography';
import type { BloodPressureWeek } from '@vitalia/api/records.contract';

/**
 * The average of the last 7 days' readings beside the newest one: home blood pressure is judged on
 * an average of several readings rather than on one (2017 ACC/AHA guideline, section 4.2).
 */
export function BloodPressureWeekAverage({ week }: { week: BloodPressureWeek | null }) {
  if (week === null) return null;
  return (
    <Typography variant="body2" data-testid="blood-pressure-week">
      <strong>
        7-day average {week.systolic}/{week.diastolic} mmHg
      </strong>{' '}
      ({week.count === 1 ? '1 reading' : `${week.count} readings`})
    </Typography>
  );
}
