import { describe, expect, it } from 'vitest';
import {
  aroundEdge,
  expectCitesDocuments,
  INVALID,
  row,
  type EdgeRow,
  type Expected,
} from './edge-cases.fixture.ts';
import {
  interpretSugar,
  narrationFromSugarContext,
  sugarContextFromNarration,
  sugarContextKey,
  type SugarContext,
} from './sugar.measure.ts';

// Decision 4.2, blood sugar in mg/dL, one table per context, with two rules in every context:
// under 54 is 'very low (level 2 hypoglycaemia)' red and 250 or more 'very high' red. Outside the
// limits of a possible measurement (10 to 1000 mg/dL) a value is invalid.
const LEVEL_2: Expected = ['Very low (level 2 hypoglycaemia)', 'red'];
const VERY_HIGH: Expected = ['Very high', 'red'];
const NORMAL: Expected = ['Normal', 'green'];

const DIABETIC_AFTER_MEAL: SugarContext = { hadDiabetics: true, hadMeal: true };
const DIABETIC_FASTING: SugarContext = { hadDiabetics: true, hadMeal: false };
const AFTER_MEAL: SugarContext = { hadDiabetics: false, hadMeal: true };
const FASTING: SugarContext = { hadDiabetics: false, hadMeal: false };

/** The rows every context shares: the limits, the level 2 edge and the 250 edge. */
function everyContext(belowLevel2: Expected, below250: Expected): EdgeRow[] {
  return [
    ...aroundEdge(10, 0.01, INVALID, LEVEL_2, LEVEL_2),
    ...aroundEdge(54, 0.01, LEVEL_2, belowLevel2, belowLevel2),
    ...aroundEdge(250, 0.01, below250, VERY_HIGH, VERY_HIGH),
    ...aroundEdge(1000, 0.01, VERY_HIGH, VERY_HIGH, INVALID),
    row(0, INVALID),
    row(-5, INVALID),
    row(5, INVALID),
    row(45, LEVEL_2),
    row(53.5, LEVEL_2),
    row(400, VERY_HIGH),
  ];
}

type Context = [name: string, context: SugarContext, rows: EdgeRow[]];

const DIABETIC_LOW: Expected = ['Low', 'red'];
const DIABETIC_HIGH: Expected = ['High', 'red'];
// 'Low', as the level 1 band of the other tables: severity words run in order, 'Very low' (level 2) below.
const EXTREMELY_LOW: Expected = ['Low', 'red'];
const LOW_YELLOW: Expected = ['Low', 'yellow'];
const HIGH_YELLOW: Expected = ['High', 'yellow'];
const NOT_DIABETIC_LOW: Expected = ['Low', 'red'];
const VERY_HIGH_BELOW_250: Expected = ['Very high', 'red'];

const contexts: Context[] = [
  [
    // under 70 low red; 70-180 normal green; 181-250 high red; over 250 very high red
    'diabetic, after a meal',
    DIABETIC_AFTER_MEAL,
    [
      ...everyContext(DIABETIC_LOW, DIABETIC_HIGH),
      ...aroundEdge(70, 0.01, DIABETIC_LOW, NORMAL, NORMAL),
      ...aroundEdge(180, 0.01, NORMAL, NORMAL, DIABETIC_HIGH),
      row(65, DIABETIC_LOW),
      row(69.5, DIABETIC_LOW),
      row(70.5, NORMAL),
      row(180.5, DIABETIC_HIGH),
      row(181, DIABETIC_HIGH),
      row(249, DIABETIC_HIGH),
      row(250.5, VERY_HIGH),
    ],
  ],
  [
    // 70 or less extremely low red; 71-79 low yellow; 80-130 normal green; 131 or more high red
    'diabetic, fasting',
    DIABETIC_FASTING,
    [
      ...everyContext(EXTREMELY_LOW, DIABETIC_HIGH),
      ...aroundEdge(70, 0.01, EXTREMELY_LOW, EXTREMELY_LOW, LOW_YELLOW),
      ...aroundEdge(80, 0.01, LOW_YELLOW, NORMAL, NORMAL),
      ...aroundEdge(130, 0.01, NORMAL, NORMAL, DIABETIC_HIGH),
      row(65, EXTREMELY_LOW),
      row(71, LOW_YELLOW),
      row(79, LOW_YELLOW),
      row(79.5, LOW_YELLOW),
      row(130.5, DIABETIC_HIGH),
      row(131, DIABETIC_HIGH),
    ],
  ],
  [
    // under 70 low red; 70-140 normal green; 141-199 high yellow; 200 or more very high red
    'not diabetic, after a meal',
    AFTER_MEAL,
    [
      ...everyContext(NOT_DIABETIC_LOW, VERY_HIGH_BELOW_250),
      ...aroundEdge(70, 0.01, NOT_DIABETIC_LOW, NORMAL, NORMAL),
      ...aroundEdge(140, 0.01, NORMAL, NORMAL, HIGH_YELLOW),
      ...aroundEdge(200, 0.01, HIGH_YELLOW, VERY_HIGH_BELOW_250, VERY_HIGH_BELOW_250),
      row(140.5, HIGH_YELLOW),
      row(141, HIGH_YELLOW),
      row(199, HIGH_YELLOW),
      row(199.5, HIGH_YELLOW),
    ],
  ],
  [
    // under 70 extremely low red; 70-79 low yellow; 80-100 normal green; 101-125 high yellow;
    // 126 or more very high red
    'not diabetic, fasting',
    FASTING,
    [
      ...everyContext(EXTREMELY_LOW, VERY_HIGH_BELOW_250),
      ...aroundEdge(70, 0.01, EXTREMELY_LOW, LOW_YELLOW, LOW_YELLOW),
      ...aroundEdge(80, 0.01, LOW_YELLOW, NORMAL, NORMAL),
      ...aroundEdge(100, 0.01, NORMAL, NORMAL, HIGH_YELLOW),
      ...aroundEdge(126, 0.01, HIGH_YELLOW, VERY_HIGH_BELOW_250, VERY_HIGH_BELOW_250),
      row(79.5, LOW_YELLOW),
      row(100.5, HIGH_YELLOW),
      row(101, HIGH_YELLOW),
      row(125, HIGH_YELLOW),
      row(125.5, HIGH_YELLOW),
    ],
  ],
];

describe.each(contexts)('interpretSugar, %s', (_, context, rows) => {
  it.each(rows)('$value mg/dL is $label ($colour)', ({ value, label, colour }) => {
    for (const input of [value, String(value)]) {
      expect(interpretSugar(input, context)).toMatchObject({
        measure: 'sugar',
        unit: 'mg/dL',
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

// The same tables read in mmol/L through ADA's published pairs (3.0 = 54, 3.9 = 70, 4.4 = 80,
// 5.6 = 100, 7.0 = 126, 7.2 = 130, 7.8 = 140, 10.0 = 180, 11.1 = 200, 13.9 = 250). A pair is rated
// exactly as its mg/dL value; one decimal under it is rated as the band below. The mmol/L limits
// are 0.6 to 55.5.
const mmolContexts: Context[] = [
  [
    'diabetic, after a meal',
    DIABETIC_AFTER_MEAL,
    [
      ...aroundEdge(0.6, 0.01, INVALID, LEVEL_2, LEVEL_2),
      ...aroundEdge(3.0, 0.1, LEVEL_2, DIABETIC_LOW, DIABETIC_LOW),
      ...aroundEdge(3.9, 0.1, DIABETIC_LOW, NORMAL, NORMAL),
      ...aroundEdge(10.0, 0.1, NORMAL, NORMAL, DIABETIC_HIGH),
      ...aroundEdge(13.9, 0.1, DIABETIC_HIGH, VERY_HIGH, VERY_HIGH),
      ...aroundEdge(55.5, 0.01, VERY_HIGH, VERY_HIGH, INVALID),
    ],
  ],
  [
    'diabetic, fasting',
    DIABETIC_FASTING,
    [
      ...aroundEdge(3.0, 0.1, LEVEL_2, EXTREMELY_LOW, EXTREMELY_LOW),
      ...aroundEdge(3.9, 0.1, EXTREMELY_LOW, EXTREMELY_LOW, LOW_YELLOW),
      ...aroundEdge(4.4, 0.1, LOW_YELLOW, NORMAL, NORMAL),
      ...aroundEdge(7.2, 0.1, NORMAL, NORMAL, DIABETIC_HIGH),
      ...aroundEdge(13.9, 0.1, DIABETIC_HIGH, VERY_HIGH, VERY_HIGH),
    ],
  ],
  [
    'not diabetic, after a meal',
    AFTER_MEAL,
    [
      ...aroundEdge(3.0, 0.1, LEVEL_2, NOT_DIABETIC_LOW, NOT_DIABETIC_LOW),
      ...aroundEdge(3.9, 0.1, NOT_DIABETIC_LOW, NORMAL, NORMAL),
      ...aroundEdge(7.8, 0.1, NORMAL, NORMAL, HIGH_YELLOW),
      ...aroundEdge(11.1, 0.1, HIGH_YELLOW, VERY_HIGH_BELOW_250, VERY_HIGH_BELOW_250),
      ...aroundEdge(13.9, 0.1, VERY_HIGH_BELOW_250, VERY_HIGH, VERY_HIGH),
    ],
  ],
  [
    'not diabetic, fasting',
    FASTING,
    [
      ...aroundEdge(3.0, 0.1, LEVEL_2, EXTREMELY_LOW, EXTREMELY_LOW),
      ...aroundEdge(3.9, 0.1, EXTREMELY_LOW, LOW_YELLOW, LOW_YELLOW),
      ...aroundEdge(4.4, 0.1, LOW_YELLOW, NORMAL, NORMAL),
      ...aroundEdge(5.6, 0.1, NORMAL, NORMAL, HIGH_YELLOW),
      ...aroundEdge(7.0, 0.1, HIGH_YELLOW, VERY_HIGH_BELOW_250, VERY_HIGH_BELOW_250),
    ],
  ],
];

describe.each(mmolContexts)('interpretSugar in mmol/L, %s', (_, context, rows) => {
  it.each(rows)('$value mmol/L is $label ($colour)', ({ value, label, colour }) => {
    for (const input of [value, String(value)]) {
      expect(interpretSugar(input, context, 'mmol/L')).toMatchObject({
        measure: 'sugar',
        unit: 'mmol/L',
        result: label,
        colour,
        ok: colour === 'green' ? 1 : 0,
      });
    }
  });
});

describe('blood sugar in mmol/L', () => {
  it('rates 4.4 mmol/L normal for a diabetic, fasting (the bottom of ADA’s target)', () => {
    expect(interpretSugar('4.4', DIABETIC_FASTING, 'mmol/L')).toMatchObject({
      result: 'Normal',
      colour: 'green',
      ok: 1,
    });
  });

  it.each([
    [3.9, 70],
    [4.4, 80],
    [3.0, 54],
    [7.0, 126],
    [10.0, 180],
    [13.9, 250],
  ])('rates %d mmol/L exactly as %d mg/dL in every context', (mmol, mgdl) => {
    for (const context of [DIABETIC_AFTER_MEAL, DIABETIC_FASTING, AFTER_MEAL, FASTING]) {
      const inMmol = interpretSugar(mmol, context, 'mmol/L');
      const inMgdl = interpretSugar(mgdl, context);
      expect({ band: inMmol.band, result: inMmol.result, colour: inMmol.colour }).toEqual({
        band: inMgdl.band,
        result: inMgdl.result,
        colour: inMgdl.colour,
      });
    }
  });

  it('shows the value back as typed, in mmol/L', () => {
    expect(interpretSugar(' 5.5 ', FASTING, 'mmol/L')).toMatchObject({
      value: '5.5',
      unit: 'mmol/L',
      result: 'Normal',
    });
  });

  it.each(['', 'abc', '5,5', null, '-1', '0', '56', '150'])('asks to re-enter %j', (input) => {
    expect(interpretSugar(input, FASTING, 'mmol/L')).toMatchObject({
      colour: 'yellow',
      result: 'invalid, please re-enter',
      unit: 'mmol/L',
      ok: 0,
    });
  });
});

describe('blood sugar advice', () => {
  it('tells a non-diabetic fasting 101-125 to consult a caregiver', () => {
    expect(interpretSugar('110', FASTING).advice).toMatch(/consult a caregiver/);
  });

  it('says what to do if the person cannot swallow, for every low', () => {
    for (const context of [DIABETIC_AFTER_MEAL, DIABETIC_FASTING, AFTER_MEAL, FASTING]) {
      for (const value of ['45', '65']) {
        const { advice } = interpretSugar(value, context);
        expect(advice).toMatch(/cannot swallow/);
        expect(advice).toMatch(/emergency number/);
        expect(advice).toMatch(/15 g/);
      }
    }
  });

  it('tells 45 and 65 mg/dL apart', () => {
    const level2 = interpretSugar('45', DIABETIC_AFTER_MEAL);
    const level1 = interpretSugar('65', DIABETIC_AFTER_MEAL);
    expect(level2.result).toBe('Very low (level 2 hypoglycaemia)');
    expect(level1.result).toBe('Low');
    expect(level2.advice).not.toBe(level1.advice);
  });

  it('never tells a very high reading to review medicines', () => {
    for (const context of [DIABETIC_AFTER_MEAL, DIABETIC_FASTING, AFTER_MEAL, FASTING]) {
      expect(interpretSugar('400', context).advice).not.toMatch(/review your medicines/i);
    }
  });

  it('cites the ADA Standards of Care by title, year and section', () => {
    expect(interpretSugar('95', FASTING)).toMatchObject({
      value: '95',
      source:
        'ADA Standards of Care in Diabetes 2025, section 2 (Diagnosis and Classification of Diabetes)',
    });
    expect(expectCitesDocuments(interpretSugar('95', FASTING).advice)).toHaveLength(1);
    expect(expectCitesDocuments(interpretSugar('100', DIABETIC_FASTING).advice)).toEqual([
      'ADA Standards of Care in Diabetes 2025, section 6 (Glycemic Goals and Hypoglycemia)',
    ]);
  });

  it('says where Vitalia’s band differs from ADA (100 fasting is prediabetes for ADA)', () => {
    expect(interpretSugar('100', FASTING).advice).toMatch(/ADA counts 100/);
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
    ['from the pump HadDiabetics', DIABETIC_FASTING],
    ['HadDiabetics:true HadMeal=yes', DIABETIC_AFTER_MEAL],
    // Whole tokens only: these are other words, not a diabetic's reading.
    ['NotHadDiabetics', FASTING],
    ['HadDiabetics:false', FASTING],
    ['NotHadDiabetics HadMeal', AFTER_MEAL],
    ['HadDiabetics:false HadMeal:false', FASTING],
    ['HadDiabeticsHadMeal', FASTING],
    ['HadDiabetic', FASTING],
    [null, FASTING],
    [undefined, FASTING],
    [42, FASTING],
  ])('reads %j', (narration, expected) => {
    expect(sugarContextFromNarration(narration)).toEqual(expected);
  });

  it('does not rate NotHadDiabetics or HadDiabetics:false as a diabetic’s reading', () => {
    // 150 mg/dL fasting: normal for nobody; 'High' red for a diabetic, 'Very high' red otherwise.
    expect(interpretSugar('150', 'NotHadDiabetics').result).toBe('Very high');
    expect(interpretSugar('150', 'HadDiabetics:false').result).toBe('Very high');
    expect(interpretSugar('150', 'HadDiabetics').result).toBe('High');
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
