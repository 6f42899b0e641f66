import type { Profile } from '@vitalia/api/identity.contract';
import {
  recentReadingOf,
  recentReadingsPerMeasure,
  type AnalysisResponse,
  type HealthReading,
} from '@vitalia/api/records.contract';
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
 * Of the readings waiting to send, each measure's newest that is newer than its stored newest.
 * A refused reading is left out: it was not accepted as typed, and shows its own message.
 */
function newerWaiting(
  stored: Partial<Record<MeasureId, HealthReading | null>>,
  waiting: readonly OutboxItem[],
): Map<MeasureId, HealthReading> {
  const newer = new Map<MeasureId, HealthReading>();
  for (const item of waiting) {
    if (item.refusal !== null) continue;
    const reading = pendingReadingOf(item);
    const newest = newer.get(item.measure) ?? stored[item.measure];
    if (newest && timeOf(newest.takenAt) > timeOf(reading.takenAt)) continue;
    newer.set(item.measure, reading);
  }
  return newer;
}

/**
 * The analysis as it will be once the readings waiting to send are sent (safety first: a
 * saturation of 93 % waiting offline must never sit under a 'Normal' from the 97 % before it;
 * docs/decisions/0035-offline-readings.md). A waiting reading newer than its measure's stored
 * one replaces it, rated by the same interpreter as the server uses, joins the end of the
 * measure's trend line, and counts in the score. The week's averages stay those of the readings
 * sent. The same object when nothing waiting is newer.
 */
export function analysisWithWaiting(
  analysis: AnalysisResponse,
  waiting: readonly OutboxItem[],
  profile: Profile | null | undefined,
  now: Date = new Date(),
): AnalysisResponse {
  const newer = newerWaiting(analysis.readings, waiting);
  if (newer.size === 0) return analysis;
  const measures = { ...analysis.measures };
  const readings = { ...analysis.readings };
  const recent = { ...analysis.recent };
  for (const [measure, reading] of newer) {
    measures[measure] = analyseReading(measure, reading, profile, now);
    readings[measure] = reading;
    const numbers = recentReadingOf(reading);
    if (numbers) recent[measure] = [...recent[measure], numbers].slice(-recentReadingsPerMeasure);
  }
  const rated = MEASURE_IDS.map((measure) => measures[measure]);
  return {
    ...analysis,
    measures,
    readings,
    recent,
    forScaleOk: rated.reduce((sum, each) => sum + each.ok, 0),
    recorded: MEASURE_IDS.filter((measure) => readings[measure] !== null).length,
  };
}

/**
 * The urgent banners' source with the readings waiting to send taken into account, so that a
 * dangerous reading raises the same banner before it is sent as after, also when no analysis was
 * ever kept on the device. Null when there is neither an analysis nor a newer waiting reading.
 */
export function withWaitingReadings(
  analysis: AnalysisResponse | undefined,
  waiting: readonly OutboxItem[],
  profile: Profile | null | undefined,
  now: Date = new Date(),
): UrgentSource | null {
  if (analysis) return analysisWithWaiting(analysis, waiting, profile, now);
  const newer = newerWaiting({}, waiting);
  if (newer.size === 0) return null;
  const measures = Object.fromEntries(
    MEASURE_IDS.map((measure) => [
      measure,
      analyseReading(measure, newer.get(measure) ?? null, profile, now),
    ]),
  ) as UrgentSource['measures'];
  const readings = Object.fromEntries(
    MEASURE_IDS.map((measure) => [measure, newer.get(measure) ?? null]),
  ) as UrgentSource['readings'];
  return { measures, readings, emergency: defaultEmergency };
}
