import { describe, expect, it } from 'vitest';
import { aroundEdge, row, type EdgeRow, type Expected } from './edge-cases.fixture.ts';
import {
  interpretSugar,
  narrationFromSugarContext,
  sugarContextFromNarration,
  sugarContextKey,
  type SugarContext,
} from './sugar.measure.ts';

// decisions.md section 4, mg/dL, one table per context.
const INVALID: Expected = ['invalid, please re-enter', 'yellow'];

const DIABETIC_AFTER_MEAL: SugarContext = { hadDiabetics: true, hadMeal: true };
const DIABETIC_FASTING: SugarContext = { hadDiabetics: true, hadMeal: false };
const AFTER_MEAL: SugarContext = { hadDiabetics: false, hadMeal: true };
const FASTING: SugarContext = { hadDiabetics: false, hadMeal: false };

const contexts: [string, SugarContext, EdgeRow[]][] = [
  [
    // under 70 low red; 70-180 normal green; 181-250 high red; over 250 very high red
    'diabetic, after a meal',
    DIABETIC_AFTER_MEAL,
    [
      ...aroundEdge(0, 0.01, INVALID, ['Low', 'red'], ['Low', 'red']),
      ...aroundEdge(70, 0.01, ['Low', 'red'], ['Normal', 'green'], ['Normal', 'green']),
      ...aroundEdge(180, 0.01, ['Normal', 'green'], ['Normal', 'green'], ['High', 'red']),
      ...aroundEdge(250, 0.01, ['High', 'red'], ['High', 'red'], ['Very high', 'red']),
      row(69.5, ['Low', 'red']),
      row(70.5, ['Normal', 'green']),
      row(180.5, ['High', 'red']),
      row(181, ['High', 'red']),
      row(250.5, ['Very high', 'red']),
    ],
  ],
  [
    // 70 or less extremely low red; 71-79 low yellow; 80-130 normal green; 131 or more high red
    'diabetic, fasting',
    DIABETIC_FASTING,
    [
      ...aroundEdge(0, 0.01, INVALID, ['Extremely low', 'red'], ['Extremely low', 'red']),
      ...aroundEdge(
        70,
        0.01,
        ['Extremely low', 'red'],
        ['Extremely low', 'red'],
        ['Low', 'yellow'],
      ),
      ...aroundEdge(80, 0.01, ['Low', 'yellow'], ['Normal', 'green'], ['Normal', 'green']),
      ...aroundEdge(130, 0.01, ['Normal', 'green'], ['Normal', 'green'], ['High', 'red']),
      row(70.5, ['Low', 'yellow']),
      row(71, ['Low', 'yellow']),
      row(79, ['Low', 'yellow']),
      row(79.5, ['Low', 'yellow']),
      row(130.5, ['High', 'red']),
      row(131, ['High', 'red']),
    ],
  ],
  [
    // under 70 low red; 70-140 normal green; 141-199 high yellow; 200 or more very high red
    'not diabetic, after a meal',
    AFTER_MEAL,
    [
      ...aroundEdge(0, 0.01, INVALID, ['Low', 'red'], ['Low', 'red']),
      ...aroundEdge(70, 0.01, ['Low', 'red'], ['Normal', 'green'], ['Normal', 'green']),
      ...aroundEdge(140, 0.01, ['Normal', 'green'], ['Normal', 'green'], ['High', 'yellow']),
      ...aroundEdge(200, 0.01, ['High', 'yellow'], ['Very high', 'red'], ['Very high', 'red']),
      row(140.5, ['High', 'yellow']),
      row(141, ['High', 'yellow']),
      row(199, ['High', 'yellow']),
      row(199.5, ['High', 'yellow']),
    ],
  ],
  [
    // under 70 extremely low red; 70-79 low yellow; 80-100 normal green; 101-125 high yellow;
    // 126 or more very high red
    'not diabetic, fasting',
    FASTING,
    [
      ...aroundEdge(0, 0.01, INVALID, ['Extremely low', 'red'], ['Extremely low', 'red']),
      ...aroundEdge(70, 0.01, ['Extremely low', 'red'], ['Low', 'yellow'], ['Low', 'yellow']),
      ...aroundEdge(80, 0.01, ['Low', 'yellow'], ['Normal', 'green'], ['Normal', 'green']),
      ...aroundEdge(100, 0.01, ['Normal', 'green'], ['Normal', 'green'], ['High', 'yellow']),
      ...aroundEdge(126, 0.01, ['High', 'yellow'], ['Very high', 'red'], ['Very high', 'red']),
      row(79.5, ['Low', 'yellow']),
      row(100.5, ['High', 'yellow']),
      row(101, ['High', 'yellow']),
      row(125, ['High', 'yellow']),
      row(125.5, ['High', 'yellow']),
    ],
  ],
];

describe.each(contexts)('interpretSugar, %s', (_, context, rows) => {
  it.each(rows)('$value mg/dL is $label ($colour)', ({ value, label, colour }) => {
    for (const input of [value, String(value)]) {
      expect(interpretSugar(input, context)).toMatchObject({
        measure: 'sugar',
        result: label,
        colour,
        ok: colour === 'green' ? 1 : 0,
      });
    }
  });

  it.each(['', 'abc', '5,5', null, {}])('asks to re-enter %j', (input) => {
    expect(interpretSugar(input, context)).toMatchObject({
      colour: 'yellow',
      result: 'invalid, please re-enter',
      band: 'invalid',
      ok: 0,
    });
  });
});

describe('blood sugar advice', () => {
  it('tells a non-diabetic fasting 101-125 to consult a caregiver', () => {
    expect(interpretSugar('110', FASTING).advice).toMatch(/consult a caregiver/);
  });

  it('cites ADA', () => {
    expect(interpretSugar('95', FASTING)).toMatchObject({ source: 'ADA', value: '95' });
    expect(interpretSugar('95', FASTING).advice).toMatch(/\(Source: ADA\)$/);
  });

  it('takes the context from a narration too', () => {
    expect(interpretSugar('150', 'HadDiabetics HadMeal').result).toBe('Normal');
    expect(interpretSugar('150', 'HadDiabetics').result).toBe('High');
  });

  it('treats a missing context as not diabetic and fasting', () => {
    expect(interpretSugar('126').result).toBe('Very high');
    expect(interpretSugar('126', null).result).toBe('Very high');
  });
});

describe('sugar context and narration', () => {
  it.each([
    ['HadDiabetics HadMeal', DIABETIC_AFTER_MEAL],
    ['HadDiabetics', DIABETIC_FASTING],
    ['HadMeal', AFTER_MEAL],
    ['', FASTING],
    ['HadMeal,HadDiabetics', DIABETIC_AFTER_MEAL],
    ['Checked after lunch. hadmeal', AFTER_MEAL],
    ['HadDiabeticsHadMeal', DIABETIC_AFTER_MEAL],
    [null, FASTING],
    [undefined, FASTING],
    [42, FASTING],
  ])('reads %j', (narration, expected) => {
    expect(sugarContextFromNarration(narration)).toEqual(expected);
  });

  it.each([
    [DIABETIC_AFTER_MEAL, 'HadDiabetics HadMeal', 'diabetic-after-meal'],
    [DIABETIC_FASTING, 'HadDiabetics', 'diabetic-fasting'],
    [AFTER_MEAL, 'HadMeal', 'non-diabetic-after-meal'],
    [FASTING, '', 'non-diabetic-fasting'],
  ])('writes %j as %j, which reads back the same', (context, narration, key) => {
    expect(narrationFromSugarContext(context)).toBe(narration);
    expect(sugarContextFromNarration(narration)).toEqual(context);
    expect(sugarContextKey(context)).toBe(key);
  });
});
