// Body mass index (kg/m²), WHO adult classes (docs/clinical-reference.md). Rated on every digit,
// never rounded first, and shown cut to one decimal (18.498 shows as 18.4, underweight). The
// edges are half-open as WHO writes them:
//   under 16 -> [0, 16)   16 to under 18.5 -> [16, 18.5)   18.5 to under 25 -> [18.5, 25)
//   25 to under 30 -> [25, 30)   30 to under 35 -> [30, 35)   35 to under 40 -> [35, 40)
//   40 or more -> [40, inf)
import { defineMeasure, message } from './measure.definition.ts';
import { parseValue, type ParsedValue } from './reading.typed.ts';
import type { UrgencyRule } from './urgency.rules.ts';
import { analyseNumber, INVALID_BAND, negativeReadingBand } from './analysis.model.ts';
import type { Analysis, InvalidAdvice } from './analysis.model.ts';
import { defineTable } from './band.model.ts';
import { READING_LIMITS } from './measurement-limits.catalog.ts';

const WEIGHT_PLAN = 'Ask a doctor about a weight plan that suits you.';

/** Said first with a pregnant person's BMI: weight is meant to rise, and the ranges are not hers. */
export const BMI_IN_PREGNANCY =
  'In pregnancy weight is meant to rise and these ranges do not apply: follow the weight advice of your antenatal team.';

export const BMI_BANDS = defineTable({
  id: 'bmi',
  measure: 'bmi',
  unit: 'kg/m²',
  shownDecimals: 1,
  limit: READING_LIMITS.bmi,
  bands: [
    negativeReadingBand('whoBmi'),
    {
      key: 'severely-underweight',
      written: 'under 16',
      interval: '[0, 16)',
      colour: 'red',
      label: 'Severely underweight',
      advice:
        'A BMI under 16 is severe thinness, which can harm the heart and other organs. See a doctor today, sooner if you feel faint or weak.',
      source: 'whoThinness',
    },
    {
      key: 'underweight',
      written: '16 to under 18.5',
      interval: '[16, 18.5)',
      colour: 'yellow',
      label: 'Underweight',
      advice:
        'A BMI under 18.5 is underweight. Talk to a doctor or dietitian, especially if you have lost weight without trying.',
      source: 'whoBmi',
    },
    {
      key: 'normal',
      written: '18.5 to under 25',
      interval: '[18.5, 25)',
      colour: 'green',
      label: 'Normal',
      advice: 'A BMI from 18.5 to under 25 is in the healthy range for adults.',
      source: 'whoBmi',
    },
    {
      key: 'overweight',
      written: '25 to under 30',
      interval: '[25, 30)',
      colour: 'yellow',
      label: 'Overweight',
      advice:
        'A BMI from 25 to under 30 is overweight. Regular activity and a balanced diet help bring it down.',
      source: 'whoBmi',
    },
    {
      key: 'obese-1',
      written: '30 to under 35',
      interval: '[30, 35)',
      colour: 'red',
      label: 'Obese (class I)',
      advice: `A BMI from 30 to under 35 is obesity (class I), which raises the risk of diabetes, heart disease and some cancers. ${WEIGHT_PLAN}`,
      source: 'whoBmi',
    },
    {
      key: 'obese-2',
      written: '35 to under 40',
      interval: '[35, 40)',
      colour: 'red',
      label: 'Obese (class II)',
      advice: `A BMI from 35 to under 40 is obesity (class II), with a high risk of diabetes, heart disease and joint problems. ${WEIGHT_PLAN}`,
      source: 'whoBmi',
    },
    {
      key: 'obese-3',
      written: '40 or more',
      interval: '[40, inf)',
      colour: 'red',
      label: 'Obese (class III)',
      advice: `A BMI of 40 or more is obesity (class III), with the highest risk to health. ${WEIGHT_PLAN}`,
      source: 'whoBmi',
    },
  ],
});

export const BMI_INVALID: InvalidAdvice = {
  source: 'whoBmi',
  advice:
    'Enter the BMI as a number in kg/m² from 7 to 200, for example 22.5, or your weight in kilograms.',
};

/** Rates one value read at the boundary (reading.typed.ts). */
export function rateBmi(value: ParsedValue): Analysis {
  return analyseNumber(BMI_BANDS, value, BMI_INVALID);
}

/** Rates one value as given (a number or the text typed). */
export function interpretBmi(input: unknown): Analysis {
  return rateBmi(parseValue(input));
}

// Urgency (docs/clinical-reference.md, 'Urgency'): a layer over the bands, read by urgency.rules.ts.
export const BMI_URGENCY: readonly UrgencyRule[] = [
  {
    measure: 'bmi',
    level: 'today',
    written: 'under 16',
    value: ['[0, 16)'],
    firstAction:
      'Check the weight and height it was worked out from. If they are right, contact a doctor today.',
    emergencySigns:
      'Call the emergency number now, or have someone take you to the nearest hospital emergency unit, if you faint, have chest pain or a racing heart, or are too weak to stand.',
    why: 'WHO calls a BMI under 16 severe thinness.',
    source: 'whoThinness',
  },
];

export const BMI_MEASURE = defineMeasure({
  id: 'bmi',
  slug: 'bmi',
  name: message('measure.bmi.name', 'BMI'),
  unit: 'kg/m²',
  wire: { tag: 'BMI', value: READING_LIMITS.bmi, second: null },
  // Height and weight change slowly, so a BMI stays fresh for a year.
  freshForDays: 365,
  source: 'whoBmi',
  bandTables: [BMI_BANDS],
  urgency: BMI_URGENCY,
  ratedDecimals: null,
  rate: (reading, profile) => {
    const rated = rateBmi(reading.value);
    if (!profile.conditions.has('pregnant') || rated.band === INVALID_BAND) return rated;
    return { ...rated, advice: `${BMI_IN_PREGNANCY} ${rated.advice}` };
  },
  form: { kind: 'bmi' },
  plot: { kind: 'number' },
  prompt: message('measure.bmi.prompt', 'Type your weight or BMI to see what it means.'),
  from: message('measure.bmi.from', 'From your bathroom scale'),
  // loinc.org/39156-5; the R4 bmi profile. The weight goes in a component of its own.
  codes: {
    category: 'vital-signs',
    profile: 'bmi',
    codings: [{ system: 'loinc', code: '39156-5', display: 'Body mass index (BMI) [Ratio]' }],
    unit: { code: 'kg/m2', unit: 'kg/m2' },
    components: null,
  },
  importColumns: [
    { role: 'bmi', label: message('import.column.bmi', 'BMI'), part: 'value', header: /\bbmi\b/i },
    {
      role: 'weight',
      label: message('import.column.weight', 'Weight with the BMI (kg)'),
      part: 'weight',
      header: /weight|\bkg\b|poids|gewicht/i,
    },
  ],
  articleSlug: 'body-mass-index',
});
