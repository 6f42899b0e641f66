// Properties over all inputs: every number falls in exactly one band of every table, nothing a
// person can type makes an interpreter throw or pass an unreadable value as a reading, and the
// urgency layer never makes a colour better than its band's.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  analyse,
  analyseReading,
  bandAnswer,
  type HealthProfile,
  type WireReading,
} from './analysis.ts';
import type { Analysis } from './analysis.model.ts';
import { BAND_TABLES } from './band-tables.catalog.ts';
import { bandFor, bandsContaining, type BandTable } from './band.model.ts';
import { bloodPressureRulesHolding, interpretBloodPressure } from './blood-pressure.measure.ts';
import { interpretBmi, BMI_BANDS } from './bmi.measure.ts';
import { interpretBreathing } from './breathing.measure.ts';
import { CHOLESTEROL_BANDS, interpretCholesterol } from './cholesterol.measure.ts';
import { expectCitesDocuments } from './edge-cases.fixture.ts';
import { MEASURE_COUNT, MEASURE_IDS, type MeasureId } from './measure.catalog.ts';
import { interpretMood, MOOD_BANDS, moodBandsMatching } from './mood.measure.ts';
import { interpretOxygen, OXYGEN_BANDS } from './oxygen.measure.ts';
import {
  CLINICAL_PULSE_BANDS,
  GENERAL_PULSE_BANDS,
  interpretPulse,
  PULSE_BANDS,
} from './pulse.measure.ts';
import { interpretSugar, SUGAR_BANDS } from './sugar.measure.ts';
import { interpretTemperature, TEMPERATURE_BANDS } from './temperature.measure.ts';

const INVALID = 'invalid, please re-enter';
const NOW = '2024-06-20T08:00:00Z';

interface Expected {
  readonly key: string;
  readonly label: string;
  readonly colour: string;
}

/**
 * A pulse reads the clinical range under 40 and from 60 whole beats, and its fitness chart
 * between; from 65 a pulse of 40-49 is 'Slow' (pulse.measure.ts).
 */
function pulseExpects(chart: BandTable, age: number | null) {
  return (value: number): Expected | undefined => {
    const beats = Math.round(value);
    if (beats < 40 || beats >= 60) return bandFor(CLINICAL_PULSE_BANDS, value);
    if (age !== null && age >= 65 && beats < 50) {
      return { key: 'slow-65', label: 'Slow', colour: 'yellow' };
    }
    return bandFor(chart, value);
  };
}

/**
 * Each one-number interpreter in each of its contexts, with the table whose limits it keeps and,
 * where it reads more than one table, the band it should answer.
 */
const interpreters: [
  string,
  BandTable,
  (input: unknown) => Analysis,
  ((value: number) => Expected | undefined)?,
][] = [
  ['oxygen', OXYGEN_BANDS, interpretOxygen],
  ['bmi', BMI_BANDS, interpretBmi],
  ['temperature', TEMPERATURE_BANDS, interpretTemperature],
  ['cholesterol', CHOLESTEROL_BANDS, interpretCholesterol],
  ...[
    { hadDiabetics: true, hadMeal: true },
    { hadDiabetics: true, hadMeal: false },
    { hadDiabetics: false, hadMeal: true },
    { hadDiabetics: false, hadMeal: false },
  ].map((context): [string, BandTable, (input: unknown) => Analysis] => [
    `sugar ${JSON.stringify(context)}`,
    SUGAR_BANDS[
      `${context.hadDiabetics ? 'diabetic' : 'non-diabetic'}-${context.hadMeal ? 'after-meal' : 'fasting'}`
    ],
    (input) => interpretSugar(input, context),
  ]),
  [
    'pulse without profile',
    GENERAL_PULSE_BANDS,
    (input) => interpretPulse(input, {}),
    pulseExpects(GENERAL_PULSE_BANDS, null),
  ],
  [
    'pulse, woman aged 40',
    PULSE_BANDS.Female['36-45'],
    (input) => interpretPulse(input, { dob: '1984-01-01', gender: 'Female', on: '2024-06-15' }),
    pulseExpects(PULSE_BANDS.Female['36-45'], 40),
  ],
  [
    'pulse, man aged 70',
    PULSE_BANDS.Male['over 65'],
    (input) => interpretPulse(input, { dob: '1954-01-01', gender: 'male', on: '2024-06-15' }),
    pulseExpects(PULSE_BANDS.Male['over 65'], 70),
  ],
];

// Numbers a reading can be: any double, plus values crowded around the written edges.
const anyNumber = fc.oneof(
  fc.double({ noNaN: true }),
  fc.double({ min: -10, max: 300, noNaN: true }),
  fc
    .integer({ min: 0, max: 300 })
    .chain((edge) =>
      fc.constantFrom(edge, edge - 0.5, edge + 0.5, edge - 1e-9, edge + 1e-9, edge + 0.05),
    ),
);

/** Text that Number() cannot read as a number. */
const nonNumericText = fc
  .string({ unit: 'grapheme', maxLength: 40 })
  .filter((text) => text.trim() === '' || Number.isNaN(Number(text)));

describe.each(BAND_TABLES.map((table) => [table.id, table] as const))('table %s', (_, table) => {
  it('puts every number in exactly one band', () => {
    fc.assert(
      fc.property(anyNumber, (value) => {
        expect(bandsContaining(table, value)).toHaveLength(1);
      }),
      { numRuns: 500 },
    );
  });
});

describe.each(interpreters)('%s', (_, table, interpret, expects) => {
  it('answers the band of its table for any finite number within the limits, typed or given', () => {
    fc.assert(
      fc.property(anyNumber.filter(Number.isFinite), (value) => {
        const { limit } = table;
        const possible = limit === null || (value >= limit.min && value <= limit.max);
        const band = expects ? expects(value) : bandFor(table, value);
        for (const input of [value, String(value)]) {
          const analysis = interpret(input);
          if (!possible) {
            expect(analysis).toMatchObject({ band: 'invalid', result: INVALID, colour: 'yellow' });
            continue;
          }
          expect(analysis.band).toBe(band?.key);
          expect(analysis.result).toBe(band?.label);
          expect(analysis.colour).toBe(band?.colour);
          expect(analysis.ok).toBe(analysis.colour === 'green' ? 1 : 0);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('has limits of a possible measurement', () => {
    expect(table.limit).not.toBeNull();
  });

  it('never throws, and answers yellow invalid for anything that is not a number', () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), nonNumericText), (input) => {
        const analysis = interpret(input);
        if (typeof input !== 'number' && typeof input !== 'string') {
          expect(analysis).toMatchObject({ colour: 'yellow', result: INVALID, ok: 0 });
        }
        if (typeof input === 'string' && (input.trim() === '' || Number.isNaN(Number(input)))) {
          expect(analysis).toMatchObject({ colour: 'yellow', result: INVALID, ok: 0 });
        }
      }),
    );
  });

  it('answers yellow invalid for numbers that are not finite', () => {
    for (const input of [NaN, Infinity, -Infinity, '1e400', '-1e400']) {
      expect(interpret(input)).toMatchObject({ colour: 'yellow', result: INVALID });
    }
  });
});

describe('blood pressure', () => {
  const pressure = fc.oneof(
    fc.double({ min: -10, max: 300, noNaN: true }),
    fc.integer({ min: 0, max: 300 }),
    fc.integer({ min: 0, max: 300 }).map((n) => n + 0.5),
  );
  // Within the limits of a possible measurement: systolic 40-300, diastolic 20-200, below it.
  const validPair = fc
    .tuple(pressure, pressure)
    .filter(
      ([systolic, diastolic]) =>
        systolic >= 40 &&
        systolic <= 300 &&
        diastolic >= 20 &&
        diastolic <= 200 &&
        diastolic < systolic,
    );

  it('gives every valid pair exactly one answer: the first rule that holds', () => {
    fc.assert(
      fc.property(validPair, ([systolic, diastolic]) => {
        const holding = bloodPressureRulesHolding(systolic, diastolic);
        expect(holding.length).toBeGreaterThanOrEqual(1);
        expect(interpretBloodPressure(systolic, diastolic).band).toBe(holding[0]?.key);
      }),
    );
  });

  // The same rules restated as decision 4.2 words them, independently of the rule table. A
  // decimal between two written integers (121.5, 129.5, 88.5) goes to the rule above it.
  function expectedPressure(systolic: number, diastolic: number): [string, string] {
    if (systolic >= 160 || diastolic >= 120) return ['Very high', 'red'];
    if (systolic > 129 || diastolic > 88) return ['High', 'red'];
    if (systolic <= 50 || diastolic <= 33) return ['Dangerously low', 'red'];
    if (systolic <= 61 || diastolic <= 41) return ['Very low', 'red'];
    if (systolic <= 90 || diastolic <= 60) return ['Low', 'yellow'];
    if (systolic > 121 || diastolic > 81) return ['Elevated', 'yellow'];
    return ['Normal', 'green'];
  }

  it('answers the label and colour of decision 4.2 for every pair', () => {
    fc.assert(
      fc.property(validPair, ([systolic, diastolic]) => {
        const analysis = interpretBloodPressure(systolic, diastolic);
        expect([analysis.result, analysis.colour]).toEqual(expectedPressure(systolic, diastolic));
      }),
      { numRuns: 1000 },
    );
  });

  it('is green exactly when systolic is 91-121 and diastolic 61-81', () => {
    fc.assert(
      fc.property(validPair, ([systolic, diastolic]) => {
        const green = systolic > 90 && systolic <= 121 && diastolic > 60 && diastolic <= 81;
        expect(interpretBloodPressure(systolic, diastolic).colour === 'green').toBe(green);
      }),
    );
  });

  it('answers invalid outside the limits of a possible measurement', () => {
    fc.assert(
      fc.property(pressure, pressure, (systolic, diastolic) => {
        fc.pre(systolic < 40 || systolic > 300 || diastolic < 20 || diastolic > 200);
        expect(interpretBloodPressure(systolic, diastolic).result).toBe(INVALID);
      }),
    );
  });

  it('is very high exactly at systolic 160 or diastolic 120, with crisis advice from 180/120', () => {
    fc.assert(
      fc.property(validPair, ([systolic, diastolic]) => {
        const analysis = interpretBloodPressure(systolic, diastolic);
        expect(analysis.result === 'Very high').toBe(systolic >= 160 || diastolic >= 120);
        expect(analysis.band === 'crisis').toBe(systolic >= 180 || diastolic >= 120);
      }),
    );
  });

  it('answers invalid when diastolic is not below systolic', () => {
    fc.assert(
      fc.property(pressure, pressure, (systolic, diastolic) => {
        fc.pre(diastolic >= systolic);
        expect(interpretBloodPressure(systolic, diastolic).result).toBe(INVALID);
      }),
    );
  });

  it('never throws', () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (systolic, diastolic) => {
        const analysis = interpretBloodPressure(systolic, diastolic);
        if (typeof systolic !== 'number' && typeof systolic !== 'string') {
          expect(analysis.result).toBe(INVALID);
        }
      }),
    );
  });
});

describe('breathing', () => {
  // Within the limits of a possible measurement: 1 to 150 % of predicted.
  const percent = fc.oneof(
    fc.double({ min: 1, max: 150, noNaN: true }),
    fc.constantFrom(80, 79.99, 80.01, 1, 150, 49.99, 50),
  );

  it('matches the words of decision 4.2 for every pair', () => {
    fc.assert(
      fc.property(percent, percent, (fev1, fev2) => {
        const expected =
          fev1 > 80 && fev2 > 80 ? 'green' : fev1 < 80 && fev2 < 80 ? 'red' : 'yellow';
        expect(interpretBreathing(fev1, fev2).colour).toBe(expected);
        expect(/see a doctor/.test(interpretBreathing(fev1, fev2).advice)).toBe(fev1 < 50);
      }),
    );
  });

  it('answers invalid outside 1-150 %', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.double({ min: -1e6, max: 0.999, noNaN: true }), fc.double({ min: 150.001 })),
        percent,
        (outside, fine) => {
          expect(interpretBreathing(outside, fine).result).toBe(INVALID);
          expect(interpretBreathing(fine, outside).result).toBe(INVALID);
        },
      ),
    );
  });

  it('never throws, and answers invalid for anything that is not a number', () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), nonNumericText), percent, (odd, fine) => {
        if (typeof odd === 'number') return;
        // fc.anything() makes strings such as "0" too: text a person typed as a number is a
        // reading, rated by the band tests, not an invalid answer.
        if (typeof odd === 'string' && odd.trim() !== '' && !Number.isNaN(Number(odd))) return;
        expect(interpretBreathing(odd, fine).result).toBe(INVALID);
        expect(interpretBreathing(fine, odd).result).toBe(INVALID);
      }),
    );
  });
});

describe('mood', () => {
  it('gives any text at most one mood band, and the re-enter answer otherwise', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.constantFrom(...MOOD_BANDS.map((band) => band.value)),
          fc.anything(),
        ),
        (input) => {
          const matching = moodBandsMatching(input);
          expect(matching.length).toBeLessThanOrEqual(1);
          const analysis = interpretMood(input);
          expect(analysis.band).toBe(matching[0]?.key ?? 're-enter');
        },
      ),
    );
  });
});

describe('analyse', () => {
  const wireValue = fc.oneof(
    fc.string(),
    anyNumber.map(String),
    fc.constantFrom('Happy', 'Very Sad', '120', '80'),
    fc.anything(),
  );
  const reading = fc.option(
    fc.record({
      tagValue: wireValue,
      minTagValue: fc.option(wireValue),
      narration: fc.option(fc.constantFrom('HadDiabetics', 'HadMeal', 'HadDiabetics HadMeal', '')),
      takenAt: fc.oneof(fc.date(), fc.string(), fc.constant('2024-06-15T08:00:00Z')),
      enteredValue: fc.option(wireValue),
      enteredUnit: fc.option(fc.constantFrom('mmol/L', 'mg/dL', 'x')),
    }),
  );
  const readings = fc.record(Object.fromEntries(MEASURE_IDS.map((id) => [id, reading])), {
    requiredKeys: [],
  });
  const profile = fc.option(
    fc.record({
      dob: fc.option(fc.oneof(fc.date(), fc.string(), fc.constant('1980-02-29'))),
      gender: fc.option(fc.oneof(fc.constantFrom('Male', 'female', 'Other'), fc.string())),
      heightMM: fc.option(fc.oneof(fc.integer(), fc.double())),
    }),
  );

  it('never throws, rates every measure and counts the green ones that are not old', () => {
    fc.assert(
      fc.property(readings, profile, (given, person) => {
        const report = analyse({ readings: given, profile: person, now: NOW } as never);
        const counted = MEASURE_IDS.filter(
          (id) => report.measures[id].colour === 'green' && !report.measures[id].old,
        ).length;
        expect(report.forScaleOk).toBe(counted);
        expect(report.forScaleOk).toBeGreaterThanOrEqual(0);
        expect(report.forScaleOk).toBeLessThanOrEqual(MEASURE_COUNT);
        expect(report.recorded).toBe(
          MEASURE_IDS.filter((id) => given[id] !== null && given[id] !== undefined).length,
        );
        expect([0, 1]).toContain(report.profileOk);
        for (const id of MEASURE_IDS) {
          const analysis = report.measures[id];
          expect(analysis.measure).toBe(id);
          expect(analysis.colour === 'grey').toBe(given[id] === null || given[id] === undefined);
          expectCitesDocuments(analysis.advice);
          // An urgent reading is red and never counted.
          if (analysis.urgency !== null) expect(analysis).toMatchObject({ colour: 'red', ok: 0 });
          expect(analysis.ok).toBe(analysis.colour === 'green' && !analysis.old ? 1 : 0);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('never throws for any input at all', () => {
    fc.assert(
      fc.property(fc.anything(), (input) => {
        expect(analyse(input as never).forScaleOk).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});

// Decision 4.3: the urgency layer can turn green or yellow into red, never the reverse.
describe('the urgency layer', () => {
  const RANK = { green: 0, yellow: 1, red: 2, grey: -1 } as const;

  /** A number in [min, max]: any double, a whole number, or a half. */
  const around = (min: number, max: number) =>
    fc.oneof(
      fc.double({ min, max, noNaN: true }),
      fc.integer({ min, max }),
      fc.integer({ min, max: max - 1 }).map((n) => n + 0.5),
    );
  const text = (arb: fc.Arbitrary<number>) => arb.map(String);
  const NARRATIONS = ['HadDiabetics HadMeal', 'HadDiabetics', 'HadMeal', '', 'NotHadDiabetics'];

  const cases: [MeasureId, fc.Arbitrary<Omit<WireReading, 'takenAt'>>][] = [
    ['oxygen', fc.record({ tagValue: text(around(40, 110)) })],
    [
      'sugar',
      fc.oneof(
        fc.record({
          tagValue: text(around(0, 1100)),
          narration: fc.constantFrom(...NARRATIONS),
        }),
        fc.record({
          tagValue: fc.constant('100'),
          narration: fc.constantFrom(...NARRATIONS),
          enteredValue: text(around(0, 60)),
          enteredUnit: fc.constant('mmol/L'),
        }),
      ),
    ],
    ['bmi', fc.record({ tagValue: text(around(0, 250)) })],
    ['mood', fc.record({ tagValue: fc.constantFrom('Happy', 'Neutral', 'Sad', 'Very Sad', 'x') })],
    ['pulse', fc.record({ tagValue: text(around(0, 300)) })],
    [
      'bloodPressure',
      fc.record({ tagValue: text(around(30, 320)), minTagValue: text(around(10, 220)) }),
    ],
    ['breathing', fc.record({ tagValue: text(around(0, 160)), minTagValue: text(around(0, 160)) })],
    ['temperature', fc.record({ tagValue: text(around(20, 50)) })],
    ['cholesterol', fc.record({ tagValue: text(around(0, 1100)) })],
  ];

  const people = fc.constantFrom<HealthProfile | null>(
    null,
    { dob: '1990-01-01', gender: 'Male' },
    { dob: '1950-06-20', gender: 'Female' },
    { dob: '2010-01-01', gender: 'Female' },
  );

  /** The band's answer alone, before the urgency layer. */
  const bandAlone = (measure: MeasureId, reading: WireReading, profile: HealthProfile | null) =>
    bandAnswer(measure, reading as unknown as Record<string, unknown>, profile);

  describe.each(cases)('%s', (measure, arb) => {
    it("never answers a colour better than the band's, and an urgent result is red", () => {
      fc.assert(
        fc.property(arb, people, (fields, profile) => {
          const reading = { ...fields, takenAt: '2024-06-18T08:00:00Z' };
          const band = bandAlone(measure, reading, profile);
          const layered = analyseReading(measure, reading, profile, NOW);
          expect(RANK[layered.colour]).toBeGreaterThanOrEqual(RANK[band.colour]);
          expect(layered).toMatchObject({ value: band.value, band: band.band });
          // Only an urgent rule may give the chip its own, more urgent word.
          if (layered.urgency === null) expect(layered.result).toBe(band.result);
          if (layered.urgency !== null) {
            expect(layered).toMatchObject({ colour: 'red', ok: 0 });
            expect(layered.firstAction).toMatch(/\S/);
            expect(layered.emergencySigns).toMatch(/\S/);
          } else {
            expect(layered.colour).toBe(band.colour);
          }
          if (band.band === 'invalid') expect(layered.urgency).toBeNull();
          expectCitesDocuments(layered.advice);
        }),
        { numRuns: 400 },
      );
    });
  });
});
