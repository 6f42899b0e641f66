// The limits of a possible human measurement (docs/clinical-reference.md, 'Limits'). A reading
// outside them is a typing slip, a wrong unit or a faulty device: the interpreter rates it invalid
// (yellow, 'please re-enter'), the server refuses to save it with a 400 that names the field, and the
// web form and its preview use the same numbers, so a preview can never show green for a value the
// server refuses. They are wide on purpose: everything inside them is rated, so a very ill person's
// real reading is always stored and shown in red, never turned away.

export interface ReadingLimit {
  /** How the message names the value: 'SpO2 must be a number between 50 and 100 %'. */
  readonly name: string;
  readonly min: number;
  readonly max: number;
  /** Canonical unit, as stored (docs/decisions/0007-health-readings-api.md). */
  readonly unit: string;
  /** Added to the message when a reading is refused: the usual slip behind such a number. */
  readonly hint?: string;
  /** Why these edges: the extremes a living person has been measured at. */
  readonly why: string;
  /** A count (breaths): only whole numbers are a measurement. */
  readonly whole?: boolean;
}

export const READING_LIMITS = {
  spo2: {
    name: 'SpO2',
    min: 1,
    max: 100,
    unit: '%',
    why: 'Saturation cannot pass 100 %; pulse oximeters are not calibrated below about 70 % and a figure under 50 is most often a probe error, so it is saved, asked to be checked and treated as urgent until a second reading says otherwise.',
  },
  sugar: {
    name: 'blood sugar',
    min: 10,
    max: 1000,
    unit: 'mg/dL',
    hint: 'or send Unit "mmol/L" with the value in mmol/L',
    why: 'Home meters read from about 20 to 600 mg/dL; hyperosmolar crises reach about 1000. A figure under 10 is nearly always mmol/L typed as mg/dL.',
  },
  sugarMmol: {
    name: 'blood sugar',
    min: 0.6,
    max: 55.5,
    unit: 'mmol/L',
    why: 'The mg/dL limits (10 and 1000) in mmol/L.',
  },
  bmi: {
    name: 'BMI',
    min: 7,
    max: 200,
    unit: 'kg/m²',
    why: 'The most extreme BMIs documented in people who survived lie between about 7.5 (starvation) and about 190.',
  },
  weight: {
    name: 'weight',
    min: 2,
    max: 650,
    unit: 'kg',
    hint: 'in kilograms: 1 lb is 0.454 kg',
    why: 'Kept with the BMI worked out from it. A newborn weighs from about 2 kg; the heaviest person on record weighed about 635 kg.',
  },
  pulse: {
    name: 'pulse',
    min: 20,
    max: 250,
    unit: 'bpm',
    why: 'Complete heart block can slow a pulse to about 20; adult tachycardias rarely pass 250.',
  },
  systolic: {
    name: 'systolic pressure',
    min: 40,
    max: 300,
    unit: 'mmHg',
    why: 'Below 40 a cuff finds no pressure (shock); home cuffs stop at about 300.',
  },
  diastolic: {
    name: 'diastolic pressure',
    min: 20,
    max: 200,
    unit: 'mmHg',
    why: 'Cuffs read diastolic pressure from about 20; the highest pressures recorded in hypertensive crisis are near 200.',
  },
  fev1: {
    name: 'FEV1',
    min: 1,
    max: 150,
    unit: '% of predicted',
    why: 'A percentage of the predicted value: severe obstruction reaches single figures, fit athletes about 150.',
  },
  fev2: {
    name: 'FEV2',
    min: 1,
    max: 150,
    unit: '% of predicted',
    why: 'As FEV1: a percentage of the predicted value.',
  },
  temperature: {
    name: 'temperature',
    min: 25,
    max: 45,
    unit: '°C',
    hint: 'send degrees Celsius; convert Fahrenheit first',
    why: 'Outside 25-45 °C a home reading is almost surely a slip (a colder body needs a hospital low-reading probe); a figure over 45 is nearly always °F.',
  },
  cholesterol: {
    name: 'total cholesterol',
    min: 50,
    max: 1000,
    unit: 'mg/dL',
    hint: 'multiply mmol/L by 38.67 to get mg/dL',
    why: 'Total cholesterol under 50 mg/dL or over 1000 is not seen outside rare inherited disorders; a figure under 50 is nearly always mmol/L.',
  },
} as const satisfies Record<string, ReadingLimit>;

export type ReadingLimitId = keyof typeof READING_LIMITS;

export function withinReadingLimit(value: number, limit: ReadingLimit): boolean {
  return value >= limit.min && value <= limit.max && (!limit.whole || Number.isInteger(value));
}

/**
 * 'SpO2 must be a number between 50 and 100 %' (with the limit's hint, when it has one); 'a whole
 * number' for a count.
 */
export function limitMessage(limit: ReadingLimit): string {
  const kind = limit.whole ? 'a whole number' : 'a number';
  const range = `${limit.name} must be ${kind} between ${limit.min} and ${limit.max} ${limit.unit}`;
  return limit.hint ? `${range} (${limit.hint})` : range;
}
