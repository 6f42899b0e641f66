// A CSV file as a header and records, read with csv-parse under limits a hostile file cannot get
// past (docs/decisions/0031-importing-readings.md): a record longer than IMPORT_MAX_RECORD_CHARS
// (a huge field, or a quote never closed that runs to the end) stops the parse, as do more than
// IMPORT_MAX_COLUMNS columns or IMPORT_MAX_ROWS records. Cells are never evaluated: '=1+1' is text.
import { parse, type CsvError } from 'csv-parse';
import {
  IMPORT_MAX_COLUMNS,
  IMPORT_MAX_RECORD_CHARS,
  IMPORT_MAX_ROWS,
} from '@vitalia/api/portability.contract';
import { badRequest } from '../../../plugins/errors.ts';

export interface CsvRecord {
  /** The line of the file the record starts on; the header is line 1. */
  line: number;
  cells: string[];
}

export interface CsvFile {
  delimiter: string;
  header: string[];
  /** The line of the file the header is on: 1, or later when title lines come first. */
  headerLine: number;
  records: CsvRecord[];
}

/** How many leading lines may be a title before the header (LibreLink writes one, Samsung one). */
const MOST_TITLE_LINES = 5;
/** How many records the header's width is compared with. */
const WIDTH_SAMPLE = 30;

/** The cells up to the last one that holds something: a row's trailing separators do not count. */
function filledWidth(cells: readonly string[]): number {
  let width = cells.length;
  while (width > 0 && (cells[width - 1] ?? '').trim() === '') width -= 1;
  return width;
}

const looksLikeData = (cell: string) => /^[+-]?\d+(?:[.,]\d+)?$/.test(cell.trim());

/**
 * Where the header is among the first records. Some apps write a title line first (LibreLink's
 * "Glucose Data,Generated on,...", Samsung Health's "com.samsung.shealth.blood_pressure,..."), and
 * the columns are named on the next line. The header is the first record, among the first few,
 * that names as many columns as any of the rows below it fills and holds no bare number (a data
 * row does); when none does, the first record is the header, as before.
 */
export function headerIndexOf(records: readonly string[][]): number {
  const sample = records.slice(0, MOST_TITLE_LINES + WIDTH_SAMPLE);
  const first = filledWidth(sample[0] ?? []);
  for (let index = 0; index <= MOST_TITLE_LINES && index < sample.length - 1; index += 1) {
    const cells = sample[index] ?? [];
    const width = filledWidth(cells);
    // Title lines are narrower than the header under them: a line as wide as the first is
    // never taken for a title (a data row whose note holds commas is wider, not a header), and
    // a line that starts with a date is a reading, not a header.
    if (index > 0 && (width <= first || looksLikeDate(cells[0] ?? ''))) continue;
    const below = sample.slice(index + 1);
    const widest = Math.max(...below.map(filledWidth));
    if (width >= 2 && width >= widest && !cells.some(looksLikeData)) return index;
  }
  return 0;
}

const looksLikeDate = (cell: string) =>
  /^\s*(?:\d{4}[./-]\d{1,2}[./-]\d{1,2}|\d{1,2}[./-]\d{1,2}[./-]\d{2,4})/.test(cell);

const notCsv = (message: string) => badRequest({ code: 'IMPORT_BAD_CSV', message });

/** The separator of the header line: a comma, or the semicolon or tab some spreadsheets write. */
function delimiterOf(text: string): string {
  const end = text.search(/\r?\n/);
  const first = end < 0 ? text : text.slice(0, end);
  const outside = first.replace(/"[^"]*"/g, '');
  const counts = [',', ';', '\t'].map((each) => [each, outside.split(each).length - 1] as const);
  const [best] = [...counts].sort((a, b) => b[1] - a[1]);
  return best && best[1] > 0 ? best[0] : ',';
}

function parseFailure(error: CsvError | Error): Error {
  const code = (error as CsvError).code;
  const line = (error as CsvError & { lines?: number }).lines;
  const at = line ? ` (line ${line})` : '';
  switch (code) {
    case 'CSV_MAX_RECORD_SIZE':
      return notCsv(
        `A row of the file is longer than ${IMPORT_MAX_RECORD_CHARS.toLocaleString('en')} characters${at}: a quote is probably left open, or a cell is far larger than any reading. Check the file in a text editor.`,
      );
    case 'CSV_QUOTE_NOT_CLOSED':
      return notCsv(
        `A quote opened in the file is never closed${at}: the rest of the file would be one cell. Check the file in a text editor.`,
      );
    case 'CSV_INVALID_CLOSING_QUOTE':
    case 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE':
      return notCsv(
        `A quoted cell is followed by other characters before the separator${at}: a quote inside a cell must be doubled ("").`,
      );
    default:
      return notCsv(`The file cannot be read as CSV${at}: ${error.message}`);
  }
}

/** The header and records of a CSV file; throws a 400 that says what is wrong with it. */
export async function readCsv(file: string): Promise<CsvFile> {
  // Excel writes and reads a first line 'sep=;' naming the separator; it is not the header. It is
  // blanked rather than cut, so line numbers stay those of the file.
  const hint = /^\uFEFF?sep=([,;\t])\r?\n/i.exec(file);
  const text = hint ? file.replace(/^[^\n]*/, '') : file;
  const delimiter = hint?.[1] ?? delimiterOf(text.replace(/^\s+/, ''));
  const parser = parse({
    delimiter,
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
    max_record_size: IMPORT_MAX_RECORD_CHARS,
    info: true,
  });
  // The first records are held until the header among them is found (headerIndexOf).
  const leading: CsvRecord[] = [];
  const records: CsvRecord[] = [];
  let header: string[] | undefined;
  let headerLine = 1;
  const takeRecord = (record: CsvRecord) => {
    // A blank row between records (only separators) is not a reading.
    if (record.cells.every((cell) => cell.trim() === '')) return;
    if (records.length >= IMPORT_MAX_ROWS) {
      throw notCsv(
        `The file has more than ${IMPORT_MAX_ROWS.toLocaleString('en')} rows, the most one import takes. Split it into smaller files.`,
      );
    }
    records.push(record);
  };
  const settleHeader = () => {
    const at = headerIndexOf(leading.map(({ cells }) => cells));
    const found = leading[at];
    if (!found) return;
    header = found.cells.map((cell) => cell.trim());
    headerLine = found.line;
    for (const record of leading.slice(at + 1)) takeRecord(record);
    leading.length = 0;
  };
  // csv-parse's info.lines is the line a record ends on, but it counts a CRLF inside a quoted cell
  // as two lines; what it has counted too many so far is taken off, so line numbers are the file's.
  let overcounted = 0;
  const startLine = (endLine: number, cells: string[]) => {
    let breaks = 0;
    for (const cell of cells) {
      overcounted += cell.match(/\r\n/g)?.length ?? 0;
      breaks += cell.match(/\r\n|\n|\r/g)?.length ?? 0;
    }
    return endLine - overcounted - breaks;
  };
  const reading = (async () => {
    for await (const item of parser as AsyncIterable<{
      record: string[];
      info: { lines: number };
    }>) {
      const cells = item.record;
      const line = startLine(item.info.lines, cells);
      if (cells.length > IMPORT_MAX_COLUMNS) {
        throw notCsv(
          `Line ${line} has ${cells.length.toLocaleString('en')} columns; a file of readings has at most ${IMPORT_MAX_COLUMNS}.`,
        );
      }
      if (header === undefined) {
        if (cells.some((cell) => cell.trim() !== '')) leading.push({ line, cells });
        if (leading.length >= MOST_TITLE_LINES + WIDTH_SAMPLE) settleHeader();
        continue;
      }
      takeRecord({ line, cells });
    }
    if (header === undefined) settleHeader();
  })();
  parser.end(text);
  try {
    await reading;
  } catch (error) {
    parser.destroy();
    if ((error as { statusCode?: number }).statusCode) throw error;
    throw parseFailure(error as Error);
  }
  if (header === undefined)
    throw badRequest({ code: 'IMPORT_EMPTY', message: 'The file is empty.' });
  if (filledWidth(header) < 2) {
    throw notCsv(
      'This does not look like a CSV of readings: its header line has a single column. The header must name the columns (a date and at least one value), separated by commas.',
    );
  }
  if (records.length === 0) {
    throw badRequest({
      code: 'IMPORT_NO_ROWS',
      message: 'The file has a header but no readings under it.',
    });
  }
  return { delimiter, header, headerLine, records };
}

/**
 * A cell as its writer meant it: the apostrophe Vitalia's export (and spreadsheets) put before a
 * cell starting with =, +, -, @, a tab or a carriage return, so it never runs as a formula, is
 * taken off again (apps/server/src/lib/csv.ts writes it).
 */
export function unneutralised(cell: string | undefined): string {
  if (cell === undefined) return '';
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}
