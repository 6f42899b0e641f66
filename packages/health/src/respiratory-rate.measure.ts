// Respiratory rate (breaths per minute), docs/clinical-reference.md: counted at rest for 30 seconds
// and doubled. Whole breaths, so a reading is rounded to a whole number first and the written
// ranges meet without gaps:
//   8 or less -> [1, 9)   9-11 -> [9, 12)   12-20 -> [12, 20]   21-24 -> (20, 25)   25 or more -> [25, 80]
// The bands and the urgency thresholds are the NEWS2 table's (Royal College of Physicians, 2017):
// 12-20 scores 0, 9-11 scores 1, 21-24 scores 2, and 8 or less and 25 or more score 3.
import { analyseNumber, negativeReadingBand } from './analysis.model.ts';
import type { Analysis, InvalidAdvice } from './analysis.model.ts';
import { defineTable } from './band.model.ts';
import { defineMeasure, message } from './measure.definition.ts';
import { parseValue, type ParsedValue } from './reading.typed.ts';
import type { ReadingLimit } from './measurement-limits.catalog.ts';
import { CALL_NOW, type UrgencyRule } from './urgency.rules.ts';

/** 1-80: an adult at rest breathes 12-20 times a minute; over 60 is seen only in newborns. */
export const RESPIRATORY_RATE_LIMIT: ReadingLimit = {
  name: 'respiratory rate',
  min: 1,
  max: 80,
  unit: 'breaths/min',
  whole: true,
  why: 'A living person breathing on their own takes at least one breath a minute; counts over 60 are seen in newborns, and over 80 is a counting slip.',
};

const HOW_TO_COUNT =
  'Count your breaths at rest for 30 seconds and double it; one breath is in and out.';

export const RESPIRATORY_RATE_BANDS = defineTable({
  id: 'respiratory-rate',
  measure: 'respiratoryRate',
  unit: 'breaths/min',
  decimals: 0,
  limit: RESPIRATORY_RATE_LIMIT,
  bands: [
    negativeReadingBand('rcpNews2'),
    {
      key: 'very-low',
      written: '8 or less',
      interval: '[0, 9)',
      colour: 'red',
      label: 'Very slow',
      advice:
        'Breathing this slowly at rest can mean the body is not getting enough air: call the emergency number now, especially after sleeping tablets, strong painkillers or alcohol.',
      source: 'rcpNews2',
    },
    {
      key: 'low',
      written: '9-11',
      interval: '[9, 12)',
      colour: 'yellow',
      label: 'Slow',
      advice: `A little slower than the usual 12-20 breaths a minute. Count again after resting for 5 minutes; if it stays slow and you feel drowsy, confused or unwell, contact a doctor. ${HOW_TO_COUNT}`,
      source: 'rcpNews2',
    },
    {
      key: 'normal',
      written: '12-20',
      interval: '[12, 20]',
      colour: 'green',
      label: 'Normal',
      advice: 'A normal breathing rate at rest for an adult (12 to 20 breaths a minute).',
      source: 'rcpNews2',
    },
    {
      key: 'high',
      written: '21-24',
      interval: '(20, 25)',
      colour: 'red',
      label: 'Fast',
      advice:
        'Faster than the usual 12-20 breaths a minute at rest. Rest for 5 minutes and count again; if it is still over 20, contact a doctor or clinic today.',
      source: 'rcpNews2',
    },
    {
      key: 'very-high',
      written: '25 or more',
      interval: '[25, inf)',
      colour: 'red',
      label: 'Very fast',
      advice:
        'Breathing this fast at rest is a sign of serious illness, such as a severe infection or a lung or heart problem: get emergency care now.',
      source: 'rcpNews2',
    },
  ],
});

export const RESPIRATORY_RATE_INVALID: InvalidAdvice = {
  source: 'rcpNews2',
  advice: `Enter your breaths per minute as a whole number from 1 to 80, for example 16. ${HOW_TO_COUNT}`,
};

/** Rates one value read at the boundary (reading.typed.ts). */
export function rateRespiratoryRate(value: ParsedValue): Analysis {
  return analyseNumber(RESPIRATORY_RATE_BANDS, value, RESPIRATORY_RATE_INVALID);
}

/** Rates one value as given (a number or the text typed). */
export function interpretRespiratoryRate(input: unknown): Analysis {
  return rateRespiratoryRate(parseValue(input));
}

// Urgency (docs/clinical-reference.md, 'Urgency'): a layer over the bands, read by urgency.rules.ts.
// A count is whole breaths and is rated rounded, so the thresholds sit halfway between two counts
// (8.5, 20.5, 24.5): a count typed with a decimal is urgent exactly when its rounded count is, and
// the label and the urgency never disagree.
export const RESPIRATORY_RATE_URGENCY: readonly UrgencyRule[] = [
  {
    measure: 'respiratoryRate',
    level: 'now',
    written: '8 or less, or 25 or more breaths a minute',
    value: ['(-inf, 8.5)', '[24.5, inf)'],
    firstAction: `${CALL_NOW} Sit upright and stay with someone while you wait.`,
    emergencySigns:
      'Blue lips or face, confusion, drowsiness or being hard to wake, or being too breathless to speak in sentences make every minute count.',
    why: 'NEWS2 scores a rate of 8 or less, or 25 or more, at its highest: a single sign of that weight needs an urgent response.',
    source: 'rcpNews2',
  },
  {
    measure: 'respiratoryRate',
    level: 'today',
    written: '21-24 breaths a minute',
    value: ['[20.5, 24.5)'],
    firstAction:
      'Rest for 5 minutes and count again; if it is still over 20, contact a doctor or clinic today.',
    emergencySigns:
      'Call the emergency number now, or have someone take you to the nearest hospital emergency unit, if you become breathless at rest, confused or drowsy, your lips, tongue or gums turn blue or grey, or the count reaches 25.',
    why: "NEWS2 gives 21-24 breaths a minute 2 points, a warning sign; contacting a doctor the same day is Vitalia's own cut-off, chosen to be on the safe side. Count for a full minute while resting to be sure.",
    source: 'rcpNews2',
  },
];

export const RESPIRATORY_RATE_MEASURE = defineMeasure({
  id: 'respiratoryRate',
  slug: 'respiratory-rate',
  name: message('measure.respiratoryRate.name', 'Respiratory rate'),
  unit: 'breaths/min',
  wire: { tag: 'Respiratory Rate', value: RESPIRATORY_RATE_LIMIT, second: null },
  freshForDays: 90,
  source: 'rcpNews2',
  bandTables: [RESPIRATORY_RATE_BANDS],
  urgency: RESPIRATORY_RATE_URGENCY,
  ratedDecimals: 0,
  rate: (reading) => rateRespiratoryRate(reading.value),
  form: {
    kind: 'number',
    label: message('measure.respiratoryRate.field', 'Breaths per minute'),
    helper: message('measure.respiratoryRate.helper', HOW_TO_COUNT),
  },
  plot: { kind: 'number' },
  prompt: message(
    'measure.respiratoryRate.prompt',
    'Type your breaths per minute to see what they mean.',
  ),
  from: message('measure.respiratoryRate.from', 'Counted at rest for 30 seconds, then doubled'),
  // loinc.org/9279-1; the R4 resprate profile, /min.
  codes: {
    category: 'vital-signs',
    profile: 'resprate',
    codings: [{ system: 'loinc', code: '9279-1', display: 'Respiratory rate' }],
    unit: { code: '/min', unit: 'breaths/minute' },
    components: null,
  },
  importColumns: [
    {
      role: 'respiratoryRate',
      label: message('import.column.respiratoryRate', 'Respiratory rate (breaths per minute)'),
      part: 'value',
      // 'RR' alone is the usual short name, but 'RR interval (ms)' in a heart-rate-variability
      // export is the time between heartbeats, not breaths.
      header:
        /respirat|breath(?:s|ing)?\s*(?:per\s*min|\/\s*min|rate)|\bbrpm\b|\bresp\b|^rr\b(?!.*(?:interval|ms\b|hrv))/i,
    },
  ],
  articleSlug: 'respiratory-rate',
});
