// CSV files people open in a spreadsheet: RFC 4180 (CRLF line ends, quotes doubled), every text
// cell quoted, UTF-8 with a byte order mark so Excel reads accents right, and formulas neutralised:
// a cell starting with =, +, -, @, a tab or a carriage return gets a leading apostrophe, so a value
// typed by someone else never runs as a formula (OWASP, 'CSV Injection'). Quoting every cell keeps
// a spreadsheet whose list separator is ';' from splitting 'Bello;=1+1' into a formula.

/** Written once at the start of a file. */
export const csvByteOrderMark = '\uFEFF';

const formulaStart = /^[=+\-@\t\r]/;

/** One cell: text neutralised and quoted, numbers as they are, nothing for null. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const safe = formulaStart.test(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
}

/** One record, ending in CRLF. */
export function csvLine(cells: ReadonlyArray<string | number | null | undefined>): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
