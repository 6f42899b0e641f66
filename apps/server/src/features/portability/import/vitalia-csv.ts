// Vitalia's own readings.csv read back (the columns of READINGS_CSV_COLUMNS in
// packages/api/src/portability.contract.ts): one reading per row, the value in the canonical unit,
// a blood sugar typed in mmol/L taken as typed (entered_value, entered_unit), the export's formula
// apostrophe taken off. colour and label are the interpreter's and are worked out again, not read.
import { MEASURES } from '@vitalia/health/measure.catalog';
import { READINGS_CSV_COLUMNS, type ReadingsCsvColumn } from '@vitalia/api/portability.contract';
import type { CsvFile } from './csv-records.ts';
import { unneutralised } from './csv-records.ts';
import { atLine, keptSource, tagOfMeasure, type RowOutcome } from './import-rows.ts';

/** The columns a Vitalia file must have; the others may be missing (older or trimmed files). */
const REQUIRED: readonly ReadingsCsvColumn[] = ['taken_at', 'measure', 'value'];

/** True when the header names Vitalia's columns (in any order). */
export function isVitaliaHeader(header: readonly string[]): boolean {
  const names = new Set(header.map((name) => name.trim().toLowerCase()));
  return REQUIRED.every((name) => names.has(name));
}

const blankToNull = (text: string) => (text.trim() === '' ? null : text);

export function vitaliaRows(file: CsvFile): RowOutcome[] {
  const index = new Map<string, number>();
  file.header.forEach((name, position) => {
    const key = name.trim().toLowerCase();
    if (!index.has(key)) index.set(key, position);
  });
  const known = new Set<string>(READINGS_CSV_COLUMNS.map((column) => column.name));
  return file.records.map(({ line, cells }): RowOutcome => {
    const cell = (name: ReadingsCsvColumn) => {
      const position = index.get(name);
      return position === undefined || !known.has(name) ? '' : unneutralised(cells[position]);
    };
    const place = atLine(line);
    const measure = cell('measure').trim();
    const tag = tagOfMeasure(measure);
    if (!tag) {
      return {
        place,
        refused: `measure "${measure.slice(0, 40)}" is not one Vitalia tracks (${Object.keys(MEASURES).join(', ')})`,
      };
    }
    const unit = cell('unit').trim();
    const canonical = MEASURES[MEASURES[measure as keyof typeof MEASURES].id].unit;
    // A blood sugar typed in mmol/L is written as typed, with mmol/L as its unit.
    const valueInMmol = measure === 'sugar' && unit === 'mmol/L';
    if (unit !== '' && canonical !== null && unit !== canonical && !valueInMmol) {
      return {
        place,
        refused: `unit "${unit.slice(0, 20)}" is not ${canonical}, the unit of value for ${measure}`,
      };
    }
    const enteredValue = valueInMmol ? cell('value').trim() : cell('entered_value').trim();
    const typedInMmol =
      valueInMmol || (cell('entered_unit').trim() === 'mmol/L' && enteredValue !== '');
    const fromDevice = cell('from_device').trim().toLowerCase();
    const file = cell('imported_from').trim();
    const format = cell('import_format').trim();
    return {
      place,
      // A reading an earlier import brought in keeps the file it first came from.
      source: keptSource(file, format),
      reading: {
        Tag: tag,
        TagValue: typedInMmol ? enteredValue : cell('value'),
        Unit: typedInMmol ? 'mmol/L' : null,
        MinTagValue: blankToNull(cell('second_value')),
        Weight: blankToNull(cell('weight_kg')),
        Narration: blankToNull(cell('context')),
        Note: blankToNull(cell('note')),
        Device: blankToNull(cell('device')),
        Report: blankToNull(cell('report')),
        DirectFromDevice: fromDevice === 'true',
        TakenAt: cell('taken_at').trim(),
      },
    };
  });
}
