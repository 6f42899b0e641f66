// Converting what people type into the canonical units readings are stored in
// (docs/decisions/0007-health-readings-api.md): blood sugar and cholesterol in mg/dL, temperature
// in °C, BMI from weight and height. A blood sugar typed in mmol/L is rated through ADA's pairs
// instead (sugar.units.ts), so that no conversion moves it across an edge. Each function takes a number or numeric text and answers null when it cannot convert; `decimals`
// sets the rounding (null keeps every digit).
import { parseReading, roundTo } from './reading.parse.ts';

// Glucose, C6H12O6, has a molar mass of 180.16 g/mol (PubChem CID 5793), so 1 mmol/L is
// 180.16 mg/L, that is 18.016 mg/dL.
export const GLUCOSE_MG_DL_PER_MMOL_L = 18.016;

// Cholesterol, C27H46O, has a molar mass of 386.65 g/mol (PubChem CID 5997): 1 mmol/L is
// 38.665 mg/dL, which laboratories' conversion tables print as 38.67.
export const CHOLESTEROL_MG_DL_PER_MMOL_L = 38.67;

// Defaults follow how each unit is printed on meters and lab reports: mg/dL as whole numbers,
// mmol/L and degrees to one decimal.
const WHOLE = 0;
const ONE_DECIMAL = 1;

function scaled(input: unknown, factor: number, decimals: number | null): number | null {
  const value = parseReading(input);
  if (value === null) return null;
  return finish(value * factor, decimals);
}

function finish(converted: number, decimals: number | null): number | null {
  if (!Number.isFinite(converted)) return null;
  return decimals === null ? converted : roundTo(converted, decimals);
}

/** 5.5 mmol/L -> 99 mg/dL */
export function glucoseMmolToMgdl(
  mmolPerL: unknown,
  decimals: number | null = WHOLE,
): number | null {
  return scaled(mmolPerL, GLUCOSE_MG_DL_PER_MMOL_L, decimals);
}

/** 99 mg/dL -> 5.5 mmol/L */
export function glucoseMgdlToMmol(
  mgPerDl: unknown,
  decimals: number | null = ONE_DECIMAL,
): number | null {
  return scaled(mgPerDl, 1 / GLUCOSE_MG_DL_PER_MMOL_L, decimals);
}

/** 5.2 mmol/L -> 201 mg/dL */
export function cholesterolMmolToMgdl(
  mmolPerL: unknown,
  decimals: number | null = WHOLE,
): number | null {
  return scaled(mmolPerL, CHOLESTEROL_MG_DL_PER_MMOL_L, decimals);
}

/** 201 mg/dL -> 5.2 mmol/L */
export function cholesterolMgdlToMmol(
  mgPerDl: unknown,
  decimals: number | null = ONE_DECIMAL,
): number | null {
  return scaled(mgPerDl, 1 / CHOLESTEROL_MG_DL_PER_MMOL_L, decimals);
}

/** 98.6 °F -> 37.0 °C */
export function fahrenheitToCelsius(
  fahrenheit: unknown,
  decimals: number | null = ONE_DECIMAL,
): number | null {
  const value = parseReading(fahrenheit);
  if (value === null) return null;
  return finish(((value - 32) * 5) / 9, decimals);
}

/** 37 °C -> 98.6 °F */
export function celsiusToFahrenheit(
  celsius: unknown,
  decimals: number | null = ONE_DECIMAL,
): number | null {
  const value = parseReading(celsius);
  if (value === null) return null;
  return finish((value * 9) / 5 + 32, decimals);
}

/**
 * Body mass index in kg/m² from weight in kilograms and height in millimetres (the profile's
 * HeightMM); null unless both are positive numbers.
 */
export function bmiFromWeight(
  weightKg: unknown,
  heightMM: unknown,
  decimals: number | null = ONE_DECIMAL,
): number | null {
  const weight = parseReading(weightKg);
  const height = parseReading(heightMM);
  if (weight === null || height === null || weight <= 0 || height <= 0) return null;
  const metres = height / 1000;
  return finish(weight / (metres * metres), decimals);
}
