// Blood sugar typed in mmol/L (docs/clinical-reference.md, 'Blood sugar in mmol/L'). Multiplying by
// 18.016 moves a value across an edge: 4.4 mmol/L, the bottom of ADA's fasting target, becomes
// 79.3 mg/dL and would rate 'low'. So a value typed in mmol/L is rated as ADA's published
// equivalent is: the pairs below map exactly onto the mg/dL edges, and a value between two pairs
// sits between them in proportion. The map only ever rises, so the order of two readings is kept.
import { GLUCOSE_MG_DL_PER_MMOL_L } from './units.convert.ts';
import { formatNumber, parseReading, roundTo } from './reading.parse.ts';

export const SUGAR_UNITS = ['mg/dL', 'mmol/L'] as const;
export type SugarUnit = (typeof SUGAR_UNITS)[number];

export function isSugarUnit(value: unknown): value is SugarUnit {
  return typeof value === 'string' && (SUGAR_UNITS as readonly string[]).includes(value);
}

/**
 * ADA Standards of Care in Diabetes 2025, sections 2 and 6, print each glucose threshold in both
 * units: [mmol/L, mg/dL]. Every band edge of the blood sugar tables is one of them.
 */
export const ADA_GLUCOSE_PAIRS: readonly (readonly [number, number])[] = [
  [3.0, 54],
  [3.9, 70],
  [4.4, 80],
  [5.6, 100],
  [7.0, 126],
  [7.2, 130],
  [7.8, 140],
  [10.0, 180],
  [11.1, 200],
  [13.9, 250],
  [16.7, 300],
];

/**
 * The mg/dL value a reading typed in mmol/L is rated as (and stored as): a published pair exactly,
 * in proportion between two pairs, and by the molar factor below the first and above the last.
 * Null for anything that is not a number.
 */
export function glucoseMmolForRating(mmolPerL: unknown): number | null {
  const value = parseReading(mmolPerL);
  if (value === null) return null;
  let previous: readonly [number, number] = [0, 0];
  for (const pair of ADA_GLUCOSE_PAIRS) {
    if (value <= pair[0]) {
      const share = (value - previous[0]) / (pair[0] - previous[0]);
      return previous[1] + share * (pair[1] - previous[1]);
    }
    previous = pair;
  }
  return previous[1] + (value - previous[0]) * GLUCOSE_MG_DL_PER_MMOL_L;
}

/** The doubt a form raises before saving: a number that reads as the other unit. */
export interface SugarUnitDoubt {
  /** The unit the number more likely is in. */
  readonly unit: SugarUnit;
  readonly value: number;
  readonly question: string;
}

// No living person's blood sugar is under 40 mg/dL for long, and none is over 40 mmol/L
// (720 mg/dL); a number on the wrong side of 40 is nearly always the other unit.
const UNIT_DOUBT_EDGE = 40;

/**
 * 'Did you mean 15 mmol/L?' for a value under 40 typed as mg/dL, or over 40 typed as mmol/L; null
 * when the number fits its unit.
 */
export function sugarUnitDoubt(value: number, unit: SugarUnit): SugarUnitDoubt | null {
  if (!Number.isFinite(value) || value <= 0) return null;
  if (unit === 'mg/dL' && value < UNIT_DOUBT_EDGE) {
    const asMgdl = glucoseMmolForRating(value);
    return {
      unit: 'mmol/L',
      value,
      question: `Did you mean ${formatNumber(value)} mmol/L (about ${formatNumber(roundTo(asMgdl ?? 0, 0))} mg/dL)? ${formatNumber(value)} mg/dL would be dangerously low.`,
    };
  }
  if (unit === 'mmol/L' && value > UNIT_DOUBT_EDGE) {
    return {
      unit: 'mg/dL',
      value,
      question: `Did you mean ${formatNumber(value)} mg/dL (about ${formatNumber(roundTo(value / GLUCOSE_MG_DL_PER_MMOL_L, 1))} mmol/L)? ${formatNumber(value)} mmol/L would be far above any meter's range.`,
    };
  }
  return null;
}
