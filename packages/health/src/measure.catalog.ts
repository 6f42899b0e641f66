// The measures Vitalia follows, in the order screens list them. Each is defined once, in its own
// module (measure.definition.ts says what a definition holds; docs/decisions/0044-one-measure-one-definition.md
// why); everything keyed by measure elsewhere is built from this list, so adding a measure is a
// definition and a line here.
import type { BandTable } from './band.model.ts';
import { BLOOD_PRESSURE_MEASURE } from './blood-pressure.measure.ts';
import { BMI_MEASURE } from './bmi.measure.ts';
import { BREATHING_MEASURE } from './breathing.measure.ts';
import { CHOLESTEROL_MEASURE } from './cholesterol.measure.ts';
import type { MeasureDefinition } from './measure.definition.ts';
import { READING_LIMITS, type ReadingLimit } from './measurement-limits.catalog.ts';
import { MOOD_MEASURE } from './mood.measure.ts';
import { OXYGEN_MEASURE } from './oxygen.measure.ts';
import { PULSE_MEASURE } from './pulse.measure.ts';
import { RESPIRATORY_RATE_MEASURE } from './respiratory-rate.measure.ts';
import { SUGAR_MEASURE } from './sugar.measure.ts';
import { TEMPERATURE_MEASURE } from './temperature.measure.ts';
import type { UrgencyRule } from './urgency.rules.ts';

export const MEASURE_IDS = [
  'oxygen',
  'sugar',
  'bmi',
  'mood',
  'pulse',
  'bloodPressure',
  'breathing',
  'temperature',
  'cholesterol',
  'respiratoryRate',
] as const;

export type MeasureId = (typeof MEASURE_IDS)[number];

/** A measure's definition (measure.definition.ts). */
export type Measure = MeasureDefinition;

/** Every measure's definition, by id: a measure left out here is a compile error. */
export const MEASURES: Readonly<Record<MeasureId, Measure>> = {
  oxygen: OXYGEN_MEASURE,
  sugar: SUGAR_MEASURE,
  bmi: BMI_MEASURE,
  mood: MOOD_MEASURE,
  pulse: PULSE_MEASURE,
  bloodPressure: BLOOD_PRESSURE_MEASURE,
  breathing: BREATHING_MEASURE,
  temperature: TEMPERATURE_MEASURE,
  cholesterol: CHOLESTEROL_MEASURE,
  respiratoryRate: RESPIRATORY_RATE_MEASURE,
};

/** The definitions in the catalogue's order. */
export const MEASURE_LIST: readonly Measure[] = MEASURE_IDS.map((id) => MEASURES[id]);

/** How many measures there are: the score's 'of m' and every count of measures reads this. */
export const MEASURE_COUNT = MEASURE_IDS.length;

/** Every measure's urgency rules, in the catalogue's order (the clinical reference lists them). */
export const URGENCY_RULES: readonly UrgencyRule[] = MEASURE_LIST.flatMap(
  (measure) => measure.urgency,
);

/** Every limit a value is checked against: the shared ones and those of each definition's wire. */
export const ALL_READING_LIMITS: readonly ReadingLimit[] = [
  ...new Set([
    ...Object.values(READING_LIMITS),
    ...MEASURE_LIST.flatMap(({ wire }) => [
      ...(wire.value === 'word' ? [] : [wire.value]),
      ...(wire.second ? [wire.second.limit] : []),
    ]),
  ]),
];

export function isMeasureId(value: unknown): value is MeasureId {
  return typeof value === 'string' && (MEASURE_IDS as readonly string[]).includes(value);
}

/** The measure a /healths/{slug} route names, or undefined for an unknown slug. */
export function measureIdFromSlug(slug: unknown): MeasureId | undefined {
  return MEASURE_IDS.find((id) => MEASURES[id].slug === slug);
}

/** The measure whose definition writes readings with this wire Tag. */
export function measureOfTag(tag: unknown): Measure | undefined {
  return MEASURE_LIST.find((measure) => measure.wire.tag === tag);
}

/**
 * The table whose rating reads every digit and whose values are shown cut to its shown decimals
 * (BMI: 18.4977 shows as 18.4, never 18.5 beside 'Underweight'); undefined for the other measures.
 */
export function everyDigitTable(id: MeasureId): BandTable | undefined {
  return MEASURES[id].bandTables.find((table) => table.shownDecimals !== null);
}
