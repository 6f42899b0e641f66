import type { Profile } from '@vitalia/api/identity.contract';
import type { AnalysisResponse } from '@vitalia/api/records.contract';
import { analyseReading } from '@vitalia/health/analysis';
import { MEASURE_IDS, type MeasureId } from '@vitalia/health/measure.catalog';
import type { OutboxItem } from './outbox';
import { pendingReadingOf } from './pending-reading';

/** What the urgent banners read: each measure's rating, its newest reading, the numbers to call. */
export type UrgentSource = Pick<AnalysisResponse, 'measures' | 'readings' | 'emergency'>;

/**
 * The number the server answers by default (EMERGENCY_NUMBER in apps/server/src/config.ts), for
 * the rare case of a dangerous reading waiting while no analysis was ever kept on the device.
 */
const defaultEmergency: AnalysisResponse['emergency'] = { number: '112', crisisLine: null };

function timeOf(takenAt: string | null | undefined): number {
  const time = takenAt ? Date.parse(takenAt) : Number.NaN;
  return Number.isNaN(time) ? Number.NEGATIVE_INFINITY : time;
}

/**
 * The analysis with the readings waiting to send taken into account, so that a dangerous reading
 * raises the same urgent banner before it is sent as after (safety first: a saturation of 85 %
 * waiting offline must never look calmer than one sent; issue 22). A waiting reading newer than
 * the stored one of its measure replaces it, rated by the same interpreter as the server uses.
 * Null when there is neither an analysis nor a waiting reading.
 */
export function withWaitingReadings(
  analysis: AnalysisResponse | undefined,
  waiting: readonly OutboxItem[],
  profile: Profile | null | undefined,
  now: Date = new Date(),
): UrgentSource | null {
  // A refused reading was not accepted as typed; it shows its own message instead.
  const sendable = waiting.filter((item) => item.refusal === null);
  if (!analysis && sendable.length === 0) return null;
  const source: {
    measures: Record<MeasureId, UrgentSource['measures'][MeasureId]>;
    readings: Record<MeasureId, UrgentSource['readings'][MeasureId]>;
  } = {
    measures: analysis
      ? { ...analysis.measures }
      : (Object.fromEntries(
          MEASURE_IDS.map((measure) => [measure, analyseReading(measure, null, profile, now)]),
        ) as UrgentSource['measures']),
    readings: analysis
      ? { ...analysis.readings }
      : (Object.fromEntries(
          MEASURE_IDS.map((measure) => [measure, null]),
        ) as UrgentSource['readings']),
  };
  for (const item of sendable) {
    const reading = pendingReadingOf(item);
    const stored = source.readings[item.measure];
    if (stored && timeOf(stored.takenAt) > timeOf(reading.takenAt)) continue;
    source.measures[item.measure] = analyseReading(item.measure, reading, profile, now);
    source.readings[item.measure] = reading;
  }
  return { ...source, emergency: analysis?.emergency ?? defaultEmergency };
}
