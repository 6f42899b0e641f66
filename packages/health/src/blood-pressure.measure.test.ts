import { describe, expect, it } from 'vitest';
import {
  BLOOD_PRESSURE_RULES,
  bloodPressureRulesHolding,
  interpretBloodPressure,
} from './blood-pressure.measure.ts';

// decisions.md section 4, first match wins:
//   1. systolic 50 or less and diastolic 33 or less: dangerously low red
//   2. systolic 61 or less and diastolic 41 or less: very low red
//   3. systolic 90 or less and diastolic 60 or less: low yellow
//   4. systolic 160 or more, or diastolic 120 or more: very high red (180/120 or more: crisis)
//   5. systolic 130-159, or diastolic 89-119: high red
//   6. systolic 122-129, or diastolic 82-88: elevated yellow
//   7. otherwise: normal green
const DANGEROUSLY_LOW = ['Dangerously low', 'red'] as const;
const VERY_LOW = ['Very low', 'red'] as const;
const LOW = ['Low', 'yellow'] as const;
const VERY_HIGH = ['Very high', 'red'] as const;
const HIGH = ['High', 'red'] as const;
const ELEVATED = ['Elevated', 'yellow'] as const;
const NORMAL = ['Normal', 'green'] as const;

type Row = readonly [systolic: number, diastolic: number, expected: readonly [string, string]];

const rules: [string, Row[]][] = [
  [
    'rule 1, 50/33',
    [
      [50, 33, DANGEROUSLY_LOW],
      [49, 32, DANGEROUSLY_LOW],
      [51, 33, VERY_LOW],
      [50, 34, VERY_LOW],
      [50.5, 33, VERY_LOW],
      [50, 33.5, VERY_LOW],
    ],
  ],
  [
    'rule 2, 61/41',
    [
      [61, 41, VERY_LOW],
      [60, 40, VERY_LOW],
      [62, 41, LOW],
      [61, 42, LOW],
      [61.5, 41, LOW],
      [61, 41.5, LOW],
    ],
  ],
  [
    'rule 3, 90/60',
    [
      [90, 60, LOW],
      [89, 59, LOW],
      [91, 60, NORMAL],
      [90, 61, NORMAL],
      [90.5, 60, NORMAL],
      [90, 60.5, NORMAL],
    ],
  ],
  [
    'rule 4, systolic 160 or diastolic 120',
    [
      [160, 80, VERY_HIGH],
      [161, 80, VERY_HIGH],
      [159, 80, HIGH],
      [159.5, 80, HIGH],
      [150, 120, VERY_HIGH],
      [150, 121, VERY_HIGH],
      [150, 119, HIGH],
      [150, 119.5, HIGH],
      [179, 110, VERY_HIGH],
      [180, 110, VERY_HIGH],
      [200, 130, VERY_HIGH],
    ],
  ],
  [
    'rule 5, systolic 130-159 or diastolic 89-119',
    [
      [130, 70, HIGH],
      [131, 70, HIGH],
      [129, 70, ELEVATED],
      [129.5, 70, HIGH],
      [110, 89, HIGH],
      [110, 90, HIGH],
      [110, 88, ELEVATED],
      [110, 88.5, HIGH],
      [125, 100, HIGH],
    ],
  ],
  [
    'rule 6, systolic 122-129 or diastolic 82-88',
    [
      [122, 70, ELEVATED],
      [123, 70, ELEVATED],
      [121, 70, NORMAL],
      [121.5, 70, ELEVATED],
      [110, 82, ELEVATED],
      [110, 83, ELEVATED],
      [110, 81, NORMAL],
      [110, 81.5, ELEVATED],
      [85, 84, ELEVATED],
    ],
  ],
  [
    'rule 7, up to 121/81',
    [
      [121, 81, NORMAL],
      [120, 80, NORMAL],
      [100, 70, NORMAL],
      [95, 20, NORMAL],
    ],
  ],
];

describe.each(rules)('interpretBloodPressure, %s', (_, rows) => {
  it.each(rows)('%d/%d is %j', (systolic, diastolic, [result, colour]) => {
    for (const [top, bottom] of [
      [systolic, diastolic],
      [String(systolic), String(diastolic)],
    ]) {
      expect(interpretBloodPressure(top, bottom)).toMatchObject({
        measure: 'bloodPressure',
        result,
        colour,
        ok: colour === 'green' ? 1 : 0,
      });
    }
  });
});

describe('crisis advice', () => {
  it.each([
    [180, 100],
    [200, 110],
    [170, 120],
    [150, 125],
  ])('%d/%d gets the crisis advice', (systolic, diastolic) => {
    const analysis = interpretBloodPressure(systolic, diastolic);
    expect(analysis).toMatchObject({ result: 'Very high', band: 'crisis' });
    expect(analysis.advice).toMatch(/hypertensive crisis/);
    expect(analysis.advice).toMatch(/emergency services/);
  });

  it.each([
    [160, 100],
    [179, 119],
  ])('%d/%d is very high without the crisis advice', (systolic, diastolic) => {
    const analysis = interpretBloodPressure(systolic, diastolic);
    expect(analysis).toMatchObject({ result: 'Very high', band: 'very-high' });
    expect(analysis.advice).not.toMatch(/crisis/);
  });
});

describe('invalid blood pressure', () => {
  it.each([
    [80, 80],
    [80, 90],
    ['120', 'abc'],
    ['abc', '80'],
    ['120', null],
    [null, null],
    ['', ''],
    [-120, -130],
    [120, -1],
    ['1e400', '80'],
    [{}, []],
  ])('%j/%j asks to re-enter', (systolic, diastolic) => {
    expect(interpretBloodPressure(systolic, diastolic)).toMatchObject({
      colour: 'yellow',
      result: 'invalid, please re-enter',
      band: 'invalid',
      ok: 0,
    });
  });

  it('echoes what was typed', () => {
    expect(interpretBloodPressure('120', 'abc').value).toBe('120/abc');
    expect(interpretBloodPressure(undefined, undefined).value).toBeNull();
  });
});

describe('blood pressure rules', () => {
  it('shows systolic over diastolic and cites its source', () => {
    expect(interpretBloodPressure(' 118 ', '76')).toMatchObject({
      value: '118/76',
      unit: 'mmHg',
      source: 'AHA',
    });
    expect(interpretBloodPressure('85', '55').source).toBe('NHS');
  });

  it('ends with a rule that always holds', () => {
    expect(BLOOD_PRESSURE_RULES.at(-1)?.key).toBe('normal');
    expect(bloodPressureRulesHolding(1e9, -1e9).at(-1)?.key).toBe('normal');
  });

  it('numbers the rules as decisions.md does', () => {
    expect(BLOOD_PRESSURE_RULES.map((rule) => rule.rule)).toEqual([1, 2, 3, 4, 4, 5, 6, 7]);
  });
});
