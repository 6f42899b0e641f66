// Every one-number band table in one list, for charts that shade a measure's bands and for the
// tests that check each table covers every number once. Blood pressure (two numbers, rules) and
// mood (words) are not one-number tables; see their own modules.
import type { BandTable } from './band.model.ts';
import { BMI_BANDS } from './bmi.measure.ts';
import { FEV_BANDS } from './breathing.measure.ts';
import { CHOLESTEROL_BANDS } from './cholesterol.measure.ts';
import type { MeasureId } from './measure.catalog.ts';
import { OXYGEN_BANDS } from './oxygen.measure.ts';
import { GENERAL_PULSE_BANDS, PULSE_BANDS } from './pulse.measure.ts';
import { SUGAR_BANDS } from './sugar.measure.ts';
import { TEMPERATURE_BANDS } from './temperature.measure.ts';

export const BAND_TABLES: readonly BandTable[] = [
  OXYGEN_BANDS,
  ...Object.values(SUGAR_BANDS),
  BMI_BANDS,
  ...Object.values(PULSE_BANDS.Male),
  ...Object.values(PULSE_BANDS.Female),
  GENERAL_PULSE_BANDS,
  FEV_BANDS,
  TEMPERATURE_BANDS,
  CHOLESTEROL_BANDS,
];

export function bandTablesOf(measure: MeasureId): BandTable[] {
  return BAND_TABLES.filter((table) => table.measure === measure);
}

export function bandTableById(id: string): BandTable | undefined {
  return BAND_TABLES.find((table) => table.id === id);
}
