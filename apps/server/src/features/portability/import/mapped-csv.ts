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
import type { ImportColumnRole, ImportMapping } from '@vitalia/api/portability.contract';
import { badRequest, fieldProblem } from '../../../plugins/errors.ts';
import type { CsvFile } from './csv-records.ts';
import { unneutralised } from './csv-records.ts';
import { atLine, tagOfMeasure, type ReadingFields, type RowOutcome } from './import-rows.ts';
import { numericDateParts, readWhen, type DateOrder } from './local-times.ts';

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

const DATE_HEADER = /date|datum|fecha|day|timestamp|when/i;
const TIME_HEADER = /time|zeit|heure|hora|clock/i;
/**
 * Headers that name the surroundings or the device, not the person: a monitor's "room
 * temperature(°C)" read as a body temperature would be rated hypothermia, and its "Timezone" is no
 * time of day. Such a column is never guessed as a reading or a time; the person may still map it.
 */
const NOT_THE_PERSON =
  /room|ambient|environment|outdoor|indoor|weather|device|battery|signal|firmware|serial|time ?zone|offset|utc/i;

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

/** The way the rows' numeric dates read: decided by a part over 12, or ambiguous. */
export function dateOrderOf(
  file: CsvFile,
  column: number,
): { order: DateOrder; ambiguous: boolean } {
  let dayFirst = false;
  let monthFirst = false;
  let twoWays = false;
  for (const { cells } of file.records.slice(0, 5000)) {
    const parts = numericDateParts(cells[column] ?? '');
    if (!parts) continue;
    const [first, second] = parts;
    if (first > 12) dayFirst = true;
    else if (second > 12) monthFirst = true;
    else if (first !== second) twoWays = true;
  }
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
  const dateColumns = header.flatMap((name, index) =>
    DATE_HEADER.test(name) && !NOT_THE_PERSON.test(name) ? [index] : [],
  );
  const timeColumns = header.flatMap((name, index) =>
    TIME_HEADER.test(name) && !DATE_HEADER.test(name) && !NOT_THE_PERSON.test(name) ? [index] : [],
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
  header.forEach((name, column) => {
    if (column === timeColumn || column === timeOfDayColumn || NOT_THE_PERSON.test(name)) return;
    const found = ROLE_PATTERNS.find(([role, pattern]) => !taken.has(role) && pattern.test(name));
    if (found) {
      taken.add(found[0]);
      columns.push({ column, role: found[0] });
    }
  });
  if (timeColumn === undefined) return { mapping: null, ambiguous: false };
  const sugar = columns.find((each) => each.role === 'sugar');
  let sugarUnit: ImportMapping['sugarUnit'] = 'mg/dL';
  if (sugar) {
    const name = header[sugar.column] ?? '';
    if (/mmol/i.test(name)) sugarUnit = 'mmol/L';
    else if (!/mg/i.test(name)) {
      const values = file.records
        .slice(0, 50)
        .map(({ cells }) => Number((cells[sugar.column] ?? '').replace(',', '.')))
        .filter((value) => Number.isFinite(value) && value > 0);
      // No blood sugar in mg/dL is below 20; few in mmol/L are above 30.
      if (values.length > 0 && Math.max(...values) < 30) sugarUnit = 'mmol/L';
    }
  }
  const { order, ambiguous } = dateOrderOf(file, timeColumn);
  return {
    mapping: { timeColumn, timeOfDayColumn, dateOrder: order, timeZone, columns, sugarUnit },
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
  if (mapping.timeOfDayColumn !== null && outside(mapping.timeOfDayColumn)) {
    throw mappingProblem(
      'timeOfDayColumn',
      `the file has ${width} columns, numbered 0 to ${width - 1}`,
    );
  }
  if (mapping.columns.length === 0) {
    throw mappingProblem('columns', 'name at least one column that holds a reading (2:sugar)');
  }
  const roles = new Set<ImportColumnRole>();
  const used = new Set<number>([
    mapping.timeColumn,
    ...(mapping.timeOfDayColumn === null ? [] : [mapping.timeOfDayColumn]),
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
    if (roles.has(role)) throw mappingProblem('columns', `two columns hold ${role}; name one`);
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
  const columnOf = new Map(mapping.columns.map(({ column, role }) => [role, column]));
  const outcomes: RowOutcome[] = [];
  for (const { line, cells } of file.records) {
    const place = atLine(line);
    const cell = (role: ImportColumnRole) => {
      const column = columnOf.get(role);
      return column === undefined ? '' : unneutralised(cells[column]);
    };
    const value = (role: ImportColumnRole) => numberCell(cell(role), file.delimiter);
    const when = readWhen(
      unneutralised(cells[mapping.timeColumn]),
      mapping.timeOfDayColumn === null ? null : unneutralised(cells[mapping.timeOfDayColumn]),
      mapping.dateOrder,
      mapping.timeZone,
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
      if (!columnOf.has(role)) continue;
      const text = MEASURES[measure].wire.value === 'word' ? cell(role).trim() : value(role);
      if (text === '') continue;
      readings.push({
        Tag: tagOfMeasure(measure)!,
        TagValue: text,
        ...(role === 'sugar' && mapping.sugarUnit === 'mmol/L' ? { Unit: 'mmol/L' } : {}),
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
  }
  return outcomes;
}
