// Properties over all inputs: every number falls in exactly one band of every table, and nothing
// a person can type makes an interpreter throw or pass an unreadable value as a reading.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyse } from './analysis.ts';
import type { Analysis } from './analysis.model.ts';
import { BAND_TABLES } from './band-tables.catalog.ts';
import { bandFor, bandsContaining, type BandTable } from './band.model.ts';
import { bloodPressureRulesHolding, interpretBloodPressure } from './blood-pressure.measure.ts';
import { interpretBmi, BMI_BANDS } from './bmi.measure.ts';
import { interpretBreathing } from './breathing.measure.ts';
import { CHOLESTEROL_BANDS, interpretCholesterol } from './cholesterol.measure.ts';
import { MEASURE_IDS } from './measure.catalog.ts';
import { interpretMood, MOOD_BANDS, moodBandsMatching } from './mood.measure.ts';
import { interpretOxygen, OXYGEN_BANDS } from './oxygen.measure.ts';
import { GENERAL_PULSE_BANDS, interpretPulse, PULSE_BANDS } from './pulse.measure.ts';
import { interpretSugar, SUGAR_BANDS } from './sugar.measure.ts';
import { interpretTemperature, TEMPERATURE_BANDS } from './temperature.measure.ts';

const INVALID = 'invalid, please re-enter';

/** Each one-number interpreter in each of its contexts, with the table it should read. */
const interpreters: [string, BandTable, (input: unknown) => Analysis][] = [
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
  ['pulse without profile', GENERAL_PULSE_BANDS, (input) => interpretPulse(input, {})],
  [
    'pulse, woman aged 40',
    PULSE_BANDS.Female['36-45'],
    (input) => interpretPulse(input, { dob: '1984-01-01', gender: 'Female', on: '2024-06-15' }),
  ],
  [
    'pulse, man aged 70',
    PULSE_BANDS.Male['over 65'],
    (input) => interpretPulse(input, { dob: '1954-01-01', gender: 'male', on: '2024-06-15' }),
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

describe.each(interpreters)('%s', (_, table, interpret) => {
  it('answers the band of its table for any finite number, typed or given', () => {
    fc.assert(
      fc.property(anyNumber.filter(Number.isFinite), (value) => {
        const band = bandFor(table, value);
        for (const input of [value, String(value)]) {
          const analysis = interpret(input);
          expect(analysis.band).toBe(band?.key);
          expect(analysis.result).toBe(band?.label);
          expect(analysis.colour).toBe(band?.colour);
          expect(analysis.ok).toBe(analysis.colour === 'green' ? 1 : 0);
        }
      }),
      { numRuns: 300 },
    );
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
  const validPair = fc
    .tuple(pressure, pressure)
    .filter(([systolic, diastolic]) => diastolic >= 0 && diastolic < systolic);

  it('gives every valid pair exactly one answer: the first rule that holds', () => {
    fc.assert(
      fc.property(validPair, ([systolic, diastolic]) => {
        const holding = bloodPressureRulesHolding(systolic, diastolic);
        expect(holding.length).toBeGreaterThanOrEqual(1);
        expect(interpretBloodPressure(systolic, diastolic).band).toBe(holding[0]?.key);
      }),
    );
  });

  // The same rules restated as decisions.md words them, independently of the rule table.
  it('is green exactly when systolic is up to 121, diastolic up to 81 and it is not low', () => {
    fc.assert(
      fc.property(validPair, ([systolic, diastolic]) => {
        const low = systolic <= 90 && diastolic <= 60;
        const green = systolic <= 121 && diastolic <= 81 && !low;
        expect(interpretBloodPressure(systolic, diastolic).colour === 'green').toBe(green);
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
  const percent = fc.oneof(
    fc.double({ min: 0, max: 200, noNaN: true }),
    fc.constantFrom(80, 79.99, 80.01, 0, 200),
  );

  it('matches the words of decisions.md for every pair', () => {
    fc.assert(
      fc.property(percent, percent, (fev1, fev2) => {
        const expected =
          fev1 > 80 && fev2 > 80 ? 'green' : fev1 < 80 && fev2 < 80 ? 'red' : 'yellow';
        expect(interpretBreathing(fev1, fev2).colour).toBe(expected);
      }),
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

  it('never throws, rates all nine measures and counts the green ones', () => {
    fc.assert(
      fc.property(readings, profile, (given, person) => {
        const report = analyse({ readings: given, profile: person } as never);
        const greens = MEASURE_IDS.filter((id) => report.measures[id].colour === 'green').length;
        expect(report.forScaleOk).toBe(greens);
        expect(report.forScaleOk).toBeGreaterThanOrEqual(0);
        expect(report.forScaleOk).toBeLessThanOrEqual(9);
        expect([0, 1]).toContain(report.profileOk);
        for (const id of MEASURE_IDS) {
          const analysis = report.measures[id];
          expect(analysis.measure).toBe(id);
          expect(analysis.colour === 'grey').toBe(given[id] === null || given[id] === undefined);
          expect(analysis.advice).toMatch(/\(Source: [^)]+\)$/);
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
