// Body mass index (kg/m²), WHO adult bands as decisions.md section 4 settles them. The spec's
// 19 and 25 left gaps; the WHO edges are already half-open, so no mapping is needed:
//   under 18.5 -> [0, 18.5)   18.5 to under 25 -> [18.5, 25)   25 to under 30 -> [25, 30)
//   30 or more -> [30, inf)
import { analyseNumber, negativeReadingBand } from './analysis.model.ts';
import type { Analysis, InvalidAdvice } from './analysis.model.ts';
import { defineTable } from './band.model.ts';

export const BMI_BANDS = defineTable({
  id: 'bmi',
  measure: 'bmi',
  unit: 'kg/m²',
  bands: [
    negativeReadingBand('WHO'),
    {
      key: 'underweight',
      written: 'under 18.5',
      interval: '[0, 18.5)',
      colour: 'yellow',
      label: 'Underweight',
      advice:
        'A BMI under 18.5 is underweight. Talk to a doctor or dietitian, especially if you have lost weight without trying.',
      source: 'WHO',
    },
    {
      key: 'normal',
      written: '18.5 to under 25',
      interval: '[18.5, 25)',
      colour: 'green',
      label: 'Normal',
      advice: 'A BMI from 18.5 to under 25 is in the healthy range for adults.',
      source: 'WHO',
    },
    {
      key: 'overweight',
      written: '25 to under 30',
      interval: '[25, 30)',
      colour: 'yellow',
      label: 'Overweight',
      advice:
        'A BMI from 25 to under 30 is overweight. Regular activity and a balanced diet help bring it down.',
      source: 'WHO',
    },
    {
      key: 'obese',
      written: '30 or more',
      interval: '[30, inf)',
      colour: 'red',
      label: 'Obese',
      advice:
        'A BMI of 30 or more is obesity, which raises the risk of diabetes, heart disease and some cancers. Ask a doctor about a weight plan that suits you.',
      source: 'WHO',
    },
  ],
});

export const BMI_INVALID: InvalidAdvice = {
  source: 'WHO',
  advice: 'Enter the BMI as a number in kg/m², for example 22.5, or your weight in kilograms.',
};

export function interpretBmi(input: unknown): Analysis {
  return analyseNumber(BMI_BANDS, input, BMI_INVALID);
}
