import { describe, expect, it } from 'vitest';
import { interpretCholesterol } from './cholesterol.measure.ts';
import {
  aroundEdge,
  expectCitesDocuments,
  INVALID,
  row,
  type Expected,
} from './edge-cases.fixture.ts';

// Decision 4.2, total cholesterol in mg/dL: under 200 normal green; 200-239 borderline high
// yellow; 240-309 high red; 310 or more very high red. Outside the limits of a possible
// measurement (50 to 1000) a value is invalid.
const NORMAL: Expected = ['Normal', 'green'];
const BORDERLINE: Expected = ['Borderline high', 'yellow'];
const HIGH: Expected = ['High', 'red'];
const VERY_HIGH: Expected = ['Very high', 'red'];

const rows = [
  ...aroundEdge(50, 0.01, INVALID, NORMAL, NORMAL),
  ...aroundEdge(200, 0.01, NORMAL, BORDERLINE, BORDERLINE),
  ...aroundEdge(240, 0.01, BORDERLINE, HIGH, HIGH),
  ...aroundEdge(310, 0.01, HIGH, VERY_HIGH, VERY_HIGH),
  ...aroundEdge(1000, 0.01, VERY_HIGH, VERY_HIGH, INVALID),
  row(199.5, NORMAL),
  row(239, BORDERLINE),
  row(239.5, BORDERLINE),
  row(309, HIGH),
  row(309.5, HIGH),
  row(400, VERY_HIGH),
  row(0, INVALID),
  row(5.2, INVALID),
];

describe('interpretCholesterol', () => {
  it.each(rows)(
    'total cholesterol $value mg/dL is $label ($colour)',
    ({ value, label, colour }) => {
      for (const input of [value, String(value)]) {
        expect(interpretCholesterol(input)).toMatchObject({
          measure: 'cholesterol',
          result: label,
          colour,
          ok: colour === 'green' ? 1 : 0,
        });
      }
    },
  );

  it('names ATP III and shows mg/dL', () => {
    const analysis = interpretCholesterol('185');
    expect(analysis).toMatchObject({ value: '185', unit: 'mg/dL' });
    expect(expectCitesDocuments(analysis.advice)).toEqual([
      'NCEP Adult Treatment Panel III, Third Report of the Expert Panel on High Blood Cholesterol in Adults (NHLBI, 2002)',
    ]);
  });

  it('names possible familial hypercholesterolaemia from 310, citing NICE too', () => {
    const analysis = interpretCholesterol('310');
    expect(analysis.advice).toMatch(/familial hypercholesterolaemia/);
    expect(expectCitesDocuments(analysis.advice)).toContain(
      'NICE guideline CG71, Familial hypercholesterolaemia (2008, updated 2019)',
    );
    expect(interpretCholesterol('309').advice).not.toMatch(/familial/);
  });

  it.each(['', '5.2 mmol', 'high', null])('asks to re-enter %j', (input) => {
    expect(interpretCholesterol(input)).toMatchObject({
      colour: 'yellow',
      result: 'invalid, please re-enter',
    });
  });
});
