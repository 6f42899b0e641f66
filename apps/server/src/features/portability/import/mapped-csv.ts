// A common CSV (a blood pressure monitor's or a glucose meter's export) read with a column
// mapping: which column is the time (and how its dates are written), what each value column holds.
// Without a mapping the preview guesses one from the header and the first rows, for the person to
// check. One row can give several readings: 120, 80, 72 under SYS, DIA, Pulse is a blood pressure
// reading and a pulse reading, taken at the same time, as the monitor's pulse is when typed.
import {
  MEASURE_LIST,
  MEASURES,
  type Measure,
  type MeasureId,
} from '@vitalia/health/measure.catalog';
import type { ImportColumn } from '@vitalia/health/measure.definition';
import { READING_LIMITS, withinReadingLimit } from '@vitalia/health/measurement-limits.catalog';
import { moodBandsMatching } from '@vitalia/health/mood.measure';
import { parseReading } from '@vitalia/health/reading.parse';
import type { ImportColumnRole, ImportMapping } from '@vitalia/api/portability.contract';
import { badRequest, fieldProblem } from '../../../plugins/errors.ts';
import type { CsvFile } from './csv-records.ts';
import { unneutralised } from './csv-records.ts';
import { IMPORT_MAX_READINGS } from '@vitalia/api/portability.contract';
import {
  atLine,
  tagOfMeasure,
  tooManyReadings,
  type ReadingFields,
  type RowOutcome,
} from './import-rows.ts';
import { numericDateParts, readWhen, zoneOfCell, type DateOrder } from './local-times.ts';

/**
 * Header words for each role, from the measures' definitions. The two-value measures' roles are
 * tried first (a header naming FEV1 must not be read as a pulse's 'hr'), then the others in the
 * catalogue's order, then the note.
 */
const ROLE_PATTERNS: Array<[ImportColumnRole, RegExp]> = [
  ...[...MEASURE_LIST]
    .sort((a, b) => Number(b.wire.second !== null) - Number(a.wire.second !== null))
    .flatMap((measure) =>
      measure.importColumns.map((column): [ImportColumnRole, RegExp] => [
        column.role,
        column.header,
      ]),
    ),
  ['note', /note|comment|remark|memo/i],
];

const DATE_HEADER = /(?<!up)date|datum|fecha|day|timestamp|when/i;
const TIME_HEADER = /time|zeit|heure|hora|clock/i;
/**
 * Headers that name the surroundings or the device, not the person: a monitor's "room
 * temperature(°C)" read as a body temperature would be rated hypothermia, and its "Timezone" is no
 * time of day. Such a column is never guessed as a reading or a time; the person may still map it.
 */
const NOT_THE_PERSON =
  /room|ambient|environment|outdoor|indoor|weather|device|battery|signal|firmware|serial|time ?zone|offset|utc/i;
/**
 * Headers of other quantities that share a measure's words or units: a skin or wrist
 * temperature, a temperature's deviation, HbA1c ("glycated", mmol/mol), an oxygen desaturation
 * index, a day's average, minimum or maximum, a target. Never guessed as a reading.
 */
const NOT_A_READING =
  /skin|wrist|surface|deviation|variab|glycat|glykiert|hba1c|\ba1c\b|desaturation|\bodi\b|index|average|\bavg\b|\bmean\b|(?<!\/|per\s)\bmin\b|\bmax\b|minimum|maximum|target|goal|\bmmol\/mol\b/i;
/**
 * What a guessed column's numbers must nearly all fall within, where a measure's own limits are
 * wider than any reading a person is likely to have (the limits take every value a device can
 * show; a guess should only take values that look like readings of that measure).
 */
const GUESS_RANGES: Partial<Record<MeasureId, { min: number; max: number }>> = {
  temperature: { min: 34, max: 43 },
  oxygen: { min: 50, max: 100 },
};
/** A column that says each row's time zone or offset (OMRON's "Timezone", Samsung's "time_offset"). */
const ZONE_HEADER = /time ?zone|offset|\btz\b/i;
/** How many rows a guessed column's values are checked against its measure's limits. */
const GUESS_SAMPLE_ROWS = 200;
/** The share of a guessed column's filled cells that must be a possible reading of its measure. */
const GUESS_AGREEMENT = 0.9;

function roleOf(measure: Measure, part: ImportColumn['part']): ImportColumnRole | undefined {
  return measure.importColumns.find((column) => column.part === part)?.role;
}

/** The two values that travel together, and the measure they make. */
const PAIRS: Array<[ImportColumnRole, ImportColumnRole, MeasureId]> = MEASURE_LIST.flatMap(
  (measure) => {
    const [first, second] = [roleOf(measure, 'value'), roleOf(measure, 'second')];
    return first && second ? [[first, second, measure.id]] : [];
  },
);

/** One column, one reading; a BMI's weight column is read with it below. */
const SINGLE: Partial<Record<ImportColumnRole, MeasureId>> = Object.fromEntries(
  MEASURE_LIST.flatMap((measure) => {
    const first = roleOf(measure, 'value');
    return first && !roleOf(measure, 'second') && !roleOf(measure, 'weight')
      ? [[first, measure.id]]
      : [];
  }),
);

/** The measure and part a role reads. */
function partOf(
  role: ImportColumnRole,
): { measure: Measure; part: ImportColumn['part'] } | undefined {
  for (const measure of MEASURE_LIST) {
    const column = measure.importColumns.find((each) => each.role === role);
    if (column) return { measure, part: column.part };
  }
  return undefined;
}

/**
 * True when a column's filled cells (of the first rows) could be readings of the role: nearly
 * all inside the measure's limits (a blood sugar in mg/dL or mmol/L), or its words for a mood.
 * A header alone is not enough to guess a column; its values must agree.
 */
function valuesAgree(file: CsvFile, column: number, role: ImportColumnRole): boolean {
  const found = partOf(role);
  if (!found) return true;
  const { measure, part } = found;
  const cells = file.records
    .slice(0, GUESS_SAMPLE_ROWS)
    .map(({ cells: row }) => numberCell(unneutralised(row[column]), file.delimiter))
    .filter((cell) => cell !== '');
  if (cells.length === 0) return true;
  if (part === 'value' && measure.wire.value === 'word') {
    const words = cells.filter((cell) => moodBandsMatching(cell).length > 0);
    return words.length >= cells.length * GUESS_AGREEMENT;
  }
  // Cells that are no number at all are refused rows later; numbers outside the measure's
  // limits say the column holds something else.
  const numbers = cells.map(parseReading).filter((number): number is number => number !== null);
  // Words among the values count against the column: one number among words is no column of
  // readings (a formula or a note now and then is, and is refused row by row).
  if (numbers.length < cells.length / 2) return false;
  const range = part === 'value' ? GUESS_RANGES[measure.id] : undefined;
  const fits = (number: number): boolean => {
    if (range && (number < range.min || number > range.max)) return false;
    if (part === 'weight') return number > 0 && number < 700;
    if (part === 'second') {
      return measure.wire.second ? withinReadingLimit(number, measure.wire.second.limit) : false;
    }
    if (measure.wire.value === 'word') return false;
    return (
      withinReadingLimit(number, measure.wire.value) ||
      (measure.id === 'sugar' && withinReadingLimit(number, READING_LIMITS.sugarMmol))
    );
  };
  return numbers.filter(fits).length >= numbers.length * GUESS_AGREEMENT;
}

/** True when the column's filled cells name time zones or offsets. */
function zonesAgree(file: CsvFile, column: number): boolean {
  const cells = file.records
    .slice(0, GUESS_SAMPLE_ROWS)
    .map(({ cells: row }) => (row[column] ?? '').trim())
    .filter((cell) => cell !== '');
  return cells.length > 0 && cells.every((cell) => zoneOfCell(cell) !== undefined);
}

/** The way the rows' numeric dates read: decided by a part over 12, or ambiguous. */
export function dateOrderOf(
  file: CsvFile,
  column: number,
): { order: DateOrder; ambiguous: boolean } {
  let dayFirst = false;
  let monthFirst = false;
  let twoWays = false;
  let yearFirst = 0;
  let read = 0;
  for (const { cells } of file.records.slice(0, 5000)) {
    // 2026/11/21 and 2026-11-21: the year leads, and the order is not in doubt.
    if (/^\s*\d{4}[./-]\d{1,2}[./-]\d{1,2}/.test(cells[column] ?? '')) yearFirst += 1;
    if ((cells[column] ?? '').trim() !== '') read += 1;
    const parts = numericDateParts(cells[column] ?? '');
    if (!parts) continue;
    const [first, second] = parts;
    if (first > 12) dayFirst = true;
    else if (second > 12) monthFirst = true;
    else if (first !== second) twoWays = true;
  }
  if (read > 0 && yearFirst === read) return { order: 'YMD', ambiguous: false };
  if (dayFirst !== monthFirst) return { order: dayFirst ? 'DMY' : 'MDY', ambiguous: false };
  // Most of the world (Nigeria included) writes the day first.
  return { order: 'DMY', ambiguous: twoWays || (dayFirst && monthFirst) };
}

/** A mapping guessed from the header names and the first rows; null when no time column is seen. */
export function guessMapping(
  file: CsvFile,
  timeZone: string,
): { mapping: ImportMapping | null; ambiguous: boolean } {
  const header = file.header;
  // A device's timestamp is the reading's time (LibreLink's "Device Timestamp"); a zone or an
  // offset is not.
  const dateColumns = header.flatMap((name, index) =>
    DATE_HEADER.test(name) && !ZONE_HEADER.test(name) ? [index] : [],
  );
  const timeColumns = header.flatMap((name, index) =>
    TIME_HEADER.test(name) && !DATE_HEADER.test(name) && !ZONE_HEADER.test(name) ? [index] : [],
  );
  let timeColumn = dateColumns[0] ?? timeColumns[0];
  let timeOfDayColumn: number | null = null;
  if (dateColumns[0] !== undefined && timeColumns[0] !== undefined)
    timeOfDayColumn = timeColumns[0];
  if (timeColumn === undefined) {
    // No header says it: the first column whose first cell reads as a time.
    const first = file.records[0]?.cells ?? [];
    const found = first.findIndex((cell) => 'instant' in readWhen(cell, null, 'DMY', timeZone));
    if (found >= 0) timeColumn = found;
  }
  const columns: ImportMapping['columns'] = [];
  const taken = new Set<ImportColumnRole>();
  // A role may be guessed for a second column only when it is a one-value measure (LibreLink's
  // Historic and Scan glucose); the values of every guessed column must agree with its measure.
  const free = (role: ImportColumnRole) => !taken.has(role) || SINGLE[role] !== undefined;
  header.forEach((name, column) => {
    if (
      column === timeColumn ||
      column === timeOfDayColumn ||
      NOT_THE_PERSON.test(name) ||
      NOT_A_READING.test(name)
    ) {
      return;
    }
    const found = ROLE_PATTERNS.find(
      ([role, pattern]) => free(role) && pattern.test(name) && valuesAgree(file, column, role),
    );
    if (found) {
      taken.add(found[0]);
      columns.push({ column, role: found[0] });
    }
  });
  const zoneColumn = header.findIndex(
    (name, column) =>
      column !== timeColumn &&
      column !== timeOfDayColumn &&
      ZONE_HEADER.test(name) &&
      zonesAgree(file, column),
  );
  if (timeColumn === undefined) return { mapping: null, ambiguous: false };
  const sugar = columns.filter((each) => each.role === 'sugar');
  let sugarUnit: ImportMapping['sugarUnit'] = 'mg/dL';
  if (sugar.length > 0) {
    const names = sugar.map(({ column }) => header[column] ?? '').join(' ');
    if (/mmol/i.test(names)) sugarUnit = 'mmol/L';
    else if (!/mg/i.test(names)) {
      const values = file.records
        .slice(0, GUESS_SAMPLE_ROWS)
        .flatMap(({ cells }) =>
          sugar.map(({ column }) => Number((cells[column] ?? '').replace(',', '.'))),
        )
        .filter((value) => Number.isFinite(value) && value > 0);
      // No blood sugar in mg/dL is below 20; few in mmol/L are above 30.
      if (values.length > 0 && Math.max(...values) < 30) sugarUnit = 'mmol/L';
    }
  }
  const { order, ambiguous } = dateOrderOf(file, timeColumn);
  return {
    mapping: {
      timeColumn,
      timeOfDayColumn,
      zoneColumn: zoneColumn < 0 ? null : zoneColumn,
      dateOrder: order,
      timeZone,
      columns,
      sugarUnit,
      sugarMeal: 'fasting',
    },
    ambiguous,
  };
}

const mappingProblem = (field: string, message: string) =>
  badRequest(fieldProblem(field, message, { in: 'query', code: 'IMPORT_BAD_MAPPING' }));

/** Refuses a mapping that cannot be applied to this file: 400 naming the query parameter. */
export function checkMapping(file: CsvFile, mapping: ImportMapping): void {
  const width = file.header.length;
  const outside = (column: number) => column >= width;
  if (outside(mapping.timeColumn)) {
    throw mappingProblem('timeColumn', `the file has ${width} columns, numbered 0 to ${width - 1}`);
  }
  for (const field of ['timeOfDayColumn', 'zoneColumn'] as const) {
    const column = mapping[field];
    if (column !== null && outside(column)) {
      throw mappingProblem(field, `the file has ${width} columns, numbered 0 to ${width - 1}`);
    }
  }
  if (mapping.columns.length === 0) {
    throw mappingProblem('columns', 'name at least one column that holds a reading (2:sugar)');
  }
  const roles = new Set<ImportColumnRole>();
  const used = new Set<number>([
    mapping.timeColumn,
    ...(mapping.timeOfDayColumn === null ? [] : [mapping.timeOfDayColumn]),
    ...(mapping.zoneColumn === null ? [] : [mapping.zoneColumn]),
  ]);
  for (const { column, role } of mapping.columns) {
    if (outside(column)) {
      throw mappingProblem(
        'columns',
        `column ${column} is not in the file: it has ${width} columns, numbered 0 to ${width - 1}`,
      );
    }
    if (used.has(column))
      throw mappingProblem('columns', `column ${column} is named twice (or is the time)`);
    // Two columns of a one-value measure are read as one: a row fills one of them (LibreLink).
    if (roles.has(role) && SINGLE[role] === undefined) {
      throw mappingProblem(
        'columns',
        `two columns hold ${role}; name one (only a measure of one value, such as sugar, may come from two columns)`,
      );
    }
    used.add(column);
    roles.add(role);
  }
  for (const [first, second] of PAIRS) {
    if (roles.has(first) !== roles.has(second)) {
      throw mappingProblem('columns', `${first} and ${second} go together: name a column for each`);
    }
  }
  if (roles.has('weight') && !roles.has('bmi')) {
    throw mappingProblem(
      'columns',
      'a weight is kept with a BMI reading: name the BMI column too (Vitalia does not track weight alone)',
    );
  }
  if ([...roles].every((role) => role === 'note' || role === 'weight')) {
    throw mappingProblem(
      'columns',
      'name at least one column that holds a reading, not only the note',
    );
  }
}

/** A number cell as typed; a decimal comma is read as a point in a file separated by semicolons. */
function numberCell(text: string, delimiter: string): string {
  const trimmed = text.trim();
  return delimiter !== ',' && /^\d+,\d+$/.test(trimmed) ? trimmed.replace(',', '.') : trimmed;
}

export function mappedRows(file: CsvFile, mapping: ImportMapping): RowOutcome[] {
  const columnsOf = new Map<ImportColumnRole, number[]>();
  for (const { column, role } of mapping.columns) {
    columnsOf.set(role, [...(columnsOf.get(role) ?? []), column]);
  }
  const columnOf = new Map([...columnsOf].map(([role, columns]) => [role, columns[0]!]));
  const outcomes: RowOutcome[] = [];
  let produced = 0;
  for (const { line, cells } of file.records) {
    const place = atLine(line);
    const cell = (role: ImportColumnRole) => {
      const column = columnOf.get(role);
      return column === undefined ? '' : unneutralised(cells[column]);
    };
    const value = (role: ImportColumnRole) => numberCell(cell(role), file.delimiter);
    let zone = mapping.timeZone;
    if (mapping.zoneColumn !== null) {
      const written = unneutralised(cells[mapping.zoneColumn]).trim();
      const found = written === '' ? mapping.timeZone : zoneOfCell(written);
      if (found === undefined) {
        outcomes.push({
          place,
          refused: `time zone "${written.slice(0, 30)}" is not one this import reads (Africa/Lagos, UTC+01:00, +0100)`,
        });
        continue;
      }
      zone = found;
    }
    const when = readWhen(
      unneutralised(cells[mapping.timeColumn]),
      mapping.timeOfDayColumn === null ? null : unneutralised(cells[mapping.timeOfDayColumn]),
      mapping.dateOrder,
      zone,
    );
    if ('problem' in when) {
      outcomes.push({ place, refused: when.problem });
      continue;
    }
    const note = cell('note').trim() || null;
    const common = { TakenAt: when.instant, Note: note };
    const readings: ReadingFields[] = [];
    const refused: string[] = [];
    for (const [first, second, measure] of PAIRS) {
      if (!columnOf.has(first)) continue;
      const [a, b] = [value(first), value(second)];
      if (a === '' && b === '') continue;
      if (a === '' || b === '') {
        refused.push(
          `${MEASURES[measure].displayName.toLowerCase()} needs both ${first} and ${second}`,
        );
        continue;
      }
      readings.push({ Tag: tagOfMeasure(measure)!, TagValue: a, MinTagValue: b, ...common });
    }
    for (const [role, measure] of Object.entries(SINGLE) as Array<[ImportColumnRole, MeasureId]>) {
      const columns = columnsOf.get(role);
      if (!columns) continue;
      const texts = [
        ...new Set(
          columns
            .map((column) => unneutralised(cells[column]))
            .map((text) =>
              MEASURES[measure].wire.value === 'word'
                ? text.trim()
                : numberCell(text, file.delimiter),
            )
            .filter((text) => text !== ''),
        ),
      ];
      if (texts.length > 1) {
        refused.push(
          `${MEASURES[measure].displayName.toLowerCase()} is in two columns of this row (${texts
            .map((text) => text.slice(0, 12))
            .join(' and ')}): a row may fill only one of them`,
        );
        continue;
      }
      const text = texts[0];
      if (text === undefined) continue;
      readings.push({
        Tag: tagOfMeasure(measure)!,
        TagValue: text,
        ...(role === 'sugar' && mapping.sugarUnit === 'mmol/L' ? { Unit: 'mmol/L' } : {}),
        ...(role === 'sugar' && mapping.sugarMeal === 'after-meal' ? { Narration: 'HadMeal' } : {}),
        ...common,
      });
    }
    if (columnOf.has('bmi') && value('bmi') !== '') {
      const weight = value('weight');
      readings.push({ Tag: 'BMI', TagValue: value('bmi'), Weight: weight || null, ...common });
    }
    for (const reason of refused) outcomes.push({ place, refused: reason });
    if (readings.length === 0 && refused.length === 0) {
      outcomes.push({ place, refused: 'no value in the columns chosen for readings' });
    }
    for (const reading of readings) outcomes.push({ place, reading });
    produced += readings.length;
    if (produced > IMPORT_MAX_READINGS) throw tooManyReadings();
  }
  return outcomes;
}
