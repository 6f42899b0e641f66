// Total cholesterol (mg/dL), docs/clinical-reference.md (ATP III classes, and a very high band
// for possible familial hypercholesterolaemia). The written edges are already half-open, so
// 239.5 is borderline high:
//   under 200 -> [0, 200)   200-239 -> [200, 240)   240-309 -> [240, 310)   310 or more -> [310, inf)
import { defineMeasure, message } from './measure.definition.ts';
import { parseValue, type ParsedValue } from './reading.typed.ts';
import type { UrgencyRule } from './urgency.rules.ts';
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

/** Rates one value read at the boundary (reading.typed.ts). */
export function rateCholesterol(value: ParsedValue): Analysis {
  return analyseNumber(CHOLESTEROL_BANDS, value, CHOLESTEROL_INVALID);
}

/** Rates one value as given (a number or the text typed). */
export function interpretCholesterol(input: unknown): Analysis {
  return rateCholesterol(parseValue(input));
}

// Urgency (docs/clinical-reference.md, 'Urgency'): a layer over the bands, read by urgency.rules.ts.
export const CHOLESTEROL_URGENCY: readonly UrgencyRule[] = [
  {
    measure: 'cholesterol',
    level: 'today',
    written: '310 mg/dL (8.0 mmol/L) or more',
    value: ['[310, inf)'],
    firstAction:
      'Contact a doctor today to arrange a full lipid profile; it may be an inherited condition that is treatable.',
    emergencySigns:
      'Call the emergency number now, or have someone take you to the nearest hospital emergency unit, if you have chest pain, or sudden weakness or numbness on one side, a drooping face or difficulty speaking.',
    why: "NICE suggests considering familial hypercholesterolaemia from 7.5 mmol/L; asking for contact the same day from 310 mg/dL is Vitalia's own threshold.",
    source: ['atp3', 'niceFh'],
  },
];

export const CHOLESTEROL_MEASURE = defineMeasure({
  id: 'cholesterol',
  slug: 'cholesterol',
  name: message('measure.cholesterol.name', 'Cholesterol'),
  unit: 'mg/dL',
  wire: { tag: 'Cholesterol Value', value: READING_LIMITS.cholesterol, second: null },
  freshForDays: 90,
  source: 'atp3',
  bandTables: [CHOLESTEROL_BANDS],
  urgency: CHOLESTEROL_URGENCY,
  ratedDecimals: null,
  rate: (reading) => rateCholesterol(reading.value),
  form: {
    kind: 'number-with-unit-choice',
    label: message('measure.cholesterol.field', 'Total cholesterol'),
  },
  plot: { kind: 'number' },
  prompt: message(
    'measure.cholesterol.prompt',
    'Type your total cholesterol to see what it means.',
  ),
  from: message('measure.cholesterol.from', 'From a home test kit or a lab report'),
  // loinc.org/2093-3, mg/dL.
  codes: {
    category: 'laboratory',
    profile: null,
    codings: [
      { system: 'loinc', code: '2093-3', display: 'Cholesterol [Mass/volume] in Serum or Plasma' },
    ],
    unit: { code: 'mg/dL', unit: 'mg/dL' },
    components: null,
  },
  importColumns: [
    {
      role: 'cholesterol',
      label: message('import.column.cholesterol', 'Cholesterol (mg/dL)'),
      part: 'value',
      header: /cholest/i,
    },
  ],
  articleSlug: 'cholesterol',
});
