// The last 7 days' averages as people read them: the dashboard, My Health, a link for a visit.
import type { BloodPressureWeek, SugarWeek } from '@vitalia/api/records.contract';
import { displayNumber, unitChoiceOf, type DisplayUnit } from './display-units';

const readings = (count: number) => (count === 1 ? '1 reading' : `${count} readings`);

/**
 * '7-day average 126/83 mmHg', and '(2 readings)' apart, so the figure can be bold. Urgent
 * readings are not in the average, and the count says how many were left out.
 */
export function bloodPressureWeekText(week: BloodPressureWeek): { figure: string; count: string } {
  const urgent = week.urgentLeftOut;
  const leftOut =
    urgent > 0
      ? `; ${urgent === 1 ? '1 urgent reading' : `${urgent} urgent readings`} left out`
      : '';
  return {
    figure: `7-day average ${week.systolic}/${week.diastolic} mmHg`,
    count: `(${readings(week.count)}${leftOut})`,
  };
}

/**
 * '7-day average 5.4 mmol/L' in the unit the person reads sugar in. Fasting and after-meal
 * readings are averaged together, so the average is a trend to watch, never rated; the count says so.
 */
export function sugarWeekText(
  week: SugarWeek,
  unit: DisplayUnit | null,
): { figure: string; count: string } {
  const shownIn = unit ?? unitChoiceOf('sugar')?.canonical ?? 'mg/dL';
  return {
    figure: `7-day average ${displayNumber('sugar', week.average, unit)} ${shownIn}`,
    count: `(${readings(week.count)}, fasting and after meals together)`,
  };
}
