import { describe, expect, it } from 'vitest';
import { aroundEdge, row, type Expected } from './edge-cases.fixture.ts';
import { interpretTemperature } from './temperature.measure.ts';

// decisions.md section 4, degrees C rounded to one decimal: under 35.0 hypothermia red;
// 35.0-35.9 low yellow; 36.0-37.0 normal green; 37.1-38.0 high yellow; over 38.0 fever red.
const INVALID: Expected = ['invalid, please re-enter', 'yellow'];
const HYPOTHERMIA: Expected = ['Hypothermia', 'red'];
const LOW: Expected = ['Low', 'yellow'];
const NORMAL: Expected = ['Normal', 'green'];
const HIGH: Expected = ['High', 'yellow'];
const FEVER: Expected = ['Fever', 'red'];

// One decimal is the resolution: 'just under 35.0' is 34.9.
const rows = [
  ...aroundEdge(35, 0.1, HYPOTHERMIA, LOW, LOW),
  ...aroundEdge(36, 0.1, LOW, NORMAL, NORMAL),
  ...aroundEdge(37, 0.1, NORMAL, NORMAL, HIGH),
  ...aroundEdge(38, 0.1, HIGH, HIGH, FEVER),
  // Rounded to one decimal before the bands apply, half away from zero.
  row(34.94, HYPOTHERMIA),
  row(34.95, LOW),
  row(35.949, LOW),
  row(35.95, NORMAL),
  row(37.04, NORMAL),
  row(37.05, HIGH),
  row(38.04, HIGH),
  row(38.05, FEVER),
  row(-1, INVALID),
  row(0, HYPOTHERMIA),
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

  it.each(['', '37,5', '98.6F', 'hot', undefined])('asks to re-enter %j', (input) => {
    expect(interpretTemperature(input)).toMatchObject({
      colour: 'yellow',
      result: 'invalid, please re-enter',
      source: 'NHS',
    });
  });
});
