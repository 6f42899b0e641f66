// Total cholesterol (mg/dL), docs/clinical-reference.md (ATP III classes, and a very high band
// for possible familial hypercholesterolaemia). The written edges are already half-open, so
// 239.5 is borderline high:
//   under 200 -> [0, 200)   200-239 -> [200, 240)   240-309 -> [240, 310)   310 or more -> [310, inf)
import { analyseNumber, negativeReadingBand } from './analysis.model.ts';
import type { Analysis, InvalidAdvice } from './analysis.model.ts';
import { defineTable } from './band.model.ts';
import { READING_LIMITS } from './measurement-limits.catalog.ts';

export const CHOLESTEROL_BANDS = defineTable({
  id: 'cholesterol',
  measure: 'cholesterol',
  unit: 'mg/dL',
  limit: READING_LIMITS.cholesterol,
  bands: [
    negativeReadingBand('atp3'),
    {
      key: 'normal',
      written: 'under 200',
      interval: '[0, 200)',
      colour: 'green',
      label: 'Normal',
      advice: 'A total cholesterol under 200 mg/dL is in the desirable range.',
      source: 'atp3',
    },
    {
      key: 'borderline-high',
      written: '200-239',
      interval: '[200, 240)',
      colour: 'yellow',
      label: 'Borderline high',
      advice:
        'A total cholesterol of 200-239 mg/dL is borderline high. Less saturated fat, more fibre and regular activity help; ask a doctor about a full lipid profile.',
      source: 'atp3',
    },
    {
      key: 'high',
      written: '240-309',
      interval: '[240, 310)',
      colour: 'red',
      label: 'High',
      advice:
        'A total cholesterol of 240 mg/dL or more is high and raises the risk of heart disease and stroke. See a doctor about a full lipid profile and treatment.',
      source: 'atp3',
    },
    {
      key: 'very-high',
      written: '310 or more',
      interval: '[310, inf)',
      colour: 'red',
      label: 'Very high',
      advice:
        'A total cholesterol of 310 mg/dL (8.0 mmol/L) or more is very high. It can be familial hypercholesterolaemia, an inherited condition that runs in families and is treatable: see a doctor for a full lipid profile, and tell them if close relatives had heart disease young. NICE already suggests considering it from 7.5 mmol/L (about 290 mg/dL).',
      source: ['atp3', 'niceFh'],
    },
  ],
});

export const CHOLESTEROL_INVALID: InvalidAdvice = {
  source: 'atp3',
  advice:
    'Enter total cholesterol as a number in mg/dL from 50 to 1000, for example 185 (5.2 mmol/L is about 201 mg/dL).',
};

export function interpretCholesterol(input: unknown): Analysis {
  return analyseNumber(CHOLESTEROL_BANDS, input, CHOLESTEROL_INVALID);
}
