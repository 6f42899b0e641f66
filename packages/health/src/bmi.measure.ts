// Body mass index (kg/m²), WHO adult classes (docs/clinical-reference.md). Rated on every digit,
// never rounded first, and shown cut to one decimal (18.498 shows as 18.4, underweight). The
// edges are half-open as WHO writes them:
//   under 16 -> [0, 16)   16 to under 18.5 -> [16, 18.5)   18.5 to under 25 -> [18.5, 25)
//   25 to under 30 -> [25, 30)   30 to under 35 -> [30, 35)   35 to under 40 -> [35, 40)
//   40 or more -> [40, inf)
import { analyseNumber, negativeReadingBand } from './analysis.model.ts';
import type { Analysis, InvalidAdvice } from './analysis.model.ts';
import { defineTable } from './band.model.ts';
import { READING_LIMITS } from './measurement-limits.catalog.ts';

const WEIGHT_PLAN = 'Ask a doctor about a weight plan that suits you.';

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

export function interpretBmi(input: unknown): Analysis {
  return analyseNumber(BMI_BANDS, input, BMI_INVALID);
}
