// The answer for one measure, and the three ways of building it: from a band, for a reading that
// cannot be read, and for a measure with no reading at all.
import { bandFor, valueToMatch } from './band.model.ts';
import type { BandSpec, BandTable, Colour, Outcome } from './band.model.ts';
import { MEASURES, type MeasureId } from './measure.catalog.ts';
import { formatNumber, givenText, parseReading } from './reading.parse.ts';
import { citation, SOURCES, type SourceId } from './source.catalog.ts';

export type SourceName = (typeof SOURCES)[SourceId]['name'];

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
  /** Advice that names its source: "… (Source: WHO)". */
  readonly advice: string;
  readonly source: SourceName;
  /** 1 only for green. */
  readonly ok: 0 | 1;
}

export const INVALID_RESULT = 'invalid, please re-enter';
export const INVALID_BAND = 'invalid';
export const MISSING_RESULT = 'No reading yet';
export const MISSING_BAND = 'missing';

export function okFlag(colour: Colour): 0 | 1 {
  return colour === 'green' ? 1 : 0;
}

export function analysisFromBand(
  measure: MeasureId,
  value: string | null,
  band: Outcome,
): Analysis {
  return {
    measure,
    value,
    unit: MEASURES[measure].unit,
    colour: band.colour,
    band: band.key,
    result: band.label,
    advice: band.advice,
    source: SOURCES[band.source].name,
    ok: okFlag(band.colour),
  };
}

/** What to tell a person whose reading of this measure could not be read. */
export interface InvalidAdvice {
  readonly source: SourceId;
  readonly advice: string;
}

/** Yellow, OK 0: the reading could not be read as a measurement and should be typed again. */
export function invalidReading(
  measure: MeasureId,
  value: string | null,
  invalid: InvalidAdvice,
): Analysis {
  return {
    measure,
    value,
    unit: MEASURES[measure].unit,
    colour: 'yellow',
    band: INVALID_BAND,
    result: INVALID_RESULT,
    advice: `${invalid.advice} ${citation(invalid.source)}`,
    source: SOURCES[invalid.source].name,
    ok: 0,
  };
}

/** Grey, OK 0: nothing recorded yet. */
export function missingReading(measure: MeasureId, source: SourceId): Analysis {
  const name = MEASURES[measure].displayName;
  // 'BMI' keeps its capitals; the other names read as ordinary words mid-sentence.
  const inSentence = name === name.toUpperCase() ? name : name.toLowerCase();
  return {
    measure,
    value: null,
    unit: MEASURES[measure].unit,
    colour: 'grey',
    band: MISSING_BAND,
    result: MISSING_RESULT,
    advice: `No ${inSentence} reading yet. Add one to see how it compares with the reference range. ${citation(source)}`,
    source: SOURCES[source].name,
    ok: 0,
  };
}

/**
 * The usual path for a one-number measure: parse, match the table, or answer invalid. The value is
 * shown as matched, so a rounded measure shows its rounded value ('37.1', '62').
 */
export function analyseNumber(table: BandTable, input: unknown, invalid: InvalidAdvice): Analysis {
  const value = parseReading(input);
  const band = value === null ? undefined : bandFor(table, value);
  if (value === null || band === undefined) {
    return invalidReading(table.measure, givenText(input), invalid);
  }
  const shown =
    table.decimals === null
      ? formatNumber(value)
      : valueToMatch(table, value).toFixed(table.decimals);
  return analysisFromBand(table.measure, shown, band);
}

/**
 * The band below zero that every measure without a written lower limit shares: no person has a
 * negative blood sugar or pulse, so such a number is a typing slip, not a very low reading.
 */
export function negativeReadingBand(source: SourceId): BandSpec {
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
