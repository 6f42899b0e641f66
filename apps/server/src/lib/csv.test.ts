import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from './csv.ts';

describe('CSV cells', () => {
  it('quote every text, write numbers as they are and null as nothing, one record a line', () => {
    expect(csvLine(['Dr Ada Bello', 'viewed readings', null, 3])).toBe(
      '"Dr Ada Bello","viewed readings",,3\r\n',
    );
  });

  it('double quotes and keep commas and line breaks inside their cell', () => {
    expect(csvCell('Bello, Ada')).toBe('"Bello, Ada"');
    expect(csvCell('the "clinic" link')).toBe('"the ""clinic"" link"');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
  });

  it('never start with a character a spreadsheet reads as a formula', () => {
    expect(csvCell('=HYPERLINK("http://evil.example","x")')).toBe(
      '"\'=HYPERLINK(""http://evil.example"",""x"")"',
    );
    expect(csvCell('+2348012345678')).toBe('"\'+2348012345678"');
    expect(csvCell('-1')).toBe('"\'-1"');
    expect(csvCell('@SUM(A1)')).toBe('"\'@SUM(A1)"');
    expect(csvCell('\tcmd')).toBe('"\'\tcmd"');
  });

  it('keep a semicolon-separated formula inside one quoted cell', () => {
    // Spreadsheets whose list separator is ';' would otherwise split it and run '=1+1'.
    expect(csvCell('Bello;=1+1;')).toBe('"Bello;=1+1;"');
  });
});
