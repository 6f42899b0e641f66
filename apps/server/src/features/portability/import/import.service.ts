// One import file from bytes to a plan (docs/decisions/0031-importing-readings.md): what it is
// (Vitalia's CSV, a common CSV with its mapping, a FHIR Bundle, NDJSON), each row checked as a
// typed reading, then duplicates (the same measure, time and value as a saved reading or an
// earlier row) set aside. The preview answers the plan; the import writes its readings.
import {
  IMPORT_PREVIEW_ROWS,
  IMPORT_MAX_READINGS,
  IMPORT_MAX_READINGS_PER_DAY,
  IMPORT_REFUSED_LISTED,
  IMPORT_SAMPLES_PER_MEASURE,
  IMPORT_UNNAMED_FILE,
  type ImportFormat,
  type ImportMapping,
  type ImportPreview,
  type RefusedRow,
} from '@vitalia/api/portability.contract';
import type { HealthProfile } from '@vitalia/health/analysis';
import { AppError, badRequest, fieldProblem } from '../../../plugins/errors.ts';
import { readCsv, type CsvFile } from './csv-records.ts';
import { bundleRows, ndjsonRows } from './fhir-observations.ts';
import { fileText, kindOfType, unknownFormat } from './import-file.ts';
import {
  checkRow,
  duplicateKey,
  refusal,
  shownReading,
  tooManyReadings,
  type RowOutcome,
} from './import-rows.ts';
import type { NewReading } from '../../../readings/readings.queries.ts';
import { knownTimeZone } from './local-times.ts';
import { checkMapping, guessMapping, mappedRows } from './mapped-csv.ts';
import { isVitaliaHeader, vitaliaRows } from './vitalia-csv.ts';

/** The query of both calls, as the contract parsed it. */
export interface ImportOptions {
  format?: 'vitalia-csv' | 'csv' | undefined;
  timeColumn?: number | undefined;
  timeOfDayColumn?: number | undefined;
  zoneColumn?: number | undefined;
  fileName?: string | undefined;
  dateOrder?: ImportMapping['dateOrder'] | undefined;
  timeZone?: string | undefined;
  columns?: ImportMapping['columns'] | undefined;
  sugarUnit?: ImportMapping['sugarUnit'] | undefined;
  sugarMeal?: ImportMapping['sugarMeal'] | undefined;
}

/** A file read and its rows checked, before duplicates are looked for. */
export interface ReadFile {
  format: ImportFormat;
  rows: number;
  readings: Array<{ reading: NewReading; line: number | null; entry: number | null }>;
  refused: RefusedRow[];
  /** FHIR entries that are not readings (a Patient, an entry without a resource). */
  passedOver: number;
  csv: ImportPreview['csv'];
  needsMapping: boolean;
  mapping: ImportMapping | null;
}

const SAMPLE_ROWS = 5;

function zoneOf(options: ImportOptions): string {
  const zone = options.timeZone?.trim() || 'UTC';
  if (!knownTimeZone(zone)) {
    throw badRequest(
      fieldProblem(
        'timeZone',
        `"${zone.slice(0, 64)}" is not a time zone this server knows: send an IANA name such as Africa/Lagos, an offset such as +01:00, or leave it out for UTC.`,
        { in: 'query' },
      ),
    );
  }
  return zone;
}

/** The mapping the query gives, or undefined when it gives none. */
function mappingOf(options: ImportOptions, zone: string, file: CsvFile): ImportMapping | undefined {
  if (options.timeColumn === undefined && options.columns === undefined) return undefined;
  if (options.timeColumn === undefined) {
    throw badRequest(
      fieldProblem('timeColumn', 'name the column with the date and time', { in: 'query' }),
    );
  }
  const mapping: ImportMapping = {
    timeColumn: options.timeColumn,
    timeOfDayColumn: options.timeOfDayColumn ?? null,
    zoneColumn: options.zoneColumn ?? null,
    dateOrder: options.dateOrder ?? guessMapping(file, zone).mapping?.dateOrder ?? 'DMY',
    timeZone: zone,
    columns: options.columns ?? [],
    sugarUnit: options.sugarUnit ?? 'mg/dL',
    sugarMeal: options.sugarMeal ?? 'fasting',
  };
  checkMapping(file, mapping);
  return mapping;
}

function csvShape(file: CsvFile, zone: string): NonNullable<ImportPreview['csv']> {
  const { mapping, ambiguous } = guessMapping(file, zone);
  return {
    header: file.header,
    headerLine: file.headerLine,
    sample: file.records
      .slice(0, SAMPLE_ROWS)
      .map(({ cells }) => cells.map((cell) => cell.slice(0, 200))),
    guessed: mapping,
    dateOrderAmbiguous: ambiguous,
  };
}

function guessUsable(file: CsvFile, mapping: ImportMapping | null): mapping is ImportMapping {
  if (!mapping) return false;
  try {
    checkMapping(file, mapping);
    return true;
  } catch {
    return false;
  }
}

/**
 * Reads the file and checks every row. `forImport` refuses a common CSV without a mapping (the
 * preview answers a guess instead).
 */
export async function readImportFile(
  body: unknown,
  contentType: string | undefined,
  options: ImportOptions,
  forImport: boolean,
): Promise<ReadFile> {
  if (!Buffer.isBuffer(body)) {
    if (contentType) throw unknownFormat(contentType);
    throw badRequest({
      code: 'IMPORT_EMPTY',
      message:
        'Send the file as the request body, with its content type (text/csv, application/fhir+json or application/fhir+ndjson).',
    });
  }
  const kind = kindOfType(contentType);
  if (kind === undefined) throw unknownFormat(contentType);
  const zone = zoneOf(options);
  const text = fileText(body);
  let outcomes: RowOutcome[];
  let rows: number;
  let format: ImportFormat;
  let csv: ImportPreview['csv'] = null;
  let needsMapping = false;
  let mapping: ImportMapping | null = null;
  let passedOver = 0;
  if (kind === 'csv') {
    const file = await readCsv(text);
    rows = file.records.length;
    format = options.format ?? (isVitaliaHeader(file.header) ? 'vitalia-csv' : 'csv');
    if (format === 'vitalia-csv') {
      if (!isVitaliaHeader(file.header)) {
        throw badRequest({
          code: 'IMPORT_NOT_VITALIA',
          message:
            "This CSV is not Vitalia's readings.csv: its header lacks taken_at, measure and value. Import it as a common CSV with a column mapping.",
        });
      }
      outcomes = vitaliaRows(file);
    } else {
      csv = csvShape(file, zone);
      const given = mappingOf(options, zone, file);
      if (given === undefined) {
        if (forImport) {
          throw badRequest({
            code: 'IMPORT_NEEDS_MAPPING',
            message:
              "This CSV is not in Vitalia's format: say which column is the time and what each value column holds (timeColumn and columns; the preview guesses them).",
          });
        }
        needsMapping = true;
      }
      const used = given ?? (guessUsable(file, csv.guessed) ? csv.guessed : null);
      mapping = used;
      outcomes = used ? mappedRows(file, used) : [];
    }
  } else {
    ({ outcomes, rows, passedOver } = kind === 'json' ? bundleRows(text) : ndjsonRows(text));
    format = kind === 'json' ? 'fhir-bundle' : 'fhir-ndjson';
  }
  // Each reading keeps the file it came from; a reading an earlier export marked as imported
  // keeps its first file.
  const fileName = options.fileName?.trim().slice(0, 200) || null;
  const readings: ReadFile['readings'] = [];
  const refused: RefusedRow[] = [];
  for (const outcome of outcomes) {
    const checked = 'reading' in outcome ? checkRow(outcome.place, outcome.reading) : outcome;
    if ('refused' in checked) {
      refused.push(refusal(checked.place, checked.refused));
      continue;
    }
    if (readings.length >= IMPORT_MAX_READINGS) throw tooManyReadings();
    const kept = 'source' in outcome ? outcome.source : undefined;
    readings.push({
      reading: {
        ...checked.reading,
        importedFrom: kept?.file ?? fileName ?? IMPORT_UNNAMED_FILE,
        importFormat: kept?.format ?? format,
      },
      ...checked.place,
    });
  }
  return { format, rows, readings, refused, passedOver, csv, needsMapping, mapping };
}

/** The span of the readings' times, for looking up saved readings; null without readings. */
export function spanOf(file: ReadFile): { from: Date; to: Date } | null {
  let from = Infinity;
  let to = -Infinity;
  for (const { reading } of file.readings) {
    const at = Date.parse(reading.takenAt);
    if (at < from) from = at;
    if (at > to) to = at;
  }
  return from === Infinity ? null : { from: new Date(from), to: new Date(to) };
}

export interface ImportPlan {
  toAdd: NewReading[];
  duplicates: number;
}

/** The readings to add: those whose key is neither saved nor met earlier in the file. */
export function planOf(file: ReadFile, saved: Set<string>): ImportPlan {
  const seen = new Set(saved);
  const toAdd: NewReading[] = [];
  let duplicates = 0;
  for (const { reading } of file.readings) {
    const key = duplicateKey(reading);
    if (seen.has(key)) {
      duplicates += 1;
      continue;
    }
    seen.add(key);
    toAdd.push(reading);
  }
  return { toAdd, duplicates };
}

/** The first readings of each measure, in the file's order. */
function samplesOf(readings: readonly NewReading[]): NewReading[] {
  const counts = new Map<string, number>();
  const samples: NewReading[] = [];
  for (const reading of readings) {
    const count = counts.get(reading.tag) ?? 0;
    if (count >= IMPORT_SAMPLES_PER_MEASURE) continue;
    counts.set(reading.tag, count + 1);
    samples.push(reading);
  }
  return samples;
}

/** The 429 of an import that would pass the person's readings for the day. */
export function dailyLimitError(importedToday: number, toAdd: number): AppError {
  const left = Math.max(0, IMPORT_MAX_READINGS_PER_DAY - importedToday);
  return new AppError(
    429,
    'IMPORT_DAILY_LIMIT',
    `This import would add ${toAdd.toLocaleString('en')} readings, and you may import ${left.toLocaleString('en')} more today (at most ${IMPORT_MAX_READINGS_PER_DAY.toLocaleString('en')} in 24 hours). Nothing was added: import a smaller file, or try again tomorrow.`,
    { 'retry-after': String(60 * 60) },
  );
}

export function previewOf(
  file: ReadFile,
  plan: ImportPlan,
  profile: HealthProfile | null,
  importedToday: number,
): ImportPreview {
  return {
    format: file.format,
    rows: file.rows,
    toAdd: plan.toAdd.length,
    duplicates: plan.duplicates,
    refusedCount: file.refused.length,
    limits: {
      readingsPerImport: IMPORT_MAX_READINGS,
      readingsPerDay: IMPORT_MAX_READINGS_PER_DAY,
      importedToday,
    },
    passedOver: file.passedOver,
    refused: file.refused.slice(0, IMPORT_REFUSED_LISTED),
    first: plan.toAdd.slice(0, IMPORT_PREVIEW_ROWS).map((each) => shownReading(each, profile)),
    // From every reading the file gives, duplicates too: the mapping step shows what each
    // column becomes even when the file was imported before.
    samples: samplesOf(file.readings.map(({ reading }) => reading)).map((each) =>
      shownReading(each, profile),
    ),
    csv: file.csv,
    needsMapping: file.needsMapping,
    mapping: file.mapping,
  };
}

const where = (row: RefusedRow) =>
  row.line !== null ? `line ${row.line}` : row.entry !== null ? `entry ${row.entry}` : 'a row';

/** The 400 of an import call for a file with refused rows, sent without skipRefused=true. */
export function refusedRowsError(refused: RefusedRow[]): AppError {
  const first = refused[0];
  const example = first ? ` (${where(first)}: ${first.reason})` : '';
  const count = refused.length === 1 ? '1 row' : `${refused.length.toLocaleString('en')} rows`;
  return new AppError(
    400,
    'IMPORT_HAS_REFUSED_ROWS',
    `${count} of the file cannot be imported${example}. Nothing was added: correct the file, or import the other rows with skipRefused=true.`,
  );
}
