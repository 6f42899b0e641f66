// The CSV reader: line numbers a person can find in the file, quotes, separators, the apostrophe.
import { describe, expect, it } from 'vitest';
import { readCsv, unneutralised } from './csv-records.ts';

describe('reading a CSV file', () => {
  it('numbers each record by the line it starts on, a cell over two lines included', async () => {
    const file = await readCsv('a,b\r\n1,"two\r\nlines"\r\n\r\n3,"say ""hi"""\r\n4,x\r\n');
    expect(file.records).toEqual([
      { line: 2, cells: ['1', 'two\r\nlines'] },
      { line: 5, cells: ['3', 'say "hi"'] },
      { line: 6, cells: ['4', 'x'] },
    ]);
  });

  it('finds the separator from the header, or from a sep= line', async () => {
    expect((await readCsv('Date;SYS;DIA\n1;2;3\n')).header).toEqual(['Date', 'SYS', 'DIA']);
    expect((await readCsv('Date\tSYS\n1\t2\n')).delimiter).toBe('\t');
    const excel = await readCsv('sep=;\nDate;SYS\n1;2\n');
    expect(excel).toMatchObject({ delimiter: ';', header: ['Date', 'SYS'] });
    expect(excel.records[0]).toEqual({ line: 3, cells: ['1', '2'] });
  });

  it('takes back the apostrophe that neutralised a formula, and only that one', () => {
    expect(unneutralised("'=1+1")).toBe('=1+1');
    expect(unneutralised("'-5")).toBe('-5');
    expect(unneutralised("'tis")).toBe("'tis");
    expect(unneutralised('=1+1')).toBe('=1+1');
  });
});
