import { describe, expect, it } from 'vitest';
import { interpretBmi } from './bmi.measure.ts';
import { aroundEdge, row, type Expected } from './edge-cases.fixture.ts';

// decisions.md section 4 (WHO): under 18.5 underweight yellow; 18.5 to under 25 normal green;
// 25 to under 30 overweight yellow; 30 or more obese red.
const INVALID: Expected = ['invalid, please re-enter', 'yellow'];
const UNDERWEIGHT: Expected = ['Underweight', 'yellow'];
const NORMAL: Expected = ['Normal', 'green'];
const OVERWEIGHT: Expected = ['Overweight', 'yellow'];
const OBESE: Expected = ['Obese', 'red'];

const rows = [
  ...aroundEdge(0, 0.01, INVALID, UNDERWEIGHT, UNDERWEIGHT),
  ...aroundEdge(18.5, 0.01, UNDERWEIGHT, NORMAL, NORMAL),
  ...aroundEdge(25, 0.01, NORMAL, OVERWEIGHT, OVERWEIGHT),
  ...aroundEdge(30, 0.01, OVERWEIGHT, OBESE, OBESE),
  // The spec's 19 and 25 edges are gone: 19 is normal, and 24.99 is still normal.
  row(19, NORMAL),
  row(24.999, NORMAL),
  row(29.999, OVERWEIGHT),
  row(60, OBESE),
];

describe('interpretBmi', () => {
  it.each(rows)('BMI $value is $label ($colour)', ({ value, label, colour }) => {
    for (const input of [value, String(value)]) {
      expect(interpretBmi(input)).toMatchObject({
        measure: 'bmi',
        result: label,
        colour,
        ok: colour === 'green' ? 1 : 0,
      });
    }
  });

  it('shows the value as given and cites WHO', () => {
    expect(interpretBmi('24.99')).toMatchObject({ value: '24.99', unit: 'kg/m²', source: 'WHO' });
    expect(interpretBmi('31').advice).toMatch(/\(Source: WHO\)$/);
  });

  it.each(['', 'fat', '22,5', NaN, Infinity])('asks to re-enter %j', (input) => {
    expect(interpretBmi(input)).toMatchObject({
      colour: 'yellow',
      result: 'invalid, please re-enter',
    });
  });
});
