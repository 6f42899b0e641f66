// CSV files people open in a spreadsheet: RFC 4180 quoting (CRLF line ends, a field with a comma,
// quote or line break quoted, quotes doubled), UTF-8 with a byte order mark so Excel reads accents
// right, and formulas neutralised: a cell starting with =, +, -, @, a tab or a carriage return
// gets a leading apostrophe, so a value typed by someone else never runs as a formula (OWASP,
// 'CSV Injection').

/** Written once at the start of a file. */
export const csvByteOrderMark = '\uFEFF';

const formulaStart = /^[=+\-@\t\r]/;
const needsQuotes = /[",\r\n]/;

/** One cell, neutralised and quoted as needed. Numbers are written as they are. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const safe = formulaStart.test(value) ? `'${value}` : value;
  return needsQuotes.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One record, ending in CRLF. */
export function csvLine(cells: ReadonlyArray<string | number | null | undefined>): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
