// The answer for one measure, and the three ways of building it: from a band, for a reading that
// cannot be read, and for a measure with no reading at all.
import { bandFor, valueToMatch } from './band.model.ts';
import type { BandSpec, BandTable, Colour, Outcome } from './band.model.ts';
import type { MeasureId } from './measure.catalog.ts';
import { formatNumber } from './reading.parse.ts';
import type { ParsedValue } from './reading.typed.ts';
import { citation, sourceNames, type Sources } from './source.catalog.ts';

/**
 * How soon a person should act (docs/clinical-reference.md, 'Urgency'): `now` is emergency care
 * now, `today` is a doctor or clinic today. A layer over the bands that can only raise concern.
 */
export type Urgency = 'now' | 'today';

/** How urgent, as a number to order by: `now` 2, `today` 1, none 0. */
export function urgencyRank(urgency: Urgency | null | undefined): number {
  return urgency === 'now' ? 2 : urgency === 'today' ? 1 : 0;
}

export interface Analysis {
  readonly measure: MeasureId;
  /**
   * The reading as interpreted ('97', '120/80', '37.1', 'Happy'); the text typed when invalid;
   * null when there is no reading.
   */
  readonly value: string | null;
  readonly unit: string | null;
  readonly colour: Colour;
  /** Key of the matched band, or 'invalid' / 'missing'. */
  readonly band: string;
  /** The result label. */
  readonly result: string;
  /** A second line under the label: for a pulse, the fitness chart's rating ('Fitness: Average'). */
  readonly detail: string | null;
  /** Advice that names its source document: "… (Source: NHS, Hypothermia, nhs.uk (read 2026))". */
  readonly advice: string;
  /** The document(s) the advice rests on, '; ' between two. */
  readonly source: string;
  /** 1 only for a green reading that is not old. */
  readonly ok: 0 | 1;
  /** Null unless the reading needs action today or now; an urgent result is always red. */
  readonly urgency: Urgency | null;
  /** When urgent: what to do first, in plain words. */
  readonly firstAction: string | null;
  /** When urgent: the signs that make it an emergency (call the emergency number). */
  readonly emergencySigns: string | null;
  /** The newest reading is too old to count (docs/clinical-reference.md, 'The score'). */
  readonly old: boolean;
}

/** The fields every answer shares before the urgency layer and the age of the reading are known. */
const NOT_URGENT = {
  urgency: null,
  firstAction: null,
  emergencySigns: null,
  old: false,
  detail: null,
} as const;

export const INVALID_RESULT = 'invalid, please re-enter';
export const INVALID_BAND = 'invalid';
export const MISSING_RESULT = 'No reading yet';
export const MISSING_BAND = 'missing';

export function okFlag(colour: Colour): 0 | 1 {
  return colour === 'green' ? 1 : 0;
}

/**
 * Which measure an answer is for and the unit it is given in. A band table is one; a measure's
 * definition gives it for the measures rated by rules or words. (This module reads no catalogue:
 * the measures' own modules build their tables with it.)
 */
export interface AnswerFor {
  readonly measure: MeasureId;
  readonly unit: string | null;
}

export function analysisFromBand(of: AnswerFor, value: string | null, band: Outcome): Analysis {
  return {
    measure: of.measure,
    value,
    unit: of.unit,
    colour: band.colour,
    band: band.key,
    result: band.label,
    advice: band.advice,
    source: sourceNames(band.source),
    ok: okFlag(band.colour),
    ...NOT_URGENT,
  };
}

/** What to tell a person whose reading of this measure could not be read. */
export interface InvalidAdvice {
  readonly source: Sources;
  readonly advice: string;
}

/** Yellow, OK 0: the reading could not be read as a measurement and should be typed again. */
export function invalidReading(
  of: AnswerFor,
  value: string | null,
  invalid: InvalidAdvice,
): Analysis {
  return {
    measure: of.measure,
    value,
    unit: of.unit,
    colour: 'yellow',
    band: INVALID_BAND,
    result: INVALID_RESULT,
    advice: `${invalid.advice} ${citation(invalid.source)}`,
    source: sourceNames(invalid.source),
    ok: 0,
    ...NOT_URGENT,
  };
}

/** Grey, OK 0: nothing recorded yet. */
export function missingReading(
  of: AnswerFor & { readonly displayName: string },
  source: Sources,
): Analysis {
  const name = of.displayName;
  // 'BMI' keeps its capitals; the other names read as ordinary words mid-sentence.
  const inSentence = name === name.toUpperCase() ? name : name.toLowerCase();
  return {
    measure: of.measure,
    value: null,
    unit: of.unit,
    colour: 'grey',
    band: MISSING_BAND,
    result: MISSING_RESULT,
    advice: `No ${inSentence} reading yet. Add one to see how it compares with the reference range. ${citation(source)}`,
    source: sourceNames(source),
    ok: 0,
    ...NOT_URGENT,
  };
}

/**
 * The usual path for a one-number measure: match the table, or answer invalid. The value is shown
 * as matched, so a rounded measure shows its rounded value ('37.1', '62').
 */
export function analyseNumber(
  table: BandTable,
  reading: ParsedValue,
  invalid: InvalidAdvice,
): Analysis {
  const value = reading.number;
  const possible = value !== null && withinLimit(table, value);
  const band = possible ? bandFor(table, value) : undefined;
  if (value === null || band === undefined) {
    return invalidReading(table, reading.given, invalid);
  }
  return analysisFromBand(table, shownValue(table, value), band);
}

/** Outside the limits of a possible measurement (measurement-limits.catalog) nothing is rated. */
export function withinLimit(table: BandTable, value: number): boolean {
  const { limit } = table;
  if (limit === null) return true;
  return value >= limit.min && value <= limit.max && (!limit.whole || Number.isInteger(value));
}

/**
 * The value as the person reads it back: rounded as the table rates it (pulse, temperature), or,
 * for a table that rates every digit (BMI), cut to `shownDecimals` towards zero, so that the shown
 * figure never sits across an edge from its rating (18.498 shows as 18.4, not 18.5).
 */
export function shownValue(table: BandTable, value: number): string {
  if (table.decimals !== null) return valueToMatch(table, value).toFixed(table.decimals);
  if (table.shownDecimals === null) return formatNumber(value);
  const factor = 10 ** table.shownDecimals;
  const cut = Math.trunc(Number((value * factor).toPrecision(15))) / factor;
  return formatNumber(cut);
}

/**
 * The band below zero that every measure without a written lower limit shares: no person has a
 * negative blood sugar or pulse, so such a number is a typing slip, not a very low reading.
 */
export function negativeReadingBand(source: Sources): BandSpec {
  return {
    key: INVALID_BAND,
    written: 'negative',
    interval: '(-inf, 0)',
    colour: 'yellow',
    label: INVALID_RESULT,
    advice: 'A negative number cannot be a measurement. Check the reading and enter it again.',
    source,
  };
}
