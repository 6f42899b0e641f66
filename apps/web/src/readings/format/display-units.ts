// The units a person may read and type a measure in besides the canonical one it is stored in
// (docs/decisions/0007-health-readings-api.md): mmol/L for blood sugar and cholesterol, °F for temperature.
import type { MeasureId } from '@vitalia/health/measure.catalog';
import {
  celsiusToFahrenheit,
  cholesterolMgdlToMmol,
  cholesterolMmolToMgdl,
  fahrenheitToCelsius,
  glucoseMgdlToMmol,
  glucoseMmolToMgdl,
} from '@vitalia/health/units.convert';

export type DisplayUnit = 'mg/dL' | 'mmol/L' | '°C' | '°F';

type Convert = (value: unknown, decimals?: number | null) => number | null;

export interface UnitChoice {
  /** The unit readings are stored in. */
  readonly canonical: DisplayUnit;
  readonly alternative: DisplayUnit;
  /** Canonical to alternative; `decimals` null keeps every digit (chart band edges). */
  readonly toAlternative: Convert;
  /** Alternative to canonical, rounded as the canonical unit is stored. */
  readonly fromAlternative: Convert;
  /** Decimals a value is shown with in each unit. */
  readonly decimals: Readonly<Record<'canonical' | 'alternative', number>>;
}

export const UNIT_CHOICES: Readonly<Partial<Record<MeasureId, UnitChoice>>> = {
  sugar: {
    canonical: 'mg/dL',
    alternative: 'mmol/L',
    toAlternative: glucoseMgdlToMmol,
    fromAlternative: glucoseMmolToMgdl,
    decimals: { canonical: 0, alternative: 1 },
  },
  cholesterol: {
    canonical: 'mg/dL',
    alternative: 'mmol/L',
    toAlternative: cholesterolMgdlToMmol,
    fromAlternative: cholesterolMmolToMgdl,
    decimals: { canonical: 0, alternative: 1 },
  },
  temperature: {
    canonical: '°C',
    alternative: '°F',
    toAlternative: celsiusToFahrenheit,
    fromAlternative: fahrenheitToCelsius,
    decimals: { canonical: 1, alternative: 1 },
  },
};

export function unitChoiceOf(measure: MeasureId): UnitChoice | undefined {
  return UNIT_CHOICES[measure];
}

export function isAlternativeUnit(measure: MeasureId, unit: DisplayUnit | null): boolean {
  const choice = unitChoiceOf(measure);
  return choice !== undefined && unit === choice.alternative;
}

/**
 * A stored (canonical) value in the unit shown; `decimals` null keeps every digit. Measures
 * without a unit choice, or the canonical unit, answer the value itself.
 */
export function toDisplayUnit(
  measure: MeasureId,
  canonical: number,
  unit: DisplayUnit | null,
  decimals: number | null = null,
): number | null {
  const choice = unitChoiceOf(measure);
  if (!choice || unit !== choice.alternative) return canonical;
  return choice.toAlternative(canonical, decimals);
}

/** What was typed in `unit`, as the canonical number the server stores; null when unreadable. */
export function toCanonicalUnit(
  measure: MeasureId,
  typed: number,
  unit: DisplayUnit | null,
): number | null {
  const choice = unitChoiceOf(measure);
  if (!choice || unit !== choice.alternative) return typed;
  return choice.fromAlternative(typed);
}

/** A stored value as text in the unit shown, with that unit's usual decimals ('5.5', '37.0'). */
export function displayNumber(measure: MeasureId, canonical: number, unit: DisplayUnit | null) {
  const choice = unitChoiceOf(measure);
  const inUnit = toDisplayUnit(measure, canonical, unit);
  if (inUnit === null) return '';
  if (!choice) return String(inUnit);
  const decimals =
    unit === choice.alternative ? choice.decimals.alternative : choice.decimals.canonical;
  return inUnit.toFixed(decimals);
}
