import type { HealthReading } from '@vitalia/api/records.contract';

// What a measure's chart holds (features/health/api/reading-chart.query.ts fetches it), here so
// that the readings kept on the device can be changed in place (lib/offline/stored-reading-cache.ts).

/** The spans a person can draw; 'all' is everything, up to the chart's limit. */
export const CHART_PERIODS = {
  week: { label: 'Week', days: 7, name: 'the last 7 days' },
  month: { label: 'Month', days: 30, name: 'the last 30 days' },
  year: { label: 'Year', days: 365, name: 'the last 12 months' },
  all: { label: 'All', days: null, name: 'all your readings' },
} as const;
export type ChartPeriod = keyof typeof CHART_PERIODS;

export interface ChartReadings {
  /** Oldest first, as a line is drawn. */
  readings: HealthReading[];
  /** True when the period holds more readings than the chart draws (the oldest are left out). */
  cut: boolean;
}
