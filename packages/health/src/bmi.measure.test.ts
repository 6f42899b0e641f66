import { describe, expect, it } from 'vitest';
import { interpretBmi } from './bmi.measure.ts';
import {
  aroundEdge,
  expectCitesDocuments,
  INVALID,
  row,
  type Expected,
} from './edge-cases.fixture.ts';

// Decision 4.2 (WHO), never rounded before rating: under 16 severely underweight red; 16 to under
// 18.5 underweight yellow; 18.5 to under 25 normal green; 25 to under 30 overweight yellow; 30 to
// under 35 obese (class I) red; 35 to under 40 obese (class II) red; 40 or more obese (class III)
// red. Outside the limits of a possible measurement (7 to 200) a value is invalid.
const SEVERELY_UNDERWEIGHT: Expected = ['Severely underweight', 'red'];
const UNDERWEIGHT: Expected = ['Underweight', 'yellow'];
const NORMAL: Expected = ['Normal', 'green'];
const OVERWEIGHT: Expected = ['Overweight', 'yellow'];
const OBESE_1: Expected = ['Obese (class I)', 'red'];
const OBESE_2: Expected = ['Obese (class II)', 'red'];
const OBESE_3: Expected = ['Obese (class III)', 'red'];

const rows = [
  ...aroundEdge(7, 0.01, INVALID, SEVERELY_UNDERWEIGHT, SEVERELY_UNDERWEIGHT),
  ...aroundEdge(16, 0.01, SEVERELY_UNDERWEIGHT, UNDERWEIGHT, UNDERWEIGHT),
  ...aroundEdge(18.5, 0.01, UNDERWEIGHT, NORMAL, NORMAL),
  ...aroundEdge(25, 0.01, NORMAL, OVERWEIGHT, OVERWEIGHT),
  ...aroundEdge(30, 0.01, OVERWEIGHT, OBESE_1, OBESE_1),
  ...aroundEdge(35, 0.01, OBESE_1, OBESE_2, OBESE_2),
  ...aroundEdge(40, 0.01, OBESE_2, OBESE_3, OBESE_3),
  ...aroundEdge(200, 0.01, OBESE_3, OBESE_3, INVALID),
  // Every digit counts: nothing is rounded up across an edge.
  row(18.498, UNDERWEIGHT),
  row(18.4999999, UNDERWEIGHT),
  row(15.999, SEVERELY_UNDERWEIGHT),
  row(24.999, NORMAL),
  row(29.999, OVERWEIGHT),
  row(19, NORMAL),
  row(60, OBESE_3),
  row(0, INVALID),
  row(-22, INVALID),
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

  it('rates and shows 18.498 as underweight 18.4, never 18.5', () => {
    expect(interpretBmi(18.498)).toMatchObject({ value: '18.4', result: 'Underweight' });
    expect(interpretBmi('18.4999')).toMatchObject({ value: '18.4', result: 'Underweight' });
    expect(interpretBmi('24.99')).toMatchObject({ value: '24.9', result: 'Normal' });
    expect(interpretBmi('29.96')).toMatchObject({ value: '29.9', result: 'Overweight' });
    expect(interpretBmi('22')).toMatchObject({ value: '22', unit: 'kg/m²' });
  });

  it('names the WHO documents', () => {
    expect(expectCitesDocuments(interpretBmi('31').advice)).toEqual([
      'WHO, Obesity: preventing and managing the global epidemic, Technical Report Series 894 (2000)',
    ]);
    expect(expectCitesDocuments(interpretBmi('15').advice)).toEqual([
      'WHO, Physical status: the use and interpretation of anthropometry, Technical Report Series 854 (1995)',
    ]);
  });

  it.each(['', 'fat', '22,5', NaN, Infinity, '366', '6'])('asks to re-enter %j', (input) => {
    expect(interpretBmi(input)).toMatchObject({
      colour: 'yellow',
      result: 'invalid, please re-enter',
    });
  });
});
