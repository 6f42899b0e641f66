// The reference bands a history chart shades, read from packages/health's tables so the chart
// and the ratings can never disagree. Adjacent bands of one colour are drawn as one (the pulse
// chart's Athlete to Average are all green), and the 'invalid' bands are left unshaded: they mark
// typing slips, not a range of the body. A measure of two numbers has bands per line, drawn in a
// panel of its own: shaded together, systolic's normal 90-121 covered a diastolic of 95.
import type { HealthReading } from '@vitalia/api/records.contract';
import {
  BLOOD_PRESSURE_RULES,
  BLOOD_PRESSURE_URGENCY,
  type BloodPressureRule,
} from '@vitalia/health/blood-pressure.measure';
import {
  interval,
  intervalContains,
  type BandColour,
  type BandTable,
  type Interval,
} from '@vitalia/health/band.model';
import { bandTablesOf } from '@vitalia/health/band-tables.catalog';
import { READING_LIMITS } from '@vitalia/health/measurement-limits.catalog';
import { MEASURES, type MeasureId } from '@vitalia/health/measure.catalog';
import { wordAtLevel, wordLevel } from '@vitalia/health/measure.definition';
import { MOOD_BANDS, MOOD_VALUES } from '@vitalia/health/mood.measure';
import { CLINICAL_PULSE_BANDS } from '@vitalia/health/pulse.measure';
import { parseReading } from '@vitalia/health/reading.parse';
import {
  sugarContextFromNarration,
  sugarTableFor,
  type SugarContext,
} from '@vitalia/health/sugar.measure';
import { toDisplayUnit, type DisplayUnit } from '../format/display-units';

export interface ShadedBand {
  /** Lower edge in the unit shown; null runs on below the chart. */
  from: number | null;
  to: number | null;
  colour: BandColour;
  /** For a measure of two numbers: which line the band belongs to. */
  line?: ChartLine;
}

/** A line of a measure with two numbers (its definition's plot), drawn against its own bands. */
export type ChartLine = string;

export interface BandOptions {
  unit: DisplayUnit | null;
  /** Which of the four blood sugar tables to shade. */
  sugarContext: SugarContext;
  /** Date of birth and gender: kept for the measures whose ranges depend on the person. */
  profile: { dob: string | null; gender: string | null } | null;
}

function tableFor(measure: MeasureId, options: BandOptions): BandTable | undefined {
  if (measure === 'sugar') return sugarTableFor(options.sugarContext);
  // A pulse is coloured by the clinical resting range (60-100); the fitness chart by sex and age is
  // a second line under the rating, not the chart's shading.
  if (measure === 'pulse') return CLINICAL_PULSE_BANDS;
  return bandTablesOf(measure)[0];
}

function merged(bands: ShadedBand[]): ShadedBand[] {
  const result: ShadedBand[] = [];
  for (const band of bands) {
    const last = result.at(-1);
    if (last && last.colour === band.colour && last.to === band.from && last.line === band.line) {
      last.to = band.to;
    } else result.push({ ...band });
  }
  return result;
}

/** A measure's words on a chart's y axis, from 0 at the bottom: Very Sad 0, Sad 1, Neutral 2, Happy 3. */
export function wordOnAxis(words: readonly string[], word: string): number | null {
  const level = wordLevel(words, word);
  return level === null ? null : level - 1;
}

export function wordAtAxis(words: readonly string[], level: number): string {
  return wordAtLevel(words, level + 1);
}

export function moodLevel(word: string): number | null {
  return wordOnAxis(MOOD_VALUES, word);
}

/**
 * What one blood pressure number says on its own: red where an urgency rule holds on it alone,
 * else the colour of the first rule its own condition meets, green when it meets none. Every rule but the normal one reads 'either number', and the
 * red rules come before the yellow ones, so a reading's colour is the worse of its two lines'.
 */
function bloodPressureLineBands(line: 'systolic' | 'diastolic'): ShadedBand[] {
  const rated = BLOOD_PRESSURE_RULES.map((rule: BloodPressureRule) => ({
    colour: rule.colour,
    interval: rule[line],
  })).filter(
    (entry): entry is { colour: BandColour; interval: Interval } => entry.interval !== null,
  );
  // An urgent reading is red whatever its band (a systolic under 90 is 'Low' and 'today'), so the
  // urgency rules that one number meets alone, for anyone, are shaded red first.
  const urgent = BLOOD_PRESSURE_URGENCY.filter(
    (rule) => rule.onlyWith === undefined && rule.join !== 'and',
  ).flatMap(
    (rule) =>
      (line === 'systolic' ? rule.value : rule.second)?.map((written) => ({
        colour: 'red' as BandColour,
        interval: interval(written),
      })) ?? [],
  );
  const conditions = [...urgent, ...rated];
  const normal = BLOOD_PRESSURE_RULES.find(
    (rule) => rule.systolic === null && rule.diastolic === null,
  );
  const limit = READING_LIMITS[line];
  const edges = [
    ...new Set([
      limit.min,
      limit.max,
      ...conditions.flatMap(({ interval }) => [interval.lower, interval.upper]),
    ]),
  ]
    .filter((edge): edge is number => edge !== null && edge >= limit.min && edge <= limit.max)
    .sort((a, b) => a - b);
  const bands: ShadedBand[] = [];
  for (let index = 1; index < edges.length; index += 1) {
    const from = edges[index - 1]!;
    const to = edges[index]!;
    const middle = (from + to) / 2;
    const met = conditions.find(({ interval }) => intervalContains(interval, middle));
    bands.push({ from, to, colour: met?.colour ?? normal?.colour ?? 'green', line });
  }
  return merged(bands);
}

function bloodPressureBands(): ShadedBand[] {
  return [...bloodPressureLineBands('systolic'), ...bloodPressureLineBands('diastolic')];
}

export function chartBands(measure: MeasureId, options: BandOptions): ShadedBand[] {
  // Blood pressure is rated by rules on either number, not by a table: each line is shaded by
  // what its own number says under those rules.
  if (measure === 'bloodPressure') return bloodPressureBands();
  const plot = MEASURES[measure].plot;
  if (plot.kind === 'pair') {
    // Each value is placed against the measure's table on its own (breathing: 80 % of predicted)
    // before the pair is rated together.
    const each = oneTableBands(measure, options);
    return plot.lines.flatMap(({ line }) => each.map((band) => ({ ...band, line })));
  }
  return oneTableBands(measure, options);
}

function oneTableBands(measure: MeasureId, options: BandOptions): ShadedBand[] {
  if (measure === 'mood') {
    return merged(
      MOOD_BANDS.map((band) => {
        const level = moodLevel(band.value) ?? 0;
        return { from: level - 0.5, to: level + 0.5, colour: band.colour };
      }).sort((a, b) => a.from - b.from),
    );
  }
  const table = tableFor(measure, options);
  if (!table) return [];
  const inUnit = (edge: number | null) =>
    edge === null ? null : toDisplayUnit(measure, edge, options.unit);
  return merged(
    table.bands
      .filter((band) => band.key !== 'invalid')
      .map((band) => ({ from: inUnit(band.lower), to: inUnit(band.upper), colour: band.colour })),
  );
}

/** The y value(s) of a reading on the chart, in the unit shown. */
export function chartValues(
  measure: MeasureId,
  reading: Pick<HealthReading, 'tagValue' | 'minTagValue'>,
  unit: DisplayUnit | null,
): { first: number | null; second: number | null } {
  const plot = MEASURES[measure].plot;
  if (plot.kind === 'words')
    return { first: wordOnAxis(plot.words, reading.tagValue), second: null };
  const first = parseReading(reading.tagValue);
  const second = parseReading(reading.minTagValue);
  if (plot.kind === 'pair') return { first, second };
  return { first: first === null ? null : toDisplayUnit(measure, first, unit), second: null };
}

/** The blood sugar table the newest reading was rated with, for the chart to start on. */
export function sugarContextOf(reading: Pick<HealthReading, 'narration'> | undefined) {
  return sugarContextFromNarration(reading?.narration ?? null);
}
