// The reference bands a history chart shades, read from packages/health's tables so the chart
// and the ratings can never disagree. Adjacent bands of one colour are drawn as one (the pulse
// chart's Athlete to Average are all green), and the 'invalid' bands are left unshaded: they mark
// typing slips, not a range of the body.
import type { HealthReading } from '@vitalia/api/records.contract';
import { BLOOD_PRESSURE_RULES } from '@vitalia/health/blood-pressure.measure';
import type { BandColour, BandTable } from '@vitalia/health/band.model';
import { bandTablesOf } from '@vitalia/health/band-tables.catalog';
import type { MeasureId } from '@vitalia/health/measure.catalog';
import { MOOD_BANDS, MOOD_VALUES } from '@vitalia/health/mood.measure';
import { pulseTableFor } from '@vitalia/health/pulse.measure';
import { parseReading } from '@vitalia/health/reading.parse';
import {
  sugarContextFromNarration,
  sugarTableFor,
  type SugarContext,
} from '@vitalia/health/sugar.measure';
import { toDisplayUnit, type DisplayUnit } from './display-units';

export interface ShadedBand {
  /** Lower edge in the unit shown; null runs on below the chart. */
  from: number | null;
  to: number | null;
  colour: BandColour;
  /** For blood pressure: which line the band belongs to. */
  line?: 'systolic' | 'diastolic';
}

export interface BandOptions {
  unit: DisplayUnit | null;
  /** Which of the four blood sugar tables to shade. */
  sugarContext: SugarContext;
  /** Date of birth and gender choose the pulse table (age today). */
  profile: { dob: string | null; gender: string | null } | null;
}

function tableFor(measure: MeasureId, options: BandOptions): BandTable | undefined {
  if (measure === 'sugar') return sugarTableFor(options.sugarContext);
  if (measure === 'pulse') {
    return pulseTableFor({
      dob: options.profile?.dob ?? null,
      gender: options.profile?.gender ?? null,
      on: new Date(),
    });
  }
  return bandTablesOf(measure)[0];
}

function merged(bands: ShadedBand[]): ShadedBand[] {
  const result: ShadedBand[] = [];
  for (const band of bands) {
    const last = result.at(-1);
    if (last && last.colour === band.colour && last.to === band.from) last.to = band.to;
    else result.push({ ...band });
  }
  return result;
}

/** Mood words on a chart's y axis: Very Sad 0, Sad 1, Neutral 2, Happy 3. */
export function moodLevel(word: string): number | null {
  const index = MOOD_VALUES.findIndex((value) => value.toLowerCase() === word.toLowerCase());
  return index === -1 ? null : MOOD_VALUES.length - 1 - index;
}

export function moodWordAt(level: number): string {
  return MOOD_VALUES[MOOD_VALUES.length - 1 - level] ?? '';
}

function bloodPressureBands(): ShadedBand[] {
  // The normal rule has no edges of its own: it is what the low rule (3) and the elevated rule
  // (6) leave between them, one range per line.
  const low = BLOOD_PRESSURE_RULES.find((rule) => rule.key === 'low');
  const elevated = BLOOD_PRESSURE_RULES.find((rule) => rule.key === 'elevated');
  return [
    {
      from: low?.systolic?.upper ?? null,
      to: elevated?.systolic?.lower ?? null,
      colour: 'green',
      line: 'systolic',
    },
    {
      from: low?.diastolic?.upper ?? null,
      to: elevated?.diastolic?.lower ?? null,
      colour: 'green',
      line: 'diastolic',
    },
  ];
}

export function chartBands(measure: MeasureId, options: BandOptions): ShadedBand[] {
  if (measure === 'bloodPressure') return bloodPressureBands();
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
  if (measure === 'mood') return { first: moodLevel(reading.tagValue), second: null };
  const first = parseReading(reading.tagValue);
  const second = parseReading(reading.minTagValue);
  if (measure === 'bloodPressure' || measure === 'breathing') return { first, second };
  return { first: first === null ? null : toDisplayUnit(measure, first, unit), second: null };
}

/** The blood sugar table the newest reading was rated with, for the chart to start on. */
export function sugarContextOf(reading: Pick<HealthReading, 'narration'> | undefined) {
  return sugarContextFromNarration(reading?.narration ?? null);
}
