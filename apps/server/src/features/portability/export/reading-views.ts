// One reading as the archive writes it: a row of readings.csv (the columns of
// packages/api/src/portability.contract.ts) and an Observation of fhir.json (the codes of
// ../fhir-codes.ts). Both carry the colour and words the person's own screens show, from the same
// interpreter (packages/health analyseReading) with the person's profile.
import { analyseReading, type HealthProfile } from '@vitalia/health/analysis';
import type { Analysis } from '@vitalia/health/analysis.model';
import { MEASURES, type MeasureId } from '@vitalia/health/measure.catalog';
import { moodBandsMatching } from '@vitalia/health/mood.measure';
import { parseReading } from '@vitalia/health/reading.parse';
import { READINGS_CSV_COLUMNS, type ReadingsCsvColumn } from '@vitalia/api/portability.contract';
import { TAG_RULES, type HealthTag } from '@vitalia/api/records.contract';
import {
  BODY_WEIGHT,
  CATEGORY_DISPLAY,
  CATEGORY_SYSTEM,
  FROM_DEVICE_EXTENSION,
  IMPORTED_FROM_EXTENSION,
  READING_REPORT_EXTENSION,
  GLUCOSE_MOLAR,
  interpretationOf,
  MEASURE_FHIR_CODES,
  MOOD_CODES,
  SUGAR_CONTEXT_EXTENSION,
  UCUM_SYSTEM,
  type FhirQuantityCode,
  type FhirUnit,
} from '../fhir-codes.ts';
import type { InstantWriter } from './local-time.ts';
import { wireReadingOf, type ReadingRow } from '../../../readings/readings.repository.ts';

/** The measure a stored tag belongs to; undefined for a tag no measure writes (never stored). */
export function measureOfTag(tag: string): MeasureId | undefined {
  return (TAG_RULES as Record<string, { measure: MeasureId } | undefined>)[tag as HealthTag]
    ?.measure;
}

export interface RatedReading {
  row: ReadingRow;
  measure: MeasureId;
  analysis: Analysis;
}

/** Rates a stored reading as the person's screens do; null for a tag of no measure. */
export function rateReading(row: ReadingRow, profile: HealthProfile): RatedReading | null {
  const measure = measureOfTag(row.tag);
  if (measure === undefined) return null;
  const analysis = analyseReading(
    measure,
    wireReadingOf(row),
    profile,
    // Rated as on the day it was taken: 'old' says nothing about a reading in an archive.
    row.takenAt,
  );
  return { row, measure, analysis };
}

const blank = (value: string | null | undefined): string | null =>
  value === null || value === undefined || value.trim() === '' ? null : value;

/** The cells of readings.csv for one reading, by column name. */
export function csvCells(
  { row, measure, analysis }: RatedReading,
  instant: InstantWriter,
): Array<string | null> {
  const cells: Record<ReadingsCsvColumn, string | null> = {
    taken_at: instant(row.takenAt),
    measure,
    // A blood sugar typed in mmol/L is written as typed (6.0 mmol/L, not 107.43 mg/dL); it is
    // rated, here and everywhere, with the exact mg/dL equivalent kept beside it.
    value: typedInMmol(row) ? row.enteredValue : row.tagValue,
    second_value: blank(row.minTagValue),
    unit: typedInMmol(row) ? 'mmol/L' : MEASURES[measure].unit,
    entered_value: blank(row.enteredValue),
    entered_unit: blank(row.enteredValue) === null ? null : blank(row.enteredUnit),
    weight_kg: blank(row.weight),
    context: blank(row.narration),
    colour: analysis.colour,
    label: analysis.result,
    note: blank(row.note),
    device: blank(row.device),
    from_device: row.directFromDevice ? 'true' : 'false',
    report: blank(row.report),
    imported_from: blank(row.importedFrom),
    import_format: blank(row.importedFrom) === null ? null : blank(row.importFormat),
  };
  return READINGS_CSV_COLUMNS.map((column) => cells[column.name]);
}

// --- FHIR -------------------------------------------------------------------------------------

interface Coding {
  system: string;
  code: string;
  display: string;
}

interface Quantity {
  value: number;
  unit: string;
  system: string;
  code: string;
}

const codingOf = ({ system, code, display }: Coding): Coding => ({ system, code, display });

function quantity(text: string | null | undefined, unit: FhirUnit): Quantity | null {
  const value = parseReading(text);
  return value === null ? null : { value, unit: unit.unit, system: UCUM_SYSTEM, code: unit.code };
}

/** A component: its code and its number, or the text as stored when it is not a number. */
function component(codes: FhirQuantityCode, text: string | null | undefined) {
  const value = quantity(text, codes.unit);
  return {
    code: { coding: codes.codings.map(codingOf) },
    ...(value !== null
      ? { valueQuantity: value }
      : blank(text) !== null
        ? { valueString: String(text) }
        : { dataAbsentReason: { text: 'not recorded' } }),
  };
}

/** The Observation.value[x] of a one-value measure, or {} when the value is in components. */
function observationValue(rated: RatedReading): Record<string, unknown> {
  const { row, measure } = rated;
  const codes = MEASURE_FHIR_CODES[measure];
  if (measure === 'mood') {
    const word = moodBandsMatching(row.tagValue)[0]?.value;
    return word === undefined
      ? { valueString: row.tagValue }
      : { valueCodeableConcept: { coding: [codingOf(MOOD_CODES[word])], text: word } };
  }
  if (codes.unit === null) return {};
  const value = quantity(row.tagValue, codes.unit);
  return value === null ? { valueString: row.tagValue } : { valueQuantity: value };
}

/** A sugar typed in mmol/L is written as typed, under the Moles/volume code. */
function typedInMmol(row: ReadingRow): boolean {
  return row.enteredUnit === 'mmol/L' && parseReading(row.enteredValue) !== null;
}

/** One reading as a FHIR R4 Observation (docs/data-export.md, "fhir.json"). */
export function observationOf(
  rated: RatedReading,
  patientUrl: string,
  instant: InstantWriter,
): Record<string, unknown> {
  const { row, measure, analysis } = rated;
  const codes = MEASURE_FHIR_CODES[measure];
  const molar = measure === 'sugar' && typedInMmol(row);
  const code = molar ? GLUCOSE_MOLAR.codings : codes.codings;
  const value = molar
    ? { valueQuantity: quantity(row.enteredValue, GLUCOSE_MOLAR.unit) }
    : observationValue(rated);
  const components = codes.components
    ? [
        component(codes.components.value, row.tagValue),
        component(codes.components.second, row.minTagValue),
      ]
    : measure === 'bmi' && blank(row.weight) !== null
      ? [component(BODY_WEIGHT, row.weight)]
      : [];
  const interpretation = interpretationOf(analysis);
  const extension = [
    ...(measure === 'sugar' && blank(row.narration) !== null
      ? [{ url: SUGAR_CONTEXT_EXTENSION, valueString: row.narration }]
      : []),
    ...(row.directFromDevice ? [{ url: FROM_DEVICE_EXTENSION, valueBoolean: true }] : []),
    ...(blank(row.report) !== null
      ? [{ url: READING_REPORT_EXTENSION, valueString: row.report }]
      : []),
    ...(blank(row.importedFrom) !== null
      ? [
          {
            url: IMPORTED_FROM_EXTENSION,
            extension: [
              { url: 'file', valueString: row.importedFrom },
              ...(blank(row.importFormat) !== null
                ? [{ url: 'format', valueCode: row.importFormat }]
                : []),
            ],
          },
        ]
      : []),
  ];
  return {
    resourceType: 'Observation',
    id: row.id,
    ...(codes.profile ? { meta: { profile: [codes.profile] } } : {}),
    ...(extension.length > 0 ? { extension } : {}),
    status: 'final',
    category: [
      {
        coding: [
          {
            system: CATEGORY_SYSTEM,
            code: codes.category,
            display: CATEGORY_DISPLAY[codes.category],
          },
        ],
      },
    ],
    code: { coding: code.map(codingOf), text: MEASURES[measure].displayName },
    subject: { reference: patientUrl },
    effectiveDateTime: instant(row.takenAt),
    issued: row.createdAt.toISOString(),
    ...value,
    ...(interpretation
      ? { interpretation: [{ coding: [codingOf(interpretation)], text: analysis.result }] }
      : {}),
    ...(blank(row.note) !== null ? { note: [{ text: row.note }] } : {}),
    ...(blank(row.device) !== null ? { device: { display: row.device } } : {}),
    ...(components.length > 0 ? { component: components } : {}),
  };
}
