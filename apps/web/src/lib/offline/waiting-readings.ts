import type { RatingProfile } from '../../readings/rating-profile';
import {
  tagRuleOf,
  recentReadingOf,
  recentReadingsPerMeasure,
  type AnalysisResponse,
  type HealthReading,
} from '@vitalia/api/records.contract';
import { pulseBesidePressure } from '@vitalia/api/pressure-pulse';
import { analyseReading, followedMeasures } from '@vitalia/health/analysis';
import { DEFAULT_EMERGENCY_NUMBER } from '../../readings/api/analysis.query';
import { MEASURE_IDS, type MeasureId } from '@vitalia/health/measure.catalog';
import { NOTHING_TOGETHER, readTogether } from '@vitalia/health/together.rules';
import type { OutboxItem } from './outbox';
import { pendingReadingOf } from './pending-reading';

/** What the urgent banners read: each measure's rating, its newest reading, the numbers to call. */
export type UrgentSource = Pick<AnalysisResponse, 'measures' | 'readings' | 'emergency'>;

/**
 * The number the server answers by default (EMERGENCY_NUMBER in apps/server/src/config.ts), for
 * the rare case of a dangerous reading waiting while no analysis was ever kept on the device.
 */
const defaultEmergency: AnalysisResponse['emergency'] = {
  number: DEFAULT_EMERGENCY_NUMBER,
  crisisLine: null,
};

/** When a reading was taken, in ms; the earliest possible when it has no valid time. */
export function timeOf(takenAt: string | null | undefined): number {
  const time = takenAt ? Date.parse(takenAt) : Number.NaN;
  return Number.isNaN(time) ? Number.NEGATIVE_INFINITY : time;
}

/**
 * Every reading a waiting item will become once sent: a blood pressure sent with the pulse its
 * monitor showed is stored as two readings, the pressure and a pulse reading taken at the same
 * moment (`pulseBesidePressure`, which the server stores by). Both are rated while they wait: a
 * pulse of 35 typed with a pressure offline must not leave an older 'Normal' pulse on show.
 */
function pendingReadingsOf(item: OutboxItem): HealthReading[] {
  const reading = pendingReadingOf(item);
  const pulse = pulseBesidePressure(item.request);
  if (!pulse) return [reading];
  return [reading, { ...reading, ...pulse, id: `${reading.id}:pulse`, takenAt: reading.takenAt }];
}

/**
 * The readings of `measure` a waiting item will become: its own reading, or on the pulse's page
 * the pulse a pressure brings. Empty for an item of another measure.
 */
export function waitingReadingsOf(item: OutboxItem, measure: MeasureId): HealthReading[] {
  return pendingReadingsOf(item).filter((reading) => tagRuleOf(reading.tag).measure === measure);
}

/**
 * The readings waiting to send, as the readings they will be (a pressure's pulse as a reading of
 * its own). A refused reading is left out: it was
 * not accepted as typed, and shows its own message.
 */
function sendableWaiting(waiting: readonly OutboxItem[]): HealthReading[] {
  return waiting.filter((item) => item.refusal === null).flatMap(pendingReadingsOf);
}

/**
 * The analysis with `readings` taken into account as each measure's newest where they are newer
 * than its stored one: rated by the same interpreter as the server uses, at the end of the
 * measure's trend line, counted in the score. The week's averages stay the server's. The same
 * object when none is newer.
 */
export function analysisWithReadings(
  analysis: AnalysisResponse,
  readings: readonly HealthReading[],
  profile: RatingProfile | null,
  now: Date = new Date(),
): AnalysisResponse {
  const newer = new Map<MeasureId, HealthReading>();
  for (const reading of readings) {
    const measure = tagRuleOf(reading.tag).measure;
    const newest = newer.get(measure) ?? analysis.readings[measure];
    if (
      newest &&
      (newest.id === reading.id ||
        timeOf(newest.takenAt) > timeOf(reading.takenAt) ||
        sameReading(newest, reading))
    ) {
      continue;
    }
    newer.set(measure, reading);
  }
  if (newer.size === 0) return analysis;
  const measures = { ...analysis.measures };
  const shown = { ...analysis.readings };
  const recent = { ...analysis.recent };
  for (const [measure, reading] of newer) {
    measures[measure] = analyseReading(measure, reading, profile, now);
    shown[measure] = reading;
    const numbers = recentReadingOf(reading);
    // One point per time: a waiting reading taken when a stored one was replaces it on the line.
    const others = recent[measure].filter((each) => each.takenAt !== numbers?.takenAt);
    if (numbers) recent[measure] = [...others, numbers].slice(-recentReadingsPerMeasure);
  }
  return {
    ...analysis,
    measures,
    readings: shown,
    recent,
    ...scoreOf(measures, shown, analysis.chosen),
    // Read together again: a waiting fever beside a stored low pressure is one picture.
    together: readTogether(shown),
  };
}

/**
 * The stored copy of a waiting reading: the server has accepted it and the analysis shows it,
 * while the outbox has not yet let it go. Counted twice, the trend read "Same as on" itself.
 */
function sameReading(stored: HealthReading, waiting: HealthReading): boolean {
  return (
    stored.tag === waiting.tag &&
    timeOf(stored.takenAt) === timeOf(waiting.takenAt) &&
    stored.tagValue === waiting.tagValue &&
    stored.minTagValue === waiting.minTagValue
  );
}

/**
 * The score's numbers: how many measures are rated fine, how many have a reading, and which are
 * followed (a recent reading, or chosen on My Health).
 */
export function scoreOf(
  measures: AnalysisResponse['measures'],
  readings: AnalysisResponse['readings'],
  chosen: AnalysisResponse['chosen'],
): Pick<AnalysisResponse, 'forScaleOk' | 'recorded' | 'followed'> {
  return {
    forScaleOk: MEASURE_IDS.reduce((sum, measure) => sum + measures[measure].ok, 0),
    recorded: MEASURE_IDS.filter((measure) => readings[measure] !== null).length,
    followed: followedMeasures(measures, chosen),
  };
}

/**
 * The analysis as it will be once the readings waiting to send are sent (safety first: a
 * saturation of 93 % waiting offline must never sit under a 'Normal' from the 97 % before it;
 * docs/decisions/0035-offline-readings.md).
 */
export function analysisWithWaiting(
  analysis: AnalysisResponse,
  waiting: readonly OutboxItem[],
  profile: RatingProfile | null,
  now: Date = new Date(),
): AnalysisResponse {
  return analysisWithReadings(analysis, sendableWaiting(waiting), profile, now);
}

/**
 * The urgent banners' source with the readings waiting to send taken into account, so that a
 * dangerous reading raises the same banner before it is sent as after, also when no analysis was
 * ever kept on the device. Null when there is neither an analysis nor a newer waiting reading.
 */
export function withWaitingReadings(
  analysis: AnalysisResponse | undefined,
  waiting: readonly OutboxItem[],
  profile: RatingProfile | null,
  now: Date = new Date(),
): UrgentSource | null {
  if (analysis) return analysisWithWaiting(analysis, waiting, profile, now);
  const pending = sendableWaiting(waiting);
  if (pending.length === 0) return null;
  const nothing: AnalysisResponse = {
    measures: Object.fromEntries(
      MEASURE_IDS.map((measure) => [measure, analyseReading(measure, null, profile, now)]),
    ) as AnalysisResponse['measures'],
    readings: Object.fromEntries(
      MEASURE_IDS.map((measure) => [measure, null]),
    ) as AnalysisResponse['readings'],
    recent: Object.fromEntries(
      MEASURE_IDS.map((measure) => [measure, []]),
    ) as unknown as AnalysisResponse['recent'],
    forScaleOk: 0,
    recorded: 0,
    followed: [],
    chosen: [],
    profileOk: 0,
    together: NOTHING_TOGETHER,
    notes: { general: '', age: null },
    emergency: defaultEmergency,
    bloodPressureWeek: null,
    sugarWeek: null,
  };
  const { measures, readings, emergency } = analysisWithReadings(nothing, pending, profile, now);
  return { measures, readings, emergency };
}

/**
 * True when this reading, added to the readings shown, makes a reading-together that asks for
 * emergency care now while the reading alone asks for less: the pulse that completes a fever and
 * a falling pressure. The screen that saved it says so, since the banner is out of sight.
 */
export function raisesTogether(
  analysis: AnalysisResponse | undefined,
  reading: HealthReading,
  profile: RatingProfile | null,
): boolean {
  if (!analysis) return false;
  const measure = tagRuleOf(reading.tag).measure;
  const after = analysisWithReadings(analysis, [reading], profile);
  return (
    after.together.urgency === 'now' &&
    after.measures[measure].urgency !== 'now' &&
    after.together.reasons.some((reason) => reason.measures.includes(measure))
  );
}
