// Reference bands as data: each band is an interval of the measure's canonical unit with explicit
// edges, so a chart can shade it and a test can walk its edges. The functions here only read them.
import type { MeasureId } from './measure.catalog.ts';
import type { ReadingLimit } from './measurement-limits.catalog.ts';
import { roundTo } from './reading.parse.ts';
import { citation, type Sources } from './source.catalog.ts';

/** Grey is only ever the colour of a measure without a reading; no band is grey. */
export type Colour = 'green' | 'yellow' | 'red' | 'grey';
export type BandColour = Exclude<Colour, 'grey'>;

/** Edges of a band. A null edge is open-ended: the band runs on to minus or plus infinity. */
export interface Interval {
  readonly lower: number | null;
  readonly lowerInclusive: boolean;
  readonly upper: number | null;
  readonly upperInclusive: boolean;
}

/** What a reading that lands somewhere is told. Bands, blood pressure rules and mood words share it. */
export interface Outcome {
  /** Stable id within its table ('normal', 'very-high'); also the Analysis's `band`. */
  readonly key: string;
  /** The range as docs/clinical-reference.md writes it, e.g. '71-79' or '250 or more'. */
  readonly written: string;
  readonly colour: BandColour;
  /** The result label shown to the person. */
  readonly label: string;
  /** Advice, ending with "(Source: …)". */
  readonly advice: string;
  readonly source: Sources;
}

export type Band = Outcome & Interval;

/** An outcome as a table writes it: advice without its citation, which is added from `source`. */
export type OutcomeSpec = Outcome;

/** Adds the citation to the advice. */
export function defineOutcome<T extends OutcomeSpec>(spec: T): T {
  return { ...spec, advice: `${spec.advice} ${citation(spec.source)}` };
}

export interface BandTable {
  /** e.g. 'sugar/diabetic-fasting', 'pulse/female/26-35'. */
  readonly id: string;
  readonly measure: MeasureId;
  readonly unit: string;
  /** When set, a value is rounded to this many decimals before it is matched. */
  readonly decimals: number | null;
  /** For a table that rates every digit: how many decimals are shown (cut, never rounded up). */
  readonly shownDecimals: number | null;
  /** The limits of a possible measurement; outside them a value is invalid, not rated. */
  readonly limit: ReadingLimit | null;
  /** Sorted from low to high; together they cover every number exactly once. */
  readonly bands: readonly Band[];
}

export interface BandSpec extends OutcomeSpec {
  /** Interval notation: '[70, 80)', '(-inf, 50)', '[240, inf)'. */
  readonly interval: string;
}

export interface TableSpec {
  readonly id: string;
  readonly measure: MeasureId;
  readonly unit: string;
  readonly decimals?: number;
  readonly shownDecimals?: number;
  readonly limit?: ReadingLimit;
  readonly bands: readonly BandSpec[];
}

const INTERVAL_NOTATION =
  /^([[(])\s*(-inf|[-+]?\d+(?:\.\d+)?)\s*,\s*(inf|[-+]?\d+(?:\.\d+)?)\s*([\])])$/;

/**
 * Reads interval notation written in a table. Only the tables of this package call it, at load
 * time, so a malformed notation is a programming error and fails loudly.
 */
export function interval(notation: string): Interval {
  const match = INTERVAL_NOTATION.exec(notation.trim());
  if (!match) throw new Error(`Not interval notation: ${notation}`);
  const [, open = '', lowerText = '', upperText = '', close = ''] = match;
  return {
    lower: lowerText === '-inf' ? null : Number(lowerText),
    lowerInclusive: open === '[',
    upper: upperText === 'inf' ? null : Number(upperText),
    upperInclusive: close === ']',
  };
}

export function defineBand(spec: BandSpec): Band {
  const { interval: notation, ...outcome } = spec;
  return { ...defineOutcome(outcome), ...interval(notation) };
}

export function defineTable(spec: TableSpec): BandTable {
  return {
    id: spec.id,
    measure: spec.measure,
    unit: spec.unit,
    decimals: spec.decimals ?? null,
    shownDecimals: spec.shownDecimals ?? null,
    limit: spec.limit ?? null,
    bands: spec.bands.map(defineBand),
  };
}

export function intervalContains(edges: Interval, value: number): boolean {
  if (Number.isNaN(value)) return false;
  if (edges.lower !== null) {
    if (edges.lowerInclusive ? value < edges.lower : value <= edges.lower) return false;
  }
  if (edges.upper !== null) {
    if (edges.upperInclusive ? value > edges.upper : value >= edges.upper) return false;
  }
  return true;
}

/** The value a table compares: rounded first when the table says so (pulse, temperature). */
export function valueToMatch(table: BandTable, value: number): number {
  return table.decimals === null ? value : roundTo(value, table.decimals);
}

/** Every band holding the value. The tables are built so that this is always exactly one. */
export function bandsContaining(table: BandTable, value: number): Band[] {
  const matched = valueToMatch(table, value);
  return table.bands.filter((band) => intervalContains(band, matched));
}

/** The band holding the value; undefined only for NaN. */
export function bandFor(table: BandTable, value: number): Band | undefined {
  const matched = valueToMatch(table, value);
  return table.bands.find((band) => intervalContains(band, matched));
}
