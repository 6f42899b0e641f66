import { describe, expect, it } from 'vitest';
import {
  aroundEdge,
  expectCitesDocuments,
  INVALID,
  row,
  type Expected,
} from './edge-cases.fixture.ts';
import { interpretTemperature } from './temperature.measure.ts';

// Decision 4.2, degrees C rounded to one decimal: under 35.0 hypothermia red; 35.0-35.9 low
// yellow; 36.0-37.0 normal green; 37.1-37.9 slightly raised yellow; 38.0-39.9 fever red (the
// NHS's fever); 40.0 or more very high fever red. Outside the limits of a possible measurement (25 to 45) a value is invalid.
const HYPOTHERMIA: Expected = ['Hypothermia', 'red'];
const LOW: Expected = ['Low', 'yellow'];
const NORMAL: Expected = ['Normal', 'green'];
const RAISED: Expected = ['Slightly raised', 'yellow'];
const FEVER: Expected = ['Fever', 'red'];
const VERY_HIGH_FEVER: Expected = ['Very high fever', 'red'];

// One decimal is the resolution: 'just under 35.0' is 34.9.
const rows = [
  ...aroundEdge(25, 0.1, INVALID, HYPOTHERMIA, HYPOTHERMIA),
  ...aroundEdge(35, 0.1, HYPOTHERMIA, LOW, LOW),
  ...aroundEdge(36, 0.1, LOW, NORMAL, NORMAL),
  ...aroundEdge(37, 0.1, NORMAL, NORMAL, RAISED),
  ...aroundEdge(38, 0.1, RAISED, FEVER, FEVER),
  ...aroundEdge(40, 0.1, FEVER, VERY_HIGH_FEVER, VERY_HIGH_FEVER),
  ...aroundEdge(45, 0.1, VERY_HIGH_FEVER, VERY_HIGH_FEVER, INVALID),
  // Rounded to one decimal before the bands apply, half away from zero.
  row(34.94, HYPOTHERMIA),
  row(34.95, LOW),
  row(35.949, LOW),
  row(35.95, NORMAL),
  row(37.04, NORMAL),
  row(37.05, RAISED),
  row(37.94, RAISED),
  row(37.95, FEVER),
  row(38.05, FEVER),
  row(39.94, FEVER),
  row(39.95, VERY_HIGH_FEVER),
  row(41, VERY_HIGH_FEVER),
  row(-1, INVALID),
  row(0, INVALID),
  row(98.6, INVALID),
];

describe('interpretTemperature', () => {
  it.each(rows)('$value °C is $label ($colour)', ({ value, label, colour }) => {
    for (const input of [value, String(value)]) {
      expect(interpretTemperature(input)).toMatchObject({
        measure: 'temperature',
        result: label,
        colour,
        ok: colour === 'green' ? 1 : 0,
      });
    }
  });

  it('shows the rounded value with one decimal', () => {
    expect(interpretTemperature('37.05').value).toBe('37.1');
    expect(interpretTemperature(37).value).toBe('37.0');
    expect(interpretTemperature('36.849').value).toBe('36.8');
  });

  it('calls 38.0 a fever, as the NHS does, and asks for a malaria test with paracetamol only', () => {
    const analysis = interpretTemperature('38.0');
    expect(analysis.result).toBe('Fever');
    expect(analysis.advice).toMatch(/malaria test today/);
    expect(analysis.advice).toMatch(/paracetamol if you need it, not ibuprofen or aspirin/);
  });

  it("labels and advises 37.8 in the same words: 'Slightly raised', not yet a fever", () => {
    const analysis = interpretTemperature('37.8');
    expect(analysis.result).toBe('Slightly raised');
    expect(analysis.advice).toMatch(/^Slightly raised, not yet a fever/);
  });

  it('does not tell 41 °C to rest and wait 3 days: it cools first and gets care now', () => {
    const { advice } = interpretTemperature('41');
    expect(advice).not.toMatch(/3 days/);
    expect(advice).toMatch(/cool down first/);
    expect(advice).toMatch(/heatstroke/);
  });

  it('tells hypothermia to call the emergency number', () => {
    expect(interpretTemperature('34').advice).toMatch(/emergency number/);
  });

  it.each(['', '37,5', '98.6F', 'hot', undefined, '104'])('asks to re-enter %j', (input) => {
    const analysis = interpretTemperature(input);
    expect(analysis).toMatchObject({
      colour: 'yellow',
      result: 'invalid, please re-enter',
      source: 'NHS, High temperature (fever) in adults, nhs.uk (read 2026)',
    });
    expectCitesDocuments(analysis.advice);
  });
});
