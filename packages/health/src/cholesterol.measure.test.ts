import { describe, expect, it } from 'vitest';
import { interpretCholesterol } from './cholesterol.measure.ts';
import { aroundEdge, row, type Expected } from './edge-cases.fixture.ts';

// decisions.md section 4: under 200 normal green; 200-239 borderline high yellow; 240 or more
// high red.
const INVALID: Expected = ['invalid, please re-enter', 'yellow'];
const NORMAL: Expected = ['Normal', 'green'];
const BORDERLINE: Expected = ['Borderline high', 'yellow'];
const HIGH: Expected = ['High', 'red'];

const rows = [
  ...aroundEdge(0, 0.01, INVALID, NORMAL, NORMAL),
  ...aroundEdge(200, 0.01, NORMAL, BORDERLINE, BORDERLINE),
  ...aroundEdge(240, 0.01, BORDERLINE, HIGH, HIGH),
  row(199.5, NORMAL),
  row(239, BORDERLINE),
  row(239.5, BORDERLINE),
  row(400, HIGH),
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

  it('cites NHLBI and shows mg/dL', () => {
    expect(interpretCholesterol('185')).toMatchObject({
      value: '185',
      unit: 'mg/dL',
      source: 'NHLBI',
    });
  });

  it.each(['', '5.2 mmol', 'high', null])('asks to re-enter %j', (input) => {
    expect(interpretCholesterol(input)).toMatchObject({
      colour: 'yellow',
      result: 'invalid, please re-enter',
    });
  });
});
