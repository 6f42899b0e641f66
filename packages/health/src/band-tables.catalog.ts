// Every one-number band table, from the measures' definitions (measure.catalog.ts), for charts
// that shade a measure's bands and for the tests that check each table covers every number once.
// Blood pressure (two numbers, rules) and mood (words) have no one-number table.
import type { BandTable } from './band.model.ts';
import { MEASURE_LIST, MEASURES, type MeasureId } from './measure.catalog.ts';

export const BAND_TABLES: readonly BandTable[] = MEASURE_LIST.flatMap(
  (measure) => measure.bandTables,
);

export function bandTablesOf(measure: MeasureId): BandTable[] {
  return [...MEASURES[measure].bandTables];
}

export function bandTableById(id: string): BandTable | undefined {
  return BAND_TABLES.find((table) => table.id === id);
}
