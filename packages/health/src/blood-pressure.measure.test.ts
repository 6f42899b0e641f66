import { describe, expect, it } from 'vitest';
import {
  BLOOD_PRESSURE_RULES,
  bloodPressureRulesHolding,
  interpretBloodPressure,
} from './blood-pressure.measure.ts';
import { expectCitesDocuments } from './edge-cases.fixture.ts';

// Decision 4.2, first match wins:
//   1. systolic 160 or more, or diastolic 120 or more: very high red (180/120 or more: crisis)
//   2. systolic 130-159, or diastolic 89-119: high red
//   3. systolic 50 or less, or diastolic 33 or less: dangerously low red
//   4. systolic 61 or less, or diastolic 41 or less: very low red
//   5. systolic 90 or less, or diastolic 60 or less: low yellow
//   6. systolic 122-129, or diastolic 82-88: elevated yellow
//   7. otherwise: normal green
// Diastolic not below systolic, or outside the limits (systolic 40-300, diastolic 20-200): invalid.
const DANGEROUSLY_LOW = ['Dangerously low', 'red'] as const;
const VERY_LOW = ['Very low', 'red'] as const;
const LOW = ['Low', 'yellow'] as const;
const VERY_HIGH = ['Very high', 'red'] as const;
const HIGH = ['High', 'red'] as const;
const ELEVATED = ['Elevated', 'yellow'] as const;
const NORMAL = ['Normal', 'green'] as const;
const INVALID = ['invalid, please re-enter', 'yellow'] as const;

type Row = readonly [systolic: number, diastolic: number, expected: readonly [string, string]];

const rules: [string, Row[]][] = [
  [
    'rule 1, systolic 160 or diastolic 120',
    [
      [159, 80, HIGH],
      [159.5, 80, HIGH],
      [160, 80, VERY_HIGH],
      [161, 80, VERY_HIGH],
      [150, 119, HIGH],
      [150, 119.5, HIGH],
      [150, 120, VERY_HIGH],
      [150, 121, VERY_HIGH],
      [179, 110, VERY_HIGH],
      [180, 110, VERY_HIGH],
      [200, 130, VERY_HIGH],
      [300, 100, VERY_HIGH],
    ],
  ],
  [
    'rule 2, systolic 130-159 or diastolic 89-119',
    [
      [129, 70, ELEVATED],
      [129.5, 70, HIGH],
      [130, 70, HIGH],
      [131, 70, HIGH],
      [110, 88, ELEVATED],
      [110, 88.5, HIGH],
      [110, 89, HIGH],
      [110, 90, HIGH],
      [125, 100, HIGH],
      // The high rules come before the low ones: one high number is enough.
      [150, 40, HIGH],
      [135, 30, HIGH],
      [100, 95, HIGH],
    ],
  ],
  [
    'rule 3, systolic 50 or less or diastolic 33 or less',
    [
      [50, 40, DANGEROUSLY_LOW],
      [50.5, 40, VERY_LOW],
      [51, 40, VERY_LOW],
      [80, 33, DANGEROUSLY_LOW],
      [80, 33.5, VERY_LOW],
      [80, 34, VERY_LOW],
      [49, 32, DANGEROUSLY_LOW],
      [40, 20, DANGEROUSLY_LOW],
      [100, 30, DANGEROUSLY_LOW],
    ],
  ],
  [
    'rule 4, systolic 61 or less or diastolic 41 or less',
    [
      [61, 45, VERY_LOW],
      [61.5, 45, LOW],
      [62, 45, LOW],
      [100, 41, VERY_LOW],
      [100, 41.5, LOW],
      [100, 42, LOW],
      [100, 40, VERY_LOW],
      [60, 55, VERY_LOW],
    ],
  ],
  [
    'rule 5, systolic 90 or less or diastolic 60 or less',
    [
      [90, 70, LOW],
      [90.5, 70, NORMAL],
      [91, 70, NORMAL],
      [110, 60, LOW],
      [110, 60.5, NORMAL],
      [110, 61, NORMAL],
      // Either number is enough: none of these is normal.
      [70, 65, LOW],
      [85, 70, LOW],
      [85, 84, LOW],
      [120, 55, LOW],
    ],
  ],
  [
    'rule 6, systolic 122-129 or diastolic 82-88',
    [
      [121, 70, NORMAL],
      [121.5, 70, ELEVATED],
      [122, 70, ELEVATED],
      [123, 70, ELEVATED],
      [129, 70, ELEVATED],
      [110, 81, NORMAL],
      [110, 81.5, ELEVATED],
      [110, 82, ELEVATED],
      [110, 83, ELEVATED],
      [110, 88, ELEVATED],
    ],
  ],
  [
    'rule 7, 91-121 over 61-81',
    [
      [121, 81, NORMAL],
      [120, 80, NORMAL],
      [118, 76, NORMAL],
      [100, 70, NORMAL],
      [91, 61, NORMAL],
    ],
  ],
  [
    'limits',
    [
      [39.99, 30, INVALID],
      [40, 30, DANGEROUSLY_LOW],
      [300, 100, VERY_HIGH],
      [300.01, 100, INVALID],
      [100, 19.99, INVALID],
      [100, 20, DANGEROUSLY_LOW],
      [250, 200, VERY_HIGH],
      [250, 200.01, INVALID],
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

describe('the examples of the issue', () => {
  it.each([
    [70, 65],
    [85, 70],
    [100, 40],
  ])('%d/%d is not green', (systolic, diastolic) => {
    const analysis = interpretBloodPressure(systolic, diastolic);
    expect(analysis.colour).not.toBe('green');
    expect(analysis.ok).toBe(0);
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
    expect(analysis.advice).toMatch(/5 minutes/);
    expect(analysis.advice).toMatch(/emergency number/);
    expect(analysis.advice).toMatch(/chest pain/);
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
    [120, 0],
    ['1e400', '80'],
    [500, 80],
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

describe('blood pressure advice and sources', () => {
  const ACC_AHA =
    '2017 ACC/AHA Guideline for the Prevention, Detection, Evaluation, and Management of High Blood Pressure in Adults';
  const NHS_LOW = 'NHS, Low blood pressure (hypotension), nhs.uk (read 2026)';

  it('shows systolic over diastolic and names the document', () => {
    expect(interpretBloodPressure(' 118 ', '76')).toMatchObject({
      value: '118/76',
      unit: 'mmHg',
      source: ACC_AHA,
    });
    expect(interpretBloodPressure('85', '55').source).toBe(NHS_LOW);
    expect(expectCitesDocuments(interpretBloodPressure('85', '55').advice)).toEqual([NHS_LOW]);
  });

  it('says where 120/80 differs from the 2017 ACC/AHA guideline', () => {
    for (const [systolic, diastolic] of [
      [120, 80],
      [121, 81],
      [118, 80],
      [120, 75],
    ]) {
      const { advice } = interpretBloodPressure(systolic, diastolic);
      expect(advice).toMatch(/Vitalia's ranges call this normal/);
      expect(advice).toMatch(/2017 ACC\/AHA guideline/);
      expect(advice).toMatch(/stage 1/);
    }
    expect(interpretBloodPressure(118, 76).advice).not.toMatch(/stage 1/);
  });

  it('names the ACC/AHA category beside elevated and high', () => {
    expect(interpretBloodPressure(110, 84).advice).toMatch(/ACC\/AHA .*stage 1/);
    expect(interpretBloodPressure(135, 70).advice).toMatch(/ACC\/AHA .*stage 1/);
  });
});

describe('blood pressure rules', () => {
  it('ends with a rule that always holds', () => {
    expect(BLOOD_PRESSURE_RULES.at(-1)?.key).toBe('normal');
    expect(bloodPressureRulesHolding(1e9, -1e9).at(-1)?.key).toBe('normal');
  });

  it('numbers the rules as decision 4.2 does (rule 1 in two parts: crisis and the rest)', () => {
    expect(BLOOD_PRESSURE_RULES.map((rule) => rule.rule)).toEqual([1, 1, 2, 3, 4, 5, 6, 7]);
  });
});
