// Total cholesterol (mg/dL), decisions.md section 4 (NHLBI ATP III classification). The written
// edges are already half-open, so 239.5 is borderline high:
//   under 200 -> [0, 200)   200-239 -> [200, 240)   240 or more -> [240, inf)
import { analyseNumber, negativeReadingBand } from './analysis.model.ts';
import type { Analysis, InvalidAdvice } from './analysis.model.ts';
import { defineTable } from './band.model.ts';

export const CHOLESTEROL_BANDS = defineTable({
  id: 'cholesterol',
  measure: 'cholesterol',
  unit: 'mg/dL',
  bands: [
    negativeReadingBand('NHLBI'),
    {
      key: 'normal',
      written: 'under 200',
      interval: '[0, 200)',
      colour: 'green',
      label: 'Normal',
      advice: 'A total cholesterol under 200 mg/dL is in the desirable range.',
      source: 'NHLBI',
    },
    {
      key: 'borderline-high',
      written: '200-239',
      interval: '[200, 240)',
      colour: 'yellow',
      label: 'Borderline high',
      advice:
        'A total cholesterol of 200-239 mg/dL is borderline high. Less saturated fat, more fibre and regular activity help; ask a doctor about a full lipid profile.',
      source: 'NHLBI',
    },
    {
      key: 'high',
      written: '240 or more',
      interval: '[240, inf)',
      colour: 'red',
      label: 'High',
      advice:
        'A total cholesterol of 240 mg/dL or more is high and raises the risk of heart disease and stroke. See a doctor about a full lipid profile and treatment.',
      source: 'NHLBI',
    },
  ],
});

export const CHOLESTEROL_INVALID: InvalidAdvice = {
  source: 'NHLBI',
  advice:
    'Enter total cholesterol as a number in mg/dL, for example 185 (5.2 mmol/L is about 201 mg/dL).',
};

export function interpretCholesterol(input: unknown): Analysis {
  return analyseNumber(CHOLESTEROL_BANDS, input, CHOLESTEROL_INVALID);
}
