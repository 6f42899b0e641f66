import { describe, expect, it } from 'vitest';
import { aroundEdge, row, type Expected } from './edge-cases.fixture.ts';
import { interpretOxygen } from './oxygen.measure.ts';

// decisions.md section 4: 95-100 normal green; 91-94 low red; 90 or less very low red, seek
// care now; over 100 or under 50 invalid yellow.
const INVALID: Expected = ['invalid, please re-enter', 'yellow'];
const VERY_LOW: Expected = ['Very low: seek care now', 'red'];
const LOW: Expected = ['Low', 'red'];
const NORMAL: Expected = ['Normal', 'green'];

const rows = [
  ...aroundEdge(50, 0.01, INVALID, VERY_LOW, VERY_LOW),
  ...aroundEdge(90, 0.01, VERY_LOW, VERY_LOW, LOW),
  ...aroundEdge(95, 0.01, LOW, NORMAL, NORMAL),
  ...aroundEdge(100, 0.01, NORMAL, NORMAL, INVALID),
  // Between the written integers.
  row(90.5, LOW),
  row(94.5, LOW),
  row(99.5, NORMAL),
  row(0, INVALID),
  row(-97, INVALID),
];

describe('interpretOxygen', () => {
  it.each(rows)('SpO2 $value % is $label ($colour)', ({ value, label, colour }) => {
    for (const input of [value, String(value)]) {
      expect(interpretOxygen(input)).toMatchObject({
        measure: 'oxygen',
        result: label,
        colour,
        ok: colour === 'green' ? 1 : 0,
      });
    }
  });

  it('answers value, unit, advice with its source, and OK', () => {
    expect(interpretOxygen(' 97 ')).toEqual({
      measure: 'oxygen',
      value: '97',
      unit: '%',
      colour: 'green',
      band: 'normal',
      result: 'Normal',
      advice: 'Your oxygen saturation is in the normal range of 95-100%. (Source: WHO)',
      source: 'WHO',
      ok: 1,
    });
  });

  it('tells a very low reading to seek care', () => {
    expect(interpretOxygen('88').advice).toMatch(/medical care now/);
  });

  it.each(['', '  ', 'abc', '97%', '12abc', '1e400', null, undefined, {}])(
    'asks to re-enter %j',
    (input) => {
      expect(interpretOxygen(input)).toMatchObject({
        colour: 'yellow',
        result: 'invalid, please re-enter',
        band: 'invalid',
        ok: 0,
      });
    },
  );
});
