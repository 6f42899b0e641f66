// Taking one's data out and bringing a history in (the reasoning: docs/decisions/0030-data-export.md
// and 0031-importing-readings.md).
// The readings file's columns are written here once: the export writes them and the import reads
// them back, so an export imported into a new account gives the same readings.

import { MEASURE_IDS, MEASURE_LIST } from '@vitalia/health/measure.catalog';
import { z } from './zod.ts';

/** 'oxygen, sugar, ... or cholesterol': the measure ids, as the documents of the files list them. */
const MEASURE_NAMES_FOR_MACHINES = `${MEASURE_IDS.slice(0, -1).join(', ')} or ${MEASURE_IDS.at(-1)}`;

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
    description: `The measure: ${MEASURE_NAMES_FOR_MACHINES}.`,
  },
  {
    name: 'value',
    description:
      'The value in the canonical unit (systolic for bloodPressure, FEV2 for breathing, the word for mood), or as typed for a blood sugar typed in mmol/L (unit says which).',
  },
  {
    name: 'second_value',
    description: 'Diastolic for bloodPressure, FEV1 % of predicted for breathing; empty otherwise.',
  },
  {
    name: 'unit',
    description:
      'The unit of value: the canonical one (mg/dL, mmHg, %, ...), or mmol/L for a blood sugar typed so.',
  },
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
  {
    name: 'report',
    description:
      "Free text an app or device sent with the reading (the wire's Report); empty otherwise.",
  },
  {
    name: 'imported_from',
    description:
      'An imported reading: the name of the file it was first imported from; empty for a reading typed or sent by an app.',
  },
  {
    name: 'import_format',
    description:
      'An imported reading: that file’s format (vitalia-csv, csv, fhir-bundle or fhir-ndjson).',
  },
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

// --- import ------------------------------------------------------------------------------------
// docs/decisions/0031-importing-readings.md: the file travels as the request body; how a common
// CSV's columns are read travels as query parameters (a column mapping is not a secret).

/** The largest file taken: a 100,000-reading Vitalia export is about 15 MB. */
export const IMPORT_MAX_BYTES = 32 * 1024 * 1024;
/** The most rows (CSV records after the header, NDJSON lines, Bundle entries) one file may hold. */
export const IMPORT_MAX_ROWS = 150_000;
/** The most columns a CSV may have; no export of readings has more than a few dozen. */
export const IMPORT_MAX_COLUMNS = 100;
/** The longest CSV record, in characters: a note is at most 280, a whole Vitalia row a few hundred. */
export const IMPORT_MAX_RECORD_CHARS = 16 * 1024;
/**
 * The most readings one import adds: a row can give several readings (SYS, DIA and Pulse give
 * two), so the cap is on readings, not only on rows.
 */
export const IMPORT_MAX_READINGS = 100_000;
/** The most readings one person may import in 24 hours, over all their imports. */
export const IMPORT_MAX_READINGS_PER_DAY = 200_000;
/** Preview and import calls one person may make in an hour, together. */
export const IMPORTS_PER_HOUR = 60;
/** How many of the readings to add the preview shows, and how many refused rows it lists. */
export const IMPORT_PREVIEW_ROWS = 20;
export const IMPORT_REFUSED_LISTED = 200;
/** What an imported reading names as its file when the import call gave no fileName. */
export const IMPORT_UNNAMED_FILE = 'a file';
/** How many readings of each measure the preview shows rated, for the mapping step. */
export const IMPORT_SAMPLES_PER_MEASURE = 3;

/** The request body's content types, by what they carry. */
export const IMPORT_CONTENT_TYPES = {
  csv: ['text/csv'],
  fhirBundle: ['application/fhir+json', 'application/json'],
  ndjson: ['application/fhir+ndjson', 'application/x-ndjson'],
} as const;

export const IMPORT_FORMATS = ['vitalia-csv', 'csv', 'fhir-bundle', 'fhir-ndjson'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/**
 * What a column of a common CSV holds: one number of a measure, a BMI's weight, a mood word, or
 * the note. systolic goes with diastolic, fev2 with fev1.
 */
export const IMPORT_COLUMN_ROLES = MEASURE_LIST.flatMap((measure) =>
  measure.importColumns.map((column) => column.role),
).concat('note') as [string, ...string[]];
export type ImportColumnRole = string;

/** How the column choice names each role (the measures' definitions, and the note). */
export const IMPORT_COLUMN_LABELS: Readonly<Record<ImportColumnRole, string>> = Object.fromEntries([
  ...MEASURE_LIST.flatMap((measure) =>
    measure.importColumns.map((column) => [column.role, column.label.en]),
  ),
  ['note', 'Note'],
]);

export const IMPORT_DATE_ORDERS = ['YMD', 'DMY', 'MDY'] as const;
export type ImportDateOrder = (typeof IMPORT_DATE_ORDERS)[number];

export const IMPORT_SUGAR_UNITS = ['mg/dL', 'mmol/L'] as const;
/**
 * When a common CSV's blood sugars were taken, for the ranges they are rated against: before
 * eating (the strictest ranges, and what a reading that says nothing is rated as) or after a meal.
 * Whether the person has diabetes comes from their health questions.
 */
export const IMPORT_SUGAR_MEALS = ['fasting', 'after-meal'] as const;

/** How a common CSV is read; every column is named by its position, 0 for the first. */
export interface ImportMapping {
  timeColumn: number;
  /** A separate time-of-day column, when the date column holds the date only. */
  timeOfDayColumn: number | null;
  /**
   * A column with each row's time zone or offset (Africa/Lagos, UTC+01:00); a row whose cell is
   * blank uses timeZone.
   */
  zoneColumn: number | null;
  dateOrder: ImportDateOrder;
  /** The zone of times written without an offset (IANA name). */
  timeZone: string;
  /** The columns read as values, by position. */
  columns: Array<{ column: number; role: ImportColumnRole }>;
  sugarUnit: (typeof IMPORT_SUGAR_UNITS)[number];
  sugarMeal: (typeof IMPORT_SUGAR_MEALS)[number];
}

const columnIndex = z
  .string()
  .regex(/^\d{1,3}$/, 'must be a column number: 0 for the first column')
  .transform(Number);

/** `2:systolic,3:diastolic,4:pulse`: a column's number, a colon, what it holds. */
const columnList = z
  .string()
  .max(2000)
  .regex(
    new RegExp(
      `^\\d{1,3}:(?:${IMPORT_COLUMN_ROLES.join('|')})(?:,\\d{1,3}:(?:${IMPORT_COLUMN_ROLES.join('|')}))*$`,
    ),
    `must list columns as number:role separated by commas (2:systolic,3:diastolic), each role one of ${IMPORT_COLUMN_ROLES.join(', ')}`,
  )
  .transform((text) =>
    text.split(',').map((pair) => {
      const [column, role] = pair.split(':');
      return { column: Number(column), role: role as ImportColumnRole };
    }),
  );

export const importQuery = z.strictObject({
  format: z
    .enum(['vitalia-csv', 'csv'])
    .optional()
    .describe(
      "CSV only: vitalia-csv for Vitalia's own readings.csv, csv for any other with the mapping below. Left out, a header with Vitalia's columns is read as Vitalia's, any other as csv.",
    ),
  timeColumn: columnIndex
    .optional()
    .describe('Common CSV: the column with the date and time (or the date), 0 for the first.'),
  timeOfDayColumn: columnIndex
    .optional()
    .describe(
      'Common CSV: a separate column with the time of day, when timeColumn has the date only.',
    ),
  zoneColumn: columnIndex
    .optional()
    .describe(
      "Common CSV: a column with each row's time zone or offset (Africa/Lagos, UTC+01:00, +0100), used for that row's time instead of timeZone.",
    ),
  dateOrder: z
    .enum(IMPORT_DATE_ORDERS)
    .optional()
    .describe(
      'Common CSV: how dates such as 03/04/2026 are read: DMY (3 April), MDY (4 March) or YMD. Guessed from the rows when left out.',
    ),
  timeZone: z
    .string()
    .max(64)
    .optional()
    .describe(
      'The IANA time zone (Africa/Lagos) or fixed offset (+01:00) of times written without an offset; UTC when left out. Times with an offset keep it.',
    ),
  columns: columnList
    .optional()
    .describe(
      `Common CSV: what each value column holds, as number:role pairs separated by commas (2:systolic,3:diastolic,4:pulse). Roles: ${IMPORT_COLUMN_ROLES.join(', ')}. A one-value measure (sugar) may name two columns when each row fills only one (a meter's historic and scan columns).`,
    ),
  sugarUnit: z
    .enum(IMPORT_SUGAR_UNITS)
    .optional()
    .describe('Common CSV: the unit of a sugar column, mg/dL (the default) or mmol/L.'),
  sugarMeal: z
    .enum(IMPORT_SUGAR_MEALS)
    .optional()
    .describe(
      'Common CSV: when the sugars were taken, for the ranges they are rated against: fasting (the default, the strictest ranges) or after-meal. Whether the person has diabetes comes from their health questions.',
    ),
  fileName: z
    .string()
    .max(200)
    .optional()
    .describe(
      "The file's name as the person chose it (omron-2026.csv): each imported reading keeps it, with the format, as where it came from, and the export carries it. Left out, the readings say 'a file'.",
    ),
  skipRefused: z
    .enum(['true', 'false'])
    .optional()
    .describe(
      'Import only: true imports the good rows of a file with refused rows (as the preview listed them). Without it such a file is refused whole with 400 and nothing is added.',
    ),
});
export type ImportQuery = z.input<typeof importQuery>;

export const importedReading = z
  .object({
    measure: z.string().describe(`${MEASURE_NAMES_FOR_MACHINES}.`),
    takenAt: z.string().describe('ISO 8601 in UTC.'),
    value: z.string().describe('In the canonical unit; the word for mood.'),
    secondValue: z.string().nullable(),
    unit: z.string().nullable().describe('The canonical unit of value.'),
    enteredValue: z
      .string()
      .nullable()
      .describe('A blood sugar typed in mmol/L: the value as typed.'),
    enteredUnit: z.string().nullable(),
    weight: z.string().nullable(),
    context: z.string().nullable(),
    note: z.string().nullable(),
    device: z.string().nullable(),
    colour: z
      .enum(['green', 'yellow', 'red', 'grey'])
      .describe("The interpreter's colour for the reading, as the person's screens would show it."),
    label: z
      .string()
      .describe(
        "The interpreter's label for it (Hypothermia, Normal): what importing it would say.",
      ),
  })
  .meta({ id: 'ImportedReading' });
export type ImportedReading = z.infer<typeof importedReading>;

export const refusedRow = z
  .object({
    line: z
      .number()
      .int()
      .nullable()
      .describe('CSV and NDJSON: the line of the file the row starts on (the header is line 1).'),
    entry: z
      .number()
      .int()
      .nullable()
      .describe('FHIR Bundle: the index of the entry in Bundle.entry, 0 for the first.'),
    reason: z.string(),
  })
  .meta({ id: 'ImportRefusedRow' });
export type RefusedRow = z.infer<typeof refusedRow>;

const importMappingSchema = z
  .object({
    timeColumn: z.number().int(),
    timeOfDayColumn: z.number().int().nullable(),
    zoneColumn: z.number().int().nullable(),
    dateOrder: z.enum(IMPORT_DATE_ORDERS),
    timeZone: z.string(),
    columns: z.array(z.object({ column: z.number().int(), role: z.enum(IMPORT_COLUMN_ROLES) })),
    sugarUnit: z.enum(IMPORT_SUGAR_UNITS),
    sugarMeal: z.enum(IMPORT_SUGAR_MEALS),
  })
  .meta({ id: 'ImportMapping' });

export const importPreview = z
  .object({
    format: z.enum(IMPORT_FORMATS),
    rows: z
      .number()
      .int()
      .describe('Rows read: CSV records after the header, NDJSON lines, Bundle entries.'),
    toAdd: z.number().int().describe('Readings the import would add.'),
    duplicates: z
      .number()
      .int()
      .describe(
        'Readings skipped: the same measure, time and value as a saved reading or an earlier row of the file.',
      ),
    refusedCount: z.number().int(),
    limits: z
      .object({
        readingsPerImport: z.number().int().describe('The most readings one import adds.'),
        readingsPerDay: z
          .number()
          .int()
          .describe('The most readings one person may import in 24 hours.'),
        importedToday: z
          .number()
          .int()
          .describe('Readings this person imported in the last 24 hours.'),
      })
      .describe(
        'The caps on readings: an import over either is refused whole (400 over the file cap, 429 over the day).',
      ),
    passedOver: z
      .number()
      .int()
      .describe(
        'FHIR: entries that are not readings and are left aside without a refusal (a Patient, a Bundle entry without a resource such as a transaction response or a DELETE).',
      ),
    refused: z
      .array(refusedRow)
      .describe(`The refused rows with their reason, the first ${IMPORT_REFUSED_LISTED}.`),
    first: z.array(importedReading).describe(`The first ${IMPORT_PREVIEW_ROWS} readings to add.`),
    samples: z
      .array(importedReading)
      .describe(
        `The first ${IMPORT_SAMPLES_PER_MEASURE} readings of each measure the file gives, rated: what each column would become (a room temperature read as a body temperature shows as hypothermia).`,
      ),
    csv: z
      .object({
        header: z.array(z.string()),
        headerLine: z
          .number()
          .int()
          .describe(
            'The line the header is on: 1, or later when the file begins with title lines.',
          ),
        sample: z.array(z.array(z.string())).describe('The first rows, as cells.'),
        guessed: importMappingSchema
          .nullable()
          .describe('A mapping guessed from the header and rows.'),
        dateOrderAmbiguous: z.boolean().describe('The rows read both ways: ask which is meant.'),
      })
      .nullable()
      .describe(
        'A common CSV: its header, first rows and a guessed mapping, for the mapping step.',
      ),
    needsMapping: z
      .boolean()
      .describe(
        'A common CSV without a usable mapping: nothing can be counted until one is chosen.',
      ),
    mapping: importMappingSchema.nullable().describe('The mapping the counts were made with.'),
  })
  .meta({ id: 'ImportPreview' });
export type ImportPreview = z.infer<typeof importPreview>;

export const importResult = z
  .object({
    format: z.enum(IMPORT_FORMATS),
    added: z.number().int(),
    duplicates: z.number().int(),
    refusedCount: z.number().int(),
  })
  .meta({ id: 'ImportResult' });
export type ImportResult = z.infer<typeof importResult>;
