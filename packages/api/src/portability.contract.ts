// Taking one's data out and bringing a history in (issue 21; docs/decisions/ has the reasoning).
// The readings file's columns are written here once: the export writes them and the import reads
// them back, so an export imported into a new account gives the same readings.

import { z } from './zod.ts';

export const portabilityPaths = {
  /** The signed-in person's data as one zip archive (GET, streamed). */
  dataExport: '/api/v1/account/export',
  /** What importing a file would do, without doing it (POST, the file as the body). */
  importPreview: '/api/v1/records/import/preview',
  /** Import a file: all of it or nothing (POST, the file as the body). */
  importReadings: '/api/v1/records/import',
} as const;

export interface CsvColumn {
  readonly name: string;
  readonly description: string;
}

/**
 * The columns of `readings.csv`, in order: one row per reading. Times are ISO 8601 with their
 * offset; values are in the measure's canonical unit, as stored; blanks are empty cells.
 */
export const READINGS_CSV_COLUMNS = [
  {
    name: 'taken_at',
    description:
      'When the reading was taken, ISO 8601 with its offset (2026-01-31T09:30:00+01:00).',
  },
  {
    name: 'measure',
    description:
      'The measure: oxygen, sugar, bmi, mood, pulse, bloodPressure, breathing, temperature or cholesterol.',
  },
  {
    name: 'value',
    description:
      'The value in the canonical unit: systolic for bloodPressure, FEV2 for breathing, the word for mood.',
  },
  {
    name: 'second_value',
    description: 'Diastolic for bloodPressure, FEV1 % of predicted for breathing; empty otherwise.',
  },
  { name: 'unit', description: 'The canonical unit of value (mg/dL, mmHg, %, ...).' },
  {
    name: 'entered_value',
    description: 'A blood sugar typed in another unit: the value as typed; empty otherwise.',
  },
  { name: 'entered_unit', description: 'The unit entered_value was typed in (mmol/L).' },
  { name: 'weight_kg', description: 'BMI readings: the weight in kg it was worked out from.' },
  {
    name: 'context',
    description:
      "The reading's narration as stored. For blood sugar: HadDiabetics and/or HadMeal, which choose the band it is rated against.",
  },
  { name: 'colour', description: "The interpreter's colour: green, yellow or red." },
  { name: 'label', description: "The interpreter's label, as the person saw it." },
  { name: 'note', description: "The person's own note on the reading." },
  { name: 'device', description: 'The device named with the reading, if any.' },
  { name: 'from_device', description: 'true when a device sent the reading itself.' },
] as const satisfies readonly CsvColumn[];

export type ReadingsCsvColumn = (typeof READINGS_CSV_COLUMNS)[number]['name'];

// --- export ------------------------------------------------------------------------------------

/** How many archives a person may download in an hour (each reads the whole history). */
export const EXPORTS_PER_HOUR = 5;

/** The files of the archive, in the order they are written (docs/data-export.md). */
export const EXPORT_FILES = [
  'README.txt',
  'profile.json',
  'readings.csv',
  'fhir.json',
  'orders.json',
  'sharing-log.csv',
] as const;

export const dataExportQuery = z.object({
  timeZone: z
    .string()
    .max(64)
    .optional()
    .describe(
      "An IANA time zone (Africa/Lagos, Europe/London): readings.csv and fhir.json write times with that zone's offset. Left out, times are in UTC with 'Z'.",
    ),
});
export type DataExportQuery = z.infer<typeof dataExportQuery>;

/** The archive's name for a day: vitalia-export-2026-01-31.zip. */
export function exportFileName(day: string): string {
  return `vitalia-export-${day}.zip`;
}
