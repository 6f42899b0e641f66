// Every row of an import file passes the checks a typed reading passes (healthReadingRequest in
// packages/api/src/records.contract.ts: the limits, the mood words, the pairing of two values, not
// before 1900, not in the future beyond the clock skew), and is stored in the same form
// (normaliseReading). A row that fails is refused with its line (or Bundle entry) and the reason.
import { analyseReading, type HealthProfile } from '@vitalia/health/analysis';
import type { MeasureId } from '@vitalia/health/measure.catalog';
import { MEASURES } from '@vitalia/health/measure.catalog';
import {
  IMPORT_FORMATS,
  IMPORT_MAX_READINGS,
  type ImportedReading,
  type RefusedRow,
} from '@vitalia/api/portability.contract';
import { badRequest } from '../../../plugins/errors.ts';
import {
  healthReadingRequest,
  MEASURE_TAGS,
  normaliseReading,
  tagRuleOf,
  type HealthTag,
  type NormalisedReading,
} from '@vitalia/api/records.contract';

/** Where a row is in its file: a line of a CSV or NDJSON, or an entry of a Bundle. */
export interface RowPlace {
  line: number | null;
  entry: number | null;
}

export const atLine = (line: number): RowPlace => ({ line, entry: null });
export const atEntry = (entry: number): RowPlace => ({ line: null, entry });

/** A reading as the typed-reading call would receive it (the spec's field names). */
export type ReadingFields = Record<string, unknown> & { Tag: HealthTag };

/** The file a reading was first imported from, when the row itself says (an earlier export). */
export interface ReadingSource {
  file: string;
  format: string;
}

/**
 * A source a file says a reading came from, as it is kept: the name without control or
 * direction characters, at most 200 characters; the format one Vitalia writes, else undefined
 * (the reading then takes this file as its source).
 */
export function keptSource(file: string, format: string): ReadingSource | undefined {
  const name = file
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .trim();
  if (name === '' || !(IMPORT_FORMATS as readonly string[]).includes(format)) return undefined;
  return { file: name.slice(0, 200), format };
}

/** What one row of a file gave: a reading to check, or a reason it cannot be one. */
export type RowOutcome =
  | { place: RowPlace; reading: ReadingFields; source?: ReadingSource | undefined }
  | { place: RowPlace; refused: string };

export interface CheckedReading {
  place: RowPlace;
  reading: NormalisedReading & { takenAt: string };
}

const fieldNames: Record<string, string> = {
  Tag: 'measure',
  TakenAt: 'time',
  Note: 'note',
  Device: 'device',
  Narration: 'context',
  Report: 'report',
  Weight: 'weight',
  Unit: 'unit',
  MinTag: 'second value',
};

/** The reading's tag for a measure id ('bloodPressure' gives 'Systolic'). */
export function tagOfMeasure(measure: string): HealthTag | undefined {
  return (MEASURE_TAGS as Record<string, HealthTag | undefined>)[measure];
}

/**
 * The 400 of a file that gives more readings than one import adds. Thrown as soon as the count
 * passes the cap, so a hostile file of many columns is never held as a million readings.
 */
export const tooManyReadings = () =>
  badRequest({
    code: 'IMPORT_TOO_MANY_READINGS',
    message: `This file gives more than ${IMPORT_MAX_READINGS.toLocaleString('en')} readings, the most one import adds (a row with several values gives several readings). Split it into smaller files, or map fewer columns.`,
  });

/** Checks one row as a typed reading; the reason in words when it fails. */
export function checkRow(
  place: RowPlace,
  reading: ReadingFields,
): CheckedReading | { place: RowPlace; refused: string } {
  if (reading.TakenAt === undefined || reading.TakenAt === null || reading.TakenAt === '') {
    return { place, refused: 'it has no time: every reading needs the date and time it was taken' };
  }
  // PostgreSQL text cannot hold U+0000, as plugins/nul-guard.ts says of request bodies; a file
  // is read past that guard, so its rows are checked here.
  const withNul = Object.entries(reading)
    .filter(([, value]) => typeof value === 'string' && value.includes('\u0000'))
    .map(([field]) => fieldNames[field] ?? field);
  if (withNul.length > 0) {
    return {
      place,
      refused: `${withNul.join(', ')} must not contain the character U+0000 (NUL)`,
    };
  }
  const parsed = healthReadingRequest.safeParse(reading);
  if (!parsed.success) {
    const reasons = parsed.error.issues.map((issue) => {
      const field = String(issue.path[0] ?? '');
      const name = fieldNames[field];
      return name ? `${name} ${issue.message}` : issue.message;
    });
    return { place, refused: [...new Set(reasons)].join('; ') };
  }
  const normalised = normaliseReading(parsed.data);
  if (normalised.takenAt === null) return { place, refused: 'it has no time' };
  return { place, reading: { ...normalised, takenAt: normalised.takenAt } };
}

/** Same measure, same instant, same value(s): the duplicates rule of the ADR. */
export function duplicateKey(reading: {
  tag: string;
  takenAt: string | Date;
  tagValue: string;
  minTagValue: string | null;
}): string {
  const at =
    typeof reading.takenAt === 'string' ? Date.parse(reading.takenAt) : reading.takenAt.getTime();
  return `${reading.tag}|${at}|${reading.tagValue}|${reading.minTagValue ?? ''}`;
}

export function refusal(place: RowPlace, reason: string): RefusedRow {
  return { line: place.line, entry: place.entry, reason };
}

/** A reading to add, as the preview shows it, rated as the person's screens would rate it. */
export function shownReading(
  reading: NormalisedReading & { takenAt: string },
  profile: HealthProfile | null,
): ImportedReading {
  const measure: MeasureId = tagRuleOf(reading.tag).measure;
  // Rated as on the day it was taken, so an old reading still shows what it said then.
  const analysis = analyseReading(
    measure,
    {
      tagValue: reading.tagValue,
      minTagValue: reading.minTagValue,
      narration: reading.narration,
      takenAt: reading.takenAt,
      enteredValue: reading.enteredValue,
      enteredUnit: reading.enteredUnit,
    },
    profile,
    reading.takenAt,
  );
  return {
    measure,
    takenAt: reading.takenAt,
    value: reading.tagValue,
    secondValue: reading.minTagValue,
    unit: MEASURES[measure].unit,
    enteredValue: reading.enteredValue,
    enteredUnit: reading.enteredUnit,
    weight: reading.weight,
    context: reading.narration,
    note: reading.note,
    device: reading.device,
    colour: analysis.colour,
    label: analysis.result,
  };
}
